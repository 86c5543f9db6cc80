/*
** summary.c: the fastest entries of each group of datasets.
*/
#include "summary.h"

#include "ofile.h"
#include "ps.h"
#include "report.h"
#include "table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int summary_add(struct summary *s, const char *family, const char *output, const char *entry,
                const char *dataset, double mean_us, double se_us)
{
  struct summary_row *r;
  if (s->n == s->cap) {
    size_t nc = s->cap ? 2 * s->cap : 32;
    struct summary_row *nr = realloc(s->rows, nc * sizeof *nr);
    if (nr == NULL)
      return -1;
    s->rows = nr;
    s->cap = nc;
  }
  r = &s->rows[s->n];
  r->family = family;
  r->output = output;
  r->entry = strdup(entry);
  r->dataset = strdup(dataset);
  r->mean_us = mean_us;
  r->se_us = se_us;
  if (r->entry == NULL || r->dataset == NULL) {
    free(r->entry);
    free(r->dataset);
    return -1;
  }
  s->n++;
  return 0;
}

void summary_free(struct summary *s)
{
  for (size_t i = 0; i < s->n; i++) {
    free(s->rows[i].entry);
    free(s->rows[i].dataset);
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

static int by_group_mean(const void *a, const void *b)
{
  const struct summary_row *x = a, *y = b;
  int c = group_cmp(x, y);
  if (c != 0)
    return c;
  return (x->mean_us > y->mean_us) - (x->mean_us < y->mean_us);
}

/* The ratio y/x of two means and its standard error. */
static void ratio(const struct summary_row *x, const struct summary_row *y, double *r, double *se)
{
  *r = y->mean_us / x->mean_us;
  *se = *r * sqrt(pow(x->se_us / x->mean_us, 2) + pow(y->se_us / y->mean_us, 2));
}

/* Sort the rows and call fn(first, count) for each group of two rows or more. */
static void each_group(const struct summary *s, FILE *f, void (*fn)(FILE *f, const struct summary_row *g, size_t k))
{
  size_t i = 0;
  qsort(s->rows, s->n, sizeof *s->rows, by_group_mean);
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

static void text_group(FILE *f, const struct summary_row *g, size_t k)
{
  char name[600], t[32], grp[512];
  int mixed = mixed_names(g, k);
  group_name(g, k, grp, sizeof grp);
  label(&g[0], mixed, name, sizeof name);
  report_time(g[0].mean_us, t, sizeof t);
  fprintf(f, "\nSummary for %s (%s) on %s:\n  %s ran (%s)\n", g[0].family, g[0].output, grp, name, t);
  for (size_t i = 1; i < k; i++) {
    double r, se;
    ratio(&g[0], &g[i], &r, &se);
    label(&g[i], mixed, name, sizeof name);
    fprintf(f, "    %8.2f ± %.2f times faster than %s\n", r, se, name);
  }
}

void summary_print_text(FILE *f, const struct summary *s)
{
  each_group(s, f, text_group);
}

static void markdown_group(FILE *f, const struct summary_row *g, size_t k)
{
  static const char *const head[] = {"entry", "dataset", "mean", "relative"};
  char grp[512], title[1200], t[32], rel[64];
  group_name(g, k, grp, sizeof grp);
  snprintf(title, sizeof title, "%s (%s) on %s", g[0].family, g[0].output, grp);
  fputs("\n**", f);
  table_md_text(f, title);
  fputs("**\n\n", f);
  table_md_head(f, 4, head, "llrr");
  for (size_t i = 0; i < k; i++) {
    double r, se;
    ratio(&g[0], &g[i], &r, &se);
    report_time(g[i].mean_us, t, sizeof t);
    snprintf(rel, sizeof rel, "%.2f ± %.2f", r, se);
    table_md_row(f, 4, (const char *const[]){g[i].entry, g[i].dataset, t, rel});
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
