/*
** measure.h: futhark bench's measurement protocol for one prepared entry
** job: discarded warm-up calls (measure_params.warmup), an initial phase of at least `runs` runs
** and MEASURE_MIN_TIME_S of them, then (optionally) the convergence phase,
** which throws the initial runs away and measures afresh until the mean
** converges (stats_needs_more) or its budget is spent; last, an untimed pass
** with profiling events for the kernel breakdown. The timed region is the
** entry's run plus its sync, nothing else (with a cold cache, the eviction
** before each call is outside it).
**
** It knows nothing of the command line: it takes parameters, calls back for
** progress between runs (at most every MEASURE_PROGRESS_NS), and stops when
** *stop becomes non-zero (a signal handler's flag).
**
** A measurement is a sequence of steps (one call of the entry each), so
** several can go in turns (measure_interleaved): each keeps its own clock,
** the time of its own turns, and every rule above reads that clock, so a job
** gets the runs it would get alone.
*/
#ifndef measure_h
#define measure_h

#include "entry.h"
#include "evict.h"

#include <signal.h>

#define MEASURE_MIN_TIME_S 0.5         /* the initial phase lasts at least this */
#define MEASURE_PROGRESS_NS 100000000u /* progress callbacks at most this often */
#define MEASURE_KERNELS 6              /* kernels named in the breakdown */
#define MEASURE_TURN_NS 10000000u      /* interleaved: a turn lasts this (own time), at least one call */
#define MEASURE_MAX_DISCARDS 1000      /* throttled runs discarded at most, per measurement */
#define MEASURE_BATCH_MIN_NS 1000000u  /* --batch: a batched call lasts at least this (nvbench's rule) */
#define MEASURE_BATCH_MAX 100000       /* --batch: runs a call holds at most */
#define MEASURE_SYNC_RUNS 20           /* --batch: synchronous runs for the mean beside the batched one */

struct measure_params {
  int64_t runs;        /* minimum timed runs, >= 1 */
  int64_t warmup;      /* discarded calls before them (bench: 1 unless --warmup; with batch < 0, one more) */
  int64_t max_runs;    /* at most this many in a phase (bounds tiny kernels); 0: no cap */
  int convergence;     /* run the convergence phase */
  double conv_max_s;   /* its budget: seconds of runtimes and of wall time */
  int64_t timeout_s;   /* fail once the warm-up and runs took longer; 0: none */
  int64_t batch;       /* runs a timed call holds back to back, one sync after them, its time divided
                       ** by them (nvbench's batch measurement: the host's launch and sync amortised):
                       ** 0 off (a call is one run and its sync); > 0 that many; < 0 chosen from a
                       ** second warm-up call so that a call lasts MEASURE_BATCH_MIN_NS */
  struct evict *evict; /* cold cache: evicted before every call, untimed; NULL: hot */
  /* the clock, ns; NULL: ps_now_ns. Unit tests pass a simulated one that
  ** their fake entry advances, so that timings are exact on a loaded host
  ** (the test hooks' delays spin on it: do not combine them with one that
  ** stands). */
  uint64_t (*clock_ns)(void);
  /* --discard-throttled: called just before (after == 0) and just after (1)
  ** each timed call but the warm-up, outside the timed region; a call for which
  ** the second returns non-zero is no run: discarded, counted in r->discarded,
  ** and made up for. After MEASURE_MAX_DISCARDS of them every run is kept (a
  ** GPU throttled throughout would never finish). NULL: no check. */
  int (*throttled)(void *ctx, int after);
  void *throttled_ctx;
  /* the measuring thread's preemptions so far, read just before and just
  ** after each timed call (outside the timed region); NULL:
  ** ps_thread_preemptions. Unit tests pass a fake their entry advances. */
  uint64_t (*preemptions)(void);
  /* --kernel-time: time every call's kernels as well, by the device's
  ** profiling events (r->kernel_us), so that a slow run shows whether its
  ** kernels or the host's launch and sync took the time. Events cost host
  ** time in the timed region (docs/cli.md). kernel_ns, when not NULL, gives
  ** the call just made's kernel time in ns instead (unit tests). */
  int kernel_time;
  uint64_t (*kernel_ns)(void);
};

/* Where a measurement is, for a progress display. */
struct measure_progress {
  const double *us; /* the runs so far in µs (the convergence phase restarts them), n of them */
  size_t n;
  double elapsed_s;  /* since the warm-up began */
  double phase_s;    /* since the current phase began */
  int conv;          /* in the convergence phase */
  double rse, rse_target; /* at its last check, NaN before one */
};
typedef void (*measure_progress_fn)(void *ctx, const struct measure_progress *p);

/* How the measurement ended. */
enum measure_stop {
  MEASURE_INITIAL,   /* the initial runs passed the convergence rule, or no convergence phase */
  MEASURE_CONVERGED, /* the convergence phase ran until the rule passed */
  MEASURE_BUDGET,    /* ... until its budget was spent, the rule still failing */
  MEASURE_MAX_RUNS   /* ... until max_runs, the rule still failing */
};

struct measure_result {
  double *us;                   /* the reported runtimes in µs (owned), n of them */
  unsigned char *preempted;     /* per run: the OS preempted the measuring thread in it (owned) */
  double *kernel_us;            /* per run: its kernels' event time in µs (owned); NULL: not timed */
  size_t n;
  enum measure_stop stop;
  double rse, rse_target;       /* at the end: the RSE of the mean, and what the rule asks */
  int64_t launches;             /* kernels launched per run (profiled pass); -1: unknown */
  uint64_t kernel_ns;           /* event-profiled kernel time of kernel_runs extra runs (fills and copies included) */
  uint64_t kernel_span_ns;      /* the same runs' spans: first command's start to last one's end (rt_end_run) */
  size_t kernel_runs;
  struct rt_kernel_time ktimes[MEASURE_KERNELS]; /* the same by kernel, most first */
  int nktimes;
  char *error;                  /* why the measurement failed (owned), NULL if it did not */
  int64_t discarded;            /* calls discarded as throttled; -1: not checked */
  int64_t batch;                /* runs each reported time is the mean of (1: not batched) */
  double sync_mean_us;          /* batched: the mean of MEASURE_SYNC_RUNS synchronous runs after them; NaN: none */
};

/* Measure job j (prepared). 0, or -1 with r->error set ("Interrupted." when
** stopped, futhark's "Execution exceeded N seconds." on the timeout). The
** runs are kept in r either way; release with measure_result_free. */
int measure_run(const struct measure_params *p, struct entry_job *j, volatile sig_atomic_t *stop,
                measure_progress_fn progress, void *ctx, struct measure_result *r);

/* One job of an interleaved measurement: its parameters (hooks resolved for
** its entry), the prepared job, its progress display, where its result goes,
** and (out) what measure_run would have returned. */
struct measure_job {
  const struct measure_params *p;
  struct entry_job *j;
  measure_progress_fn progress;
  void *ctx;
  struct measure_result *r;
  int rc;
};

/* Measure jobs[0..n) (prepared, on one device) in turns, so that drift hits
** them alike: round k gives each unfinished job one turn, starting at the k-th
** of them (A B C, B C A, C A B, ...); a turn is calls of one job until its own
** time in the turn reaches MEASURE_TURN_NS (a single call when runs are
** longer). Each job follows measure_run's protocol on its own clock, the time
** of its own turns, and drops out of the rotation when its rule stops it or it
** fails; the profiled passes follow, one job after another. 0 when every job
** succeeded, else -1; each job's rc and r as measure_run's. */
int measure_interleaved(struct measure_job *jobs, int n, volatile sig_atomic_t *stop);

/* Free what r owns; accepts a zeroed r. */
void measure_result_free(struct measure_result *r);

#endif
