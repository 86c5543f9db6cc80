/*
** htmlreport.c: `psearch report RESULTS.json... -o report.html`: one
** self-contained HTML page to share a run (docs/cli.md): the device and run
** context of each file, the summary table (fastest first in each problem,
** noisy results marked; a small inline script sorts it by a column, and it
** reads the same without it), the box plots (plotbox.h) and the size sweeps
** (plotsweep.h) as inline SVG, and with two files or more the comparison of
** each later file with the first (ratios, their intervals, verdicts). Nothing
** leaves the page: no script, style, font or image is loaded from elsewhere.
*/
#include "htmlreport.h"

#include "comparison.h"
#include "help.h"
#include "ofile.h"
#include "opt.h"
#include "plotbox.h"
#include "plotgroup.h"
#include "plotsweep.h"
#include "ps_version.h"
#include "report.h"
#include "results.h"
#include "stats.h"
#include "svg.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXFILES 8

struct config {
  const char *paths[MAXFILES];
  int npaths;
  const char *out; /* NULL or "-": standard output */
};

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_OUTPUT("output", 'o', AT(out), "Write the HTML page to FILE (default: standard output)"),
  OPT_ROW_LIST(NULL, 0, AT(paths), AT(npaths), MAXFILES, "RESULTS.json", NULL),
  OPT_ROW_END,
};

static int check(void *p)
{
  const struct config *cf = p;
  const char *why = cf->npaths == 0 ? "expected one or more results files"
                    : (cf->out == NULL || strcmp(cf->out, "-") == 0) && isatty(1)
                        ? "refusing to write HTML to a terminal; use -o FILE.html or a redirection"
                        : NULL;
  if (why != NULL)
    ps_error("report: %s", why);
  return why == NULL ? PS_EXIT_OK : PS_EXIT_USAGE;
}

/* The page's style and its one script: the summary sorted by a column on a
** click (numbers by their data-v, text otherwise; again: the other way). No
** '<' or '&' in either, so that the page also parses as XML. */
static const char style[] =
  "body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:1.5em;color:#222;max-width:1100px}"
  "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ddd}"
  "table{border-collapse:collapse;font-size:.85em;margin:.5em 0}"
  "th,td{padding:.2em .6em;border-bottom:1px solid #eee;text-align:left;vertical-align:top}"
  "td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f4f4f4}"
  "table.sortable th{cursor:pointer}tr.noisy td{background:#fff6e0}"
  ".slower{color:#b34700;font-weight:bold}.faster{color:#00795a;font-weight:bold}"
  "figure{margin:1em 0;overflow-x:auto}figcaption,.note{color:#555;font-size:.85em}";

static const char script[] =
  "document.querySelectorAll('table.sortable th').forEach(function(th,i){"
  "th.addEventListener('click',function(){"
  "var b=th.closest('table').tBodies[0],rs=Array.prototype.slice.call(b.rows),d=th.dataset.dir==='up'?-1:1;"
  "th.dataset.dir=d===1?'up':'down';"
  "rs.sort(function(x,y){var a=x.cells[i],c=y.cells[i];"
  "return d*(a.dataset.v!==undefined?a.dataset.v-c.dataset.v:a.textContent.localeCompare(c.textContent));});"
  "rs.forEach(function(r){b.appendChild(r);});});});";

/* Text as HTML character data, formatted (at most 1 KiB). */
static void text(FILE *f, const char *fmt, ...) PS_PRINTF(2, 3);
static void text(FILE *f, const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  if (vsnprintf(buf, sizeof buf, fmt, ap) < 0)
    buf[0] = '\0';
  va_end(ap);
  svg_escaped(f, buf);
}

/* The run context of each file: its first program's device, backend,
** date, host and the other conditions it records, where not the defaults. */
static void context(FILE *f, struct results *const *r, int n)
{
  fputs("<h2 id=\"context\">Device and run</h2>\n<table>\n<thead><tr><th>File</th><th>Device</th><th>Backend</th>"
        "<th>Date</th><th>Host</th><th>Programs</th><th>Other conditions</th></tr></thead>\n<tbody>\n",
        f);
  for (int i = 0; i < n; i++) {
    const struct res_program *p = r[i]->nprogs > 0 ? &r[i]->progs[0] : NULL;
    size_t nds = 0;
    for (size_t j = 0; j < r[i]->nprogs; j++)
      nds += r[i]->progs[j].nds;
    fputs("<tr><td>", f);
    text(f, "%s", r[i]->path);
    fputs("</td><td>", f);
    text(f, "%s", p && p->device ? p->device : "not recorded");
    fputs("</td><td>", f);
    text(f, "%s", p && p->backend ? p->backend : "not recorded");
    fputs("</td><td>", f);
    text(f, "%s", p && p->date ? p->date : "");
    fputs("</td><td>", f);
    text(f, "%s", p && p->host ? p->host : "");
    fprintf(f, "</td><td class=\"n\">%zu program%s, %zu dataset%s</td><td>", r[i]->nprogs,
            r[i]->nprogs == 1 ? "" : "s", nds, nds == 1 ? "" : "s");
    for (int k = 2; p != NULL && k < RES_NCOND; k++) /* after the backend and device, those not the defaults */
      if (p->cond[k] != NULL && !(results_neutral[k] != NULL && strcmp(p->cond[k], results_neutral[k]) == 0)) {
        text(f, "%s: %s", results_conditions[k], p->cond[k]);
        fputs("<br/>", f);
      }
    fputs("</td></tr>\n", f);
  }
  fputs("</tbody>\n</table>\n", f);
}

/* One row of the summary: what to sort it by and where it points. */
struct srow {
  const struct res_program *p;
  const struct res_dataset *d;
  int file;
  char key[400];    /* suite and problem: the group */
  size_t group;     /* the group's first appearance */
  double median;    /* INFINITY: failed */
};

static int cmp_srow(const void *a, const void *b)
{
  const struct srow *x = a, *y = b;
  int c = (x->group > y->group) - (x->group < y->group);
  return c != 0 ? c : (x->median > y->median) - (x->median < y->median);
}

/* One cell of a time in µs, sortable by its value. */
static void time_cell(FILE *f, double us)
{
  char t[32];
  plotgroup_us(us, t, sizeof t);
  fprintf(f, "<td class=\"n\" data-v=\"%.9g\">", us);
  text(f, "%s", t);
  fputs("</td>", f);
}

/* The summary table's body rows in rows (n), sorted. */
static void summary_rows(FILE *f, const struct srow *rows, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    const struct srow *w = &rows[i];
    struct res_summary s;
    char suite[256], entry[256], problem[256];
    int ok = w->d->error == NULL && w->d->nruns > 0 && results_summary(w->d, &s) == 0;
    int noisy = ok && s.rsd > REPORT_NOISY_RSD;
    plotgroup_split(w->p->name, suite, sizeof suite, entry, sizeof entry);
    plotgroup_problem(w->d->name, problem, sizeof problem);
    fprintf(f, "<tr%s><td>", noisy ? " class=\"noisy\"" : "");
    text(f, "%s", problem);
    fputs("</td><td>", f);
    text(f, "%s", entry);
    fputs("</td><td>", f);
    text(f, "%s", w->d->name);
    fputs("</td><td>", f);
    text(f, "%s", suite);
    fputs("</td>", f);
    if (!ok) {
      fputs("<td colspan=\"5\">failed: ", f);
      text(f, "%s", w->d->error != NULL ? w->d->error : "no runs");
      fputs("</td>", f);
    } else {
      time_cell(f, s.median);
      time_cell(f, s.mean);
      fprintf(f, "<td class=\"n\" data-v=\"%.6g\">%.3f%s</td><td class=\"n\" data-v=\"%zu\">%zu</td>", s.rsd, s.rsd,
              noisy ? " noisy" : "", s.runs, s.runs);
      fprintf(f, "<td class=\"n\" data-v=\"%d\">%d</td>", w->file + 1, w->file + 1);
    }
    fputs("</tr>\n", f);
  }
}

/* The summary: every program and dataset of every file, grouped by suite and
** problem, fastest first by median in a group. 0, or -1 when out of memory. */
static int summary(FILE *f, struct results *const *r, int n)
{
  size_t cap = 0, nrows = 0;
  struct srow *rows;
  for (int i = 0; i < n; i++)
    for (size_t j = 0; j < r[i]->nprogs; j++)
      cap += r[i]->progs[j].nds;
  if ((rows = calloc(cap + 1, sizeof *rows)) == NULL)
    return -1;
  for (int i = 0; i < n; i++)
    for (size_t j = 0; j < r[i]->nprogs; j++)
      for (size_t k = 0; k < r[i]->progs[j].nds; k++) {
        struct srow *w = &rows[nrows];
        char suite[200], entry[8], problem[190];
        struct res_summary s;
        w->p = &r[i]->progs[j];
        w->d = &r[i]->progs[j].ds[k];
        w->file = i;
        plotgroup_split(w->p->name, suite, sizeof suite, entry, sizeof entry);
        plotgroup_problem(w->d->name, problem, sizeof problem);
        snprintf(w->key, sizeof w->key, "%s\n%s", suite, problem);
        w->median = w->d->error == NULL && w->d->nruns > 0 && results_summary(w->d, &s) == 0 ? s.median : INFINITY;
        w->group = nrows;
        for (size_t q = 0; q < nrows; q++) /* the group's first row (quadratic: a report is of one suite's size) */
          if (strcmp(rows[q].key, w->key) == 0) {
            w->group = rows[q].group;
            break;
          }
        nrows++;
      }
  qsort(rows, nrows, sizeof *rows, cmp_srow);
  fprintf(f, "<h2 id=\"summary\">Summary</h2>\n<p class=\"note\">Each problem (array size and type) fastest first "
             "by median; rows with an RSD over %.2f are marked noisy (their mean is noise: read the median). "
             "Click a column's head to sort by it.</p>\n",
          REPORT_NOISY_RSD);
  fputs("<table class=\"sortable\" id=\"summary-table\">\n<thead><tr><th>Problem</th><th>Entry</th><th>Dataset</th>"
        "<th>Suite</th><th>Median</th><th>Mean</th><th>RSD</th><th>Runs</th><th>File</th></tr></thead>\n<tbody>\n",
        f);
  summary_rows(f, rows, nrows);
  fputs("</tbody>\n</table>\n", f);
  free(rows);
  return 0;
}

/* The box plots: a legend of the files, then plotbox's panels. 0, or -1 when out of memory. */
static int boxes(FILE *f, struct results *const *r, int n)
{
  struct plotbox *b = plotbox_new(r, n);
  double w, legend = 14 + 20.0 * n;
  if (b == NULL)
    return -1;
  w = plotbox_width(b, 900);
  fputs("<h2 id=\"runtimes\">Runtimes per dataset</h2>\n<figure>\n", f);
  svg_begin_inline(f, w, legend + plotbox_height(b), "box plots of the runtimes of every entry, fastest first");
  for (int i = 0; i < n; i++) {
    svg_rect(f, 24, 6 + 20.0 * i, 12, 12, svg_palette[i % SVG_PALETTE_N], NULL);
    svg_text(f, 42, 16 + 20.0 * i, SVG_START, 12, 0, "#222", "%s", r[i]->path);
  }
  plotbox_draw(f, b, legend, w);
  svg_end(f);
  fputs("<figcaption>Box: quartiles; thick bar: median (printed right); whiskers: 5th to 95th percentile; dots: "
        "runs beyond them; +N: runs beyond the axis. Each panel has its own log time axis.</figcaption>\n"
        "</figure>\n",
        f);
  plotbox_free(b);
  return 0;
}

/* The sweep charts, or a sentence saying there is none. */
static void sweeps(FILE *f, struct results *const *r, int n)
{
  struct ps_err e = {{0}};
  fputs("<h2 id=\"sweeps\">Size sweeps</h2>\n<figure>\n", f);
  if (plotsweep_draw(f, r, n, 1, &e) != PS_EXIT_OK)
    fputs("<p class=\"note\">No program ran datasets of two sizes or more ([N] in their names).</p>\n", f);
  fputs("</figure>\n", f);
}

/* One comparison row: the speedup, the 95% interval of the ratio of the medians, the verdict. */
static void comparison_row(FILE *f, const struct comparison_row *w)
{
  static const char *const verdicts[] = {"~ no significant change", "faster", "slower", "? not judged"};
  static const char *const classes[] = {"", " class=\"faster\"", " class=\"slower\"", ""};
  double lo, hi;
  stats_ratio_ci(w->n->runs, w->n->nruns, w->o->runs, w->o->nruns, 2000, &lo, &hi);
  fputs("<tr><td>", f);
  text(f, "%s", w->prog);
  fputs("</td><td>", f);
  text(f, "%s", w->o->name);
  fputs("</td>", f);
  time_cell(f, w->c.mean_old);
  time_cell(f, w->c.mean_new);
  fprintf(f, "<td class=\"n\" data-v=\"%.6g\">%.3fx</td><td class=\"n\">[%.3f, %.3f]</td>", w->c.speedup,
          w->c.speedup, lo, hi);
  if (isnan(w->c.p))
    fputs("<td class=\"n\">-</td>", f);
  else
    fprintf(f, "<td class=\"n\">%.4f</td>", w->c.p);
  fprintf(f, "<td%s>%s</td></tr>\n", classes[w->c.verdict], verdicts[w->c.verdict]);
}

/* Each later file against the first, judged as psearch compare judges the
** files (one file a side: the ratios, judged by nothing). 0, or -1 when out
** of memory. */
static int comparisons(FILE *f, struct results *const *r, int n)
{
  struct stats_rule rule = {STATS_AUTO, 0.01, 0.02};
  fputs("<h2 id=\"comparison\">Comparison</h2>\n<p class=\"note\">Speedup: the old mean over the new (above 1 is "
        "faster); its interval: the 95% bootstrap interval of the ratio of the medians of the runs; the "
        "verdict: psearch compare's (alpha 0.01, threshold 2%), which judges nothing from one file a side: one "
        "invocation cannot tell a change from drift between invocations. Give psearch compare rounds "
        "(--old A1.json --old A2.json ...) for a verdict.</p>\n",
        f);
  for (int i = 1; i < n; i++) {
    struct comparison c;
    memset(&c, 0, sizeof c);
    if (comparison_build(&c, r[0], r[i], &rule, COMPARISON_BY_NAME, 0, 0) != 0) {
      comparison_free(&c);
      return -1;
    }
    fputs("<h3>", f);
    text(f, "%s against %s: %zu slower, %zu faster, %zu unchanged, %zu not judged; geometric mean speedup %.3fx",
          r[i]->path, r[0]->path, c.slower, c.faster, c.same, c.untestable, c.geomean);
    fputs("</h3>\n<table class=\"sortable\">\n<thead><tr><th>Program</th><th>Dataset</th><th>Old mean</th>"
          "<th>New mean</th><th>Speedup</th><th>95% interval</th><th>p</th><th>Verdict</th></tr></thead>\n<tbody>\n",
          f);
    for (size_t k = 0; k < c.nrows; k++)
      comparison_row(f, &c.rows[k]);
    fputs("</tbody>\n</table>\n", f);
    comparison_free(&c);
  }
  return 0;
}

/* The page on f. 0, or -1 when out of memory. */
static int page(FILE *f, struct results *const *r, int n)
{
  int rc = -1;
  fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
             "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
             "<title>psearch report</title>\n<style>%s</style>\n</head>\n<body>\n<h1>psearch report</h1>\n",
          style);
  fputs("<p class=\"note\">Made by psearch " PS_VERSION " (" PS_GIT ") from ", f);
  for (int i = 0; i < n; i++) {
    text(f, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", r[i]->path);
  }
  fputs(". <a href=\"#summary\">Summary</a> · <a href=\"#runtimes\">Runtimes</a> · <a href=\"#sweeps\">Sweeps</a>",
        f);
  fputs(n > 1 ? " · <a href=\"#comparison\">Comparison</a>" : "", f);
  fputs("</p>\n", f);
  context(f, r, n);
  if (summary(f, r, n) != 0 || boxes(f, r, n) != 0)
    goto done;
  sweeps(f, r, n);
  if (n > 1 && comparisons(f, r, n) != 0)
    goto done;
  fprintf(f, "<script>%s</script>\n</body>\n</html>\n", script);
  rc = 0;
done:
  return rc;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct results *r[MAXFILES] = {NULL};
  struct ofile *of = NULL;
  struct ps_err err = {{0}};
  int code = PS_EXIT_FAILED, n = 0, committed;
  for (; n < cf->npaths; n++)
    if ((r[n] = results_load(cf->paths[n], &code, &err)) == NULL) {
      ps_error("report: %s", err.msg);
      goto done;
    }
  code = PS_EXIT_FAILED;
  if ((of = ofile_open(cf->out, &err)) == NULL) {
    ps_error("report: %s", err.msg);
    goto done;
  }
  if (page(ofile_stream(of), r, n) != 0) {
    ps_error("report: out of memory");
    goto done;
  }
  committed = ofile_commit(of, &err);
  of = NULL; /* the page is in place, or gone with the error */
  if (committed != 0)
    ps_error("report: %s", err.msg);
  else
    code = PS_EXIT_OK;
done:
  ofile_abort(of);
  for (int i = 0; i < n; i++)
    results_free(r[i]);
  return code;
}

const struct opt_cmd htmlreport_cmd = {"report", help_report, opts, NULL, sizeof(struct config), NULL, check, body,
                                       NULL};
