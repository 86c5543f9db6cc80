/*
** export.c: `psearch export RESULTS.json... --gbench FILE --bmf FILE --gab
** FILE --csv FILE --markdown FILE`: results files (psearch's or futhark
** bench's; several are pooled, as compare pools the files of a side) as the
** JSON of Google Benchmark, Bencher and github-action-benchmark
** (exportdash.c), as CSV with one row per run, or as a markdown table for a
** pull-request comment. Each form goes to its FILE,
** whole or not at all, or with - to standard output; diagnostics go to stderr.
*/
#include "export.h"

#include "exportdash.h"
#include "help.h"
#include "ofile.h"
#include "opt.h"
#include "ps.h"
#include "ps_version.h"
#include "results.h"
#include "stats.h"
#include "strmap.h"
#include "table.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum format {
  FMT_GBENCH = EXPORT_GBENCH,
  FMT_CSV = EXPORT_CSV,
  FMT_MARKDOWN = EXPORT_MARKDOWN,
  FMT_BMF = EXPORT_BMF,
  FMT_GAB = EXPORT_GAB,
  NFORMATS
};

#define MAXFILES 64

struct config {
  const char *paths[MAXFILES];
  int npaths;
  const char *out[NFORMATS]; /* each form's FILE; NULL: not asked for */
  int aggregates;
  int pool;                  /* --pool: pool runs made under different conditions */
};

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_OUTPUT("gbench", 0, AT(out[FMT_GBENCH]), "Google Benchmark's JSON into FILE (- for standard output)"),
  OPT_ROW_OUTPUT("csv", 0, AT(out[FMT_CSV]), "One row per run, CSV, into FILE"),
  OPT_ROW_OUTPUT("markdown", 0, AT(out[FMT_MARKDOWN]), "A table for a pull-request comment into FILE"),
  OPT_ROW_OUTPUT("bmf", 0, AT(out[FMT_BMF]), "Bencher Metric Format (latency in ns) into FILE"),
  OPT_ROW_OUTPUT("gab", 0, AT(out[FMT_GAB]), "github-action-benchmark's customSmallerIsBetter JSON into FILE"),
  OPT_ROW_FLAG("aggregates", 0, AT(aggregates), "--gbench: only the _mean, _median, _stddev and _cv entries (see above)"),
  OPT_ROW_FLAG("pool", 0, AT(pool), "Pool a program's runs from files made under different conditions (backend, device, build, ...)"),
  OPT_ROW_LIST(NULL, 0, AT(paths), AT(npaths), MAXFILES, "RESULTS.json", NULL),
  OPT_ROW_END,
};

#define FORMS "--gbench FILE, --bmf FILE, --gab FILE, --csv FILE or --markdown FILE (- for standard output)"
#define EACH_FORM "export takes each form with its file: " FORMS

/* export's old spellings, and the JSON that export writes. */
static const struct opt_hint hints[] = {
  {"--format", EACH_FORM},
  {"-f", EACH_FORM},
  {"--output", EACH_FORM},
  {"-o", EACH_FORM},
  {"--json", "export's JSON is Google Benchmark's: --gbench FILE (results JSON is what bench --json "
             "writes; psearch merge --json joins files)"},
  {NULL, NULL},
};

/* What the options say together: PS_EXIT_OK, or PS_EXIT_USAGE after a message. */
static int check(void *p)
{
  const struct config *cf = p;
  int rc = PS_EXIT_USAGE;
  if (cf->npaths == 0)
    ps_error("export: expected one or more results files (psearch export RESULTS.json --csv FILE)");
  else if (!cf->out[FMT_GBENCH] && !cf->out[FMT_CSV] && !cf->out[FMT_MARKDOWN] && !cf->out[FMT_BMF] &&
           !cf->out[FMT_GAB])
    ps_error("export: which form? " FORMS);
  else if (cf->aggregates && cf->out[FMT_GBENCH] == NULL)
    ps_error("export: --aggregates goes with --gbench");
  else
    rc = PS_EXIT_OK;
  return rc;
}

/* Before b's program pb is pooled into a's pa: a condition of measurement
** that differs (backend, device, build, validation, ...: results.h) refuses
** the pool (-1 after the message) unless pool is set, when it is named on
** stderr; context that only pb states moves to pa. */
static int merge_context(struct res_program *pa, struct res_program *pb, const char *apath, const char *bpath,
                         int pool)
{
  char **fa[] = {&pa->backend, &pa->device, &pa->date, &pa->host};
  char **fb[] = {&pb->backend, &pb->device, &pb->date, &pb->host};
  char t[3][300];
  int unlike = 0;
  for (int k = 0; k < RES_NCOND; k++)
    if (results_condition_differs(pa, pb, k)) {
      (pool ? ps_warn : ps_error)("export: %s: %s %s in %s, %s in %s%s", table_term(pb->name, t[0], sizeof t[0]),
                                  results_said[k], pa->cond[k] ? table_term(pa->cond[k], t[1], sizeof t[1]) : "not recorded",
                                  apath, pb->cond[k] ? table_term(pb->cond[k], t[2], sizeof t[2]) : "not recorded", bpath,
                                  pool ? "; their runs are pooled (--pool)" : "");
      unlike = 1;
    }
  if (unlike && !pool) {
    ps_error("export: runs made under different conditions are not pooled into one row: export each file "
             "alone, or pool them anyway with --pool");
    return -1;
  }
  for (int k = 0; k < 4; k++) {
    if (*fa[k] == NULL) {
      *fa[k] = *fb[k];
      *fb[k] = NULL;
    }
  }
  return 0;
}

/* The files of cf pooled into one; NULL after printing why (*code set). */
static struct results *load_all(const struct config *cf, int *code)
{
  struct results *all = NULL, *r;
  struct ps_err err;
  int ok = 0;
  for (int i = 0; i < cf->npaths; i++) {
    if ((r = (cf->out[FMT_CSV] != NULL ? results_load_every_run : results_load)(cf->paths[i], code, &err)) ==
        NULL) { /* the CSV has a row per run: every one, also of a file with more than bench keeps */
      ps_error("export: %s", err.msg);
      goto done;
    }
    if (all == NULL) {
      all = r;
      continue;
    }
    for (size_t j = 0; j < r->nprogs; j++) {
      struct res_program *pa = (struct res_program *)results_program(all, r->progs[j].name);
      if (pa != NULL &&
          merge_context(pa, &r->progs[j], i == 1 ? cf->paths[0] : "an earlier file", cf->paths[i], cf->pool) != 0) {
        *code = PS_EXIT_USAGE;
        results_free(r);
        goto done;
      }
    }
    if (results_pool(all, r) != 0) { /* r is freed either way */
      ps_error("export: out of memory");
      *code = PS_EXIT_FAILED;
      goto done;
    }
  }
  ok = 1;
done:
  if (!ok) {
    results_free(all);
    all = NULL;
  }
  return all;
}

/* The datasets in r (all of them, or only those that ran). */
static size_t count_datasets(const struct results *r, int ran_only)
{
  size_t n = 0;
  for (size_t i = 0; i < r->nprogs; i++)
    for (size_t j = 0; j < r->progs[i].nds; j++)
      n += !ran_only || r->progs[i].ds[j].error == NULL;
  return n;
}

/* Name on stderr each failed dataset, which has no runs to export. */
static void warn_failed(const struct results *r)
{
  char t[3][400];
  for (size_t i = 0; i < r->nprogs; i++)
    for (size_t j = 0; j < r->progs[i].nds; j++)
      if (r->progs[i].ds[j].error != NULL)
        ps_warn("export: %s %s failed, left out: %s", table_term(r->progs[i].name, t[0], sizeof t[0]),
                table_term(r->progs[i].ds[j].name, t[1], sizeof t[1]),
                table_term(r->progs[i].ds[j].error, t[2], sizeof t[2]));
}

/* ================================== csv ================================== */

/* v in the fewest digits that read back as exactly v, without an exponent
** where 17 decimals are enough: 2000, 89.10000000000001. */
static void exact_number(double v, char *buf, size_t n)
{
  double back;
  for (int d = 0; d <= 17; d++) {
    snprintf(buf, n, "%.*f", d, v);
    if (opt_parse_double(buf, &back) == 0 && back == v)
      return;
  }
  snprintf(buf, n, "%.17g", v);
}

static int write_csv(FILE *f, const struct results *r, const struct config *cf)
{
  static const char *const head[] = {"program", "dataset", "run", "runtime_us", "backend", "device"};
  char num[64], run[32];
  (void)cf;
  table_csv_row(f, 6, head);
  for (size_t i = 0; i < r->nprogs; i++) {
    const struct res_program *p = &r->progs[i];
    for (size_t j = 0; j < p->nds; j++) {
      const struct res_dataset *d = &p->ds[j];
      for (size_t k = 0; d->error == NULL && k < d->nruns; k++) {
        exact_number(d->runs[k], num, sizeof num);
        snprintf(run, sizeof run, "%zu", k + 1);
        table_csv_row(f, 6, (const char *const[]){p->name, d->name, run, num, p->backend, p->device});
      }
    }
  }
  return 0;
}

/* =============================== markdown ================================ */

/* A time in µs with four significant digits and no exponent: 2002, 100.1, 12.06, 0.03300. */
static void fmt_us(double v, char *buf, size_t n)
{
  int d = v > 0 && v < 1000 ? 3 - (int)floor(log10(v)) : 0;
  snprintf(buf, n, "%.*f", d > 6 ? 6 : d, v);
}

/* The heading: the files, and the devices the programs name (each once: a
** hash set of the labels said). 0, or -1 when out of memory. */
static int md_heading(FILE *f, const struct results *r, const struct config *cf)
{
  char label[512], **said = NULL;
  struct strmap seen = {0};
  size_t nsaid = 0;
  int rc = 0;
  fputs("### psearch results:", f);
  for (int i = 0; i < cf->npaths; i++) {
    fputs(i > 0 ? ", " : " ", f);
    table_md_text(f, cf->paths[i]);
  }
  fputs("\n\n", f);
  for (size_t i = 0; i < r->nprogs && rc == 0; i++) {
    char **ns;
    exportdash_device(&r->progs[i], label, sizeof label);
    if (label[0] == '\0' || strmap_get(&seen, label, strlen(label), &(size_t){0}))
      continue;
    if ((ns = realloc(said, (nsaid + 1) * sizeof *ns)) == NULL || (said = ns, (ns[nsaid] = strdup(label)) == NULL)) {
      rc = -1;
      break;
    }
    if (strmap_put(&seen, ns[nsaid++], strlen(label), 0, NULL) < 0) {
      rc = -1;
      break;
    }
    fputs(nsaid > 1 ? "; " : "Device: ", f);
    table_md_text(f, label);
  }
  if (nsaid > 0)
    fputs("\n\n", f);
  for (size_t i = 0; i < nsaid; i++)
    free(said[i]);
  free(said);
  strmap_free(&seen);
  return rc;
}

/* One dataset's row: its statistics, or its failure. 0, or -1 when out of memory. */
static int md_dataset(FILE *f, const struct res_program *p, const struct res_dataset *d)
{
  char mean[32], median[32], lo[32], hi[32], rsd[32] = "-", runs[32], *failed = NULL;
  size_t len = d->error != NULL ? strlen(d->error) + 16 : 0;
  struct res_summary s;
  int rc = 0;
  if (d->error != NULL) {
    if ((failed = malloc(len)) == NULL)
      rc = -1;
    else
      snprintf(failed, len, "**failed**: %s", d->error);
    if (failed != NULL)
      table_md_row(f, 8, (const char *const[]){p->name, d->name, failed, "-", "-", "-", "-", "0"});
    goto done;
  }
  if (results_summary(d, &s) != 0) {
    rc = -1;
    goto done;
  }
  fmt_us(s.mean, mean, sizeof mean);
  fmt_us(s.median, median, sizeof median);
  fmt_us(s.min, lo, sizeof lo);
  fmt_us(s.max, hi, sizeof hi);
  if (isfinite(s.rsd))
    snprintf(rsd, sizeof rsd, "%.3f", s.rsd);
  snprintf(runs, sizeof runs, "%zu", s.runs);
  table_md_row(f, 8, (const char *const[]){p->name, d->name, mean, median, lo, hi, rsd, runs});
done:
  free(failed);
  return rc;
}

static int write_markdown(FILE *f, const struct results *r, const struct config *cf)
{
  static const char *const head[] = {"Program", "Dataset", "Mean (μs)", "Median (μs)", "Min (μs)", "Max (μs)",
                                     "RSD", "Runs"};
  int rc = md_heading(f, r, cf);
  table_md_head(f, 8, head, "llrrrrrr");
  for (size_t i = 0; i < r->nprogs && rc == 0; i++)
    for (size_t j = 0; j < r->progs[i].nds && rc == 0; j++)
      rc = md_dataset(f, &r->progs[i], &r->progs[i].ds[j]);
  return rc;
}

/* ================================ Command ================================ */

static int write_gbench(FILE *f, const struct results *r, const struct config *cf)
{
  return exportdash_gbench(f, r, cf->aggregates);
}

static int write_bmf(FILE *f, const struct results *r, const struct config *cf)
{
  (void)cf;
  return exportdash_bmf(f, r);
}

static int write_gab(FILE *f, const struct results *r, const struct config *cf)
{
  (void)cf;
  return exportdash_gab(f, r);
}

static int (*const writers[NFORMATS])(FILE *, const struct results *, const struct config *) = {
  write_gbench, write_csv, write_markdown, write_bmf, write_gab};

int export_write(FILE *f, enum export_form form, const struct results *r, int aggregates,
                 const char *const *paths, int npaths)
{
  struct config cf;
  memset(&cf, 0, sizeof cf);
  cf.npaths = npaths < MAXFILES ? npaths : MAXFILES;
  memcpy(cf.paths, paths, (size_t)cf.npaths * sizeof *paths);
  cf.aggregates = aggregates;
  return writers[form](f, r, &cf);
}

/* Every form asked for, each whole or not at all; the exit code. */
static int write_forms(const struct config *cf, const struct results *r)
{
  struct ofile *of[NFORMATS] = {NULL};
  struct ps_err err = {{0}};
  int code = PS_EXIT_FAILED, k;
  for (k = 0; k < NFORMATS; k++)
    if (cf->out[k] != NULL && (of[k] = ofile_open(cf->out[k], &err)) == NULL) {
      ps_error("export: %s", err.msg);
      goto done;
    }
  for (k = 0; k < NFORMATS; k++)
    if (of[k] != NULL && writers[k](ofile_stream(of[k]), r, cf) != 0) {
      ps_error("export: out of memory");
      goto done;
    }
  for (k = 0; k < NFORMATS; k++) {
    struct ofile *o = of[k];
    of[k] = NULL;
    if (o != NULL && ofile_commit(o, &err) != 0) {
      ps_error("export: %s", err.msg);
      goto done;
    }
  }
  code = PS_EXIT_OK;
done:
  for (k = 0; k < NFORMATS; k++)
    ofile_abort(of[k]);
  return code;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct results *r = NULL;
  int code, ran_only = cf->out[FMT_GBENCH] != NULL || cf->out[FMT_CSV] != NULL || cf->out[FMT_BMF] != NULL ||
                      cf->out[FMT_GAB] != NULL;
  if ((r = load_all(cf, &code)) == NULL)
    goto done;
  code = PS_EXIT_FAILED;
  if (count_datasets(r, ran_only) == 0) {
    ps_error("export: nothing to export: no dataset %s in %s%s", ran_only ? "ran" : "at all", cf->paths[0],
             cf->npaths > 1 ? " and the other files" : "");
    goto done;
  }
  if (ran_only)
    warn_failed(r);
  code = write_forms(cf, r);
done:
  results_free(r);
  return code;
}

const struct opt_cmd export_cmd = {"export", help_export, opts, hints, sizeof(struct config), NULL, check, body, NULL};
