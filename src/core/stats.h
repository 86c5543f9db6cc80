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

/* Two-sided p-value of Student's t statistic with df degrees of freedom
** (df > 0, not necessarily whole: Welch's), from the regularized
** incomplete beta function. 1 for t = 0; NaN for df <= 0 or a NaN t. */
double stats_t_p(double t, double df);

/* One-sample t-test of x[0..k) against 0, as SciPy's ttest_1samp: the mean
** in *mean, the statistic in *t; returns the two-sided p-value. k < 2: NaN.
** All values equal: p = 1 when they are 0, else 0 (no spread at all). */
double stats_ttest_1samp(const double *x, size_t k, double *mean, double *t);

/* Welch's two-sample t-test of a against b (means may differ, variances
** too), as SciPy's ttest_ind(equal_var=False): *diff = mean(a) - mean(b);
** returns the two-sided p-value; NaN when a side has fewer than 2 values. */
double stats_welch(const double *a, size_t na, const double *b, size_t nb, double *diff);

/* Median of x[0..n) (n > 0); x is not changed. NaN if out of memory. */
double stats_median(const double *x, size_t n);

#endif
