/*
** plotbars.c: `psearch plot --bars`: the blog post's figure, a grouped bar
** chart: for each suite and problem (plotgroup.h: an array size and element
** type, whatever its layout), one bar per entry that ran it, fastest first,
** the runtime relative to the baseline entry in that group (plotbars.h).
*/
#include "plotbars.h"

#include "opt.h"
#include "plotgroup.h"
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEFT 24.0
#define LABEL_MIN 200.0  /* entry names: at least, at most LABEL_MAX (longer ones lose their middle) */
#define LABEL_MAX 420.0
#define BAR_H 16.0
#define GROUP_GAP 14.0
#define PLOT_W 520.0
#define VALUE_W 200.0    /* a bar's value right of the longest bar, or a mean without a baseline */
#define MAX_BARS 4096
#define FONT 11.0
#define DEFAULT_BASELINE "bench_copy"

/* One bar: entry e of suite s on dataset d, its mean and its group's baseline's. */
struct bar {
  char suite[200], entry[120], problem[160], layout[80];
  const char *ds;
  double mean, base; /* µs; base 0: no baseline in this group */
  int mixed;         /* its group holds more than one dataset name: the label says the layout */
};

/* Whether bars a and b are in one group. */
static int same_group(const struct bar *a, const struct bar *b)
{
  return strcmp(a->suite, b->suite) == 0 && strcmp(a->problem, b->problem) == 0;
}

/* Every dataset that ran with a mean above 0 (futhark's integer µs can be
** 0: no ratio on a log axis), in file order; *named: whether an entry is
** called baseline. */
static size_t gather(const struct results *r, const char *baseline, struct bar *b, int *named)
{
  size_t n = 0;
  for (size_t j = 0; j < r->nprogs; j++)
    for (size_t k = 0; k < r->progs[j].nds && n < MAX_BARS; k++) {
      const struct res_dataset *d = &r->progs[j].ds[k];
      plotgroup_split(r->progs[j].name, b[n].suite, sizeof b[n].suite, b[n].entry, sizeof b[n].entry);
      *named |= strcmp(b[n].entry, baseline) == 0;
      if (d->error != NULL || d->nruns == 0 || !((b[n].mean = results_mean(d)) > 0))
        continue;
      b[n].ds = d->name;
      plotgroup_problem(d->name, b[n].problem, sizeof b[n].problem);
      plotgroup_layout(d->name, b[n].layout, sizeof b[n].layout);
      n++;
    }
  return n;
}

static int cmp_mean(const void *a, const void *b)
{
  const struct bar *x = a, *y = b;
  return (x->mean > y->mean) - (x->mean < y->mean);
}

/* Bars in groups (first appearance), fastest first within; each group's
** baseline (the baseline entry's first bar in it) and mixed flag. */
static void group(struct bar *b, size_t n, const char *baseline)
{
  for (size_t i = 1; i < n; i++) { /* stable: each bar moved after the last of its group before it */
    struct bar x = b[i];
    size_t at = i;
    for (size_t q = 0; q < i; q++)
      if (same_group(&b[q], &x))
        at = q + 1;
    if (at == i)
      continue;
    memmove(&b[at + 1], &b[at], (i - at) * sizeof *b);
    b[at] = x;
  }
  for (size_t i = 0, j; i < n; i = j) {
    double base = 0;
    int mixed = 0;
    for (j = i; j < n && same_group(&b[i], &b[j]); j++) {
      if (base == 0 && strcmp(b[j].entry, baseline) == 0)
        base = b[j].mean;
      mixed |= strcmp(b[j].ds, b[i].ds) != 0;
    }
    qsort(&b[i], j - i, sizeof *b, cmp_mean);
    for (size_t q = i; q < j; q++) {
      b[q].base = base;
      b[q].mixed = mixed;
    }
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

/* The layout of the chart: the label column, the log2 range [lo, hi] and the tick step. */
struct frame {
  double label_w, lo, hi;
  int step;
};

/* Pixel x of ratio v on the frame's log2 axis. */
static double xr(const struct frame *fr, double v)
{
  return LEFT + fr->label_w + (log2(v) - fr->lo) / (fr->hi - fr->lo) * PLOT_W;
}

static void label_of(const struct bar *b, char *buf, size_t size)
{
  snprintf(buf, size, b->mixed ? "%s \u00b7 %s" : "%s", b->entry, b->layout[0] ? b->layout : b->ds);
}

/* One bar from the 1x line to its ratio, its entry's name and its value. */
static void draw_bar(FILE *f, const struct frame *fr, const struct bar *b, int colour, double y, const char *baseline)
{
  double v = b->base > 0 ? b->mean / b->base : 0, x1 = xr(fr, 1);
  char tip[800], label[300], cut[300], mean[32];
  plotgroup_us(b->mean, mean, sizeof mean);
  snprintf(tip, sizeof tip, "%.200s:%.100s %.200s: mean %s%s", b->suite, b->entry, b->ds, mean,
           b->base > 0 ? "" : "; no baseline in this group");
  label_of(b, label, sizeof label);
  if (plotgroup_text_width(label, FONT) + 16 > fr->label_w) /* too long for the column: the middle dropped */
    plotgroup_clip_middle(label, (size_t)((fr->label_w - 16) / (FONT * 0.6)), cut, sizeof cut);
  else
    snprintf(cut, sizeof cut, "%s", label);
  svg_group_begin(f, tip);
  svg_text(f, LEFT + fr->label_w - 8, y + 12, SVG_END, FONT, strcmp(b->entry, baseline) == 0, "#444", "%s", cut);
  if (v > 0) {
    double x = xr(fr, v);
    svg_rect(f, x < x1 ? x : x1, y + 2, fabs(x - x1), BAR_H - 4,
             strcmp(b->entry, baseline) == 0 ? "#000000" : svg_palette[colour], NULL);
    svg_text(f, (x > x1 ? x : x1) + 4, y + 12, SVG_START, FONT, 0, "#222", v >= 0.095 ? "%.*fx  (%s)" : "%.*gx  (%s)",
             v >= 99.5 ? 0 : v >= 9.95 ? 1 : 2, v, mean);
  } else {
    svg_text(f, x1 + 4, y + 12, SVG_START, FONT, 0, "#777", "%s (no %s here)", mean, baseline);
  }
  svg_group_end(f);
}

/* Ticks at powers of two, labelled 1/8x ... 8x, every step-th power. */
static void draw_ticks(FILE *f, const struct frame *fr, double top, double bottom)
{
  for (int k = (int)fr->lo; k <= (int)fr->hi; k++) {
    double x = xr(fr, pow(2, k));
    if (k % fr->step != 0)
      continue;
    svg_line(f, x, top, x, bottom, k == 0 ? "#000000" : "#e4e4e4", 1);
    if (k >= 0)
      svg_text(f, x, top - 4, SVG_MIDDLE, 10, 0, "#444", "%.0fx", pow(2, k));
    else
      svg_text(f, x, top - 4, SVG_MIDDLE, 10, 0, "#444", "1/%.0fx", pow(2, -k));
  }
}

/* An entry named baseline, or the message: unknown, with the nearest entry of r. */
static int check_baseline(const struct results *r, const char *baseline, int named, struct ps_err *e)
{
  const char **names = NULL;
  int k = -1;
  if (named)
    return PS_EXIT_OK;
  if ((names = calloc(r->nprogs + 1, sizeof *names)) != NULL) {
    for (size_t j = 0; j < r->nprogs; j++)
      names[j] = plotgroup_entry(r->progs[j].name);
    k = opt_closest(baseline, names);
  }
  ps_fail(e, "unknown --baseline '%s'%s%s%s; the file's entries are its programs' names after the last ':'",
          baseline, k >= 0 ? " (did you mean '" : "", k >= 0 ? names[k] : "", k >= 0 ? "'?)" : "");
  free(names);
  return PS_EXIT_USAGE;
}

int plotbars_draw(FILE *f, const struct results *r, const char *baseline, struct ps_err *e)
{
  struct bar *b = calloc(MAX_BARS, sizeof *b);
  struct frame fr = {LABEL_MIN, -1, 1, 1};
  size_t n = 0, groups = 0;
  double y, h, w;
  int named = 0, rc = PS_EXIT_FAILED;
  const char *base = baseline != NULL ? baseline : DEFAULT_BASELINE;
  char label[300];
  if (b == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  n = gather(r, base, b, &named);
  if (baseline != NULL && (rc = check_baseline(r, baseline, named, e)) != PS_EXIT_OK)
    goto done;
  rc = PS_EXIT_BADDATA;
  if (n == 0) {
    ps_fail(e, "no dataset ran: nothing to draw");
    goto done;
  }
  group(b, n, base);
  for (size_t i = 0; i < n; i++) {
    if (b[i].base > 0) {
      fr.lo = fmin(fr.lo, floor(log2(b[i].mean / b[i].base)));
      fr.hi = fmax(fr.hi, ceil(log2(b[i].mean / b[i].base)));
    }
    label_of(&b[i], label, sizeof label);
    fr.label_w = fmin(LABEL_MAX, fmax(fr.label_w, plotgroup_text_width(label, FONT) + 16));
    groups += i == 0 || !same_group(&b[i], &b[i - 1]);
  }
  fr.step = (int)ceil((fr.hi - fr.lo) / 8); /* at most 9 labels, 65 px apart at least, one at 1x */
  fr.lo = floor(fr.lo / fr.step) * fr.step;
  fr.hi = ceil(fr.hi / fr.step) * fr.step;
  h = 92 + (double)n * BAR_H + (double)groups * (GROUP_GAP + BAR_H) + 30;
  w = LEFT + fr.label_w + PLOT_W + VALUE_W;
  svg_begin(f, w, h);
  svg_text(f, LEFT, 24, SVG_START, 16, 1, "#222", "psearch: runtime relative to %s, fastest first", base);
  svg_text(f, LEFT, 42, SVG_START, 11, 0, "#444", "mean runtime / %s's on the same array size and type (log scale; "
           "left of 1x is faster)", base);
  draw_ticks(f, &fr, 66, h - 30);
  y = 70;
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || !same_group(&b[i], &b[i - 1])) {
      y += GROUP_GAP;
      svg_text(f, LEFT, y + 12, SVG_START, 12, 1, "#222", "%.60s  \u00b7  %.60s", b[i].problem, b[i].suite);
      y += BAR_H;
    }
    draw_bar(f, &fr, &b[i], colour_of(b, n, b[i].entry), y, base);
    y += BAR_H;
  }
  svg_end(f);
  rc = PS_EXIT_OK;
done:
  free(b);
  return rc;
}
