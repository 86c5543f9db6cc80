/*
** plot.c: `psearch plot RESULTS.json... -o FILE.svg`: one panel per program
** and dataset with a box plot and the runs of every file on a shared time
** axis; with two files, also the speedups of the second over the first as
** bars, coloured where compare's test calls them significant.
*/
#include "plot.h"

#include "help.h"
#include "plotbars.h"
#include "plotbox.h"
#include "plotgroup.h"
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
#include <unistd.h>

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
        : (cf->out == NULL || strcmp(cf->out, "-") == 0) && isatty(1)
            ? "refusing to write SVG to a terminal; use -o FILE.svg or a redirection"
            : NULL;
  if (why != NULL)
    ps_error("plot: %s", why);
  return why == NULL ? PS_EXIT_OK : PS_EXIT_USAGE;
}

#define WIDTH 960.0        /* at least; wider when the box plots' labels need it */
#define LEFT 24.0          /* left margin */
#define ROW_H 22.0         /* a speedup bar */
#define AXIS_H 34.0
#define BAR_LABEL_W 380.0  /* speedup panel: dataset label column */
#define PATH_MAX_SHOWN 160 /* bytes of a file name in the legend; longer ones lose their middle */


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
  struct plotbox *box;  /* the box plots */
  double width;         /* of the figure */
  char *label;          /* room for the longest "ENTRY DATASET" of the speedups */
  struct stats_rule rule;
};

/* Speedup bars of file 1 over file 0 for the panels in both. */
static void draw_speedups(FILE *f, const struct plot *pl, double y, size_t nbars)
{
  double x0 = LEFT + BAR_LABEL_W, x1 = pl->width - 90, ext = log(1.1), xc;
  static const double fine[] = {0.8, 0.9, 1, 1.1, 1.25}, coarse[] = {0.125, 0.25, 0.5, 1, 2, 4, 8};
  const double *ticks;
  size_t nticks;
  size_t row = 0;
  svg_text(f, LEFT, y + 15, SVG_START, 13, 1, "#222", "Speedup of %s over %s (median old / median new)",
           pl->r[1]->path, pl->r[0]->path);
  svg_text(f, LEFT, y + 31, SVG_START, 11, 0, "#444",
           "one invocation a side: not judged (?), as psearch compare judges it; rounds of each side judge");
  for (size_t i = 0; i < pl->np; i++)
    if (pl->p[i].both && isfinite(pl->p[i].c.speedup))
      ext = fmax(ext, fabs(log(pl->p[i].c.speedup)) * 1.15);
  xc = (x0 + x1) / 2;
  ticks = ext > log(1.6) ? coarse : fine; /* readable ratios, never crowded */
  nticks = ext > log(1.6) ? sizeof coarse / sizeof coarse[0] : sizeof fine / sizeof fine[0];
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
      plotgroup_clip_middle(pl->label, 62, label, sizeof label);
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
    for (size_t k = 0; k < nticks; k++) {
      if (fabs(log(ticks[k])) > ext)
        continue;
      svg_line(f, X(ticks[k]), t, X(ticks[k]), t + 4, "#444", 1);
      if (ticks[k] < 1 && ext > log(1.6))
        svg_text(f, X(ticks[k]), t + 15, SVG_MIDDLE, 10, 0, "#444", "1/%gx", 1 / ticks[k]);
      else
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

static void draw(FILE *f, const struct plot *pl)
{
  size_t nbars = 0;
  char notes[MAX_NOTES][320], name[400];
  int nnotes = condition_notes(pl, notes);
  double h = 58 + 20.0 * pl->nfiles + 16.0 * nnotes, y;
  for (size_t i = 0; i < pl->np; i++)
    nbars += (size_t)pl->p[i].both;
  h += plotbox_height(pl->box) + 10;
  if (pl->nfiles == 2)
    h += 40 + 40 + ROW_H * (double)nbars + AXIS_H;
  svg_begin(f, pl->width, h);
  svg_text(f, LEFT, 24, SVG_START, 16, 1, "#222", "psearch: runtimes per dataset, fastest first");
  svg_text(f, LEFT, 42, SVG_START, 11, 0, "#444",
           "box: quartiles, thick bar: median (printed right), whiskers: 5th to 95th percentile, dots: runs "
           "beyond them, +N: runs beyond the axis");
  for (int i = 0; i < pl->nfiles; i++) { /* the files, once */
    plotgroup_clip_middle(pl->r[i]->path, PATH_MAX_SHOWN, name, sizeof name);
    svg_rect(f, LEFT, 54 + 20.0 * i, 12, 12, svg_palette[i], NULL);
    svg_text(f, LEFT + 18, 64 + 20.0 * i, SVG_START, 12, 0, "#222", "%s", name);
  }
  y = 58 + 20.0 * pl->nfiles;
  for (int i = 0; i < nnotes; i++, y += 16) /* times made under unlike conditions: said first */
    svg_text(f, LEFT, y + 12, SVG_START, 11, 0, "#a33", "conditions differ: %s", notes[i]);
  plotbox_draw(f, pl->box, y + 10, pl->width);
  y += plotbox_height(pl->box) + 10;
  if (pl->nfiles == 2)
    draw_speedups(f, pl, y + 20, nbars);
  svg_end(f);
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
  size_t cap = 0, label = 1;
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
        label = strlen(pr->name) + strlen(pr->ds[k].name) + 2 > label ? strlen(pr->name) + strlen(pr->ds[k].name) + 2
                                                                      : label;
      }
    }
  }
  if ((pl->box = plotbox_new(pl->r, pl->nfiles)) == NULL || (pl->label = malloc(label)) == NULL)
    return -1;
  pl->width = plotbox_width(pl->box, WIDTH);
  for (int i = 0; i < pl->nfiles; i++) { /* the legend's names, whole */
    char name[400];
    plotgroup_clip_middle(pl->r[i]->path, PATH_MAX_SHOWN, name, sizeof name);
    pl->width = fmax(pl->width, 2 * LEFT + 18 + plotgroup_text_width(name, 12));
  }
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
  if (chart == NULL)
    draw(f, pl);
  else if (strcmp(chart, "--sweep") == 0)
    rc = plotsweep_draw(f, pl->r, pl->nfiles, 0, &err);
  else
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
                     cf->baseline)) != PS_EXIT_OK)
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
  plotbox_free(pl.box);
  free(pl.label);
  strmap_free(&pl.index);
  return code;
}

const struct opt_cmd plot_cmd = {"plot", help_plot, opts, hints, sizeof(struct config), init, check, body, NULL};
