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

void stats_compute(const double *x, size_t n, struct stats *s)
{
  double sum = 0, ss = 0, ac = 0;
  memset(s, 0, sizeof *s);
  s->n = n;
  if (n == 0) {
    s->mean = s->sd = s->rsd = s->rse = NAN;
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
  {
    double *c = malloc(n * sizeof *c);
    if (c != NULL) {
      memcpy(c, x, n * sizeof *c);
      qsort(c, n, sizeof *c, cmp_double);
      s->median = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
      free(c);
    } else {
      s->median = NAN;
    }
  }
}

int stats_needs_more(const struct stats *s)
{
  static const double rows[][2] = {{0.95, 0.0010}, {0.75, 0.0015}, {0.65, 0.0025},
                                   {0.45, 0.0050}, {0.00, 0.0100}};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    if (s->r1 > rows[i][0] && s->rse > rows[i][1]) /* false for NaN */
      return 1;
  return 0;
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
