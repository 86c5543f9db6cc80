/*
** stats.c: runtime statistics and the convergence rule.
*/
#include "stats.h"

#include "gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median, quartiles and Tukey's outliers of x[0..n), n > 0, from one sorted copy. */
static void order_statistics(const double *x, size_t n, struct stats *s)
{
  double *c = malloc(n * sizeof *c), iqr;
  s->median = s->q1 = s->q3 = NAN;
  s->out_lo = s->out_hi = 0;
  if (c == NULL)
    return;
  memcpy(c, x, n * sizeof *c);
  qsort(c, n, sizeof *c, cmp_double);
  s->median = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
  s->q1 = stats_quantile(c, n, 0.25);
  s->q3 = stats_quantile(c, n, 0.75);
  iqr = s->q3 - s->q1;
  for (size_t i = 0; i < n && c[i] < s->q1 - 1.5 * iqr; i++)
    s->out_lo++;
  for (size_t i = n; i > 0 && c[i - 1] > s->q3 + 1.5 * iqr; i--)
    s->out_hi++;
  free(c);
}

void stats_compute(const double *x, size_t n, struct stats *s)
{
  double sum = 0, ss = 0, ac = 0;
  memset(s, 0, sizeof *s);
  s->n = n;
  if (n == 0) {
    s->mean = s->sd = s->rsd = s->rse = s->q1 = s->q3 = NAN;
    s->r1 = 1;
    return;
  }
  s->min = s->max = x[0];
  for (size_t i = 0; i < n; i++) {
    sum += x[i];
    if (x[i] < s->min)
      s->min = x[i];
    if (x[i] > s->max)
      s->max = x[i];
  }
  s->mean = sum / (double)n;
  for (size_t i = 0; i < n; i++)
    ss += (x[i] - s->mean) * (x[i] - s->mean);
  for (size_t i = 0; i + 1 < n; i++)
    ac += (x[i] - s->mean) * (x[i + 1] - s->mean);
  s->sd = sqrt(ss / (double)n);
  s->rsd = s->sd / s->mean;
  s->rse = (s->sd / sqrt((double)n)) / s->mean;
  s->r1 = n < 3 ? 1.0 : ac / ss; /* 0/0 = NaN when all runs are equal */
  s->min_pct = (s->min / s->mean - 1) * 100;
  s->max_pct = (s->max / s->mean - 1) * 100;
  order_statistics(x, n, s);
}

double stats_quantile(const double *sorted, size_t n, double q)
{
  double pos = q * (double)(n - 1);
  size_t i = (size_t)pos;
  return i + 1 < n ? sorted[i] + (pos - (double)i) * (sorted[i + 1] - sorted[i]) : sorted[n - 1];
}

static const double rule_rows[][2] = {{0.95, 0.0010}, {0.75, 0.0015}, {0.65, 0.0025},
                                      {0.45, 0.0050}, {0.00, 0.0100}};

int stats_needs_more(const struct stats *s)
{
  for (size_t i = 0; i < sizeof rule_rows / sizeof rule_rows[0]; i++)
    if (s->r1 > rule_rows[i][0] && s->rse > rule_rows[i][1]) /* false for NaN */
      return 1;
  return 0;
}

double stats_rse_target(const struct stats *s)
{
  for (size_t i = 0; i < sizeof rule_rows / sizeof rule_rows[0]; i++)
    if (s->r1 > rule_rows[i][0]) /* the rows' R grow as their A fall: the first that applies */
      return rule_rows[i][1];
  return INFINITY;
}

void stats_bootstrap_ci(const double *x, size_t n, int resamples, double *lo, double *hi)
{
  double *means, sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += x[i];
  *lo = *hi = n ? sum / (double)n : NAN;
  if (n > STATS_BOOTSTRAP_MAX_N) { /* the bootstrap would cost resamples x n: use the CLT */
    double m = sum / (double)n, ss = 0;
    for (size_t i = 0; i < n; i++)
      ss += (x[i] - m) * (x[i] - m);
    *lo = m - 1.96 * sqrt(ss / (double)(n - 1)) / sqrt((double)n);
    *hi = m + 1.96 * sqrt(ss / (double)(n - 1)) / sqrt((double)n);
    return;
  }
  if (n < 2 || resamples < 2 || (means = malloc((size_t)resamples * sizeof *means)) == NULL)
    return;
  for (int r = 0; r < resamples; r++) {
    double m = 0;
    for (size_t i = 0; i < n; i++) {
      uint64_t d = gen_draw(0x5eed, (uint64_t)r, i); /* counter-based: reproducible */
      m += x[(size_t)(((d >> 32) * (uint64_t)n) >> 32)];
    }
    means[r] = m / (double)n;
  }
  qsort(means, (size_t)resamples, sizeof *means, cmp_double);
  *lo = means[(size_t)(0.025 * (resamples - 1) + 0.5)];
  *hi = means[(size_t)(0.975 * (resamples - 1) + 0.5)];
  free(means);
}

/* The k-th smallest of a[0..n) (k < n), by quickselect; a is reordered. */
static double select_kth(double *a, size_t n, size_t k)
{
  size_t lo = 0, hi = n - 1;
  while (lo < hi) {
    double pivot = a[lo + (hi - lo) / 2];
    size_t i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pivot)
        i++;
      while (a[j] > pivot)
        j--;
      if (i <= j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        if (j == 0)
          break;
        j--;
      }
    }
    if (k <= j)
      hi = j;
    else if (k >= i)
      lo = i;
    else
      return a[k];
  }
  return a[k];
}

/* The median of a[0..n) (n > 0), reordering a. */
static double median_in_place(double *a, size_t n)
{
  double hi = select_kth(a, n, n / 2);
  return n % 2 ? hi : (hi + select_kth(a, n / 2, n / 2 - 1)) / 2;
}

/* x[0..n) thinned to at most STATS_RATIO_MAX_N by a uniform stride, into out; the count. */
static size_t thin(const double *x, size_t n, double *out)
{
  size_t m = n < STATS_RATIO_MAX_N ? n : STATS_RATIO_MAX_N;
  for (size_t i = 0; i < m; i++)
    out[i] = x[(size_t)((double)i * (double)n / (double)m)];
  return m;
}

/* The median of a resample (draw r, stream s) of x[0..n) into scratch. */
static double resampled_median(const double *x, size_t n, double *scratch, int r, uint64_t s)
{
  for (size_t i = 0; i < n; i++) {
    uint64_t d = gen_draw(0x7a71 + s, (uint64_t)r, i); /* counter-based: reproducible */
    scratch[i] = x[(size_t)(((d >> 32) * (uint64_t)n) >> 32)];
  }
  return median_in_place(scratch, n);
}

void stats_ratio_ci(const double *x, size_t nx, const double *y, size_t ny, int resamples, double *lo,
                    double *hi)
{
  double *a = NULL, *b = NULL, *scratch = NULL, *ratios = NULL;
  size_t ma, mb;
  *lo = *hi = NAN;
  if (nx == 0 || ny == 0 || resamples < 2)
    return;
  a = malloc(STATS_RATIO_MAX_N * sizeof *a);
  b = malloc(STATS_RATIO_MAX_N * sizeof *b);
  scratch = malloc(STATS_RATIO_MAX_N * sizeof *scratch);
  ratios = malloc((size_t)resamples * sizeof *ratios);
  if (a == NULL || b == NULL || scratch == NULL || ratios == NULL)
    goto done;
  ma = thin(x, nx, a);
  mb = thin(y, ny, b);
  memcpy(scratch, a, ma * sizeof *a);
  *lo = median_in_place(scratch, ma);
  memcpy(scratch, b, mb * sizeof *b);
  *lo = *hi = median_in_place(scratch, mb) / *lo;
  if (ma < 2 || mb < 2)
    goto done;
  for (int r = 0; r < resamples; r++) {
    double mx = resampled_median(a, ma, scratch, r, 0);
    ratios[r] = resampled_median(b, mb, scratch, r, 1) / mx;
  }
  qsort(ratios, (size_t)resamples, sizeof *ratios, cmp_double);
  *lo = ratios[(size_t)(0.025 * (resamples - 1) + 0.5)];
  *hi = ratios[(size_t)(0.975 * (resamples - 1) + 0.5)];
done:
  free(a);
  free(b);
  free(scratch);
  free(ratios);
}

double stats_sample_sd(const double *x, size_t n)
{
  double sum = 0, ss = 0, mean;
  if (n < 2)
    return NAN;
  for (size_t i = 0; i < n; i++)
    sum += x[i];
  mean = sum / (double)n;
  for (size_t i = 0; i < n; i++)
    ss += (x[i] - mean) * (x[i] - mean);
  return sqrt(ss / (double)(n - 1));
}

/* A value with the sample it came from, for ranking the pooled samples. */
struct tagged {
  double v;
  int from_a;
};

static int cmp_tagged(const void *p, const void *q)
{
  const struct tagged *x = p, *y = q;
  return (x->v > y->v) - (x->v < y->v);
}

/* P(U >= u) for U of samples of m <= n elements without ties: the counts of U
** are the coefficients of the Gaussian binomial [m+n choose m]_q, built as
** prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i). NAN if out of memory. */
static double mw_exact_sf(double u, size_t m, size_t n)
{
  size_t deg = m * n, k;
  double *c = calloc(deg + 1, sizeof *c), total = 0, tail = 0;
  if (c == NULL)
    return NAN;
  c[0] = 1;
  for (size_t i = 1; i <= m; i++) {
    for (k = deg; k >= n + i; k--)   /* times (1 - q^(n+i)) */
      c[k] -= c[k - (n + i)];
    for (k = i; k <= deg; k++)       /* divided by (1 - q^i) */
      c[k] += c[k - i];
  }
  for (k = 0; k <= deg; k++) {
    total += c[k];
    if ((double)k >= u)
      tail += c[k];
  }
  free(c);
  return tail / total;
}

double stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u)
{
  size_t n = na + nb, i, j;
  struct tagged *t;
  double r1 = 0, tie = 0, u1, u2, umax, mu, sigma, p = 1;
  int ties = 0;
  *u = NAN;
  if (na == 0 || nb == 0)
    return 1;
  t = malloc(n * sizeof *t);
  if (t == NULL)
    return NAN;
  for (i = 0; i < na; i++)
    t[i] = (struct tagged){a[i], 1};
  for (i = 0; i < nb; i++)
    t[na + i] = (struct tagged){b[i], 0};
  qsort(t, n, sizeof *t, cmp_tagged);
  for (i = 0; i < n; i = j) {
    double rank, cnt;
    for (j = i + 1; j < n && t[j].v == t[i].v; j++)
      ;
    cnt = (double)(j - i);
    rank = ((double)i + 1 + (double)j) / 2; /* average of ranks i+1 .. j */
    for (size_t k = i; k < j; k++)
      if (t[k].from_a)
        r1 += rank;
    if (j - i > 1) {
      ties = 1;
      tie += cnt * cnt * cnt - cnt;
    }
  }
  free(t);
  u1 = r1 - (double)na * ((double)na + 1) / 2;
  u2 = (double)na * (double)nb - u1;
  *u = u1;
  umax = u1 > u2 ? u1 : u2;
  if (!ties && (na <= 8 || nb <= 8)) {
    p = 2 * mw_exact_sf(umax, na < nb ? na : nb, na < nb ? nb : na);
  } else {
    mu = (double)na * (double)nb / 2;
    sigma = sqrt((double)na * (double)nb / 12 *
                 (((double)n + 1) - tie / ((double)n * ((double)n - 1))));
    if (sigma > 0)
      p = erfc((umax - mu - 0.5) / sigma / sqrt(2.0)); /* 2 * normal tail */
  }
  return p > 1 ? 1 : p;
}

double stats_mann_whitney_min_p(size_t na, size_t nb)
{
  double c = 1, m, p; /* c = C(na + nb, na) */
  if (na == 0 || nb == 0)
    return 1;
  if (na <= 8 || nb <= 8) {
    for (size_t i = 1; i <= na; i++)
      c = c * (double)(nb + i) / (double)i;
    p = 2 / c;
  } else {
    m = (double)na * (double)nb;
    p = erfc((m / 2 - 0.5) / sqrt(m * ((double)(na + nb) + 1) / 12) / sqrt(2.0));
  }
  return p > 1 ? 1 : p;
}

/* The continued fraction of the incomplete beta function, evaluated by the
** modified Lentz method; converges fast for x < (a + 1) / (a + b + 2). */
static double beta_cf(double a, double b, double x)
{
  const double tiny = 1e-300, eps = 1e-15;
  double c = 1, d = 1 - (a + b) * x / (a + 1), h;
  if (fabs(d) < tiny)
    d = tiny;
  d = 1 / d;
  h = d;
  for (int m = 1; m <= 300; m++) {
    double m2 = 2.0 * m, num, del;
    num = m * (b - m) * x / ((a + m2 - 1) * (a + m2)); /* even step */
    d = 1 + num * d;
    c = 1 + num / c;
    d = fabs(d) < tiny ? 1 / tiny : 1 / d;
    if (fabs(c) < tiny)
      c = tiny;
    h *= d * c;
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1)); /* odd step */
    d = 1 + num * d;
    c = 1 + num / c;
    d = fabs(d) < tiny ? 1 / tiny : 1 / d;
    if (fabs(c) < tiny)
      c = tiny;
    del = d * c;
    h *= del;
    if (fabs(del - 1) < eps)
      break;
  }
  return h;
}

/* Regularized incomplete beta I_x(a, b), 0 <= x <= 1. */
static double beta_inc(double a, double b, double x)
{
  double front;
  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
  if (x < (a + 1) / (a + b + 2))
    return front * beta_cf(a, b, x) / a;
  return 1 - front * beta_cf(b, a, 1 - x) / b; /* the symmetry I_x(a,b) = 1 - I_1-x(b,a) */
}

double stats_t_p(double t, double df)
{
  if (!(df > 0) || isnan(t))
    return NAN;
  if (isinf(t))
    return 0;
  return beta_inc(df / 2, 0.5, df / (df + t * t));
}

static void mean_var(const double *x, size_t n, double *mean, double *var) /* n >= 2 */
{
  double m = 0, ss = 0;
  for (size_t i = 0; i < n; i++)
    m += x[i];
  m /= (double)n;
  for (size_t i = 0; i < n; i++)
    ss += (x[i] - m) * (x[i] - m);
  *mean = m;
  *var = ss / (double)(n - 1);
}

double stats_ttest_1samp(const double *x, size_t k, double *mean, double *t)
{
  double var;
  *mean = *t = NAN;
  if (k < 2)
    return NAN;
  mean_var(x, k, mean, &var);
  if (var == 0) {
    *t = *mean == 0 ? 0 : copysign(INFINITY, *mean);
    return *mean == 0 ? 1 : 0;
  }
  *t = *mean / sqrt(var / (double)k);
  return stats_t_p(*t, (double)(k - 1));
}

double stats_welch(const double *a, size_t na, const double *b, size_t nb, double *diff)
{
  double ma, va, mb, vb, sa, sb, se2, df;
  *diff = NAN;
  if (na < 2 || nb < 2)
    return NAN;
  mean_var(a, na, &ma, &va);
  mean_var(b, nb, &mb, &vb);
  *diff = ma - mb;
  sa = va / (double)na;
  sb = vb / (double)nb;
  se2 = sa + sb;
  if (se2 == 0)
    return *diff == 0 ? 1 : 0;
  df = se2 * se2 / (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1)); /* Welch-Satterthwaite */
  return stats_t_p(*diff / sqrt(se2), df);
}

double stats_median(const double *x, size_t n)
{
  double *c = malloc(n * sizeof *c), m;
  if (c == NULL)
    return NAN;
  memcpy(c, x, n * sizeof *c);
  m = median_in_place(c, n);
  free(c);
  return m;
}

/* ================================ Verdicts ============================== */

double stats_mean(const double *x, size_t n)
{
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += x[i];
  return s / (double)n;
}

/* The verdict from significance and the size of the change. */
static enum stats_verdict verdict(const struct stats_rule *r, int significant, double speedup)
{
  if (significant && speedup < 1 - r->threshold)
    return STATS_SLOWER;
  if (significant && speedup > 1 + r->threshold)
    return STATS_FASTER;
  return STATS_SAME;
}

void stats_judge_runs(const struct stats_rule *r, const double *old, size_t nold, const double *new,
                  size_t nnew, struct stats_judgement *out)
{
  stats_judge_sample(r, old, nold, new, nnew, NULL, out);
}

/* v, or when NaN (or g NULL) the fallback. */
static double given_or(const struct stats_given *g, const double *v, double fallback)
{
  return g != NULL && !isnan(*v) ? *v : fallback;
}

void stats_judge_sample(const struct stats_rule *r, const double *old, size_t nold, const double *new,
                        size_t nnew, const struct stats_given *g, struct stats_judgement *out)
{
  double mo = given_or(g, g ? &g->mean_old : NULL, stats_mean(old, nold));
  double mn = given_or(g, g ? &g->mean_new : NULL, stats_mean(new, nnew)), u;
  int significant;
  out->test = r->test == STATS_FUTHARK ? STATS_FUTHARK : STATS_MANN_WHITNEY;
  out->mean_old = mo;
  out->mean_new = mn;
  out->speedup = mo > 0 && mn > 0 ? mo / mn : NAN;
  out->p = NAN;
  out->rounds = 0;
  if (out->test == STATS_MANN_WHITNEY) {
    if (stats_mann_whitney_min_p(nold, nnew) >= r->alpha) {
      out->verdict = STATS_UNTESTABLE;
      return;
    }
    out->p = stats_mann_whitney(old, nold, new, nnew, &u);
    significant = out->p < r->alpha;
  } else {
    double so = given_or(g, g ? &g->sd_old : NULL, stats_sample_sd(old, nold));
    double sn = given_or(g, g ? &g->sd_new : NULL, stats_sample_sd(new, nnew));
    significant = fabs(mo - mn) > so / 2 + sn / 2; /* false when an sd is NaN */
  }
  out->verdict = verdict(r, significant, out->speedup);
}

int stats_judge_rounds(const struct stats_rule *r, const double *old, size_t nold, const double *new,
                       size_t nnew, int paired, struct stats_judgement *out)
{
  double *lo = malloc((nold + 1) * sizeof *lo), *ln = malloc((nnew + 1) * sizeof *ln), so = 0, sn = 0;
  double m, t;
  int rc = lo == NULL || ln == NULL ? -1 : 0;
  out->test = STATS_ROUNDS;
  out->p = NAN;
  out->rounds = paired ? nold : (nold < nnew ? nold : nnew);
  out->verdict = STATS_UNTESTABLE;
  out->mean_old = out->mean_new = out->speedup = NAN;
  if (lo == NULL || ln == NULL || nold == 0 || nnew == 0 || (paired && nold != nnew))
    goto done;
  for (size_t i = 0; i < nold; i++)
    so += (lo[i] = log(old[i]));
  for (size_t i = 0; i < nnew; i++)
    sn += (ln[i] = log(new[i]));
  out->mean_old = exp(so / (double)nold); /* geometric means */
  out->mean_new = exp(sn / (double)nnew);
  out->speedup = out->mean_old / out->mean_new;
  if (out->rounds < STATS_MIN_ROUNDS)
    goto done;
  if (paired) {
    for (size_t i = 0; i < nold; i++)
      ln[i] -= lo[i]; /* log(new_i / old_i) */
    out->p = stats_ttest_1samp(ln, nold, &m, &t);
    out->speedup = exp(-m); /* = mean_old / mean_new */
  } else {
    out->p = stats_welch(ln, nnew, lo, nold, &m);
  }
  if (isnan(out->p))
    goto done;
  out->verdict = verdict(r, out->p < r->alpha, out->speedup);
done:
  free(lo);
  free(ln);
  return rc;
}

