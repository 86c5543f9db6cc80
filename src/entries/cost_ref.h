/*
** cost_ref.h: the sequential references of the cost-model family (cost.c):
** each fills j->out[0], which cost.c allocated (and cuts a filter's or a
** segmented reduce's output to its length), from j->in.
*/
#ifndef cost_ref_h
#define cost_ref_h

#include "entry.h"

void cost_ref_sum(struct entry_job *j);              /* t: the (+) reduction */
void cost_ref_argmax(struct entry_job *j);           /* i64: first index of the largest, -1 if empty */
void cost_ref_scan(struct entry_job *j);             /* [n]t: inclusive (+) scan */
void cost_ref_scan_exclusive(struct entry_job *j);   /* [n]t: exclusive (+) scan */
void cost_ref_scan_max(struct entry_job *j);         /* [n]t: inclusive max-scan */
void cost_ref_filter(struct entry_job *j);           /* [m]t: the elements >= 0 (all if unsigned) */
void cost_ref_histogram(struct entry_job *j);        /* [256]t: counts of the low byte */
void cost_ref_reduce_by_index(struct entry_job *j);  /* [256]t: dest[is[i]] += vs[i], is[i] in [0, 256) */
void cost_ref_segmented_scan(struct entry_job *j);   /* [n]t: (+) scan restarting at set flags */
void cost_ref_segmented_reduce(struct entry_job *j); /* [m]t: the sum of each segment */

#endif
