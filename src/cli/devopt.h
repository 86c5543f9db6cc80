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

/* Option ids of the rows; a command's own ids stay below DEVOPT_FIRST. */
enum { DEVOPT_FIRST = 1000, DEVOPT_BACKEND = DEVOPT_FIRST, DEVOPT_PLATFORM, DEVOPT_DEVICE,
       DEVOPT_DEVTYPE, DEVOPT_THREADS, DEVOPT_KERNELS, DEVOPT_NOCACHE };

#define DEVOPT_ROWS                                                                                \
  {"backend", 0, OPT_REQUIRED, DEVOPT_BACKEND, "NAME", "opencl (default), multicore (threads) or c (sequential)"}, \
  {"platform", 'p', OPT_REQUIRED, DEVOPT_PLATFORM, "P", "OpenCL platform: index or name substring"},       \
  {"device", 'd', OPT_REQUIRED, DEVOPT_DEVICE, "D", "OpenCL device: index or name substring; bench: all"}, \
  {"device-type", 0, OPT_REQUIRED, DEVOPT_DEVTYPE, "TYPE", "cpu, gpu or all"},                             \
  {"threads", 0, OPT_REQUIRED, DEVOPT_THREADS, "N", "multicore: worker threads (default: the usable cores)"}, \
  {"kernels", 0, OPT_REQUIRED, DEVOPT_KERNELS, "DIR", "Read kernel sources from DIR instead of the embedded ones"}, \
  {"no-cache", 0, OPT_NONE, DEVOPT_NOCACHE, NULL, "Use no cache: kernels (and with bench, datasets and references)"}

/* What the rows set. */
struct devopt {
  enum backend backend;
  int64_t threads;     /* multicore; 0: the usable cores */
  struct rt_select sel;
  const char *kernels; /* NULL: the embedded sources */
  int no_cache;
  int all;             /* -d all: every device the selection admits, one after another */
};

void devopt_init(struct devopt *d);

/* Take option id (from opt_next) with its value and its spelling as typed:
** 1 when it is one of the rows, 0 when it is not, -1 for a bad value (the
** message is printed). */
int devopt_parse(struct devopt *d, int id, const char *val, const char *spelled);

/* After parsing: options that do not go together (--threads without
** multicore, device options without opencl) print why and give -1. */
int devopt_check(const struct devopt *d);

/* Open what the backend needs into t (the device of opencl, the workers of
** multicore) and say which on stderr. 0, or -1 with e set; close t with
** devopt_close either way. */
int devopt_open(const struct devopt *d, struct target *t, struct ps_err *e);
void devopt_close(struct target *t);

/* The devices the options name: with -d all (the opencl backend), those of
** the selection, at least 1; else 1. -1 with e set when listing fails or
** none matches. */
int devopt_count(const struct devopt *d, struct ps_err *e);

/* devopt_open of the k-th of them (0-based; -d all), with "@pPdD" (its
** platform and device index, as `psearch devices` lists them) in key, or ""
** without -d all. */
int devopt_open_nth(const struct devopt *d, int k, struct target *t, char *key, size_t n,
                    struct ps_err *e);

#endif
