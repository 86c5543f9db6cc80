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

/* Sample standard deviation (divide by n - 1), as futhark benchcmp uses; NaN when n < 2. */
double stats_sample_sd(const double *x, size_t n);

/* Two-sided Mann-Whitney U test of samples a and b, computed as SciPy's
** mannwhitneyu(a, b, method='auto') does: *u is U of a (the number of pairs with
** a > b, ties counting one half). The p-value is exact when the smaller sample
** has at most 8 elements and there are no ties, otherwise the normal
** approximation with tie correction and continuity correction. Returns the
** p-value: 1 when na or nb is 0 or all values are equal. */
double stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u);

/* The smallest two-sided p-value the test can give for samples of na and nb
** elements (all of a above all of b, no ties): a design check, since with
** few runs no difference can reach a small alpha. */
double stats_mann_whitney_min_p(size_t na, size_t nb);

#endif
