/*
** stats.h: statistics of runtimes (microseconds), as futhark bench computes
** them: population standard deviation for RSD and RSE, lag-1
** autocorrelation, and the convergence rule that decides whether more runs
** are needed. Also median and a bootstrap confidence interval of the mean.
*/
#ifndef stats_h
#define stats_h

#include <stddef.h>
#include <stdint.h>

struct stats {
  size_t n;
  double mean;
  double sd;      /* population standard deviation (divide by n) */
  double rsd;     /* sd / mean */
  double min, max;
  double min_pct; /* (min / mean - 1) * 100 */
  double max_pct; /* (max / mean - 1) * 100 */
  double median;
  double rse;     /* (sd / sqrt(n)) / mean: relative standard error of the mean */
  double r1;      /* lag-1 autocorrelation; 1 when n < 3; NaN when all runs are equal */
};

void stats_compute(const double *x, size_t n, struct stats *s);

/* Futhark's convergence rule: more runs are needed if for any row (A, R) of
** {(0.95, 0.0010), (0.75, 0.0015), (0.65, 0.0025), (0.45, 0.0050), (0, 0.0100)}
** r1 > A and RSE > R. NaN never asks for more. */
int stats_needs_more(const struct stats *s);

/* 95% percentile-bootstrap interval of the mean: `resamples` resamples drawn
** with a fixed seed (deterministic). lo = hi = mean when n < 2. Above
** STATS_BOOTSTRAP_MAX_N runs, the normal interval mean +- 1.96 s / sqrt(n)
** (sample s), which the bootstrap approaches there, at a fraction of the cost. */
#define STATS_BOOTSTRAP_MAX_N 5000
void stats_bootstrap_ci(const double *x, size_t n, int resamples, double *lo, double *hi);

#endif
