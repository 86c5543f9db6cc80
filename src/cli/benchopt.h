/*
** benchopt.h: bench's command line: its options table, its help, and the
** configuration a command line gives (which bench completes as it runs).
*/
#ifndef benchopt_h
#define benchopt_h

#include "benchshard.h"
#include "devopt.h"
#include "measure.h"
#include "nvml.h"
#include "report.h"
#include "summary.h"

#include <stdio.h>

#define BENCHOPT_MAXLIST 32 /* -e, --exclude-case and suites given at most */

/* A bench run's configuration: the command line's (benchopt_parse) and, below
** `summary`, what bench sets as it runs. */
struct bench_config {
  struct measure_params mp; /* runs, max runs, convergence, budget, timeout (hooks per entry) */
  int format;               /* -1: auto; else enum report_format */
  enum report_format fmt;   /* the format chosen */
  const char *entries[BENCHOPT_MAXLIST];
  int nentries;
  const char *exclude[BENCHOPT_MAXLIST];
  int nexclude;
  const char *json, *markdown;
  struct summary *summary; /* of the datasets that ran */
  int extended, validate, use_cache;
  int cold;        /* --cache=cold: mp.evict is opened with the device */
  int interleave;  /* --interleave: a block's entries measured in turns, dataset by dataset */
  int discard;     /* --discard-throttled: mp.throttled probes NVML around each run */
  int ktime;       /* --kernel-time: mp.kernel_time on each device that has profiling events */
  struct nvml *nvml; /* an NVIDIA GPU's clocks; NULL elsewhere */
  int fancy;       /* progress bar on a terminal */
  int planned;     /* datasets to run */
  double copy_gbs; /* measured copy bandwidth for --extended, 0 if unknown */
  struct devopt dev;
  struct target tg;  /* where the entries run */
  struct target ref; /* where references are computed (multicore unless that is measured) */
  struct benchshard_opts so; /* --shard, --balance-from */
  struct benchshard *shard;  /* this part's cases; NULL: every case */
  char devkey[32];           /* -d all: "@pPdD" after each program key; else "" */
};


/* The defaults: -r 10, --max-runs 100000, the convergence phase of 300 s,
** the format chosen by the terminal, validation and the dataset cache on. */
void benchopt_init(struct bench_config *cf);

/* Parse the command line into cf and the suite paths (at most
** BENCHOPT_MAXLIST); PS_EXIT_OK to go on, -1 when done (help, list), else the
** exit code (the message printed). */
int benchopt_parse(int argc, char **argv, struct bench_config *cf, const char **paths, int *npaths);

void benchopt_help(FILE *f);

#endif
