/*
** plot.c: `psearch plot RESULTS.json... -o FILE.svg`: one panel per program
** and dataset with a box plot and the runs of every file on a shared time
** axis; with two files, also the speedups of the second over the first as
** bars, coloured where compare's test calls them significant.
*/
#include "plot.h"

#include "help.h"
#include "plotbars.h"
#include "plotsweep.h"
#include "compare.h"
#include "ofile.h"
#include "opt.h"
#include "comparison.h"
#include "results.h"
#include "strmap.h"
#include "svg.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define MAXFILES 8

/* What the command line asks for. */
struct config {
  const char *paths[MAXFILES];
  int npaths;
  const char *out;        /* NULL or "-": standard output */
  struct stats_rule rule; /* of the speedup panel */
  int sweep, bars;
  const char *baseline;   /* --bars; NULL: bench_copy */
};

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_OUTPUT("output", 'o', AT(out), "Write the SVG to FILE (default: standard output)"),
  OPT_ROW_FLAG("sweep", 0, AT(sweep), "Draw runtime per element and throughput against the size [N] instead"),
  OPT_ROW_FLAG("bars", 0, AT(bars), "Draw each dataset's entries as bars relative to a baseline entry instead"),
  OPT_ROW_STRING("baseline", 0, AT(baseline), "ENTRY", "--bars: the entry the others are divided by (default bench_copy)"),
  OPT_ROW_LIST(NULL, 0, AT(paths), AT(npaths), MAXFILES, "RESULTS.json", NULL),
  OPT_ROW_END,
};

static void init(void *p)
{
  struct config *cf = p;
  cf->rule = (struct stats_rule){STATS_ROUNDS, 0.01, 0.02};
}

#define NOT_JUDGED "plot judges nothing: two files are one invocation a side (psearch compare judges rounds)"

/* plot's old options of the speedup panel's test, which no longer judges. */
static const struct opt_hint hints[] = {{"--alpha", NOT_JUDGED}, {"--threshold", NOT_JUDGED}, {"-t", NOT_JUDGED},
                                        {NULL, NULL}};

/* Files, and one chart: PS_EXIT_OK, or PS_EXIT_USAGE after the message. */
static int check(void *p)
{
  struct config *cf = p;
  const char *why;
  cf->bars |= cf->baseline != NULL;
  why = cf->npaths == 0            ? "expected one or more results files"
        : cf->sweep && cf->bars    ? "--sweep and --bars are different charts: choose one"
        : cf->bars && cf->npaths > 1 ? "--bars draws one results file"
                                   : NULL;
  if (why != NULL)
    ps_error("plot: %s", why);
  return why == NULL ? PS_EXIT_OK : PS_EXIT_USAGE;
}

#define WIDTH 960.0
#define LEFT 24.0          /* left margin */
#define RIGHT 150.0        /* room for the mean label */
#define ROW_H 22.0         /* one file's box row */
#define TITLE_H 22.0
#define AXIS_H 34.0
#define MAX_POINTS 400     /* runs drawn per row; more are thinned evenly */
#define BAR_LABEL_W 380.0  /* speedup panel: dataset label column */


/* A program and dataset in at least one file. */
struct panel {
  const char *prog, *ds;
  char *key; /* "PROG\0DS", the panel's key in plot.index */
  const struct res_dataset *d[MAXFILES]; /* NULL where the file lacks it */
  int both;                              /* two files, and it ran in both */
  struct stats_judgement c;              /* file 1 against file 0, when both */
};

struct plot {
  struct results *r[MAXFILES];
  int nfiles;
  struct panel *p;
  size_t np;
  struct strmap index;  /* panel keys -> index in p */
  double *scratch;      /* room for the most runs of a row, sorted by draw_box */
  char *label;          /* room for the longest "ENTRY DATASET" of the speedups */
  struct stats_rule rule;
};

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Tick step of about range/5 from {1, 2, 5} x 10^k. */
static double nice_step(double range)
{
  double raw = range / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

/* Copy at most max bytes of s, cut at a UTF-8 character boundary, with "..." when cut. */
static void clip(const char *s, size_t max, char *buf, size_t size)
{
  size_t len = strlen(s);
  if (len <= max || max < 4 || size <= max) {
    snprintf(buf, size, "%.*s", (int)(len < size - 1 ? len : size - 1), s);
    return;
  }
  len = max - 3;
  while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
    len--;
  snprintf(buf, size, "%.*s...", (int)len, s);
}

/* s cut to at most max characters by dropping its middle ("abc...xyz"),
** on UTF-8 boundaries. */
static void clip_middle(const char *s, size_t max, char *buf, size_t size)
{
  size_t len = strlen(s), head, tail;
  if (len <= max || max < 9 || size <= max) {
    snprintf(buf, size, "%.*s", (int)(len < size - 1 ? len : size - 1), s);
    return;
  }
  head = (max - 3) / 2;
  tail = max - 3 - head;
  while (head > 0 && ((unsigned char)s[head] & 0xC0) == 0x80)
    head--;
  while (tail > 0 && ((unsigned char)s[len - tail] & 0xC0) == 0x80)
    tail--;
  snprintf(buf, size, "%.*s...%s", (int)head, s, s + len - tail);
}

static double panel_height(const struct plot *pl)
{
  return TITLE_H + ROW_H * pl->nfiles + AXIS_H;
}

/* The time axis of a panel: [lo, hi] in µs over every file's runs, padded. */
struct axis {
  double lo, hi, x0, x1; /* µs, and the pixels they map to */
};

static double axis_x(const struct axis *ax, double v)
{
  return ax->x0 + (v - ax->lo) / (ax->hi - ax->lo) * (ax->x1 - ax->x0);
}

static void panel_axis(const struct plot *pl, const struct panel *p, struct axis *ax)
{
  double lo = INFINITY, hi = -INFINITY;
  for (int i = 0; i < pl->nfiles; i++) {
    const struct res_dataset *d = p->d[i];
    for (size_t k = 0; d != NULL && d->error == NULL && k < d->nruns; k++) {
      lo = fmin(lo, d->runs[k]);
      hi = fmax(hi, d->runs[k]);
    }
  }
  if (!(lo <= hi)) {
    lo = 0;
    hi = 1;
  }
  if (hi - lo < 1e-9 * (hi > 0 ? hi : 1) || hi - lo < 1e-6) {
    double pad = hi > 0 ? hi * 0.01 : 1;
    lo -= pad;
    hi += pad;
  } else {
    double pad = (hi - lo) * 0.05;
    lo = lo - pad < 0 && lo >= 0 ? 0 : lo - pad;
    hi += pad;
  }
  ax->lo = lo;
  ax->hi = hi;
  ax->x0 = LEFT + 170;
  ax->x1 = WIDTH - RIGHT;
}

/* One file's row of a panel at height yc: a Tukey box plot with every run drawn
** (at most MAX_POINTS, in run order, jittered), and the mean. */
static void draw_box(FILE *f, const struct plot *pl, int i, const struct res_dataset *d,
                     const struct axis *ax, double yc, const struct res_summary *sm)
{
  double *s = pl->scratch, q1 = sm->q1, q2 = sm->median, q3 = sm->q3, iqr, wlo, whi, mean = sm->mean;
  size_t n = d->nruns, stride;
  char tip[256];
  memcpy(s, d->runs, n * sizeof *s); /* the recorded runs: the whiskers and the points */
  qsort(s, n, sizeof *s, cmp_double);
  iqr = q3 - q1;
  wlo = q1;
  whi = q3;
  for (size_t k = 0; k < n; k++) { /* Tukey whiskers: the furthest runs within 1.5 IQR */
    if (s[k] >= q1 - 1.5 * iqr && s[k] < wlo)
      wlo = s[k];
    if (s[k] <= q3 + 1.5 * iqr && s[k] > whi)
      whi = s[k];
  }
  snprintf(tip, sizeof tip, "%s: %zu runs, mean %.1f μs, median %.1f μs, IQR %.1f to %.1f μs",
           pl->r[i]->path, sm->runs, mean, q2, q1, q3);
  svg_group_begin(f, tip);
  svg_line(f, axis_x(ax, wlo), yc, axis_x(ax, q1), yc, svg_palette[i], 1);
  svg_line(f, axis_x(ax, q3), yc, axis_x(ax, whi), yc, svg_palette[i], 1);
  svg_line(f, axis_x(ax, wlo), yc - 4, axis_x(ax, wlo), yc + 4, svg_palette[i], 1);
  svg_line(f, axis_x(ax, whi), yc - 4, axis_x(ax, whi), yc + 4, svg_palette[i], 1);
  svg_rect(f, axis_x(ax, q1), yc - 7, axis_x(ax, q3) - axis_x(ax, q1), 14, "#f4f4f4", svg_palette[i]);
  svg_line(f, axis_x(ax, q2), yc - 7, axis_x(ax, q2), yc + 7, svg_palette[i], 2);
  stride = n > MAX_POINTS ? (n + MAX_POINTS - 1) / MAX_POINTS : 1;
  for (size_t k = 0; k < n; k += stride) { /* a deterministic vertical jitter */
    double jitter = (double)((k * 2654435761u) % 1000) / 1000.0 - 0.5;
    svg_circle(f, axis_x(ax, d->runs[k]), yc + jitter * 10, 1.8, svg_palette[i], 0.55);
  }
  svg_group_end(f);
  svg_text(f, ax->x1 + 8, yc + 4, SVG_START, 11, 0, "#222", "mean %.1f μs", mean);
}

/* One panel at top y: title, a box row per file, the time axis. 0, or -1 when out of memory. */
static int draw_panel(FILE *f, const struct plot *pl, const struct panel *p, double y)
{
  struct axis ax;
  double step, t;
  char title[256], a[120], b[120];
  clip(p->prog, 90, a, sizeof a);
  clip(p->ds, 60, b, sizeof b);
  snprintf(title, sizeof title, "%s  —  %s", a, b);
  svg_text(f, LEFT, y + 15, SVG_START, 13, 1, "#222", "%s", title);
  panel_axis(pl, p, &ax);
  for (int i = 0; i < pl->nfiles; i++) {
    const struct res_dataset *d = p->d[i];
    double yc = y + TITLE_H + ROW_H * i + ROW_H / 2;
    char label[64], msg[120];
    clip(pl->r[i]->path, 24, label, sizeof label);
    svg_text(f, ax.x0 - 8, yc + 4, SVG_END, 11, 0, svg_palette[i], "%s", label);
    if (d != NULL && d->error == NULL) {
      struct res_summary sm; /* the statistics of every run, as bench printed them */
      if (results_summary(d, &sm) != 0)
        return -1;
      draw_box(f, pl, i, d, &ax, yc, &sm);
      continue;
    }
    clip(d == NULL ? "absent" : d->error, 100, msg, sizeof msg);
    svg_text(f, ax.x0, yc + 4, SVG_START, 11, 0, "#888", "%s%s", d == NULL ? "" : "failed: ", msg);
  }
  t = y + TITLE_H + ROW_H * pl->nfiles + 4; /* the axis */
  svg_line(f, ax.x0, t, ax.x1, t, "#444", 1);
  step = nice_step(ax.hi - ax.lo);
  for (double v = ceil(ax.lo / step) * step; v <= ax.hi + step * 1e-9; v += step) {
    svg_line(f, axis_x(&ax, v), t, axis_x(&ax, v), t + 4, "#444", 1);
    svg_text(f, axis_x(&ax, v), t + 15, SVG_MIDDLE, 10, 0, "#444", "%g", fabs(v) < step * 1e-9 ? 0.0 : v);
  }
  svg_text(f, ax.x1, t + 28, SVG_END, 10, 0, "#444", "runtime (μs)");
  return 0;
}

/* Speedup bars of file 1 over file 0 for the panels in both. */
static void draw_speedups(FILE *f, const struct plot *pl, double y, size_t nbars)
{
  double x0 = LEFT + BAR_LABEL_W, x1 = WIDTH - 90, ext = log(1.1), xc;
  static const double ticks[] = {0.25, 0.5, 0.8, 0.9, 1, 1.1, 1.25, 2, 4};
  size_t row = 0;
  svg_text(f, LEFT, y + 15, SVG_START, 13, 1, "#222", "Speedup of %s over %s (median old / median new)",
           pl->r[1]->path, pl->r[0]->path);
  svg_text(f, LEFT, y + 31, SVG_START, 11, 0, "#444",
           "one invocation a side: not judged (?), as psearch compare judges it; rounds of each side judge");
  for (size_t i = 0; i < pl->np; i++)
    if (pl->p[i].both && isfinite(pl->p[i].c.speedup))
      ext = fmax(ext, fabs(log(pl->p[i].c.speedup)) * 1.15);
  xc = (x0 + x1) / 2;
#define X(s) (xc + log(s) / ext * (x1 - x0) / 2)
  y += 40;
  for (size_t i = 0; i < pl->np; i++) {
    double sp = pl->p[i].c.speedup, yc = y + ROW_H * (double)row + ROW_H / 2;
    enum stats_verdict v = pl->p[i].c.verdict;
    char label[160];
    const char *fill;
    if (!pl->p[i].both)
      continue;
    { /* the entry (without its suite) and the dataset, cut in the middle: labels stay
      ** distinct. Whole before the cut (in pl->label, which has room), so that it falls
      ** between characters. */
      const char *colon = strrchr(pl->p[i].prog, ':'), *entry = colon ? colon + 1 : pl->p[i].prog;
      sprintf(pl->label, "%s %s", entry, pl->p[i].ds);
      clip_middle(pl->label, 62, label, sizeof label);
    }
    svg_text(f, x0 - 8, yc + 4, SVG_END, 11, 0, "#222", "%s", label);
    fill = v == STATS_SLOWER ? "#D55E00" : v == STATS_FASTER ? "#009E73" : "#bbbbbb";
    if (isfinite(sp)) {
      double xa = fmin(X(1.0), X(sp)), xb = fmax(X(1.0), X(sp));
      svg_rect(f, xa, yc - 7, xb - xa, 14, fill, NULL);
      svg_text(f, x1 + 10, yc + 4, SVG_START, 11, v == STATS_SLOWER || v == STATS_FASTER, "#222",
               "%.2fx%s", sp,
               v == STATS_SLOWER || v == STATS_FASTER ? " *" : v == STATS_UNTESTABLE ? " ?" : "");
    }
    row++;
  }
  {
    double t = y + ROW_H * (double)nbars + 4;
    svg_line(f, X(1.0), y - 4, X(1.0), t, "#444", 1);
    svg_line(f, x0, t, x1, t, "#444", 1);
    for (size_t k = 0; k < sizeof ticks / sizeof ticks[0]; k++) {
      if (fabs(log(ticks[k])) > ext)
        continue;
      svg_line(f, X(ticks[k]), t, X(ticks[k]), t + 4, "#444", 1);
      svg_text(f, X(ticks[k]), t + 15, SVG_MIDDLE, 10, 0, "#444", "%gx", ticks[k]);
    }
    svg_text(f, x1, t + 28, SVG_END, 10, 0, "#444", "speedup (log scale; right of 1x is faster)");
  }
#undef X
}

#define MAX_NOTES 6 /* conditions that differ, named under the legend at most */

/* The conditions of measurement (results.h) that differ between file 0 and a
** later file for a program both have: "Backend: opencl in A, multicore in B",
** each once, at most MAX_NOTES; their count. */
static int condition_notes(const struct plot *pl, char notes[MAX_NOTES][320])
{
  int n = 0;
  for (int i = 1; i < pl->nfiles; i++)
    for (size_t j = 0; j < pl->r[0]->nprogs; j++) {
      const struct res_program *a = &pl->r[0]->progs[j], *b = results_program(pl->r[i], a->name);
      for (int k = 0; b != NULL && k < RES_NCOND && n < MAX_NOTES; k++) {
        int seen = 0;
        if (!results_condition_differs(a, b, k))
          continue;
        snprintf(notes[n], sizeof notes[n], "%s: %s in %s, %s in %s", results_said[k],
                 a->cond[k] ? a->cond[k] : "not recorded", pl->r[0]->path, b->cond[k] ? b->cond[k] : "not recorded",
                 pl->r[i]->path);
        for (int q = 0; q < n && !seen; q++)
          seen = strcmp(notes[q], notes[n]) == 0;
        n += !seen;
      }
    }
  return n;
}

static int draw(FILE *f, const struct plot *pl)
{
  size_t nbars = 0;
  char notes[MAX_NOTES][320];
  int nnotes = condition_notes(pl, notes);
  double h = 40 + 20.0 * pl->nfiles + 16.0 * nnotes, y;
  for (size_t i = 0; i < pl->np; i++)
    nbars += (size_t)pl->p[i].both;
  h += panel_height(pl) * (double)pl->np;
  if (pl->nfiles == 2)
    h += 40 + 40 + ROW_H * (double)nbars + AXIS_H;
  svg_begin(f, WIDTH, h);
  svg_text(f, LEFT, 24, SVG_START, 16, 1, "#222", "psearch: runtimes per dataset");
  for (int i = 0; i < pl->nfiles; i++) {
    svg_rect(f, LEFT, 36 + 20.0 * i, 12, 12, svg_palette[i], NULL);
    svg_text(f, LEFT + 18, 46 + 20.0 * i, SVG_START, 12, 0, "#222", "%s", pl->r[i]->path);
  }
  y = 40 + 20.0 * pl->nfiles;
  for (int i = 0; i < nnotes; i++, y += 16) /* times made under unlike conditions: said first */
    svg_text(f, LEFT, y + 12, SVG_START, 11, 0, "#a33", "conditions differ: %s", notes[i]);
  for (size_t i = 0; i < pl->np; i++, y += panel_height(pl))
    if (draw_panel(f, pl, &pl->p[i], y) != 0)
      return -1;
  if (pl->nfiles == 2)
    draw_speedups(f, pl, y + 20, nbars);
  svg_end(f);
  return 0;
}

/* The panel of program pr's dataset d (made when new; its index in *q). 0, or -1 when out of memory. */
static int panel_of(struct plot *pl, const struct res_program *pr, const struct res_dataset *d, size_t *q)
{
  size_t lp = strlen(pr->name), ld = strlen(d->name);
  char *key = malloc(lp + ld + 2);
  int got;
  if (key == NULL)
    return -1;
  memcpy(key, pr->name, lp + 1);
  memcpy(key + lp + 1, d->name, ld + 1);
  if ((got = strmap_put(&pl->index, key, lp + ld + 1, pl->np, q)) != 0) {
    free(key);
    return got < 0 ? -1 : 0;
  }
  *q = pl->np++;
  pl->p[*q].prog = pr->name;
  pl->p[*q].ds = d->name;
  pl->p[*q].key = key;
  return 0;
}

/* Panels: the programs and datasets of every file, in order of first
** appearance (found by hash); the room draw needs. 0, or -1 when out of memory. */
static int collect(struct plot *pl)
{
  size_t cap = 0, most = 1, label = 1;
  struct res_summary so, sn;
  for (int i = 0; i < pl->nfiles; i++)
    for (size_t j = 0; j < pl->r[i]->nprogs; j++)
      cap += pl->r[i]->progs[j].nds;
  if ((pl->p = calloc(cap + 1, sizeof *pl->p)) == NULL)
    return -1;
  for (int i = 0; i < pl->nfiles; i++) {
    for (size_t j = 0; j < pl->r[i]->nprogs; j++) {
      const struct res_program *pr = &pl->r[i]->progs[j];
      for (size_t k = 0; k < pr->nds; k++) {
        size_t q;
        if (panel_of(pl, pr, &pr->ds[k], &q) != 0)
          return -1;
        pl->p[q].d[i] = &pr->ds[k];
        most = pr->ds[k].nruns > most ? pr->ds[k].nruns : most;
        label = strlen(pr->name) + strlen(pr->ds[k].name) + 2 > label ? strlen(pr->name) + strlen(pr->ds[k].name) + 2
                                                                      : label;
      }
    }
  }
  if ((pl->scratch = malloc(most * sizeof *pl->scratch)) == NULL || (pl->label = malloc(label)) == NULL)
    return -1;
  for (size_t q = 0; pl->nfiles == 2 && q < pl->np; q++) { /* judge each pair once */
    const struct res_dataset *o = pl->p[q].d[0], *n = pl->p[q].d[1];
    if ((pl->p[q].both = o && n && !o->error && !n->error && results_summary(o, &so) == 0 &&
                         results_summary(n, &sn) == 0) && /* each file one round, as compare judges it: the medians' ratio, no verdict */
        stats_judge_rounds(&pl->rule, &so.median, 1, &sn.median, 1, 1, &pl->p[q].c) != 0)
      return -1;
  }
  return 0;
}

/* The chart asked for (chart: NULL, "--sweep" or "--bars") on f; 0, or -1
** with the message printed when the data has nothing it can draw. */
static int render(FILE *f, const struct plot *pl, const char *chart, const char *baseline)
{
  struct ps_err err = {{0}};
  int rc = PS_EXIT_OK;
  if (chart == NULL && draw(f, pl) != 0) {
    ps_fail(&err, "out of memory");
    rc = PS_EXIT_FAILED;
  } else if (chart != NULL && strcmp(chart, "--sweep") == 0)
    rc = plotsweep_draw(f, pl->r, pl->nfiles, &err);
  else if (chart != NULL)
    rc = plotbars_draw(f, pl->r[0], baseline, &err);
  if (rc != PS_EXIT_OK)
    ps_error("plot%s%s: %s", chart != NULL ? " " : "", chart != NULL ? chart : "", err.msg);
  return rc;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct plot pl;
  struct ofile *of = NULL;
  struct ps_err err = {{0}};
  int code = PS_EXIT_FAILED;
  memset(&pl, 0, sizeof pl);
  pl.rule = cf->rule;
  for (int i = 0; i < cf->npaths; i++) {
    if ((pl.r[i] = results_load(cf->paths[i], &code, &err)) == NULL) {
      ps_error("plot: %s", err.msg);
      goto done;
    }
    pl.nfiles++;
  }
  code = PS_EXIT_FAILED;
  if (collect(&pl) != 0) {
    ps_error("plot: out of memory");
    goto done;
  }
  if ((of = ofile_open(cf->out, &err)) == NULL) {
    ps_error("plot: %s", err.msg);
    goto done;
  }
  if ((code = render(ofile_stream(of), &pl, cf->sweep ? "--sweep" : cf->bars ? "--bars" : NULL,
                     cf->baseline != NULL ? cf->baseline : "bench_copy")) != PS_EXIT_OK)
    goto done;
  code = PS_EXIT_FAILED;
  if (ofile_commit(of, &err) != 0) {
    of = NULL;
    ps_error("plot: %s", err.msg);
    goto done;
  }
  of = NULL;
  code = PS_EXIT_OK;
done:
  ofile_abort(of);
  for (int i = 0; i < pl.nfiles; i++)
    results_free(pl.r[i]);
  for (size_t q = 0; q < pl.np; q++)
    free(pl.p[q].key);
  free(pl.p);
  free(pl.scratch);
  free(pl.label);
  strmap_free(&pl.index);
  return code;
}

const struct opt_cmd plot_cmd = {"plot", help_plot, opts, hints, sizeof(struct config), init, check, body, NULL};
