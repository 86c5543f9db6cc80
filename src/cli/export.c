/*
** export.c: `psearch export RESULTS.json... --format=FMT [-o FILE]`: results
** files (psearch's or futhark bench's; several are pooled, as compare pools
** the files of a side) as Google Benchmark's JSON (for github-action-benchmark
** and Bencher), as CSV with one row per run, or as a markdown table for a
** pull-request comment. The output goes to stdout or, whole or not at all,
** to -o FILE; diagnostics go to stderr.
*/
#include "export.h"

#include "ofile.h"
#include "opt.h"
#include "ps.h"
#include "ps_version.h"
#include "results.h"
#include "stats.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { O_FORMAT = 1, O_OUTPUT, O_AGGREGATES, O_HELP };

static const struct opt_def opts[] = {
  {"format", 'f', OPT_REQUIRED, O_FORMAT, "FMT", "gbench, csv or markdown (required)"},
  {"output", 'o', OPT_REQUIRED, O_OUTPUT, "FILE", "Write to FILE, atomically (default: standard output)"},
  {"aggregates", 0, OPT_NONE, O_AGGREGATES, NULL, "gbench: the _mean, _median, _stddev and _cv entries (see above)"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void export_help(FILE *f)
{
  fputs("Usage: psearch export [OPTIONS] RESULTS.json... --format=FMT [-o FILE]\n"
        "Convert results files (psearch bench --json or futhark bench --json) for\n"
        "dashboards and pull requests. The runs of a program and dataset found in\n"
        "several files are pooled, as compare pools the files of a side.\n\n"
        "Formats:\n"
        "  gbench    Google Benchmark's JSON (--benchmark_format=json), as read by\n"
        "            github-action-benchmark (tool: 'googlecpp') and Bencher (adapter\n"
        "            cpp_google): one entry per program and dataset, named\n"
        "            PROGRAM/DATASET, as Google Benchmark writes a benchmark run once\n"
        "            for N iterations: iterations the number of runs, real_time (and\n"
        "            cpu_time) their mean in us. --aggregates writes instead the\n"
        "            aggregates of N repetitions (NAME_mean, _median, _stddev, _cv) for\n"
        "            tools that read run_type; those two dashboards do not, and would\n"
        "            chart each aggregate as a benchmark of its own.\n"
        "  csv       One row per run (RFC 4180, CRLF, a header row):\n"
        "            program,dataset,run,runtime_us,backend,device; run counts from 1;\n"
        "            backend and device are empty where the file does not say.\n"
        "  markdown  A table for a pull-request comment: mean, median, min and max\n"
        "            (us), RSD and runs per program and dataset; a failed dataset\n"
        "            shows its message.\n\n"
        "A failed dataset has no runs: gbench and csv leave it out and name it on\n"
        "stderr.\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExit codes: 0 written (also when some datasets failed), 1 a file cannot be\n"
        "read or written, or there is nothing to export (no dataset ran), 2 usage\n"
        "error, 3 a file is not results JSON.\n", f);
}

enum format { FMT_GBENCH, FMT_CSV, FMT_MARKDOWN };

#define MAXFILES 64

struct config {
  const char *paths[MAXFILES];
  int npaths;
  int format; /* enum format; -1 until given */
  int aggregates;
  const char *out; /* NULL: standard output */
};

/* The command line into cf: PS_EXIT_OK, PS_EXIT_USAGE (after a message), or
** -1 when the help was printed. */
static int parse_args(int argc, char **argv, struct config *cf)
{
  struct opt_state st;
  const char *val;
  int id, code = PS_EXIT_USAGE;
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    if (id == O_FORMAT) {
      if (opt_choice(st.spelled, val, (const char *const[]){"gbench", "csv", "markdown", NULL}, &cf->format) != 0)
        goto done;
    } else if (id == O_OUTPUT) {
      cf->out = val;
    } else if (id == O_AGGREGATES) {
      cf->aggregates = 1;
    } else if (id == O_HELP) {
      export_help(stdout);
      code = -1;
      goto done;
    } else if (id == OPT_POSITIONAL) {
      if (cf->npaths == MAXFILES) {
        ps_error("export: at most %d results files", MAXFILES);
        goto done;
      }
      cf->paths[cf->npaths++] = val;
    } else {
      fputs("Try 'psearch help export'.\n", stderr);
      goto done;
    }
  }
  if (cf->npaths == 0)
    ps_error("export: expected one or more results files (psearch export RESULTS.json --format=FMT)");
  else if (cf->format < 0)
    ps_error("export: which format? --format=gbench, --format=csv or --format=markdown");
  else if (cf->aggregates && cf->format != FMT_GBENCH)
    ps_error("export: --aggregates goes with --format=gbench only");
  else
    code = PS_EXIT_OK;
done:
  return code;
}

/* Before b's program pb is pooled into a's pa: a backend or device that
** differs is named on stderr (the runs are pooled all the same), and context
** that only pb states moves to pa. */
static void merge_context(struct res_program *pa, struct res_program *pb, const char *apath,
                          const char *bpath)
{
  char **fa[] = {&pa->backend, &pa->device, &pa->date, &pa->host};
  char **fb[] = {&pb->backend, &pb->device, &pb->date, &pb->host};
  for (int k = 0; k < 2; k++)
    if (*fa[k] != NULL && *fb[k] != NULL && strcmp(*fa[k], *fb[k]) != 0)
      ps_warn("export: %s ran on %s %s in %s and on %s in %s; their runs are pooled", pb->name,
              k == 0 ? "backend" : "device", *fa[k], apath, *fb[k], bpath);
  for (int k = 0; k < 4; k++) {
    if (*fa[k] == NULL) {
      *fa[k] = *fb[k];
      *fb[k] = NULL;
    }
  }
}

/* The files of cf pooled into one; NULL after printing why (*code set). */
static struct results *load_all(const struct config *cf, int *code)
{
  struct results *all = NULL, *r;
  struct ps_err err;
  int ok = 0;
  for (int i = 0; i < cf->npaths; i++) {
    if ((r = results_load(cf->paths[i], code, &err)) == NULL) {
      ps_error("export: %s", err.msg);
      goto done;
    }
    if (all == NULL) {
      all = r;
      continue;
    }
    for (size_t j = 0; j < r->nprogs; j++) {
      struct res_program *pa = (struct res_program *)results_program(all, r->progs[j].name);
      if (pa != NULL)
        merge_context(pa, &r->progs[j], i == 1 ? cf->paths[0] : "an earlier file", cf->paths[i]);
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
  for (size_t i = 0; i < r->nprogs; i++)
    for (size_t j = 0; j < r->progs[i].nds; j++)
      if (r->progs[i].ds[j].error != NULL)
        ps_warn("export: %s %s failed, left out: %s", r->progs[i].name, r->progs[i].ds[j].name,
                r->progs[i].ds[j].error);
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
static int gbench_dataset(cJSON *list, const struct gb_run *g, const struct res_dataset *d, int aggregates)
{
  struct stats s;
  double sd, v[4];
  const char *names[4] = {"mean", "median", "stddev", "cv"};
  int rc = -1;
  stats_compute(d->runs, d->nruns, &s);
  if (!aggregates || d->nruns < 2) {
    cJSON *o = gbench_entry(g, NULL, NULL, s.mean);
    rc = o != NULL && cJSON_AddItemToArray(list, o) ? 0 : -1;
    goto done;
  }
  sd = stats_sample_sd(d->runs, d->nruns);
  v[0] = s.mean;
  v[1] = s.median;
  v[2] = sd;
  v[3] = s.mean > 0 ? sd / s.mean : 0;
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
      if (d->error != NULL)
        continue;
      if ((g.run_name = malloc(len)) == NULL)
        goto done;
      snprintf(g.run_name, len, "%s/%s", p->name, d->name);
      long_names += len - 1 + (aggregates ? 7 : 0) > BENCHER_MAX_NAME;
      g.n = d->nruns;
      if (gbench_dataset(benches, &g, d, aggregates) != 0)
        goto done;
      g.instance++;
      free(g.run_name);
      g.run_name = NULL;
    }
  }
  if (long_names > 0)
    ps_warn("export: %d benchmark names are longer than %d bytes, which Bencher refuses", long_names,
            BENCHER_MAX_NAME);
  if ((text = cJSON_Print(root)) == NULL)
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

/* One RFC 4180 field: in quotes, with quotes doubled, when it holds a comma,
** a quote, CR or LF; as it is otherwise (NULL: empty). */
static void csv_field(FILE *f, const char *s)
{
  if (s == NULL)
    return;
  if (strpbrk(s, ",\"\r\n") == NULL) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

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

static int write_csv(FILE *f, const struct results *r)
{
  char num[64];
  fputs("program,dataset,run,runtime_us,backend,device\r\n", f);
  for (size_t i = 0; i < r->nprogs; i++) {
    const struct res_program *p = &r->progs[i];
    for (size_t j = 0; j < p->nds; j++) {
      const struct res_dataset *d = &p->ds[j];
      for (size_t k = 0; d->error == NULL && k < d->nruns; k++) {
        exact_number(d->runs[k], num, sizeof num);
        csv_field(f, p->name);
        fputc(',', f);
        csv_field(f, d->name);
        fprintf(f, ",%zu,%s,", k + 1, num);
        csv_field(f, p->backend);
        fputc(',', f);
        csv_field(f, p->device);
        fputs("\r\n", f);
      }
    }
  }
  return 0;
}

/* =============================== markdown ================================ */

/* Markdown table cell text: pipes escaped, line breaks as spaces. */
static void md_cell(FILE *f, const char *s)
{
  for (; *s; s++) {
    if (*s == '|')
      fputs("\\|", f);
    else if (*s == '\n' || *s == '\r')
      fputc(' ', f);
    else
      fputc(*s, f);
  }
}

/* A time in µs with four significant digits and no exponent: 2002, 100.1, 12.06, 0.03300. */
static void fmt_us(double v, char *buf, size_t n)
{
  int d = v > 0 && v < 1000 ? 3 - (int)floor(log10(v)) : 0;
  snprintf(buf, n, "%.*f", d > 6 ? 6 : d, v);
}

/* The heading: the files, and the devices the programs name (each once). */
static void md_heading(FILE *f, const struct results *r, const struct config *cf)
{
  char label[512], other[512];
  int any = 0;
  fputs("### psearch results:", f);
  for (int i = 0; i < cf->npaths; i++)
    fprintf(f, "%s `%s`", i > 0 ? "," : "", cf->paths[i]);
  fputs("\n\n", f);
  for (size_t i = 0; i < r->nprogs; i++) {
    size_t j = 0;
    device_label(&r->progs[i], label, sizeof label);
    for (; j < i; j++) {
      device_label(&r->progs[j], other, sizeof other);
      if (strcmp(label, other) == 0)
        break;
    }
    if (label[0] == '\0' || j < i)
      continue;
    fprintf(f, "%s", any ? "; " : "Device: ");
    md_cell(f, label);
    any = 1;
  }
  if (any)
    fputs("\n\n", f);
}

static int write_markdown(FILE *f, const struct results *r, const struct config *cf)
{
  md_heading(f, r, cf);
  fputs("| Program | Dataset | Mean (μs) | Median (μs) | Min (μs) | Max (μs) | RSD | Runs |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|\n", f);
  for (size_t i = 0; i < r->nprogs; i++) {
    const struct res_program *p = &r->progs[i];
    for (size_t j = 0; j < p->nds; j++) {
      const struct res_dataset *d = &p->ds[j];
      struct stats s;
      char mean[32], median[32], lo[32], hi[32], rsd[32] = "-";
      fputs("| ", f);
      md_cell(f, p->name);
      fputs(" | ", f);
      md_cell(f, d->name);
      if (d->error != NULL) {
        fputs(" | **failed**: ", f);
        md_cell(f, d->error);
        fputs(" | - | - | - | - | 0 |\n", f);
        continue;
      }
      stats_compute(d->runs, d->nruns, &s);
      fmt_us(s.mean, mean, sizeof mean);
      fmt_us(s.median, median, sizeof median);
      fmt_us(s.min, lo, sizeof lo);
      fmt_us(s.max, hi, sizeof hi);
      if (isfinite(s.rsd))
        snprintf(rsd, sizeof rsd, "%.3f", s.rsd);
      fprintf(f, " | %s | %s | %s | %s | %s | %zu |\n", mean, median, lo, hi, rsd, d->nruns);
    }
  }
  return 0;
}

int export_main(int argc, char **argv)
{
  struct config cf;
  struct results *r = NULL;
  struct ofile *of = NULL;
  struct ps_err err = {{0}};
  int code, rc;
  memset(&cf, 0, sizeof cf);
  cf.format = -1;
  if ((code = parse_args(argc, argv, &cf)) != PS_EXIT_OK) {
    code = code < 0 ? PS_EXIT_OK : code;
    goto done;
  }
  if ((r = load_all(&cf, &code)) == NULL)
    goto done;
  code = PS_EXIT_FAILED;
  if (count_datasets(r, cf.format != FMT_MARKDOWN) == 0) {
    ps_error("export: nothing to export: no dataset %s in %s%s", cf.format != FMT_MARKDOWN ? "ran" : "at all",
             cf.paths[0], cf.npaths > 1 ? " and the other files" : "");
    goto done;
  }
  if (cf.format != FMT_MARKDOWN)
    warn_failed(r);
  if ((of = ofile_open(cf.out, &err)) == NULL) {
    ps_error("export: %s", err.msg);
    goto done;
  }
  if (cf.format == FMT_GBENCH)
    rc = write_gbench(ofile_stream(of), r, cf.aggregates);
  else if (cf.format == FMT_CSV)
    rc = write_csv(ofile_stream(of), r);
  else
    rc = write_markdown(ofile_stream(of), r, &cf);
  if (rc != 0) {
    ps_error("export: out of memory");
    goto done;
  }
  rc = ofile_commit(of, &err);
  of = NULL;
  if (rc != 0) {
    ps_error("export: %s", err.msg);
    goto done;
  }
  code = PS_EXIT_OK;
done:
  ofile_abort(of);
  results_free(r);
  return code;
}
