/*
** benchopt.h: bench's command line (bench_cmd, bench.h): its option table,
** its help, the defaults, and the configuration a command line gives (which
** bench completes as it runs).
*/
#ifndef benchopt_h
#define benchopt_h

#include "benchplan.h"
#include "benchshard.h"
#include "devopt.h"
#include "digest.h"
#include "measure.h"
#include "nvml.h"
#include "report.h"
#include "summary.h"

#include <stdio.h>

#define BENCHOPT_MAXLIST 32 /* -e, --exclude-case and suites given at most */
#define BENCHOPT_AUTO 2     /* --format=auto: the index of "auto" among its words */

/* A bench run's configuration: the command line's (benchopt_parse) and, below
** `summary`, what bench sets as it runs. */
struct bench_config {
  struct measure_params mp; /* runs, max runs, convergence, budget, timeout (hooks per entry) */
  int format;               /* BENCHOPT_AUTO; else enum report_format */
  enum report_format fmt;   /* the format chosen */
  const char *entries[BENCHOPT_MAXLIST];
  int nentries;
  const char *exclude[BENCHOPT_MAXLIST];
  int nexclude;
  const char *json, *markdown;
  const char *paths[BENCHOPT_MAXLIST]; /* the suites */
  int npaths;
  int list_suites, verbose;
  int exact;       /* --exact: mp.max_runs = mp.runs, no convergence phase, no 0.5 s minimum */
  int headline;    /* --headline: 0 the mean, 1 the median is each line's figure */
  int dry_run;     /* --dry-run: the plan's datasets printed, nothing measured */
  struct summary *summary; /* of the datasets that ran */
  struct digest *digest;   /* the end-of-run digest's counts */
  int extended, validate, use_cache;
  int cold;        /* --cache=cold: mp.evict is opened with the device */
  int interleave;  /* --interleave: a block's entries measured in turns, dataset by dataset */
  int discard;     /* --discard-throttled: mp.throttled probes NVML around each run */
  int ktime;       /* --kernel-time: mp.kernel_time on each device that has profiling events */
  int batch;       /* --batch: mp.batch chosen per dataset (a call of at least 1 ms) */
  int parallel;    /* --parallel: -d all's devices at once, a worker process each (benchpar.h) */
  int concurrent;  /* --concurrent: 1; in a worker, the devices run at once (benchcon.h) */
  struct benchcon_peer *peer; /* a --concurrent worker's end; NULL: none */
  int64_t batch_size; /* --batch-size K: mp.batch = K; 0: not given */
  struct nvml *nvml; /* an NVIDIA GPU's clocks; NULL elsewhere */
  struct nvml_identity gpu_id; /* with nvml: its identity and clocks when opened */
  int fancy;       /* progress bar on a terminal */
  int planned;     /* datasets to run */
  struct benchplan *plan; /* the current device's estimate and ETA (benchplan.h) */
  int namew;       /* result lines pad dataset names to this width */
  double copy_gbs; /* measured copy bandwidth for --extended, 0 if unknown */
  struct devopt dev;
  struct target tg;  /* where the entries run */
  struct target ref; /* where references are computed (multicore unless that is measured) */
  struct benchshard_opts so; /* --shard, --balance-from */
  struct benchshard *shard;  /* this part's cases; NULL: every case */
  char devkey[32];           /* -d all: "@pPdD" after each program key; else "" */
};


#endif
