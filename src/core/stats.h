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
  double q1, q3;  /* quartiles (stats_quantile); NaN if out of memory */
  size_t out_lo, out_hi; /* Tukey's outliers: runs below q1 - 1.5 IQR, above q3 + 1.5 IQR */
};

void stats_compute(const double *x, size_t n, struct stats *s);

/* Futhark's convergence rule: more runs are needed if for any row (A, R) of
** {(0.95, 0.0010), (0.75, 0.0015), (0.65, 0.0025), (0.45, 0.0050), (0, 0.0100)}
** r1 > A and RSE > R. NaN never asks for more. */
int stats_needs_more(const struct stats *s);

/* The RSE the rule asks of s: the smallest R of the rows whose A s->r1
** exceeds (more runs are needed iff s->rse is above it); INFINITY when no row
** applies (r1 <= 0 or NaN). */
double stats_rse_target(const struct stats *s);

/* 95% percentile-bootstrap interval of the mean: `resamples` resamples drawn
** with a fixed seed (deterministic). lo = hi = mean when n < 2. Above
** STATS_BOOTSTRAP_MAX_N runs, the normal interval mean +- 1.96 s / sqrt(n)
** (sample s), which the bootstrap approaches there, at a fraction of the cost. */
#define STATS_BOOTSTRAP_MAX_N 5000
void stats_bootstrap_ci(const double *x, size_t n, int resamples, double *lo, double *hi);

/* 95% percentile-bootstrap interval of median(y) / median(x), the ratio of
** two samples' medians: `resamples` resamples of each, drawn with a fixed
** seed (deterministic). Each side is first thinned to at most
** STATS_RATIO_MAX_N runs by a uniform stride. lo = hi = the ratio when a side
** has fewer than 2 runs; NaN when a side is empty or out of memory. */
#define STATS_RATIO_MAX_N 2000
void stats_ratio_ci(const double *x, size_t nx, const double *y, size_t ny, int resamples, double *lo,
                    double *hi);

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

/* Quantile q (0..1) of sorted[0..n), n > 0, interpolated linearly between
** order statistics (numpy's default, R's type 7). */
double stats_quantile(const double *sorted, size_t n, double q);

/* Arithmetic mean of x[0..n), n > 0. */
double stats_mean(const double *x, size_t n);

/* Median of x[0..n) (n > 0); x is not changed. NaN if out of memory. */
double stats_median(const double *x, size_t n);

/* ---- verdicts of compare and plot ---- */

/* The verdict on one dataset, and the rule that gives it.
**
** Tests: STATS_ROUNDS judges rounds (separate invocations of bench, e.g. the
** gate's interleaved old/new rounds): each round is summarised by its median,
** and the log ratios new/old of paired rounds (the i-th file of each side)
** get a one-sample t-test, or, when the sides have different numbers of
** rounds, the log medians a Welch test; so the noise the test sees is the
** spread between rounds, not between the correlated runs of one round.
** STATS_MANN_WHITNEY judges the runs of one invocation per side (it sees only
** within-run spread, so drift between invocations looks significant: it is
** not a gate, and only an explicit choice). STATS_FUTHARK is futhark
** benchcmp's rule. STATS_AUTO is STATS_ROUNDS: one invocation a side is not
** judged.
** In every test, a verdict other than "same" needs both p < alpha and a
** change beyond the threshold. */
enum stats_verdict { STATS_SAME, STATS_FASTER, STATS_SLOWER, STATS_UNTESTABLE };
enum stats_test { STATS_AUTO, STATS_ROUNDS, STATS_MANN_WHITNEY, STATS_FUTHARK };
struct stats_rule {
  enum stats_test test;
  double alpha;     /* significance level */
  double threshold; /* minimum change, a fraction: slower needs speedup < 1 - threshold */
};

/* Rounds needed for the rounds test: paired rounds, or per side unpaired. */
#define STATS_MIN_ROUNDS 3

/* The judgement of one dataset. */
struct stats_judgement {
  enum stats_test test;    /* the test that was applied (never STATS_AUTO) */
  double mean_old, mean_new; /* µs: means of the runs; for rounds, geometric means of the
                             ** round medians, so that speedup = mean_old / mean_new */
  double speedup;            /* mean_old / mean_new; NaN when a mean is 0 */
  double p;                  /* two-sided p-value; NaN for the futhark rule or when untestable */
  size_t rounds;             /* rounds tested (pairs when paired); 0 for per-run tests */
  enum stats_verdict verdict;
};

/* Judge the runtimes (µs) of one dataset, old (nold > 0) against new (nnew > 0),
** by a per-run test (r->test is STATS_MANN_WHITNEY or STATS_FUTHARK).
** STATS_UNTESTABLE when the U test cannot reach alpha with so few runs. */
void stats_judge_runs(const struct stats_rule *r, const double *old, size_t nold, const double *new,
                  size_t nnew, struct stats_judgement *out);

/* What stats_judge_sample takes from every run where the runtimes it is
** given are a sample of the runs (results files keep at most 5000): their
** means and sample standard deviations (the futhark rule's); NaN: from the
** runtimes given. */
struct stats_given {
  double mean_old, mean_new, sd_old, sd_new;
};

/* stats_judge_runs where old and new are samples of the runs, g their
** statistics over every run (NULL: the samples are every run): the means,
** the speedup and the futhark rule's spread are g's, the test's p-value is
** the samples'. */
void stats_judge_sample(const struct stats_rule *r, const double *old, size_t nold, const double *new,
                        size_t nnew, const struct stats_given *g, struct stats_judgement *out);

/* Judge rounds: old[i] and new[i] are round medians (µs, > 0); paired: both
** have k = nold = nnew rounds, pair i from the same position. STATS_UNTESTABLE
** with fewer than STATS_MIN_ROUNDS (pairs, or on either side). 0, or -1 when
** out of memory (*out then untestable). */
int stats_judge_rounds(const struct stats_rule *r, const double *old, size_t nold, const double *new,
                       size_t nnew, int paired, struct stats_judgement *out);

#endif
