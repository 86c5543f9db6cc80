/*
** digest.h: bench's end-of-run digest. What a dataset's line cannot say
** but that does not change what its number means (a noisy mean, slow
** outliers of a preempted thread, a profiled pass slower than the runs,
** the outliers' causes) is counted here over
** the run's datasets and said once at the end, at most DIGEST_MAX_LINES
** lines on stderr, instead of a warning per dataset (those come with -v:
** report_details). What changes a number's meaning (a failure, no
** convergence, no kernel launched, a throttled GPU or runs discarded as
** throttled) stays beside its line
** (report_warn).
*/
#ifndef digest_h
#define digest_h

#include "report.h"

#define DIGEST_MAX_LINES 5 /* what the digest may print; it has 4 conditions */

/* The counts; start zeroed. */
struct digest {
  int datasets;                 /* datasets added (failed ones included) */
  int noisy;                    /* RSD above REPORT_NOISY_RSD */
  double noisiest_rsd;
  char noisiest[160];           /* "ENTRY DATASET" of the noisiest */
  int preempted;                /* with slow outliers that ran preempted */
  size_t preempted_runs, outliers_high; /* of those datasets: preempted slow outliers, slow outliers */
  int kernel_over_wall;         /* -x's kernel time above the runs' median (counted only with -x) */
  int causes;                   /* --kernel-time: with slow outliers whose causes were named */
  size_t cause_kernels, cause_host, cause_preempted;
};

/* Count dataset d, named `what` ("ENTRY DATASET"); extended: -x was given,
** so its kernel time was printed. */
void digest_add(struct digest *g, const struct report_dataset *d, const char *what, int extended);

/* The digest on stderr, each counted condition on one warning line, at most
** DIGEST_MAX_LINES; median: the lines print medians (--headline=median);
** verbose: the datasets' own warnings were printed (else the first line
** says -v gives them). Nothing when nothing was counted. The lines printed. */
int digest_print(const struct digest *g, int median, int verbose);

#endif
