/*
** results.h: the results JSON both ways (docs/json.md): writing what `psearch
** bench --json` records (futhark bench's schema, psearch's own fields inside
** "psearch" objects), and reading back that and `futhark bench --json`'s,
** for compare and plot. psearch's full-precision runtimes are used when
** present, Futhark's integer microseconds otherwise.
*/
#ifndef results_h
#define results_h

#include "ps.h"
#include "report.h"
#include "rt.h"

#include <cjson/cJSON.h>

#include <stddef.h>

/* Peak bytes of one memory space, e.g. "space 'device'". */
struct res_bytes {
  char *space;
  double bytes;
};

/* The runs one results file contributed to a pooled dataset: runs[start ..
** start + n), from the file-th file of its side (0-based, in pooling order). */
struct res_round {
  size_t start, n;
  int file;
};

/* One dataset of one program: either runs or an error message. */
struct res_dataset {
  char *name;
  char *error;          /* the failure message, or NULL when it ran */
  double *runs;         /* runtimes in microseconds, in run order */
  size_t nruns;         /* at least 1 when error is NULL */
  struct res_round *rounds; /* one per file the runs came from, in order */
  size_t nrounds;
  struct res_bytes *bytes;
  size_t nbytes;
};

/* One program (`SUITE:ENTRY`), with the context psearch records (NULL for
** Futhark's files or when absent): its psearch_context's backend, device,
** date (UTC, "2026-01-02T03:04:05Z") and host. */
/* The measurement conditions a psearch_context records, which make times
** comparable only when equal (results_conditions names them, results_said
** says them in a sentence); results_neutral[c] is the value that changes
** nothing (the defaults: no test hook, validated, the embedded kernels, no
** tuning), or NULL where every value is a condition of its own (the device,
** a user kernel's source: RES_KERNEL_SOURCE). */
#define RES_NCOND 13
extern const char *const results_conditions[RES_NCOND];
extern const char *const results_said[RES_NCOND];
extern const char *const results_neutral[RES_NCOND];
/* The condition that is a user kernel's file's XXH64 (its program's
** psearch_context.kernel_source): compare does not judge two programs whose
** sources differ unless asked (--allow-changed-source). */
#define RES_KERNEL_SOURCE 12



struct res_program {
  char *name;
  char *cond[RES_NCOND]; /* each condition's value as text (owned), NULL when not recorded */
  char *backend;
  char *device;
  double cache_bytes; /* the device's global memory cache (driver's word); 0: unknown */
  char *date;
  char *host;
  struct res_dataset *ds;
  size_t nds;
};

/* Whether condition c differs between programs a and b in a way that makes
** their times unlike: both record it and the values differ, or one records a
** value other than the neutral one and the other does not record it. */
int results_condition_differs(const struct res_program *a, const struct res_program *b, int c);

struct results {
  char *path;
  struct res_program *progs;
  size_t nprogs;
  int nfiles; /* files pooled into this one (1 when loaded) */
};

/* Load a results file. On failure returns NULL with e set ("PATH: ..." with
** the line and column of a syntax error, or the JSON path of a value that does
** not fit the schema) and *code set to PS_EXIT_FAILED (cannot read) or
** PS_EXIT_BADDATA (not results JSON). */
struct results *results_load(const char *path, int *code, struct ps_err *e);

/* Same, and (raw not NULL) the file's JSON tree as it is into *raw (owned by
** the caller, cJSON_Delete): for tools that pass its fields on (merge,
** --balance-from). */
struct results *results_load_raw(const char *path, cJSON **raw, int *code, struct ps_err *e);

/* Same, from text in memory (named path in messages). */
struct results *results_parse(const char *text, size_t len, const char *path, struct ps_err *e);

void results_free(struct results *r);

/* Pool b into a: the runs of a program and dataset in both are appended to
** a's (a failure in either wins), each of b's files staying a round of its
** own; programs and datasets only in b are added. Every error of a pooled
** file is prefixed with its path ("b.json: Execution exceeded ..."), so the
** pool still says which file failed. b is emptied (its contents move) and
** freed. 0, or -1 when out of memory. */
int results_pool(struct results *a, struct results *b);

/* ---- writing ---- */

/* At most this many runs of a dataset are recorded in the JSON; beyond it, an
** even sample of them in run order (the statistics still cover every run). */
#define RESULTS_MAX_RUNS 5000

/* One dataset: futhark's object ("runtimes" in whole µs, "bytes") with the
** summary in "psearch", or the error as a string. */
cJSON *results_dataset_json(const struct report_dataset *d);

/* A program's "psearch_context": what ran where. dev NULL: the c backend. */
struct results_context {
  const char *backend;
  const struct rt_device_info *dev;
  int threads; /* multicore: the worker threads; else 0 */
  int64_t runs, max_runs;
  int convergence;
  double conv_max_s;
  uint64_t evict_bytes; /* --cache=cold: bytes written before each call; 0: hot */
  int nvml;             /* GPU clocks are sampled around each dataset's runs */
  int interleave;       /* --interleave: a dataset's entries measured in turns */
  int discard_throttled; /* --discard-throttled: runs during which the GPU was throttled dropped */
  int kernel_time;      /* --kernel-time: every run's kernels timed by events as well */
  const struct tune *tune; /* --tune: the parameters set; NULL: none */
  int validate;         /* results checked against the reference (not --no-validate) */
  const char *kernels;  /* --kernels DIR: kernel sources read from DIR; NULL: the embedded ones */
  int64_t batch;        /* --batch: measure_params.batch (0 off, < 0 auto, K) */
};
cJSON *results_context_json(const struct results_context *c);

/* Write root to path atomically (ofile). 0, or -1 with e set. */
int results_write(const char *path, const cJSON *root, struct ps_err *e);

/* ---- reading ---- */

/* Lookups by exact name; NULL when absent. */
const struct res_program *results_program(const struct results *r, const char *name);
const struct res_dataset *results_dataset(const struct res_program *p, const char *name);

#endif
