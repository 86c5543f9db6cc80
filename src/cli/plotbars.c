/*
** plotbars.c: `psearch plot --bars`: the blog post's figure, a grouped bar
** chart per suite: for each dataset, one bar per entry point, the runtime
** relative to a baseline entry on that dataset (plotbars.h).
*/
#include "plotbars.h"

#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W 960.0
#define LEFT 24.0
#define LABEL_W 260.0  /* dataset names */
#define BAR_H 16.0
#define GROUP_GAP 14.0
#define PLOT_W 520.0
#define MAX_BARS 4096

/* One bar: entry e of suite s on dataset d, its mean and the baseline's. */
struct bar {
  char suite[200], entry[120];
  const char *ds;
  double mean, base; /* µs; base 0: no baseline on this dataset */
};

/* Split a program name "SUITE:ENTRY" at its last ':', or a peer's
** "SUITE:peer/LIB:OP" (scripts/peers.py) before "peer/", so that it joins
** the suite's entries. */
static void split(const char *prog, char *suite, size_t ssz, char *entry, size_t esz)
{
  const char *c = strstr(prog, ":peer/");
  if (c == NULL)
    c = strrchr(prog, ':');
  snprintf(suite, ssz, "%.*s", c ? (int)(c - prog) : 0, prog);
  snprintf(entry, esz, "%s", c ? c + 1 : prog);
}

/* Every dataset that ran, in file order, with its baseline's mean. */
static size_t gather(const struct results *r, const char *baseline, struct bar *b)
{
  size_t n = 0;
  for (size_t j = 0; j < r->nprogs; j++)
    for (size_t k = 0; k < r->progs[j].nds && n < MAX_BARS; k++) {
      const struct res_dataset *d = &r->progs[j].ds[k];
      char key[400];
      const struct res_program *bp;
      const struct res_dataset *bd;
      if (d->error != NULL || d->nruns == 0)
        continue;
      split(r->progs[j].name, b[n].suite, sizeof b[n].suite, b[n].entry, sizeof b[n].entry);
      b[n].ds = d->name;
      b[n].mean = results_mean(d);
      snprintf(key, sizeof key, "%s:%s", b[n].suite, baseline);
      bp = results_program(r, key);
      bd = bp != NULL ? results_dataset(bp, d->name) : NULL;
      b[n].base = bd != NULL && bd->error == NULL && bd->nruns > 0 ? results_mean(bd) : 0;
      if (!(b[n].mean > 0)) /* futhark's integer µs can be 0: no ratio on a log axis */
        continue;
      n++;
    }
  return n;
}

/* Bars in groups: by suite and dataset (first appearance), entries in order within. */
static void group(struct bar *b, size_t n)
{
  for (size_t i = 1; i < n; i++) { /* stable insertion sort by the group's first index */
    struct bar x = b[i];
    size_t first = i, k;
    for (size_t q = 0; q < i; q++)
      if (strcmp(b[q].suite, x.suite) == 0 && strcmp(b[q].ds, x.ds) == 0) {
        first = q;
        break;
      }
    if (first == i)
      continue;
    for (k = i; k > first + 1 && !(strcmp(b[k - 1].suite, x.suite) == 0 && strcmp(b[k - 1].ds, x.ds) == 0); k--)
      b[k] = b[k - 1];
    b[k] = x;
  }
}

/* The entries in order of first appearance: colour index of entry. */
static int colour_of(const struct bar *b, size_t n, const char *entry)
{
  int c = 0;
  for (size_t i = 0; i < n; i++) {
    int seen = 0;
    for (size_t q = 0; q < i && !seen; q++)
      seen = strcmp(b[q].entry, b[i].entry) == 0;
    if (strcmp(b[i].entry, entry) == 0)
      return c % (SVG_PALETTE_N - 1); /* black is the baseline's */
    c += !seen;
  }
  return 0;
}

/* Pixel x of ratio v on the log2 axis [lo, hi] (powers of two). */
static double xr(double v, double lo, double hi) { return LEFT + LABEL_W + (log2(v) - lo) / (hi - lo) * PLOT_W; }

/* One bar from the 1x line to its ratio, its entry's name and its label. */
static void draw_bar(FILE *f, const struct bar *b, int colour, double y, double lo, double hi, const char *baseline)
{
  double v = b->base > 0 ? b->mean / b->base : 0, x1 = xr(1, lo, hi);
  char tip[600];
  snprintf(tip, sizeof tip, "%.200s:%.100s %.200s: mean %.1f us%s", b->suite, b->entry, b->ds, b->mean,
           b->base > 0 ? "" : "; no baseline on this dataset");
  svg_group_begin(f, tip);
  svg_text(f, LEFT + LABEL_W - 8, y + 12, SVG_END, 11, 0, "#444", "%s", b->entry);
  if (v > 0) {
    double x = xr(v, lo, hi);
    svg_rect(f, x < x1 ? x : x1, y + 2, fabs(x - x1), BAR_H - 4, svg_palette[colour], NULL);
    svg_text(f, (x > x1 ? x : x1) + 4, y + 12, SVG_START, 11, 0, "#222", "%.2fx", v);
  } else {
    svg_text(f, x1 + 4, y + 12, SVG_START, 11, 0, "#999", "%.1f us (no %s here)", b->mean, baseline);
  }
  svg_group_end(f);
}

int plotbars_draw(FILE *f, const struct results *r, const char *baseline, struct ps_err *e)
{
  struct bar *b = calloc(MAX_BARS, sizeof *b);
  size_t n, groups = 0;
  double lo = 0, hi = 0, y, h;
  if (b == NULL)
    return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
  if ((n = gather(r, baseline, b)) == 0) {
    free(b);
    return ps_fail(e, "no dataset ran: nothing to draw"), PS_EXIT_BADDATA;
  }
  group(b, n);
  for (size_t i = 0; i < n; i++) {
    if (b[i].base > 0) {
      lo = fmin(lo, floor(log2(b[i].mean / b[i].base)));
      hi = fmax(hi, ceil(log2(b[i].mean / b[i].base)));
    }
    groups += i == 0 || strcmp(b[i].ds, b[i - 1].ds) != 0 || strcmp(b[i].suite, b[i - 1].suite) != 0;
  }
  if (hi - lo < 1)
    hi = lo + 1;
  h = 80 + (double)n * BAR_H + (double)groups * (GROUP_GAP + BAR_H) + 40;
  svg_begin(f, W, h);
  svg_text(f, LEFT, 24, SVG_START, 16, 1, "#222", "psearch: runtime relative to %s (log scale; lower is better)",
           baseline);
  for (double k = lo; k <= hi; k++) { /* the axis: powers of two */
    svg_line(f, xr(pow(2, k), lo, hi), 50, xr(pow(2, k), lo, hi), h - 40, k == 0 ? "#000000" : "#eeeeee", 1);
    svg_text(f, xr(pow(2, k), lo, hi), 46, SVG_MIDDLE, 10, 0, "#444", "%gx", pow(2, k));
  }
  y = 56;
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || strcmp(b[i].ds, b[i - 1].ds) != 0 || strcmp(b[i].suite, b[i - 1].suite) != 0) {
      y += GROUP_GAP;
      svg_text(f, LEFT, y + 12, SVG_START, 12, 1, "#222", "%.60s  %.60s", b[i].ds, b[i].suite);
      y += BAR_H;
    }
    draw_bar(f, &b[i], colour_of(b, n, b[i].entry), y, lo, hi, baseline);
    y += BAR_H;
  }
  svg_text(f, xr(1, lo, hi), y + 24, SVG_MIDDLE, 11, 0, "#222", "1x = %s", baseline);
  svg_end(f);
  free(b);
  return PS_EXIT_OK;
}
