/*
** summary.c: the fastest entries of each group of datasets.
*/
#include "summary.h"

#include "ofile.h"
#include "ps.h"
#include "stats.h"
#include "table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int summary_add(struct summary *s, const char *family, const char *output, const char *entry,
                const char *dataset, const struct report_dataset *d)
{
  struct summary_row *r;
  size_t m = d->n < STATS_RATIO_MAX_N ? d->n : STATS_RATIO_MAX_N;
  if (s->n == s->cap) {
    size_t nc = s->cap ? 2 * s->cap : 32;
    struct summary_row *nr = realloc(s->rows, nc * sizeof *nr);
    if (nr == NULL)
      return -1;
    s->rows = nr;
    s->cap = nc;
  }
  r = &s->rows[s->n];
  memset(r, 0, sizeof *r);
  r->family = family;
  r->output = output;
  r->entry = strdup(entry);
  r->dataset = strdup(dataset);
  r->us = malloc((m ? m : 1) * sizeof *r->us);
  if (r->entry == NULL || r->dataset == NULL || r->us == NULL) {
    free(r->entry);
    free(r->dataset);
    free(r->us);
    return -1;
  }
  for (size_t i = 0; i < m; i++) /* a uniform stride over all the runs */
    r->us[i] = d->us[(size_t)((double)i * (double)d->n / (double)m)];
  r->n = m;
  r->median_us = d->s.median;
  r->rsd = d->s.rsd;
  r->converged = d->stop != MEASURE_BUDGET && d->stop != MEASURE_MAX_RUNS;
  s->n++;
  return 0;
}

void summary_free(struct summary *s)
{
  for (size_t i = 0; i < s->n; i++) {
    free(s->rows[i].entry);
    free(s->rows[i].dataset);
    free(s->rows[i].us);
  }
  free(s->rows);
  memset(s, 0, sizeof *s);
}

void summary_group(const char *dataset, char *buf, size_t n)
{
  static const char *const layouts[] = {"sorted ", "eytzinger "};
  for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
    if (strncmp(dataset, layouts[i], strlen(layouts[i])) == 0) {
      dataset += strlen(layouts[i]);
      break;
    }
  snprintf(buf, n, "%s", dataset);
}

/* Rows in order of family, output, dataset group (natural order), then mean. */
static int group_cmp(const struct summary_row *x, const struct summary_row *y)
{
  char gx[512], gy[512];
  int c;
  if ((c = strcmp(x->family, y->family)) != 0 || (c = strcmp(x->output, y->output)) != 0)
    return c;
  summary_group(x->dataset, gx, sizeof gx);
  summary_group(y->dataset, gy, sizeof gy);
  return ps_natcmp(gx, gy);
}

static int by_group_median(const void *a, const void *b)
{
  const struct summary_row *x = a, *y = b;
  int c = group_cmp(x, y);
  if (c != 0)
    return c;
  return (x->median_us > y->median_us) - (x->median_us < y->median_us);
}

/* y against the fastest x: the ratio of the medians, its interval, and
** whether the runs resolve it (the interval above 1 + the margin: wider with
** fewer than SUMMARY_MIN_RUNS runs on a side, few_runs, or a noisy side). */
struct versus {
  double ratio, lo, hi;
  int resolved, few_runs;
};

static struct versus against(const struct summary_row *x, const struct summary_row *y)
{
  struct versus v;
  v.ratio = y->median_us / x->median_us;
  stats_ratio_ci(x->us, x->n, y->us, y->n, SUMMARY_RESAMPLES, &v.lo, &v.hi);
  v.few_runs = x->n < SUMMARY_MIN_RUNS || y->n < SUMMARY_MIN_RUNS;
  v.resolved = v.lo > 1 + (v.few_runs || x->rsd > REPORT_NOISY_RSD || y->rsd > REPORT_NOISY_RSD
                                  ? SUMMARY_FEW_THRESHOLD
                                  : SUMMARY_THRESHOLD);
  return v;
}

/* What a row's line must say besides its figures: "" or "; noisy (RSD
** 0.41)", "; did not converge". */
static void caveat(const struct summary_row *r, char *buf, size_t n)
{
  size_t off = 0;
  buf[0] = '\0';
  if (r->rsd > REPORT_NOISY_RSD)
    off += (size_t)snprintf(buf, n, "; noisy (RSD %.2f)", r->rsd);
  if (!r->converged && off < n)
    snprintf(buf + off, n - off, "; did not converge");
}

/* Sort the rows and call fn(first, count) for each group of two rows or more. */
static void each_group(const struct summary *s, FILE *f, void (*fn)(FILE *f, const struct summary_row *g, size_t k))
{
  size_t i = 0;
  if (s->n > 1) /* no rows: no array to sort */
    qsort(s->rows, s->n, sizeof *s->rows, by_group_median);
  while (i < s->n) {
    size_t j = i + 1;
    while (j < s->n && group_cmp(&s->rows[i], &s->rows[j]) == 0)
      j++;
    if (j - i >= 2)
      fn(f, &s->rows[i], j - i);
    i = j;
  }
}

/* "entry", or "entry (DATASET)" when the group mixes dataset names (layouts). */
static void label(const struct summary_row *r, int mixed, char *buf, size_t n)
{
  if (mixed)
    snprintf(buf, n, "%s (%s)", r->entry, r->dataset);
  else
    snprintf(buf, n, "%s", r->entry);
}

static int mixed_names(const struct summary_row *g, size_t k)
{
  for (size_t i = 1; i < k; i++)
    if (strcmp(g[i].dataset, g[0].dataset) != 0)
      return 1;
  return 0;
}

/* The group's name when it mixes dataset names, else the one dataset's. */
static void group_name(const struct summary_row *g, size_t k, char *buf, size_t n)
{
  if (mixed_names(g, k))
    summary_group(g[0].dataset, buf, n);
  else
    snprintf(buf, n, "%s", g[0].dataset);
}

/* "" or, when only the few-runs margin kept a ratio from being resolved, a
** note that more runs would judge it. */
static void few_note(const struct versus *v, char *buf, size_t n)
{
  buf[0] = '\0';
  if (v->few_runs && v->lo > 1 + SUMMARY_THRESHOLD)
    snprintf(buf, n, "; fewer than %d runs: under %.0f%% not judged", SUMMARY_MIN_RUNS,
             100 * SUMMARY_FEW_THRESHOLD);
}

static void text_group(FILE *f, const struct summary_row *g, size_t k)
{
  char name[600], t[32], grp[512], note[80], few[80];
  int mixed = mixed_names(g, k);
  group_name(g, k, grp, sizeof grp);
  label(&g[0], mixed, name, sizeof name);
  report_time(g[0].median_us, t, sizeof t);
  caveat(&g[0], note, sizeof note);
  fprintf(f, "\nSummary for %s (%s) on %s:\n  %s ran (median %s%s)\n", g[0].family, g[0].output, grp, name, t,
          note);
  for (size_t i = 1; i < k; i++) {
    struct versus v = against(&g[0], &g[i]);
    label(&g[i], mixed, name, sizeof name);
    caveat(&g[i], note, sizeof note);
    if (v.resolved)
      fprintf(f, "    %8.2fx [%.2f, %.2f] faster than %s%s\n", v.ratio, v.lo, v.hi, name, note);
    else {
      few_note(&v, few, sizeof few);
      fprintf(f, "    indistinguishable from %s (%.2fx [%.2f, %.2f]%s%s)\n", name, v.ratio, v.lo, v.hi, note, few);
    }
  }
}

void summary_print_text(FILE *f, const struct summary *s)
{
  each_group(s, f, text_group);
}

static void markdown_group(FILE *f, const struct summary_row *g, size_t k)
{
  static const char *const head[] = {"entry", "dataset", "median", "relative [95% CI]", "verdict"};
  char grp[512], title[1200], t[32], rel[64], verdict[160], note[80], few[80];
  group_name(g, k, grp, sizeof grp);
  snprintf(title, sizeof title, "%s (%s) on %s", g[0].family, g[0].output, grp);
  fputs("\n**", f);
  table_md_text(f, title);
  fputs("**\n\n", f);
  table_md_head(f, 5, head, "llrrl");
  for (size_t i = 0; i < k; i++) {
    struct versus v = {1, 1, 1, 0, 0};
    if (i > 0)
      v = against(&g[0], &g[i]);
    report_time(g[i].median_us, t, sizeof t);
    snprintf(rel, sizeof rel, "%.2fx [%.2f, %.2f]", v.ratio, v.lo, v.hi);
    caveat(&g[i], note, sizeof note);
    few_note(&v, few, sizeof few);
    snprintf(verdict, sizeof verdict, "%s%s%s", i == 0 ? "fastest" : v.resolved ? "slower" : "indistinguishable",
             note, few);
    table_md_row(f, 5, (const char *const[]){g[i].entry, g[i].dataset, t, rel, verdict});
  }
}

void summary_print_markdown(FILE *f, const struct summary *s)
{
  fprintf(f, "### psearch bench: fastest first\n");
  each_group(s, f, markdown_group);
}

int summary_write_markdown(const char *path, const struct summary *s, struct ps_err *e)
{
  struct ofile *o = ofile_open(path, e);
  if (o == NULL)
    return -1;
  summary_print_markdown(ofile_stream(o), s);
  return ofile_commit(o, e);
}
