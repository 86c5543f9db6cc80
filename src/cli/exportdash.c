/*
** exportdash.c: export's JSON for comparison tools and dashboards: Google
** Benchmark's, Bencher's and github-action-benchmark's (exportdash.h).
*/
#include "exportdash.h"

#include "opt.h"
#include "ps.h"
#include "ps_version.h"
#include "stats.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void exportdash_device(const struct res_program *p, char *buf, size_t n)
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
  char *run_name;          /* PROGRAM/DATASET */
  const char *label;       /* DEVICE (BACKEND), or "" */
  size_t family, instance; /* the program's index, the dataset's among the program's */
};

/* One entry of "benchmarks", as json_reporter.cc writes it: with aggregate
** NULL the iteration entry of repetition index of reps (one iteration, its
** time value), else the aggregate of that name over reps repetitions (unit
** "time" or "percentage"). cpu_time repeats real_time: psearch measures no
** host CPU time, and compare.py compares only entries that have one. NULL
** when out of memory. */
static cJSON *gbench_entry(const struct gb_run *g, const char *aggregate, const char *unit, double value,
                           size_t index, size_t reps)
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
  cJSON_AddNumberToObject(o, "repetitions", (double)reps);
  if (aggregate == NULL)
    cJSON_AddNumberToObject(o, "repetition_index", (double)index);
  cJSON_AddNumberToObject(o, "threads", 1);
  if (aggregate != NULL) {
    cJSON_AddStringToObject(o, "aggregate_name", aggregate);
    cJSON_AddStringToObject(o, "aggregate_unit", unit);
  }
  cJSON_AddNumberToObject(o, "iterations", aggregate != NULL ? (double)reps : 1);
  cJSON_AddNumberToObject(o, "real_time", value);
  cJSON_AddNumberToObject(o, "cpu_time", value);
  cJSON_AddStringToObject(o, "time_unit", "us");
  if (g->label[0] != '\0')
    cJSON_AddStringToObject(o, "label", g->label);
done:
  free(name);
  return o;
}

/* The entries of dataset d (which ran, statistics s) into list: an iteration
** entry per recorded run unless aggregates_only, then with two runs or more
** (as Google Benchmark) the mean, median, sample standard deviation and
** coefficient of variation of every run. 0, or -1 when out of memory. */
static int gbench_dataset(cJSON *list, const struct gb_run *g, const struct res_dataset *d,
                          const struct res_summary *s, int aggregates_only)
{
  double sd, v[4];
  const char *names[4] = {"mean", "median", "stddev", "cv"};
  int rc = -1;
  for (size_t k = 0; (!aggregates_only || s->runs < 2) && k < d->nruns; k++) {
    cJSON *o = gbench_entry(g, NULL, NULL, d->runs[k], k, d->nruns);
    if (o == NULL || !cJSON_AddItemToArray(list, o))
      goto done;
  }
  sd = s->runs > 1 ? s->sd * sqrt((double)s->runs / (double)(s->runs - 1)) : 0; /* the sample's, of every run */
  v[0] = s->mean;
  v[1] = s->median;
  v[2] = sd;
  v[3] = s->mean > 0 ? sd / s->mean : 0;
  for (int k = 0; s->runs >= 2 && k < 4; k++) {
    cJSON *o = gbench_entry(g, names[k], k == 3 ? "percentage" : "time", v[k], 0, s->runs);
    if (o == NULL || !cJSON_AddItemToArray(list, o))
      goto done;
  }
  rc = 0;
done:
  return rc;
}

/* Bencher refuses a benchmark name longer than this (bytes). */
#define BENCHER_MAX_NAME 1024

/* "PROGRAM/DATASET" of dataset j of p, a new string; NULL when out of memory. */
static char *bench_name(const struct res_program *p, size_t j)
{
  size_t len = strlen(p->name) + strlen(p->ds[j].name) + 2;
  char *s = malloc(len);
  if (s != NULL)
    snprintf(s, len, "%s/%s", p->name, p->ds[j].name);
  return s;
}

int exportdash_gbench(FILE *f, const struct results *r, int aggregates_only)
{
  size_t mark = results_json_failures(); /* every allocation of the tree below checked at once */
  cJSON *root = cJSON_CreateObject(), *ctx = gbench_context(r), *list = cJSON_CreateArray(), *benches;
  struct gb_run g = {NULL, NULL, 0, 0};
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
    exportdash_device(p, label, sizeof label);
    g = (struct gb_run){NULL, label, i, 0};
    for (size_t j = 0; j < p->nds; j++) {
      struct res_summary s;
      if (p->ds[j].error != NULL)
        continue;
      if ((g.run_name = bench_name(p, j)) == NULL || results_summary(&p->ds[j], &s) != 0)
        goto done;
      long_names += strlen(g.run_name) + 7 > BENCHER_MAX_NAME;
      if (gbench_dataset(benches, &g, &p->ds[j], &s, aggregates_only) != 0)
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

/* ============================ Bencher, GAB ============================== */

/* The 95% interval of the mean of dataset d (statistics s), µs: the
** bootstrap's of its runs, or where the file keeps a sample of them, the
** normal interval of every run's mean. */
static void mean_interval(const struct res_dataset *d, const struct res_summary *s, double *lo, double *hi)
{
  if (d->nruns == s->runs) {
    stats_bootstrap_ci(d->runs, d->nruns, 2000, lo, hi);
  } else {
    double half = 1.96 * s->sd * sqrt((double)s->runs / (double)(s->runs - 1)) / sqrt((double)s->runs);
    *lo = s->mean - half;
    *hi = s->mean + half;
  }
}

/* One benchmark of the dashboards' forms into root: Bencher's object, or
** (gab) an element of github-action-benchmark's array. 0, or -1 when out of
** memory. */
static int dash_entry(cJSON *root, const struct res_program *p, size_t j, int gab)
{
  const struct res_dataset *d = &p->ds[j];
  struct res_summary s;
  char *name = bench_name(p, j), extra[700], label[512];
  double lo, hi;
  cJSON *o = NULL, *lat;
  int rc = -1;
  if (name == NULL || results_summary(d, &s) != 0 || (o = cJSON_CreateObject()) == NULL)
    goto done;
  mean_interval(d, &s, &lo, &hi);
  if (gab) {
    exportdash_device(p, label, sizeof label);
    snprintf(extra, sizeof extra, "%zu runs; median %.6g \u00b5s; 95%% interval of the mean [%.6g, %.6g] \u00b5s%s%s",
             s.runs, s.median, lo, hi, label[0] ? "; " : "", label);
    snprintf(label, sizeof label, "\u00b1 %.6g", (hi - lo) / 2);
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddStringToObject(o, "unit", "\u00b5s");
    cJSON_AddNumberToObject(o, "value", s.mean);
    cJSON_AddStringToObject(o, "range", label);
    cJSON_AddStringToObject(o, "extra", extra);
    rc = cJSON_AddItemToArray(root, o) ? 0 : -1;
  } else if ((lat = cJSON_AddObjectToObject(o, "latency")) != NULL) { /* Bencher's latency is in ns */
    cJSON_AddNumberToObject(lat, "value", s.mean * 1e3);
    cJSON_AddNumberToObject(lat, "lower_value", lo * 1e3);
    cJSON_AddNumberToObject(lat, "upper_value", hi * 1e3);
    rc = cJSON_AddItemToObject(root, name, o) ? 0 : -1;
  }
  if (rc == 0)
    o = NULL; /* root's */
done:
  cJSON_Delete(o);
  free(name);
  return rc;
}

/* Every dataset that ran, in the form of gab, on f. */
static int write_dash(FILE *f, const struct results *r, int gab)
{
  size_t mark = results_json_failures();
  cJSON *root = gab ? cJSON_CreateArray() : cJSON_CreateObject();
  char *text = NULL;
  int rc = -1;
  if (root == NULL)
    goto done;
  for (size_t i = 0; i < r->nprogs; i++)
    for (size_t j = 0; j < r->progs[i].nds; j++)
      if (r->progs[i].ds[j].error == NULL && dash_entry(root, &r->progs[i], j, gab) != 0)
        goto done;
  if (results_json_failures() != mark || (text = cJSON_Print(root)) == NULL)
    goto done;
  fputs(text, f);
  fputc('\n', f);
  rc = 0;
done:
  free(text);
  cJSON_Delete(root);
  return rc;
}

int exportdash_bmf(FILE *f, const struct results *r)
{
  return write_dash(f, r, 0);
}

int exportdash_gab(FILE *f, const struct results *r)
{
  return write_dash(f, r, 1);
}
