/*
** results.h: the results JSON both ways (docs/json.md): writing what `psearch
** bench --json` records (futhark bench's schema, psearch's own fields inside
** "psearch" objects; results.c), and reading back that and `futhark bench
** --json`'s, for compare, plot, export and merge (resread.c). psearch's
** full-precision runtimes are used when present, Futhark's integer
** microseconds otherwise; the statistics a reader reports are those bench
** printed, over every run, also where the file keeps a sample of the runs.
*/
#ifndef results_h
#define results_h

#include "jtree.h"
#include "ps.h"
#include "report.h"
#include "rt.h"
#include "strmap.h"

#include <cjson/cJSON.h>

#include <stddef.h>

/* Peak bytes of one memory space, e.g. "space 'device'". */
struct res_bytes {
  char *space;
  double bytes;
};

/* The runs one results file contributed to a pooled dataset: the recorded
** ones are runs[start .. start + n), from the file-th file of its side
** (0-based, in pooling order); with the statistics bench printed of all of
** them: psearch's stored ones (its "psearch" object), else those of the
** recorded runs (futhark bench's files). */
struct res_round {
  size_t start, n;
  int file;
  size_t runs;                /* runs measured: n, or more where the file keeps a sample */
  double mean, sd;            /* µs; sd: the population standard deviation */
  double median, min, max, q1, q3;
};

/* One dataset of one program: either runs or an error message. */
struct res_dataset {
  char *name;
  char *error;          /* the failure message, or NULL when it ran */
  double *runs;         /* the recorded runtimes in microseconds, in run order: every run, or an
                        ** even sample of at most RESULTS_MAX_RUNS a file (results_recorded) */
  size_t nruns;         /* at least 1 when error is NULL */
  struct res_round *rounds; /* one per file the runs came from, in order */
  size_t nrounds;
  struct res_bytes *bytes;
  size_t nbytes;
  double seconds;       /* psearch's phase_seconds summed (the dataset's wall time); 0: not recorded */
};

/* A dataset's statistics over every run of every round (results_summary). */
struct res_summary {
  size_t runs;
  double mean, sd, rsd, min, max; /* sd: population */
  double median, q1, q3;          /* of the one round, or of the recorded runs of several */
};

/* One program (`SUITE:ENTRY`), with the context psearch records (NULL for
** Futhark's files or when absent): its psearch_context's backend, device,
** date (UTC, "2026-01-02T03:04:05Z") and host. */
/* The measurement conditions a psearch_context records, which make times
** comparable only when equal (results_conditions names them, results_said
** says them in a sentence); results_neutral[c] is the value that changes
** nothing (the defaults: no test hook, validated, the embedded kernels, no
** tuning), or NULL where every value is a condition of its own (the device,
** a user kernel's source: RES_KERNEL_SOURCE, the device's UUID: a dotted
** name is a key of an object of the context, "identity.uuid"); bench
** --concurrent's count of devices run at once is one ("0": alone). */
#define RES_NCOND 15
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
  struct strmap dsidx; /* name -> index in ds, once there are more than RESULTS_LINEAR */
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
  struct strmap progidx; /* name -> index in progs */
};

/* Programs with at most this many datasets find them by a scan, not a table. */
#define RESULTS_LINEAR 8

/* The largest runtime, or statistic of runtimes, a results file may hold:
** 1e12 µs, about 11.6 days (larger ones are corrupt or forged, and their
** sums and ratios would overflow to inf and NaN). Bytes: at most 1e18. */
#define RESULTS_MAX_US 1e12
#define RESULTS_MAX_BYTES_FIELD 1e18

/* Load a results file. On failure returns NULL with e set ("PATH: ..." with
** the line and column of a syntax error, or the JSON path of a value that does
** not fit the schema) and *code set to PS_EXIT_FAILED (cannot read, out of
** memory: "out of memory") or PS_EXIT_BADDATA (not results JSON). A file is
** read once, into a jtree (8 bytes a runtime); the tree is freed. */
struct results *results_load(const char *path, int *code, struct ps_err *e);

/* Same, every runtime kept, not a sample of RESULTS_MAX_RUNS (for export
** --csv, a row per run): the memory of the file's numbers twice. */
struct results *results_load_every_run(const char *path, int *code, struct ps_err *e);

/* Same, the file's tree kept into *tree (the caller's, jtree_free), as it
** was read: for merge, which writes it out again and needs the results for
** the check alone: the statistics a file does not state are left NaN. */
struct results *results_load_tree(const char *path, struct jtree **tree, int *code, struct ps_err *e);

/* Same, from text in memory (named path in messages); *code as above (code
** may be NULL). */
struct results *results_parse(const char *text, size_t len, const char *path, struct ps_err *e);
struct results *results_parse_code(const char *text, size_t len, const char *path, int *code,
                                   struct ps_err *e);
/* Same, the tree kept into *tree as results_load_tree does. */
struct results *results_parse_tree(const char *text, size_t len, const char *path, struct jtree **tree,
                                   int *code, struct ps_err *e);

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
** even sample of them in run order (the statistics still cover every run):
** the last run of each of RESULTS_MAX_RUNS equal strata of the run, so that
** a drift over the run (warm-up, heat) is in the sample as it was in the run.
** Readers keep the same sample of a file with more runs. */
#define RESULTS_MAX_RUNS 5000

/* Whether run i of n is recorded when at most k are: every run when n <= k,
** else the last of each of k equal strata, exactly k of them, in run order. */
int results_recorded(size_t i, size_t n, size_t k);

/* One dataset: futhark's object ("runtimes" in whole µs, "bytes") with the
** summary in "psearch", or the error as a string; NULL when out of memory
** (never a part of it: every allocation is checked). */
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
  const struct nvml_identity *gpu_id; /* NVML's word on the device when it was opened; NULL: none */
  int concurrent;       /* bench --concurrent: the devices run at once; 0: alone */
};
cJSON *results_context_json(const struct results_context *c); /* NULL when out of memory */

/* Device dev's identity (docs/json.md, psearch_context.identity): its UUID
** and PCI address (NVML's word g where OpenCL does not say; g NULL: NVML does
** not know the device), NVML's board, serial, driver and clocks; "absent"
** names what no source reported. NULL when out of memory. */
cJSON *results_identity_json(const struct rt_device_info *dev, const struct nvml_identity *g);

/* How many of cJSON's allocations have failed in this process (counted
** from the first call on): a tree built with unchecked cJSON_Add... calls is
** whole when the count did not change while it was built. */
size_t results_json_failures(void);

/* Write root to path atomically (ofile). 0, or -1 with e set. */
int results_write(const char *path, const cJSON *root, struct ps_err *e);

/* ---- reading ---- */

/* Lookups by exact name (hash tables); NULL when absent. */
const struct res_program *results_program(const struct results *r, const char *name);
const struct res_dataset *results_dataset(const struct res_program *p, const char *name);

/* The mean of every run of d in µs from its rounds' statistics (a file may
** keep only a sample of its runs); 0 when it has no runs. */
double results_mean(const struct res_dataset *d);

/* The statistics of dataset d (which ran) over every run of its rounds: the
** counts, means and spreads combined exactly; the median and quartiles those
** of its one round, else of the recorded runs pooled. 0, or -1 when out of
** memory. */
int results_summary(const struct res_dataset *d, struct res_summary *s);

#endif
