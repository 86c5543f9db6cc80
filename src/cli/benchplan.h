/*
** benchplan.h: what a bench run will take, said before it starts and kept
** up to date while it runs. Each (suite, entry, dataset) case is estimated
** from what psearch knows of it, and the plan says which:
**   - earlier: the seconds this case took in an earlier run on this device
**     with the same measurement options (kept in the cache's "times" area
**     under a key of device, entry, dataset and options);
**   - model: the cost model (benchshard_work: elements and the entry's work
**     formula) times seconds per unit of work on this device, learnt from
**     the earlier cases' runtimes where there are some, else a default for
**     the kind of device; then the protocol (warm-up, -r runs and 0.5 s, the
**     convergence phase, the profiled pass), and --timeout as a cap.
** While the run goes, each dataset's measured seconds replace its estimate
** and scale those of the datasets left (benchplan_left): the ETA of the
** status line. Each dataset's seconds are stored for the next run's plan.
*/
#ifndef benchplan_h
#define benchplan_h

#include "measure.h"
#include "suite.h"

#include <stdio.h>

struct benchplan;

/* Whether case c of entry e (an index of bl->entries) of block bl runs. */
typedef int (*benchplan_keep)(const void *ctx, const struct suite_block *bl, int e, int c);

/* Where and how the cases are measured. */
struct benchplan_env {
  const struct measure_params *mp; /* the protocol's options */
  const char *device;              /* the device's identity: name, platform, driver (or the host backend) */
  int is_gpu;                      /* for the default seconds per unit of work */
  int profiled;                    /* a profiled pass follows the runs (an OpenCL device) */
  int use_cache;                   /* read and store the times (not --no-cache) */
  int store;                       /* store each dataset's seconds (not --interleave, whose are shared) */
  int measurements;                /* measurements a case makes: 1; --concurrent: the devices + 1 */
};

/* The plan of suites[0..n)'s cases that keep admits; NULL when out of memory. */
struct benchplan *benchplan_new(struct suite *const *suites, int n, benchplan_keep keep, const void *ctx,
                                const struct benchplan_env *env);
void benchplan_free(struct benchplan *p); /* accepts NULL */

/* The plan on stderr: datasets, the estimate and where it comes from, the
** most it may take; cpu_full: the default suites at full size on a CPU,
** which take long (a warning). */
void benchplan_print(const struct benchplan *p, int cpu_full);

/* --dry-run: each case with its elements, estimate and source on f, then
** the total. */
void benchplan_list(const struct benchplan *p, const struct suite *const *suites, int n, FILE *f);

/* A case starts; a case is done, after `seconds` with runs of mean_us each
** (mean_us <= 0: it failed; its time is not stored). */
void benchplan_start(struct benchplan *p, const struct suite_block *bl, int e, int c);
void benchplan_done(struct benchplan *p, const struct suite_block *bl, int e, int c, double seconds, double mean_us);

/* Seconds since the plan was made, and the seconds left by the estimate:
** the cases not done, each estimate scaled by what the done ones took
** against theirs, less what the running one has taken. */
double benchplan_elapsed(const struct benchplan *p);
double benchplan_left(const struct benchplan *p);

/* Seconds as a clock, "0:42", "12:05", "1:02:03", into buf. */
void benchplan_clock(double s, char *buf, size_t n);

#endif
