/*
** plotbox.c: the box plots of plot and report, one panel per suite and
** problem, entries fastest first on a log time axis (plotbox.h).
*/
#include "plotbox.h"

#include "plotgroup.h"
#include "strmap.h"
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEFT 24.0
#define ROW_H 20.0
#define SUITE_H 26.0     /* a suite's heading */
#define TITLE_H 20.0     /* a panel's title */
#define AXIS_H 36.0      /* a panel's axis and its labels */
#define AXIS_W 560.0
#define MEDIAN_W 118.0   /* the outliers' count at the axis's end, then the median */
#define LABEL_MIN 140.0
#define LABEL_MAX 420.0  /* longer labels lose their middle */
#define FONT 11.0
#define WHISKER 0.05     /* the whiskers' percentiles: WHISKER and 1 - WHISKER */
#define FLOOR_US 1e-3    /* a runtime of 0 (futhark's integer µs) is drawn here */

/* One file's dataset of one program: a row of a panel. */
struct row {
  const char *prog, *ds;
  const struct res_dataset *d;
  int file;
  char *key;               /* "SUITE\0PROBLEM": the panel's key (owned) */
  size_t panel;
  int ok;                  /* ran, with its statistics below */
  struct res_summary sm;
  double lo, hi;           /* the whiskers, µs */
  double rank;             /* the least median of its program and dataset in any file; INFINITY when none ran */
};

/* A suite's problem: rows [first, first + n) once sorted. */
struct panel {
  size_t first, n;
  double lo, hi; /* the axis, µs */
  int mixed;     /* its rows hold more than one dataset name: labels say the layout */
  int ranked;    /* its rows hold more than one program or dataset */
};

struct plotbox {
  struct results *const *r;
  int nfiles;
  struct row *rows;
  size_t nrows;
  struct panel *p;
  size_t np;
  double label_w;
};

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Rows of one panel together (in order of the panels' first appearance),
** a program's dataset's files together, in file order. */
static int cmp_gather(const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  int c = (x->panel > y->panel) - (x->panel < y->panel);
  if (c == 0 && (c = strcmp(x->prog, y->prog)) == 0 && (c = strcmp(x->ds, y->ds)) == 0)
    c = (x->file > y->file) - (x->file < y->file);
  return c;
}

/* Within a panel, fastest first by rank; then as cmp_gather. */
static int cmp_rank(const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  int c = (x->panel > y->panel) - (x->panel < y->panel);
  if (c == 0)
    c = (x->rank > y->rank) - (x->rank < y->rank);
  return c != 0 ? c : cmp_gather(a, b);
}

/* Percentile q of the n sorted values s (linear between neighbours). */
static double percentile(const double *s, size_t n, double q)
{
  double at = q * (double)(n - 1), f = floor(at);
  size_t i = (size_t)f;
  return i + 1 < n ? s[i] + (s[i + 1] - s[i]) * (at - f) : s[n - 1];
}

/* Row w's statistics and whiskers (scratch: room for its runs). 0, or -1 when out of memory. */
static int row_stats(struct row *w, double *scratch)
{
  const struct res_dataset *d = w->d;
  w->ok = d->error == NULL && d->nruns > 0;
  if (!w->ok)
    return 0;
  if (results_summary(d, &w->sm) != 0)
    return -1;
  memcpy(scratch, d->runs, d->nruns * sizeof *scratch);
  qsort(scratch, d->nruns, sizeof *scratch, cmp_double);
  w->lo = fmin(percentile(scratch, d->nruns, WHISKER), w->sm.q1);
  w->hi = fmax(percentile(scratch, d->nruns, 1 - WHISKER), w->sm.q3);
  return 0;
}

/* Row w's key "SUITE\0PROBLEM" (its length in *len); NULL when out of memory. */
static char *row_key(const char *prog, const char *ds, size_t *len)
{
  char suite[512], entry[8], problem[512], *key;
  size_t ls, lp;
  plotgroup_split(prog, suite, sizeof suite, entry, sizeof entry);
  plotgroup_problem(ds, problem, sizeof problem);
  ls = strlen(suite);
  lp = strlen(problem);
  if ((key = malloc(ls + lp + 2)) != NULL) {
    memcpy(key, suite, ls + 1);
    memcpy(key + ls + 1, problem, lp + 1);
  }
  *len = ls + lp + 1;
  return key;
}

/* The label of row w: its entry, and its dataset's layout where the panel
** mixes them ("bench_eytzinger_search · eytzinger"). */
static void row_label(const struct row *w, int mixed, char *buf, size_t size)
{
  char suite[8], entry[512], layout[256];
  plotgroup_split(w->prog, suite, sizeof suite, entry, sizeof entry);
  plotgroup_layout(w->ds, layout, sizeof layout);
  if (mixed)
    snprintf(buf, size, "%s \u00b7 %s", entry, layout[0] ? layout : w->ds);
  else
    snprintf(buf, size, "%s", entry);
}

/* Rows of every file, grouped into panels by a hash of their keys. 0, or -1 when out of memory. */
static int gather(struct plotbox *b, double *scratch)
{
  struct strmap index = {0};
  int rc = -1;
  for (int i = 0; i < b->nfiles; i++)
    for (size_t j = 0; j < b->r[i]->nprogs; j++)
      for (size_t k = 0; k < b->r[i]->progs[j].nds; k++) {
        struct row *w = &b->rows[b->nrows];
        size_t len;
        int got;
        w->prog = b->r[i]->progs[j].name;
        w->ds = b->r[i]->progs[j].ds[k].name;
        w->d = &b->r[i]->progs[j].ds[k];
        w->file = i;
        if ((w->key = row_key(w->prog, w->ds, &len)) == NULL)
          goto done;
        b->nrows++;
        if ((got = strmap_put(&index, w->key, len, b->np, &w->panel)) < 0 || row_stats(w, scratch) != 0)
          goto done;
        if (got == 0)
          w->panel = b->np++;
      }
  rc = 0;
done:
  strmap_free(&index);
  return rc;
}

/* Each row's rank, the panels' rows sorted by it, their axes and the labels' room. */
static void arrange(struct plotbox *b)
{
  qsort(b->rows, b->nrows, sizeof *b->rows, cmp_gather);
  for (size_t i = 0, j; i < b->nrows; i = j) { /* a program's dataset in every file: one rank */
    double rank = INFINITY;
    for (j = i; j < b->nrows && b->rows[j].panel == b->rows[i].panel && strcmp(b->rows[j].prog, b->rows[i].prog) == 0 &&
                strcmp(b->rows[j].ds, b->rows[i].ds) == 0;
         j++)
      rank = b->rows[j].ok ? fmin(rank, b->rows[j].sm.median) : rank;
    for (size_t q = i; q < j; q++)
      b->rows[q].rank = rank;
  }
  qsort(b->rows, b->nrows, sizeof *b->rows, cmp_rank);
  b->label_w = LABEL_MIN;
  for (size_t i = 0; i < b->nrows; i++) {
    struct panel *p = &b->p[b->rows[i].panel];
    const struct row *w = &b->rows[i];
    if (p->n++ == 0) {
      p->first = i;
      p->lo = INFINITY;
      p->hi = -INFINITY;
    }
    p->mixed |= strcmp(w->ds, b->rows[p->first].ds) != 0;
    p->ranked |= strcmp(w->ds, b->rows[p->first].ds) != 0 || strcmp(w->prog, b->rows[p->first].prog) != 0;
    if (w->ok) {
      p->lo = fmin(p->lo, fmax(w->lo, FLOOR_US));
      p->hi = fmax(p->hi, fmax(w->hi, FLOOR_US));
    }
  }
  for (size_t i = 0; i < b->nrows; i++) {
    char label[1200];
    row_label(&b->rows[i], b->p[b->rows[i].panel].mixed, label, sizeof label);
    b->label_w = fmin(LABEL_MAX, fmax(b->label_w, plotgroup_text_width(label, FONT) + 16));
  }
  for (size_t q = 0; q < b->np; q++) { /* padded by a twentieth of the span, at least 2% */
    struct panel *p = &b->p[q];
    double span;
    if (!(p->lo <= p->hi))
      p->lo = p->hi = 1;
    span = fmax(log10(p->hi / p->lo), 0.2);
    p->lo /= pow(10, span * 0.05);
    p->hi *= pow(10, span * 0.05);
  }
}

struct plotbox *plotbox_new(struct results *const *r, int nfiles)
{
  struct plotbox *b = calloc(1, sizeof *b);
  double *scratch = NULL;
  size_t cap = 0, most = 1;
  if (b == NULL)
    goto fail;
  b->r = r;
  b->nfiles = nfiles;
  for (int i = 0; i < nfiles; i++)
    for (size_t j = 0; j < r[i]->nprogs; j++)
      for (size_t k = 0; k < r[i]->progs[j].nds; k++) {
        cap++;
        most = r[i]->progs[j].ds[k].nruns > most ? r[i]->progs[j].ds[k].nruns : most;
      }
  if ((b->rows = calloc(cap + 1, sizeof *b->rows)) == NULL || (b->p = calloc(cap + 1, sizeof *b->p)) == NULL ||
      (scratch = malloc(most * sizeof *scratch)) == NULL || gather(b, scratch) != 0)
    goto fail;
  arrange(b);
  free(scratch);
  return b;
fail:
  free(scratch);
  plotbox_free(b);
  return NULL;
}

void plotbox_free(struct plotbox *b)
{
  if (b == NULL)
    return;
  for (size_t i = 0; i < b->nrows; i++)
    free(b->rows[i].key);
  free(b->rows);
  free(b->p);
  free(b);
}

/* Whether panel q begins a suite (its suite differs from the panel before). */
static int new_suite(const struct plotbox *b, size_t q)
{
  return q == 0 || strcmp(b->rows[b->p[q].first].key, b->rows[b->p[q - 1].first].key) != 0;
}

double plotbox_height(const struct plotbox *b)
{
  double h = 0;
  for (size_t q = 0; q < b->np; q++)
    h += (new_suite(b, q) ? SUITE_H : 0) + TITLE_H + ROW_H * (double)b->p[q].n + AXIS_H;
  return h;
}

double plotbox_width(const struct plotbox *b, double min_w)
{
  return fmax(min_w, LEFT + b->label_w + AXIS_W + MEDIAN_W + LEFT);
}

/* The axis of a panel: µs to pixels, logarithmically. */
struct axis {
  double lo, hi, x0, x1;
};

static double axis_x(const struct axis *ax, double us)
{
  double v = fmin(fmax(us, ax->lo), ax->hi);
  return ax->x0 + log(v / ax->lo) / log(ax->hi / ax->lo) * (ax->x1 - ax->x0);
}

/* The ticks of the axis into t (at most 12): the first of 1, {1, 2, 5} and
** 1..9 times the powers of ten that gives at least 3 in range, else evenly
** spaced ones at a step of 1, 2 or 5 times a power of ten; their count. */
static int ticks(const struct axis *ax, double *t)
{
  static const double sets[3][9] = {{1}, {1, 2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
  static const int sizes[3] = {1, 3, 9};
  int n = 0;
  for (int s = 0; s < 3 && n < 3; s++) {
    n = 0;
    for (double dec = pow(10, floor(log10(ax->lo))); dec <= ax->hi && n < 12; dec *= 10)
      for (int k = 0; k < sizes[s] && n < 12; k++)
        if (dec * sets[s][k] >= ax->lo && dec * sets[s][k] <= ax->hi)
          t[n++] = dec * sets[s][k];
  }
  if (n < 3) { /* a narrow range: a linear step of about a fifth of it */
    double raw = (ax->hi - ax->lo) / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;
    double step = (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
    n = 0;
    for (double v = ceil(ax->lo / step) * step; v <= ax->hi && n < 12; v += step)
      t[n++] = v;
  }
  return n;
}

static void draw_axis(FILE *f, const struct axis *ax, double y)
{
  double t[12];
  int n = ticks(ax, t);
  svg_line(f, ax->x0, y, ax->x1, y, "#444", 1);
  for (int k = 0; k < n; k++) {
    svg_line(f, axis_x(ax, t[k]), y, axis_x(ax, t[k]), y + 4, "#444", 1);
    svg_text(f, axis_x(ax, t[k]), y + 15, SVG_MIDDLE, 10, 0, "#444", "%.6g", t[k]);
  }
  svg_text(f, ax->x1, y + 29, SVG_END, 10, 0, "#444", "runtime (\u00b5s, log scale)");
}

/* Row w at height yc: whiskers, the box, the median, the runs beyond the
** whiskers as points (counted at the axis's end when beyond it), and the
** median printed. */
static void draw_row(FILE *f, const struct plotbox *b, const struct row *w, const struct axis *ax, double yc)
{
  const char *c = svg_palette[w->file % SVG_PALETTE_N];
  char tip[1400], mean[32], med[32], q1[32], q3[32];
  size_t beyond = 0;
  plotgroup_us(w->sm.mean, mean, sizeof mean);
  plotgroup_us(w->sm.median, med, sizeof med);
  plotgroup_us(w->sm.q1, q1, sizeof q1);
  plotgroup_us(w->sm.q3, q3, sizeof q3);
  snprintf(tip, sizeof tip, "%.400s: %.400s %.400s: %zu runs, mean %s, median %s, quartiles %s to %s",
           b->r[w->file]->path, w->prog, w->ds, w->sm.runs, mean, med, q1, q3);
  svg_group_begin(f, tip);
  svg_line(f, axis_x(ax, w->lo), yc, axis_x(ax, w->hi), yc, c, 1);
  svg_line(f, axis_x(ax, w->lo), yc - 4, axis_x(ax, w->lo), yc + 4, c, 1);
  svg_line(f, axis_x(ax, w->hi), yc - 4, axis_x(ax, w->hi), yc + 4, c, 1);
  svg_rect(f, axis_x(ax, w->sm.q1), yc - 6, axis_x(ax, w->sm.q3) - axis_x(ax, w->sm.q1), 12, "#f4f4f4", c);
  svg_line(f, axis_x(ax, w->sm.median), yc - 6, axis_x(ax, w->sm.median), yc + 6, c, 2.5);
  for (size_t k = 0; k < w->d->nruns; k++) {
    double v = w->d->runs[k];
    if (v >= w->lo && v <= w->hi)
      continue;
    if (v > ax->hi || v < ax->lo)
      beyond++;
    else
      svg_circle(f, axis_x(ax, v), yc, 1.8, c, 0.6);
  }
  svg_group_end(f);
  if (beyond > 0)
    svg_text(f, ax->x1 + 4, yc + 4, SVG_START, 9, 0, "#888", "+%zu", beyond);
  svg_text(f, ax->x1 + MEDIAN_W - 4, yc + 4, SVG_END, FONT, 1, "#222", "%s", med);
}

void plotbox_draw(FILE *f, const struct plotbox *b, double y, double w)
{
  size_t fit = (size_t)((b->label_w - 16) / (FONT * 0.6));
  for (size_t q = 0; q < b->np; q++) {
    const struct panel *p = &b->p[q];
    const struct row *first = &b->rows[p->first];
    struct axis ax = {p->lo, p->hi, w - LEFT - MEDIAN_W - AXIS_W, w - LEFT - MEDIAN_W};
    char text[1200], cut[1200];
    if (new_suite(b, q)) {
      plotgroup_clip_middle(first->key[0] ? first->key : "(no suite)", 120, cut, sizeof cut);
      svg_text(f, LEFT, y + 19, SVG_START, 14, 1, "#222", "%s", cut);
      y += SUITE_H;
    }
    plotgroup_clip_middle(first->key + strlen(first->key) + 1, 120, cut, sizeof cut);
    svg_text(f, LEFT, y + 14, SVG_START, 12, 1, "#444", "%s%s", cut, p->ranked ? "  (fastest first)" : "");
    y += TITLE_H;
    for (size_t i = p->first; i < p->first + p->n; i++, y += ROW_H) {
      const struct row *rw = &b->rows[i];
      row_label(rw, p->mixed, text, sizeof text);
      if (plotgroup_text_width(text, FONT) + 16 > b->label_w) /* too long for the column: the middle dropped */
        plotgroup_clip_middle(text, fit, cut, sizeof cut);
      else
        snprintf(cut, sizeof cut, "%s", text);
      if (i == p->first || strcmp(rw->prog, rw[-1].prog) != 0 || strcmp(rw->ds, rw[-1].ds) != 0)
        svg_text(f, ax.x0 - 8, y + ROW_H / 2 + 4, SVG_END, FONT, 0, "#222", "%s", cut); /* once for its files */
      if (rw->ok) {
        draw_row(f, b, rw, &ax, y + ROW_H / 2);
        continue;
      }
      plotgroup_clip_middle(rw->d->error, 90, cut, sizeof cut);
      svg_text(f, ax.x0, y + ROW_H / 2 + 4, SVG_START, FONT, 0, "#888", "failed: %s", cut);
    }
    draw_axis(f, &ax, y + 4);
    y += AXIS_H;
  }
}
