/*
** devopt.h: the options of every subcommand that runs entry points (bench,
** run): the backend and the device. One set of table rows (DEVOPT_ROWS, put
** into a command's option table), one parser, one function that opens the
** device they name.
*/
#ifndef devopt_h
#define devopt_h

#include "entry.h"
#include "opt.h"

#include <stddef.h>

#define DEVOPT_MAX_NAMED 64 /* -d given at most */

/* What the rows set. */
struct devopt {
  enum backend backend;
  int64_t threads;     /* multicore; 0: the usable cores */
  struct rt_select sel;
  const char *kernels; /* NULL: the embedded sources */
  int no_cache;
  int all;             /* -d all, or several -d: every device the selection admits, one after another */
  int all_given;       /* -d all was given */
  const char *named[DEVOPT_MAX_NAMED]; /* each -d but "all", in order */
  int nnamed;
  struct tune tune;    /* --tune: the entries' tuning parameters (tune.h) */
  int tune_later;      /* the command checks --tune itself, once its suites' user kernels
                       ** (user.h) have declared their params (bench) */
};

/* The rows' ids for devopt_row. */
enum { DEVOPT_BACKEND = 1, DEVOPT_DEVICE, DEVOPT_DEVTYPE, DEVOPT_TUNE };

/* The rows, put into a command's option table; BASE is the offset of the
** command's struct devopt in its configuration. */
#define DEVOPT_AT(BASE, F) ((BASE) + offsetof(struct devopt, F))
#define DEVOPT_ROWS(BASE)                                                                          \
  OPT_ROW_CALL("backend", 0, BASE, "NAME", devopt_row, DEVOPT_BACKEND, "opencl (default), multicore (threads) or c (sequential)"), \
  OPT_ROW_STRING("platform", 'p', DEVOPT_AT(BASE, sel.platform), "P", "OpenCL platform: index or name substring"), \
  OPT_ROW_CALL("device", 'd', BASE, "D", devopt_row, DEVOPT_DEVICE, "OpenCL device: index or name substring; bench: all, or -d repeated"), \
  OPT_ROW_CALL("device-type", 0, BASE, "TYPE", devopt_row, DEVOPT_DEVTYPE, "cpu, gpu or all"),   \
  OPT_ROW_INT("threads", 0, DEVOPT_AT(BASE, threads), "N", 1, POOL_MAX, "multicore: worker threads (default: the usable cores)"), \
  OPT_ROW_STRING("kernels", 0, DEVOPT_AT(BASE, kernels), "DIR", "Read kernel sources from DIR instead of the embedded ones"), \
  OPT_ROW_CALL("tune", 0, BASE, "NAME=V,...", devopt_row, DEVOPT_TUNE, "Tuning parameters of the entries' OpenCL kernels (psearch list --tuning); repeatable"), \
  OPT_ROW_FLAG("no-cache", 0, DEVOPT_AT(BASE, no_cache), "Use no cache: kernels (and with bench, datasets and references)")

/* The rows' function (opt_call_fn): at is the struct devopt. */
int devopt_row(void *at, const struct opt_def *d, const char *val, const char *spelled);

void devopt_init(struct devopt *d);

/* After parsing: options that do not go together (--threads without
** multicore, device options without opencl, -d all with another -d) print
** why and give -1. */
int devopt_check(const struct devopt *d);

/* Open what the backend needs into t (the device of opencl, the workers of
** multicore; t->tune points to d's settings, so d outlives t) and say which
** on stderr. 0, or -1 with e set; close t with
** devopt_close either way. */
int devopt_open(const struct devopt *d, struct target *t, struct ps_err *e);
void devopt_close(struct target *t);

/* The devices the options name: with -d all (the opencl backend), those of
** the selection, at least 1; else 1. -1 with e set when listing fails or
** none matches. */
int devopt_count(const struct devopt *d, struct ps_err *e);

/* Those devices (-d all's selection; with several -d, those any of them
** names, each once, in `psearch devices` order) into *out (the caller frees
** it) and *n, at least 1. 0, or -1 with e set when listing fails, none
** matches, or one of several -d names none. */
int devopt_list(const struct devopt *d, struct rt_device_info **out, int *n, struct ps_err *e);

/* devopt_open of the k-th of them (0-based; -d all), with "@pPdD" (its
** platform and device index, as `psearch devices` lists them) in key, or ""
** without -d all. */
int devopt_open_nth(const struct devopt *d, int k, struct target *t, char *key, size_t n,
                    struct ps_err *e);

#endif
