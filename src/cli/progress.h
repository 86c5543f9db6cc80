/*
** progress.h: what bench says while it runs. Before: the plan (how many
** datasets, the budget of each, what the whole may take: benchplan.h).
** During a dataset: on a terminal one status line, redrawn in place
** ("[7/45 0:12 ~0:40 left] NAME: 12.06 ms |#####     | 42 runs", then "42/300
** s RSE 0.0116 -> 0.0100" in the convergence phase): the dataset's place, the
** time since the start and the plan's ETA; elsewhere a line on stderr at
** most every PROGRESS_LOG_S once a dataset has run that long. The display is fed by
** measure's progress callback, between runs, from running moments (Welford):
** a redraw costs O(new runs), never O(all runs).
*/
#ifndef progress_h
#define progress_h

#include "benchplan.h"
#include "measure.h"

#define PROGRESS_LOG_S 30 /* off a terminal: a line at most this often */

/* One dataset's display. */
struct progress {
  const char *entry, *desc; /* the entry point and the dataset's name */
  int pad;                  /* spaces after "NAME:" to line results up */
  int index, total;         /* the dataset's place in the plan, from 1 */
  int64_t runs;             /* the minimum runs, for the bar */
  double budget_s;          /* the convergence budget */
  int fancy;                /* a terminal: redraw the line in place */
  struct benchplan *plan;   /* elapsed and ETA; NULL: none shown */
  size_t seen;              /* runs folded into mean and m2 */
  double mean, m2;
  int step;                 /* the spinner */
  double logged_s;          /* elapsed at the last stderr line */
};

/* measure's progress callback (ctx: a struct progress). */
void progress_update(void *ctx, const struct measure_progress *p);

#endif
