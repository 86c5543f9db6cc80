/*
** export.c: `psearch export RESULTS.json... --gbench FILE --csv FILE
** --markdown FILE`: results files (psearch's or futhark bench's; several are
** pooled, as compare pools the files of a side) as Google Benchmark's JSON
** (for github-action-benchmark and Bencher), as CSV with one row per run, or
** as a markdown table for a pull-request comment. Each form goes to its FILE,
** whole or not at all, or with - to standard output; diagnostics go to stderr.
*/
#include "export.h"

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

enum format { FMT_GBENCH = EXPORT_GBENCH, FMT_CSV = EXPORT_CSV, FMT_MARKDOWN = EXPORT_MARKDOWN, NFORMATS };

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
  OPT_ROW_FLAG("aggregates", 0, AT(aggregates), "--gbench: the _mean, _median, _stddev and _cv entries (see above)"),
  OPT_ROW_FLAG("pool", 0, AT(pool), "Pool a program's runs from files made under different conditions (backend, device, build, ...)"),
  OPT_ROW_LIST(NULL, 0, AT(paths), AT(npaths), MAXFILES, "RESULTS.json", NULL),
  OPT_ROW_END,
};

#define FORMS "--gbench FILE, --csv FILE or --markdown FILE (- for standard output)"
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
  else if (!cf->out[FMT_GBENCH] && !cf->out[FMT_CSV] && !cf->out[FMT_MARKDOWN])
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

/* "DEVICE (BACKEND)", or what of it the program states, into buf ("" when neither). */
static void device_label(const struct res_program *p, char *buf, size_t n)
{
  if (p->device != NULL && p->backend != NULL)
    snprintf(buf, n, "%s (%s)", p->device, p->backend);
  else
    snprintf(buf, n, "%s", p->device != NULL ? p->device : p->backend != NULL ? p->backend : "");
}

/* ================================ gbench ================================= */

/* Google Benchmark's date: local time with the offset, "2026-01-02T03:04:05+01:00". */
static void local_date(char *buf, size_t n)
{
  time_t now = time(NULL);
  struct tm tm;
  char z[16] = "+0000";
  localtime_r(&now, &tm);
  strftime(z, sizeof z, "%z", &tm);
  strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
  if (strlen(z) == 5)
    snprintf(buf + strlen(buf), n - strlen(buf), "%.3s:%s", z, z + 3);
}

/* The first line of a small file, its white space trimmed, parsed as a number;
** 0 when it cannot be read or is not one. */
static double read_number(FILE *f, const char *after)
{
  char line[256], *s = line, *e;
  double v = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    if (after != NULL && strncmp(line, after, strlen(after)) != 0)
      continue;
    s = after != NULL && strchr(line, ':') != NULL ? strchr(line, ':') + 1 : line;
    while (*s == ' ' || *s == '\t')
      s++;
    for (e = s + strlen(s); e > s && (e[-1] == '\n' || e[-1] == ' ' || e[-1] == '\t'); e--)
      e[-1] = '\0';
    if (opt_parse_double(s, &v) != 0)
      v = 0;
    break;
  }
  return v;
}

/* The CPU clock in MHz where Google Benchmark finds it on Linux (cpufreq's
** maximum, else /proc/cpuinfo's "cpu MHz"), rounded; 0 when neither says. */
static double cpu_mhz(void)
{
  FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
  double mhz = 0;
  if (f != NULL) {
    mhz = read_number(f, NULL) / 1000; /* kHz */
    fclose(f);
  }
  if (!(mhz > 0) && (f = fopen("/proc/cpuinfo", "r")) != NULL) {
    mhz = read_number(f, "cpu MHz");
    fclose(f);
  }
  return mhz > 0 && isfinite(mhz) ? round(mhz) : 0;
}

/* Google Benchmark's "context" (json_reporter.cc's keys): the date and host of
** the measurement as psearch recorded them (the first program that states
** them), else now and here; the CPUs of the machine that exports (psearch does
** not record them); caches and load_avg empty. */
static cJSON *gbench_context(const struct results *r)
{
  cJSON *c = cJSON_CreateObject();
  const char *date = NULL, *host = NULL;
  char now[64], here[256] = "";
  for (size_t i = 0; i < r->nprogs; i++) {
    date = date != NULL ? date : r->progs[i].date;
    host = host != NULL ? host : r->progs[i].host;
  }
  if (date == NULL) {
    local_date(now, sizeof now);
    date = now;
  }
  if (host == NULL) {
    gethostname(here, sizeof here - 1);
    host = here;
  }
  cJSON_AddStringToObject(c, "date", date);
  cJSON_AddStringToObject(c, "host_name", host);
  cJSON_AddStringToObject(c, "executable", "psearch");
  cJSON_AddNumberToObject(c, "num_cpus", ps_ncpus());
  cJSON_AddNumberToObject(c, "mhz_per_cpu", cpu_mhz());
  cJSON_AddItemToObject(c, "caches", cJSON_CreateArray());
  cJSON_AddItemToObject(c, "load_avg", cJSON_CreateArray());
  cJSON_AddStringToObject(c, "library_version", "psearch " PS_VERSION " (" PS_GIT ")");
#ifdef NDEBUG
  cJSON_AddStringToObject(c, "library_build_type", "release");
#else
  cJSON_AddStringToObject(c, "library_build_type", "debug");
#endif
  cJSON_AddNumberToObject(c, "json_schema_version", 1);
  return c;
}

/* What the entries of one program and dataset share. */
struct gb_run {
  char *run_name; /* PROGRAM/DATASET */
  const char *label; /* DEVICE (BACKEND), or "" */
  size_t family, instance; /* the program's index, the dataset's among the program's */
  size_t n; /* runs */
};

/* One entry of "benchmarks", as json_reporter.cc writes it: with aggregate NULL
** an iteration entry (one repetition of n iterations, value the mean per
** iteration), else the aggregate of that name over n repetitions (unit "time"
** or "percentage"). NULL when out of memory. */
static cJSON *gbench_entry(const struct gb_run *g, const char *aggregate, const char *unit, double value)
{
  cJSON *o = cJSON_CreateObject();
  size_t len = strlen(g->run_name) + (aggregate != NULL ? strlen(aggregate) + 2 : 1);
  char *name = malloc(len);
  if (o == NULL || name == NULL) {
    cJSON_Delete(o);
    o = NULL;
    goto done;
  }
  snprintf(name, len, "%s%s%s", g->run_name, aggregate != NULL ? "_" : "", aggregate != NULL ? aggregate : "");
  cJSON_AddStringToObject(o, "name", name);
  cJSON_AddNumberToObject(o, "family_index", (double)g->family);
  cJSON_AddNumberToObject(o, "per_family_instance_index", (double)g->instance);
  cJSON_AddStringToObject(o, "run_name", g->run_name);
  cJSON_AddStringToObject(o, "run_type", aggregate != NULL ? "aggregate" : "iteration");
  cJSON_AddNumberToObject(o, "repetitions", aggregate != NULL ? (double)g->n : 1);
  if (aggregate == NULL)
    cJSON_AddNumberToObject(o, "repetition_index", 0);
  cJSON_AddNumberToObject(o, "threads", 1);
  if (aggregate != NULL) {
    cJSON_AddStringToObject(o, "aggregate_name", aggregate);
    cJSON_AddStringToObject(o, "aggregate_unit", unit);
  }
  cJSON_AddNumberToObject(o, "iterations", (double)g->n);
  cJSON_AddNumberToObject(o, "real_time", value);
  cJSON_AddNumberToObject(o, "cpu_time", value); /* psearch times wall clock only */
  cJSON_AddStringToObject(o, "time_unit", "us");
  if (g->label[0] != '\0')
    cJSON_AddStringToObject(o, "label", g->label);
done:
  free(name);
  return o;
}

/* The entries of one dataset that ran into list: one iteration entry, or with
** aggregates (and two runs or more, as Google Benchmark) its mean, median,
** sample standard deviation and coefficient of variation. 0, or -1 when out
** of memory. */
static int gbench_dataset(cJSON *list, const struct gb_run *g, const struct res_summary *s, int aggregates)
{
  double sd, v[4];
  const char *names[4] = {"mean", "median", "stddev", "cv"};
  int rc = -1;
  if (!aggregates || s->runs < 2) {
    cJSON *o = gbench_entry(g, NULL, NULL, s->mean);
    rc = o != NULL && cJSON_AddItemToArray(list, o) ? 0 : -1;
    goto done;
  }
  sd = s->sd * sqrt((double)s->runs / (double)(s->runs - 1)); /* the sample's, of every run */
  v[0] = s->mean;
  v[1] = s->median;
  v[2] = sd;
  v[3] = s->mean > 0 ? sd / s->mean : 0;
  for (int k = 0; k < 4; k++) {
    cJSON *o = gbench_entry(g, names[k], k == 3 ? "percentage" : "time", v[k]);
    if (o == NULL || !cJSON_AddItemToArray(list, o))
      goto done;
  }
  rc = 0;
done:
  return rc;
}

/* Bencher refuses a benchmark name longer than this (bytes). */
#define BENCHER_MAX_NAME 1024

static int write_gbench(FILE *f, const struct results *r, int aggregates)
{
  size_t mark = results_json_failures(); /* every allocation of the tree below checked at once */
  cJSON *root = cJSON_CreateObject(), *ctx = gbench_context(r), *list = cJSON_CreateArray(), *benches;
  struct gb_run g = {NULL, NULL, 0, 0, 0};
  char label[512], *text = NULL;
  int rc = -1, long_names = 0;
  if (root == NULL || ctx == NULL || list == NULL || !cJSON_AddItemToObject(root, "context", ctx))
    goto done;
  ctx = NULL; /* owned by root */
  if (!cJSON_AddItemToObject(root, "benchmarks", list))
    goto done;
  benches = list;
  list = NULL;
  for (size_t i = 0; i < r->nprogs; i++) {
    const struct res_program *p = &r->progs[i];
    device_label(p, label, sizeof label);
    g = (struct gb_run){NULL, label, i, 0, 0};
    for (size_t j = 0; j < p->nds; j++) {
      const struct res_dataset *d = &p->ds[j];
      size_t len = strlen(p->name) + strlen(d->name) + 2;
      struct res_summary s;
      if (d->error != NULL)
        continue;
      if ((g.run_name = malloc(len)) == NULL || results_summary(d, &s) != 0)
        goto done;
      snprintf(g.run_name, len, "%s/%s", p->name, d->name);
      long_names += len - 1 + (aggregates ? 7 : 0) > BENCHER_MAX_NAME;
      g.n = s.runs; /* every run, not only those the file kept */
      if (gbench_dataset(benches, &g, &s, aggregates) != 0)
        goto done;
      g.instance++;
      free(g.run_name);
      g.run_name = NULL;
    }
  }
  if (long_names > 0)
    ps_warn("export: %d benchmark names are longer than %d bytes, which Bencher refuses", long_names,
            BENCHER_MAX_NAME);
  if (results_json_failures() != mark || (text = cJSON_Print(root)) == NULL)
    goto done;
  fputs(text, f);
  fputc('\n', f);
  rc = 0;
done:
  free(g.run_name);
  free(text);
  cJSON_Delete(ctx);
  cJSON_Delete(list);
  cJSON_Delete(root);
  return rc;
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
    device_label(&r->progs[i], label, sizeof label);
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

static int write_gbench_form(FILE *f, const struct results *r, const struct config *cf)
{
  return write_gbench(f, r, cf->aggregates);
}

static int (*const writers[NFORMATS])(FILE *, const struct results *, const struct config *) = {
  write_gbench_form, write_csv, write_markdown};

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
  int code, ran_only = cf->out[FMT_GBENCH] != NULL || cf->out[FMT_CSV] != NULL;
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
