/*
** cost_mc.h: the multicore versions of the cost-model family's operations
** (cost.c): each takes a job whose output cost.c allocated as for the c
** backend, splits the input over the job's workers (j->pool) in contiguous
** parts, and leaves the same bytes in j->out[0] as the sequential reference.
** Elements are i32 or u32 with wrap-around (+); comparisons follow the sign
** of the input's type.
**
** The scans and filters are two passes over the parts: the workers reduce
** (for the (+) scans only the parts before the last, split over every
** worker), the caller scans the (at most POOL_MAX) results, and each worker
** makes its part's output from its carry, so the input is read at most
** twice and the output written once.
*/
#ifndef cost_mc_h
#define cost_mc_h

#include "entry.h"

void cost_mc_sum(struct entry_job *j);               /* t: the (+) reduction */
void cost_mc_argmax(struct entry_job *j);            /* i64: first index of the largest, -1 if empty */
void cost_mc_scan(struct entry_job *j);              /* [n]t: inclusive (+) scan */
void cost_mc_scan_exclusive(struct entry_job *j);    /* [n]t: exclusive (+) scan */
void cost_mc_scan_max(struct entry_job *j);          /* [n]t: inclusive max-scan */
void cost_mc_filter(struct entry_job *j);            /* [m]t: the elements >= 0 (all if unsigned) */
void cost_mc_histogram(struct entry_job *j);         /* [256]t: counts of the low byte */
void cost_mc_reduce_by_index(struct entry_job *j);   /* [256]t: dest[is[i]] += vs[i] */
void cost_mc_segmented_scan(struct entry_job *j);    /* [n]t: (+) scan restarting at set flags */
void cost_mc_segmented_reduce(struct entry_job *j);  /* [m]t: the sum of each segment */

#endif
