/*
** plotsweep.c: `psearch plot --sweep`: runtime per element and throughput
** against the array size, on log axes, one line per program and dataset
** family (plotsweep.h).
*/
#include "plotsweep.h"

#include "plotgroup.h"
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W 960.0
#define PLOT_X 80.0   /* left edge of the plot area */
#define PLOT_W 520.0
#define PANEL_H 300.0
#define LEGEND_X 640.0
#define MAX_SERIES 64

/* One line: a program on one dataset family, points sorted by n. */
struct series {
  char label[256];
  const struct res_program *prog;
  double n[64], ns[64]; /* elements, and mean ns per element */
  int np;
  int copy;             /* the copy kernel: the roofline, drawn in black */
  int peer;             /* a library peer (scripts/peers.py, "peer/" in its name): dashed */
  size_t elem;          /* bytes per element of the swept array */
};

/* The first "[N]" of a dataset name: N, the name with N written as "*" in
** fam, and the element size of the type after it; 0 if there is none. */
static uint64_t size_of(const char *name, char *fam, size_t famsz, size_t *elem)
{
  static const char *const types[] = {"i8", "u8", "bool", "i16", "u16", "f16", "i32", "u32", "f32",
                                      "i64", "u64", "f64"};
  static const size_t sizes[] = {1, 1, 1, 2, 2, 2, 4, 4, 4, 8, 8, 8};
  const char *b = strchr(name, '['), *e;
  char *end;
  unsigned long long n;
  while (b != NULL && !(b[1] >= '0' && b[1] <= '9'))
    b = strchr(b + 1, '[');
  if (b == NULL || (n = strtoull(b + 1, &end, 10)) == 0 || *end != ']')
    return 0;
  e = end + 1;
  snprintf(fam, famsz, "%.*s[*]%s", (int)(b - name), name, e);
  *elem = 4;
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (strncmp(e, types[i], strlen(types[i])) == 0)
      *elem = sizes[i];
  return n;
}

/* Add the point (n, ns) to the series called label, creating it. */
static int add_point(struct series *s, int *ns, const char *label, const struct res_program *p, double n,
                     double nsel, size_t elem)
{
  int i = 0;
  while (i < *ns && strcmp(s[i].label, label) != 0)
    i++;
  if (i == *ns) {
    if (*ns == MAX_SERIES)
      return 0;
    memset(&s[i], 0, sizeof s[i]);
    snprintf(s[i].label, sizeof s[i].label, "%s", label);
    s[i].prog = p;
    s[i].elem = elem;
    s[i].copy = strlen(p->name) >= 11 && strcmp(p->name + strlen(p->name) - 11, ":bench_copy") == 0;
    s[i].peer = strstr(p->name, "peer/") != NULL;
    (*ns)++;
  }
  if (s[i].np == 64)
    return 0;
  {
    int k = s[i].np++;
    while (k > 0 && s[i].n[k - 1] > n) { /* insertion in order of n */
      s[i].n[k] = s[i].n[k - 1];
      s[i].ns[k] = s[i].ns[k - 1];
      k--;
    }
    s[i].n[k] = n;
    s[i].ns[k] = nsel;
  }
  return 0;
}

/* A program's name without its suite file's path ("datasets/x.bench:ENTRY"
** -> "ENTRY"): the legend has room for the entry and the dataset. */
static const char *entry_part(const char *name)
{
  const char *c = strstr(name, ".bench:");
  return c != NULL ? c + strlen(".bench:") : name;
}

/* Every program's datasets with a size, grouped into series; those with at least two sizes kept. */
static int gather(struct results *const *r, int nfiles, struct series *s)
{
  int ns = 0, kept = 0;
  for (int f = 0; f < nfiles; f++)
    for (size_t j = 0; j < r[f]->nprogs; j++) {
      const struct res_program *p = &r[f]->progs[j];
      for (size_t k = 0; k < p->nds; k++) {
        const struct res_dataset *d = &p->ds[k];
        char fam[600], label[256];
        size_t elem;
        double mean;
        uint64_t n = size_of(d->name, fam, sizeof fam, &elem);
        if (n == 0 || d->error != NULL || d->nruns == 0)
          continue;
        if (!((mean = results_mean(d)) > 0)) /* futhark's integer µs can be 0: no point on a log axis */
          continue;
        if (nfiles > 1)
          snprintf(label, sizeof label, "%.100s %.80s (%.60s)", entry_part(p->name), fam, r[f]->path);
        else
          snprintf(label, sizeof label, "%.120s %.120s", entry_part(p->name), fam);
        add_point(s, &ns, label, p, (double)n, mean * 1000 / (double)n, elem);
      }
    }
  for (int i = 0; i < ns; i++)
    if (s[i].np >= 2)
      s[kept++] = s[i];
  return kept;
}

struct axes {
  double x0, x1, y0, y1; /* log2 of n; log10 of the value */
  double top;            /* the panel's top, pixels */
};

static double px(const struct axes *a, double n) { return PLOT_X + (log2(n) - a->x0) / (a->x1 - a->x0) * PLOT_W; }
static double py(const struct axes *a, double v)
{
  return a->top + PANEL_H - (log10(v) - a->y0) / (a->y1 - a->y0) * PANEL_H;
}

/* The frame, the ticks (powers of 2 along n, decades up the side) and the titles of a panel. */
static void frame(FILE *f, const struct axes *a, const char *title, const char *unit)
{
  int step = (int)ceil((a->x1 - a->x0) / 10);
  svg_text(f, PLOT_X, a->top - 10, SVG_START, 13, 1, "#222", "%s", title);
  svg_rect(f, PLOT_X, a->top, PLOT_W, PANEL_H, NULL, "#888");
  for (int k = (int)a->x0; k <= (int)a->x1; k += step > 0 ? step : 1) {
    svg_line(f, px(a, ldexp(1, k)), a->top + PANEL_H, px(a, ldexp(1, k)), a->top + PANEL_H + 5, "#888", 1);
    svg_text(f, px(a, ldexp(1, k)), a->top + PANEL_H + 18, SVG_MIDDLE, 11, 0, "#444", "2^%d", k);
  }
  for (int k = (int)a->y0; k <= (int)a->y1; k++) {
    svg_line(f, PLOT_X, py(a, pow(10, k)), PLOT_X + PLOT_W, py(a, pow(10, k)), "#eee", 1);
    svg_text(f, PLOT_X - 6, py(a, pow(10, k)) + 4, SVG_END, 11, 0, "#444", "%g %s", pow(10, k), unit);
  }
  svg_text(f, PLOT_X + PLOT_W / 2, a->top + PANEL_H + 34, SVG_MIDDLE, 11, 0, "#444", "n (elements)");
}

/* One panel: each series' value at each n (ns per element, or G elements/s). */
static void panel(FILE *f, const struct series *s, int ns, struct axes *a, int throughput, double cache)
{
  double lo = INFINITY, hi = 0;
  for (int i = 0; i < ns; i++)
    for (int k = 0; k < s[i].np; k++) {
      double v = throughput ? 1 / s[i].ns[k] : s[i].ns[k]; /* 1/(ns per element) = G elements/s */
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
  a->y0 = floor(log10(lo));
  a->y1 = ceil(log10(hi));
  if (a->y1 <= a->y0)
    a->y1 = a->y0 + 1;
  frame(f, a, throughput ? "Throughput, elements per second (higher is better)" : "Runtime per element (lower is better)",
        throughput ? "G/s" : "ns");
  if (cache > 0 && ns > 0 && log2(cache / (double)s[0].elem) > a->x0 && log2(cache / (double)s[0].elem) < a->x1) {
    double x = px(a, cache / (double)s[0].elem);
    svg_line(f, x, a->top, x, a->top + PANEL_H, "#bbb", 1);
    svg_text(f, x + 4, a->top + 14, SVG_START, 10, 0, "#777", "cache the driver reports: %.0f MiB",
             cache / (1 << 20));
  }
  for (int i = 0; i < ns; i++) {
    const char *c = s[i].copy ? "#000000" : svg_palette[i % (SVG_PALETTE_N - 1)];
    for (int k = 0; k < s[i].np; k++) {
      double v = throughput ? 1 / s[i].ns[k] : s[i].ns[k];
      if (k > 0) {
        double v0 = throughput ? 1 / s[i].ns[k - 1] : s[i].ns[k - 1];
        (s[i].peer ? svg_line_dashed : svg_line)(f, px(a, s[i].n[k - 1]), py(a, v0), px(a, s[i].n[k]), py(a, v), c,
                                                 s[i].copy ? 2.5 : 1.5);
      }
      svg_circle(f, px(a, s[i].n[k]), py(a, v), 2.5, c, 1);
    }
  }
}

int plotsweep_draw(FILE *f, struct results *const *r, int nfiles, int inline_svg, struct ps_err *e)
{
  struct series *s = calloc(MAX_SERIES, sizeof *s);
  struct axes a = {INFINITY, 0, 0, 0, 60};
  double h, w = W, cache = 0;
  int ns;
  if (s == NULL)
    return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
  if ((ns = gather(r, nfiles, s)) == 0) {
    free(s);
    return ps_fail(e, "no program has datasets of two or more sizes ([N] in their names): nothing to sweep"),
           PS_EXIT_BADDATA;
  }
  for (int i = 0; i < ns; i++) {
    a.x0 = floor(log2(s[i].n[0])) < a.x0 ? floor(log2(s[i].n[0])) : a.x0;
    a.x1 = ceil(log2(s[i].n[s[i].np - 1])) > a.x1 ? ceil(log2(s[i].n[s[i].np - 1])) : a.x1;
    cache = s[i].prog->cache_bytes > cache ? s[i].prog->cache_bytes : cache;
  }
  if (a.x1 <= a.x0)
    a.x1 = a.x0 + 1;
  h = 60 + 2 * (PANEL_H + 70) + 10;
  h = 40 + 18.0 * ns > h ? 40 + 18.0 * ns : h;
  for (int i = 0; i < ns; i++) /* the legend's labels, never cut at the edge */
    w = fmax(w, LEGEND_X + 18 + plotgroup_text_width(s[i].label, 11) + (s[i].copy ? 70 : 0) + 24);
  if (inline_svg)
    svg_begin_inline(f, w, h, "size sweep: runtime per element and throughput against n");
  else
    svg_begin(f, w, h);
  svg_text(f, 24, 24, SVG_START, 16, 1, "#222", "psearch: size sweep (mean of the runs)");
  panel(f, s, ns, &a, 0, cache);
  a.top += PANEL_H + 70;
  panel(f, s, ns, &a, 1, cache);
  for (int i = 0; i < ns; i++) {
    (s[i].peer ? svg_line_dashed : svg_line)(f, LEGEND_X - 2, 58 + 18.0 * i, LEGEND_X + 14, 58 + 18.0 * i,
                                             s[i].copy ? "#000000" : svg_palette[i % (SVG_PALETTE_N - 1)], 3);
    svg_text(f, LEGEND_X + 18, 62 + 18.0 * i, SVG_START, 11, 0, "#222", "%s%s", s[i].label,
             s[i].copy ? " (roofline)" : "");
  }
  svg_end(f);
  free(s);
  return PS_EXIT_OK;
}
