/*
** udecl.h: the declaration of a user's OpenCL kernel as an entry point
** (docs/own-kernels.md). A declaration is a comment block of the .cl file
** itself, so the kernel and its contract travel together:
**
**   / * psearch:
**   entry: my_lower_bound
**   answer: bench_binary_search_random
**   input xs: [n]i32 sorted
**   input keys: [n]i32 = random_keys(xs)
**   output out: [n]i64
**   param WG = 64, 128, 256
**   launch lower_bound(xs, n, keys, n, out) global n local WG
**   bytes: 4 * n + 8 * n
**   * /
**
** one statement a line (`--` starts a comment; a leading `*` is decoration).
** This module only reads text: names, types, sizes and launches are checked
** against each other here; the entry it answers, the device and the data are
** user.c's. Every error is "PATH:LINE: problem" with the fix; nothing a
** declaration says is allocated here.
*/
#ifndef udecl_h
#define udecl_h

#include "data.h"
#include "uexpr.h"

#define UDECL_MAX_BUFS 16
#define UDECL_MAX_INPUTS 8    /* dataset values */
#define UDECL_MAX_OUTPUTS 4   /* ENTRY_MAX_IO */
#define UDECL_MAX_PARAMS 4
#define UDECL_MAX_VALUES 16   /* of one param */
#define UDECL_MAX_COMBOS 256  /* combinations of the params' values */
#define UDECL_MAX_STEPS 64    /* launches, for and end */
#define UDECL_MAX_ARGS 32     /* of one launch */
#define UDECL_MAX_DEPTH 4     /* nested loops */
#define UDECL_ID_MAX 64       /* bytes of an entry's or a kernel's name, NUL included */
#define UDECL_BUILD_MAX 400   /* bytes of build options */
#define UDECL_TEXT_MAX 256    /* bytes of desc:, work:, span:, bytes: */

enum udecl_buf_kind { UDECL_INPUT, UDECL_DERIVED, UDECL_OUTPUT, UDECL_SCRATCH };
enum udecl_derive { UDECL_RANDOM_KEYS, UDECL_RANDOM_KEYS_EYTZINGER };
/* What a name of the declaration is. */
enum udecl_sym { UDECL_SYM_NONE, UDECL_SYM_BUF, UDECL_SYM_DIM, UDECL_SYM_PARAM, UDECL_SYM_LOOP, UDECL_SYM_DEVICE };
/* The first dataset value's layout (suites: random sorted / eytzinger input). */
enum { UDECL_SORTED = 1, UDECL_EYTZINGER = 2 };

struct udecl_buf {
  int sym;                   /* its name in the pool */
  enum udecl_buf_kind kind;
  int generic;               /* element type t (the first input's) */
  enum data_type type;       /* else this */
  int rank;                  /* 1, or 0 for a scalar output */
  int dim;                   /* input, derived: the name bound to its length */
  struct uexpr len;          /* output, scratch: its length */
  char len_text[48];         /* the same as written (cut to fit) */
  int zeroed;                /* filled with zeros before every run */
  int count;                 /* output: the scratch buffer whose element 0 is its length, or -1 */
  int from;                  /* derived: the input it is drawn from */
  enum udecl_derive derive;
  int line;
};

enum udecl_arg_kind { UDECL_ARG_BUF, UDECL_ARG_LOCAL, UDECL_ARG_SCALAR };
enum udecl_ctype { UDECL_LONG, UDECL_ULONG, UDECL_INT, UDECL_UINT };

struct udecl_arg {
  enum udecl_arg_kind kind;
  int buf;                /* UDECL_ARG_BUF */
  enum udecl_ctype ctype; /* UDECL_ARG_SCALAR: long unless written int(...), uint(...), ulong(...) */
  struct uexpr x;         /* the scalar, or local(BYTES)'s bytes */
};

enum udecl_step_kind { UDECL_LAUNCH, UDECL_FOR, UDECL_END };

struct udecl_step {
  enum udecl_step_kind kind;
  int line;
  char kernel[UDECL_ID_MAX];        /* launch */
  struct udecl_arg args[UDECL_MAX_ARGS];
  int nargs;
  struct uexpr global, local;
  int has_local;
  int var;                          /* for: the loop variable, over [lo, hi) */
  struct uexpr lo, hi;
  int jump;                         /* for: its end; end: its for */
};

struct udecl_param {
  int sym;
  int64_t values[UDECL_MAX_VALUES];
  int nvalues;
  int line;
};

struct udecl {
  char name[UDECL_ID_MAX];
  char desc[UDECL_TEXT_MAX];
  char answer[UDECL_ID_MAX]; /* a built-in entry, or "none" */
  int answer_line;
  unsigned types;            /* the element types t may take (bit per enum data_type); 0: t unused */
  int layout;                /* UDECL_SORTED, UDECL_EYTZINGER: what the first input must be */
  struct udecl_buf bufs[UDECL_MAX_BUFS];
  int nbufs, ninputs, noutputs; /* ninputs: dataset values (not derived) */
  struct udecl_param params[UDECL_MAX_PARAMS];
  int nparams, ncombos;
  struct udecl_step steps[UDECL_MAX_STEPS];
  int nsteps;
  char build[UDECL_BUILD_MAX];
  char work[UDECL_TEXT_MAX], span[UDECL_TEXT_MAX], bytes_text[UDECL_TEXT_MAX];
  struct uexpr bytes;
  int has_bytes;
  int64_t timeout_s;         /* the trial run's limit (default UDECL_TIMEOUT_S) */
  int line, end_line;        /* of the block's first and last lines */
  size_t off, len;           /* the block's text in the file */
  struct uexpr_pool pool;    /* the expressions and the names */
  unsigned char sym[UEXPR_MAX_NAMES];  /* enum udecl_sym of each name */
  int sym_line[UEXPR_MAX_NAMES];       /* where it was declared, else first used */
  int sym_index[UEXPR_MAX_NAMES];      /* BUF: its buffer; PARAM: its param */
};

#define UDECL_TIMEOUT_S 30
/* The names every declaration has: the device's compute units and largest work-group. */
#define UDECL_COMPUTE_UNITS "compute_units"
#define UDECL_MAX_WG "max_wg"

/* Every declaration of a .cl file's text into *out (malloc'ed, *n of them;
** none is an error: "PATH: no '/ * psearch:' declaration"). path names the
** file in messages. 0, or -1 with e set and nothing kept. */
int udecl_parse(const char *text, size_t len, const char *path, struct udecl **out, int *n, struct ps_err *e);

/* The checks of a parsed block d (udecl.c calls them at its end): open_for
** is the line of a loop left open, or 0. 0, or -1 with e set. */
int udecl_check(struct udecl *d, const char *path, int open_for, struct ps_err *e);

/* The name of symbol i of d. */
const char *udecl_name(const struct udecl *d, int i);

/* Combination k (0 <= k < d->ncombos) of the params' values into v[0..nparams). */
void udecl_combo(const struct udecl *d, int k, int64_t *v);

#endif
