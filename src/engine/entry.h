/*
** entry.h: the entry-point registry. An entry point is data: its name, what
** it computes, the types it takes and gives, its cost model (work, span,
** minimum bytes moved) and one implementation per backend, each split into
** an untimed prepare, the timed run, an untimed result and a release.
*/
#ifndef entry_h
#define entry_h

#include "data.h"
#include "pool.h"
#include "rt.h"
#include "tune.h"

/* c: the sequential reference; opencl: a device; multicore: POSIX threads. */
enum backend { BACKEND_C, BACKEND_OPENCL, BACKEND_MULTICORE, BACKEND_COUNT };

/* Parse "c", "opencl" or "multicore"; 0 on success. */
int backend_parse(const char *s, enum backend *b);
const char *backend_name(enum backend b);

/* Where jobs run: a backend and what it needs (not owned). */
struct target {
  enum backend backend;
  struct rt *rt;     /* opencl: the device */
  struct pool *pool; /* multicore: the workers (NULL: the caller alone) */
  const struct tune *tune; /* tuning parameters asked for (NULL: every default) */
};

#define ENTRY_MAX_IO 4

/* struct entry.needs: the first input must be sorted, or an Eytzinger
** array of sorted elements (suites say `random sorted input`, `random
** eytzinger input`). */
enum { ENTRY_SORTED = 1, ENTRY_EYTZINGER = 2 };

/* One use of an entry point on one input. */
struct entry_job {
  const struct entry *entry;
  enum backend backend;
  struct rt *rt;                               /* opencl: the device; else NULL */
  struct pool *pool;                           /* multicore: the workers; else NULL */
  const struct data_value *in;                 /* inputs (not owned) */
  int nin;
  struct data_value out[ENTRY_MAX_IO];         /* outputs, filled by entry_result */
  int nout;
  void *state;                                 /* the implementation's buffers */
  const struct tune *tune;                     /* settings asked for (NULL: defaults) */
  struct tune_used used;                       /* the parameters prepare read, with their
                                               ** values (entry_param) */
  int streaming;                               /* entry_result_digest is taking the result */
  unsigned char streamed[ENTRY_MAX_IO];        /* which outputs it digested from the device */
  uint64_t out_digest[ENTRY_MAX_IO];           /* their digests (cache_value_digest, seed 0) */
};

struct entry_impl {
  int (*prepare)(struct entry_job *j, struct ps_err *e); /* untimed: upload, allocate */
  int (*run)(struct entry_job *j, struct ps_err *e);     /* timed: compute (device: enqueue) */
  int (*result)(struct entry_job *j, struct ps_err *e);  /* untimed: outputs into j->out */
  void (*release)(struct entry_job *j);                  /* accepts a failed prepare and
                                                          ** a second call (state NULL) */
};

struct entry {
  const char *name;
  const char *desc;
  int nin;             /* number of inputs: 1-D arrays, each of the element type t or
                       ** (vinputs) v; the inputs of one type variable share its type */
  unsigned types;      /* element types accepted for t (bit per type) */
  unsigned vtypes;     /* element types accepted for v (a single one: a fixed type,
                       ** such as the bool of [n]bool flags); 0 when no input is of v */
  unsigned vinputs;    /* the inputs of type v (bit i: input i); the others are of t */
  const char *in_desc; /* "[n]t", "[n]t [n]v" as printed in messages and the catalogue */
  const char *out_desc;
  const char *work, *span; /* cost model formulas in n */
  const char *bytes_desc;  /* minimum bytes moved, as text */
  uint64_t (*bytes)(uint64_t n, size_t elem); /* the same, computed */
  struct entry_impl impl[BACKEND_COUNT];
  unsigned needs;       /* what its first input must be: ENTRY_SORTED, ENTRY_EYTZINGER */
  const char *answer;   /* entries with the same answer on the same inputs (every
                        ** lower bound, every stable sort) name it alike, and
                        ** share one reference; NULL: the entry's own name */
  const void *aux;      /* the family's description of this entry (its kernels, its
                        ** reference, its buffers): the phases look it up here */
  const struct tune_param *params; /* the tuning parameters its opencl kernels take
                                   ** (psearch list --tuning); NULL: none */
  const struct entry *reference;   /* the entry whose c and multicore backends compute this
                                   ** one's reference (a user kernel's `answer:`); NULL: itself */
  int unvalidated;                 /* timed only: nothing says what its output should be (a
                                   ** user kernel's `answer: none`); its results say so */
  /* The minimum bytes from the inputs themselves, for an entry whose bytes
  ** depend on more than the first input's length (a user kernel's `bytes:`);
  ** when set, bytes is not used. */
  uint64_t (*bytes_of)(const struct entry *en, const struct data_value *in, int nin);
  unsigned derives;                /* ENTRY_RANDOM_KEYS: what it draws from its inputs itself */
  uint64_t max_n;                  /* the most elements an input may have, where a 32-bit count
                                   ** or position bounds it (entry_check_inputs refuses more,
                                   ** before any device work); 0: as many as the device holds */
  const char *max_why;             /* why, for the message and the catalogue ("2^32 - 1: its
                                   ** positions are 32-bit") */
};

/* struct entry.derives: the entry searches keys it draws from its first input
** (keys.h), which a user kernel that answers it gets as random_keys(xs). */
enum { ENTRY_RANDOM_KEYS = 1, ENTRY_RANDOM_KEYS_EYTZINGER = 2 };

/* Helpers for implementations. */
#define ENTRY_INT_TYPES                                                                   \
  ((1u << DATA_I8) | (1u << DATA_I16) | (1u << DATA_I32) | (1u << DATA_I64) | (1u << DATA_U8) | \
   (1u << DATA_U16) | (1u << DATA_U32) | (1u << DATA_U64))
/* Build options defining T (OpenCL type of t), U (unsigned of the same width),
** FLIP (xor to unsigned order), then `extra`. */
void entry_type_options(enum data_type t, const char *extra, char *buf, size_t n);
/* The tuning parameter shared by every family whose kernels have a PTX path;
** put it in the family's table of params. */
#define ENTRY_PARAM_PTX                                                                           \
  {"ptx", 0, 1, "NVIDIA's inline PTX where the device is NVIDIA's (default 1); 0: the portable "  \
                "kernels every other device runs"}

/* The value of j's tuning parameter name, which j->entry->params declares:
** the setting asked for (j->tune), else dflt; recorded in j->used with
** the value returned. */
int64_t entry_param(struct entry_job *j, const char *name, int64_t dflt);

/* Whether j's kernels use NVIDIA's inline PTX (-DNV_PTX): on NVIDIA's OpenCL,
** unless the parameter ptx is 0 (the portable kernels). */
int entry_use_ptx(struct entry_job *j);

size_t entry_value_bytes(const struct data_value *v);

/* The element types input i of en accepts: its type variable's (t or v). */
unsigned entry_input_types(const struct entry *en, int i);

/* 0 if no input of en has more than en->max_n elements; otherwise -1 and a
** message with the bound and why. No device work: entry_prepare checks it
** first, and entry_check_inputs with the types. */
int entry_fits(const struct entry *en, const struct data_value *in, int nin, struct ps_err *e);

/* Check the inputs against the entry's signature: their number, each a 1-D
** array of a type its variable accepts (entry_input_types), the inputs of one
** variable of one type. On mismatch a Futhark-style message ("Expected input
** of types: ...; Provided input of types: ...") and a line naming the first
** input at fault ("Input #1 is [5]bool: v takes i32 | u32 | ..."). An input
** longer than the entry's max_n is refused too, with the bound and why. */
int entry_check_inputs(const struct entry *en, const struct data_value *in, int nin,
                       struct ps_err *e);

/* A job of entry en on target t over in[0..nin); nothing is prepared yet. */
struct entry_job entry_job_init(const struct entry *en, const struct target *t, const struct data_value *in,
                                int nin);

/* Whether en has an implementation on backend b. */
int entry_supports(const struct entry *en, enum backend b);

/* Prepare, run once, sync and take the result: the outputs are in j->out
** (release the job with entry_release either way). 0 or -1 (message in e). */
int entry_run_once(struct entry_job *j, struct ps_err *e);

/* The phases, in order: prepare once, run any number of times (followed by
** entry_sync for timing), result, release. */
int entry_prepare(struct entry_job *j, struct ps_err *e);
int entry_run(struct entry_job *j, struct ps_err *e);
int entry_sync(struct entry_job *j, struct ps_err *e);
int entry_result(struct entry_job *j, struct ps_err *e);
void entry_release(struct entry_job *j); /* frees outputs too */
/* Free what the implementation holds (device buffers, scratch) and keep the
** outputs; entry_release still follows. */
void entry_release_state(struct entry_job *j);

/* The digest of values v[0..n): each value's cache_value_digest (seed 0),
** combined with n; what validation compares (reference.h). */
uint64_t entry_digest(const struct data_value *v, int n);
/* Take the result as its digest alone (entry_digest of the outputs), never
** holding a device output whole on the host: each is read in chunks and
** digested as it streams (entry_download); outputs the implementation made
** on the host are digested there. The device state stays for entry_result,
** should the whole outputs be wanted after all. 0 or -1 (message in e). */
int entry_result_digest(struct entry_job *j, uint64_t *digest, struct ps_err *e);

/* For implementations. Declare output k of type t and shape (rank, shape):
** allocated and zeroed on the host backends; on opencl only described, its
** elements allocated when it is downloaded (or never, under
** entry_result_digest). Any earlier elements are freed. 0 or -1. */
int entry_out_init(struct entry_job *j, int k, enum data_type t, int rank, const int64_t *shape,
                   struct ps_err *e);
/* Allocate output k's elements (zeroed) where they are not yet. 0 or -1. */
int entry_out_alloc(struct entry_job *j, int k, struct ps_err *e);
/* Output k from the device buffer m, whose first `bytes` bytes hold it (the
** rest of the value, if any, is zeros): downloaded into j->out[k], or under
** entry_result_digest digested in chunks. 0 or -1. The test hook
** PSEARCH_TEST_CORRUPT_RESULT flips a bit of output 0 as it streams. */
int entry_download(struct entry_job *j, int k, cl_mem m, size_t bytes, struct ps_err *e);

/* Compare a result with the reference: integers and bools bit for bit, floats
** within |a - b| <= 1e-6 * max(1, |ref|) (NaN equals NaN). On mismatch the
** message names the value, the first differing index and both values. */
int entry_compare(const struct data_value *ref, const struct data_value *got, int nvals,
                  struct ps_err *e);

#endif
