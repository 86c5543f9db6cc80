/*
** results.c: the results JSON both ways: a dataset's summary and a program's
** context into cJSON, and results files back into struct results, with
** errors that say where a file went wrong.
*/
#include "results.h"

#include "hook.h"
#include "ofile.h"
#include "ps_version.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Results files are runtimes and names; anything bigger is not one. */
#define RESULTS_MAX_BYTES ((size_t)1 << 30)

static char *dup_str(const char *s)
{
  return s != NULL ? strdup(s) : NULL;
}

static void free_dataset(struct res_dataset *d)
{
  free(d->name);
  free(d->error);
  free(d->runs);
  free(d->rounds);
  for (size_t i = 0; i < d->nbytes; i++)
    free(d->bytes[i].space);
  free(d->bytes);
}

void results_free(struct results *r)
{
  if (r == NULL)
    return;
  for (size_t i = 0; i < r->nprogs; i++) {
    struct res_program *p = &r->progs[i];
    for (size_t j = 0; j < p->nds; j++)
      free_dataset(&p->ds[j]);
    free(p->ds);
    free(p->name);
    for (int c = 0; c < RES_NCOND; c++)
      free(p->cond[c]);
    free(p->backend);
    free(p->device);
    free(p->date);
    free(p->host);
  }
  free(r->progs);
  free(r->path);
  free(r);
}

/* Runtimes from an array of finite non-negative numbers; -1 if it is not one. */
static int read_runs(const cJSON *a, double **runs, size_t *n)
{
  size_t k = 0, len;
  const cJSON *x;
  *runs = NULL;
  *n = 0;
  if (!cJSON_IsArray(a) || (len = (size_t)cJSON_GetArraySize(a)) == 0)
    return -1;
  if ((*runs = malloc(len * sizeof **runs)) == NULL)
    return -1;
  cJSON_ArrayForEach(x, a) {
    if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble) || x->valuedouble < 0) {
      free(*runs);
      *runs = NULL;
      return -1;
    }
    (*runs)[k++] = x->valuedouble;
  }
  *n = k;
  return 0;
}

static int read_dataset(const cJSON *v, struct res_dataset *d, const char *where, struct ps_err *e)
{
  const cJSON *rt, *ps, *b, *x;
  double *precise;
  size_t np;
  if (cJSON_IsString(v))
    return (d->error = strdup(v->valuestring)) != NULL ? 0 : ps_fail(e, "out of memory");
  if (!cJSON_IsObject(v))
    return ps_fail(e, "%s: neither an object with runtimes nor an error string", where);
  rt = cJSON_GetObjectItemCaseSensitive(v, "runtimes");
  if (read_runs(rt, &d->runs, &d->nruns) != 0)
    return ps_fail(e, "%s: \"runtimes\" is not a non-empty array of non-negative numbers", where);
  if ((d->rounds = malloc(sizeof *d->rounds)) == NULL)
    return ps_fail(e, "out of memory");
  d->rounds[0] = (struct res_round){0, d->nruns, 0};
  d->nrounds = 1;
  /* psearch's full-precision copy of the same runs replaces the rounded ones */
  ps = cJSON_GetObjectItemCaseSensitive(v, "psearch");
  if (cJSON_IsObject(ps) &&
      read_runs(cJSON_GetObjectItemCaseSensitive(ps, "runtimes_us"), &precise, &np) == 0) {
    if (np == d->nruns) {
      free(d->runs);
      d->runs = precise;
    } else {
      free(precise);
    }
  }
  b = cJSON_GetObjectItemCaseSensitive(v, "bytes");
  if (b != NULL && !cJSON_IsObject(b))
    return ps_fail(e, "%s: \"bytes\" is not an object", where);
  if (b != NULL && cJSON_GetArraySize(b) > 0) {
    if ((d->bytes = calloc((size_t)cJSON_GetArraySize(b), sizeof *d->bytes)) == NULL)
      return ps_fail(e, "out of memory");
    cJSON_ArrayForEach(x, b) {
      if (!cJSON_IsNumber(x))
        return ps_fail(e, "%s: \"bytes\".\"%s\" is not a number", where, x->string);
      d->bytes[d->nbytes].bytes = x->valuedouble;
      if ((d->bytes[d->nbytes++].space = strdup(x->string)) == NULL)
        return ps_fail(e, "out of memory");
    }
  }
  return 0;
}

static const char *context_str(const cJSON *prog, const char *key)
{
  const cJSON *c = cJSON_GetObjectItemCaseSensitive(prog, "psearch_context");
  const cJSON *v = cJSON_IsObject(c) ? cJSON_GetObjectItemCaseSensitive(c, key) : NULL;
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double context_num(const cJSON *prog, const char *key)
{
  const cJSON *c = cJSON_GetObjectItemCaseSensitive(prog, "psearch_context");
  const cJSON *v = cJSON_IsObject(c) ? cJSON_GetObjectItemCaseSensitive(c, key) : NULL;
  return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* *out = a copy of the context's string key, or NULL when absent; -1 when out of memory. */
static int context_dup(const cJSON *prog, const char *key, char **out)
{
  const char *s = context_str(prog, key);
  *out = dup_str(s);
  return s != NULL && *out == NULL ? -1 : 0;
}

const char *const results_conditions[RES_NCOND] = {"backend", "device", "threads", "cache",
                                                   "kernel_time", "discard_throttled", "test_hooks",
                                                   "validation", "kernels", "tuning", "psearch_commit", "batch",
                                                   "kernel_source"};
const char *const results_said[RES_NCOND] = {"Backend", "Device", "Threads", "Cache mode (bench --cache)",
                                             "Kernel time (bench --kernel-time)",
                                             "Throttled runs discarded (bench --discard-throttled)",
                                             "Test hooks", "Validation (bench --no-validate)",
                                             "Kernel sources (bench --kernels)", "Tuning parameters (bench --tune)",
                                             "psearch's build", "Batched runs (bench --batch)",
                                             "The user kernel's source (its XXH64)"};
const char *const results_neutral[RES_NCOND] = {NULL, NULL, NULL, "hot", "false", "false", "{}",
                                                "true", "embedded", "{}", NULL, "off", NULL};

int results_condition_differs(const struct res_program *a, const struct res_program *b, int c)
{
  const char *x = a->cond[c], *y = b->cond[c], *neutral = results_neutral[c];
  if (x != NULL && y != NULL)
    return strcmp(x, y) != 0;
  if (x == NULL && y == NULL)
    return 0;
  return neutral != NULL && strcmp(x != NULL ? x : y, neutral) != 0;
}

/* The context's key as text: a string as it is, a number (%g), true or
** false, an object or array as compact JSON; NULL when absent. *oom on failure. */
static char *context_text(const cJSON *prog, const char *key, int *oom)
{
  const cJSON *c = cJSON_GetObjectItemCaseSensitive(prog, "psearch_context");
  const cJSON *v = cJSON_IsObject(c) ? cJSON_GetObjectItemCaseSensitive(c, key) : NULL;
  char buf[64], *s;
  if (v == NULL)
    return NULL;
  if (cJSON_IsString(v))
    s = strdup(v->valuestring);
  else if (cJSON_IsNumber(v) || cJSON_IsBool(v)) {
    if (cJSON_IsNumber(v))
      snprintf(buf, sizeof buf, "%g", v->valuedouble);
    else
      snprintf(buf, sizeof buf, "%s", cJSON_IsTrue(v) ? "true" : "false");
    s = strdup(buf);
  } else {
    s = cJSON_PrintUnformatted(v);
  }
  *oom |= s == NULL;
  return s;
}

static int read_program(const cJSON *v, struct res_program *p, struct ps_err *e)
{
  const cJSON *dss = cJSON_GetObjectItemCaseSensitive(v, "datasets"), *x;
  char where[1024];
  if (!cJSON_IsObject(v) || !cJSON_IsObject(dss))
    return ps_fail(e, "program \"%s\": no \"datasets\" object", p->name);
  if (context_dup(v, "backend", &p->backend) != 0 || context_dup(v, "device", &p->device) != 0 ||
      context_dup(v, "date", &p->date) != 0 || context_dup(v, "host", &p->host) != 0)
    return ps_fail(e, "out of memory");
  p->cache_bytes = context_num(v, "device_cache_bytes");
  {
    int oom = 0;
    for (int c = 0; c < RES_NCOND; c++)
      p->cond[c] = context_text(v, results_conditions[c], &oom);
    if (oom)
      return ps_fail(e, "out of memory");
  }
  if ((p->ds = calloc((size_t)cJSON_GetArraySize(dss) + 1, sizeof *p->ds)) == NULL)
    return ps_fail(e, "out of memory");
  cJSON_ArrayForEach(x, dss) {
    struct res_dataset *d = &p->ds[p->nds];
    snprintf(where, sizeof where, "program \"%s\" dataset \"%s\"", p->name, x->string);
    if (results_dataset(p, x->string) != NULL)
      return ps_fail(e, "%s: appears twice", where);
    if ((d->name = strdup(x->string)) == NULL)
      return ps_fail(e, "out of memory");
    p->nds++;
    if (read_dataset(x, d, where, e) != 0)
      return -1;
  }
  return 0;
}

/* 1-based line and column of byte offset off. */
static void line_col(const char *text, size_t off, size_t *line, size_t *col)
{
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < off; i++) {
    if (text[i] == '\n') {
      (*line)++;
      *col = 1;
    } else {
      (*col)++;
    }
  }
}

struct results *results_parse(const char *text, size_t len, const char *path, struct ps_err *e)
{
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0), *x;
  struct results *r = calloc(1, sizeof *r);
  size_t line, col, bad;
  int ok = 0;
  if (r == NULL || (r->path = strdup(path)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  r->nfiles = 1;
  if ((bad = ps_utf8_invalid(text, len)) < len) { /* JSON text is UTF-8 (RFC 8259); cJSON does not check */
    line_col(text, bad, &line, &col);
    ps_fail(e, "%s:%zu:%zu: not UTF-8 (byte 0x%02x); JSON text must be UTF-8", path, line, col,
            (unsigned)(unsigned char)text[bad]);
    goto done;
  }
  if (root == NULL) {
    size_t off = end != NULL && end >= text && end <= text + len ? (size_t)(end - text) : 0;
    line_col(text, off, &line, &col);
    ps_fail(e, "%s:%zu:%zu: %s", path, line, col,
            len == 0 ? "empty file, not JSON" : "JSON syntax error");
    goto done;
  }
  for (end = end != NULL ? end : text + len; end < text + len; end++) {
    if (*end != ' ' && *end != '\t' && *end != '\n' && *end != '\r') {
      line_col(text, (size_t)(end - text), &line, &col);
      ps_fail(e, "%s:%zu:%zu: text after the JSON value", path, line, col);
      goto done;
    }
  }
  if (!cJSON_IsObject(root)) {
    ps_fail(e, "%s: not benchmark results: the top level is not an object of programs", path);
    goto done;
  }
  if ((r->progs = calloc((size_t)cJSON_GetArraySize(root) + 1, sizeof *r->progs)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  cJSON_ArrayForEach(x, root) {
    struct res_program *p = &r->progs[r->nprogs];
    if (results_program(r, x->string) != NULL) {
      ps_fail(e, "%s: program \"%s\" appears twice", path, x->string);
      goto done;
    }
    if ((p->name = strdup(x->string)) == NULL) {
      ps_fail(e, "out of memory");
      goto done;
    }
    r->nprogs++;
    if (read_program(x, p, e) != 0) {
      ps_err_prefix(e, "%s", path);
      goto done;
    }
  }
  ok = 1;
done:
  cJSON_Delete(root);
  if (!ok) {
    results_free(r);
    r = NULL;
  }
  return r;
}

struct results *results_load_raw(const char *path, cJSON **raw, int *code, struct ps_err *e)
{
  char *text = NULL;
  size_t len;
  struct results *r = NULL;
  *code = PS_EXIT_FAILED;
  if (raw != NULL)
    *raw = NULL;
  if (ps_read_file(path, RESULTS_MAX_BYTES, &text, &len, e) != 0)
    goto done;
  *code = PS_EXIT_BADDATA;
  if ((r = results_parse(text, len, path, e)) == NULL)
    goto done;
  *code = PS_EXIT_FAILED;
  if (raw != NULL && (*raw = cJSON_ParseWithLength(text, len)) == NULL) {
    ps_fail(e, "out of memory");
    results_free(r);
    r = NULL;
    goto done;
  }
  *code = PS_EXIT_OK;
done:
  free(text);
  return r;
}

struct results *results_load(const char *path, int *code, struct ps_err *e)
{
  return results_load_raw(path, NULL, code, e);
}

/* Renumber the rounds of d as coming after `files` earlier files. */
static void shift_rounds(struct res_dataset *d, int files)
{
  for (size_t i = 0; i < d->nrounds; i++)
    d->rounds[i].file += files;
}

/* Append runs and rounds of d to into (d's files numbered after `files`
** earlier ones), or take its error. */
static int pool_dataset(struct res_dataset *into, struct res_dataset *d, int files)
{
  double *nr;
  struct res_round *rr;
  if (into->error != NULL)
    return 0;
  if (d->error != NULL) {
    free(into->error);
    into->error = d->error;
    d->error = NULL;
    return 0;
  }
  if ((nr = realloc(into->runs, (into->nruns + d->nruns) * sizeof *nr)) == NULL)
    return -1;
  into->runs = nr;
  if ((rr = realloc(into->rounds, (into->nrounds + d->nrounds) * sizeof *rr)) == NULL)
    return -1;
  into->rounds = rr;
  memcpy(nr + into->nruns, d->runs, d->nruns * sizeof *nr);
  for (size_t i = 0; i < d->nrounds; i++)
    rr[into->nrounds + i] = (struct res_round){into->nruns + d->rounds[i].start, d->rounds[i].n,
                                               d->rounds[i].file + files};
  into->nrounds += d->nrounds;
  into->nruns += d->nruns;
  return 0;
}

/* Each failed dataset's error prefixed with the file it came from, so that a
** pooled side still says which of its files failed. 0, or -1 out of memory. */
static int errors_name_file(struct results *r)
{
  for (size_t i = 0; i < r->nprogs; i++)
    for (size_t j = 0; j < r->progs[i].nds; j++) {
      struct res_dataset *d = &r->progs[i].ds[j];
      size_t len;
      char *s;
      if (d->error == NULL)
        continue;
      len = strlen(r->path) + strlen(d->error) + 3;
      if ((s = malloc(len)) == NULL)
        return -1;
      snprintf(s, len, "%s: %s", r->path, d->error);
      free(d->error);
      d->error = s;
    }
  return 0;
}

int results_pool(struct results *a, struct results *b)
{
  int rc = -1;
  if ((a->nfiles == 1 && errors_name_file(a) != 0) || (b->nfiles == 1 && errors_name_file(b) != 0))
    goto done;
  for (size_t i = 0; i < b->nprogs; i++) {
    struct res_program *pb = &b->progs[i], *pa = (struct res_program *)results_program(a, pb->name);
    if (pa == NULL) { /* move the whole program */
      struct res_program *np = realloc(a->progs, (a->nprogs + 1) * sizeof *np);
      if (np == NULL)
        goto done;
      a->progs = np;
      for (size_t j = 0; j < pb->nds; j++)
        shift_rounds(&pb->ds[j], a->nfiles);
      a->progs[a->nprogs++] = *pb;
      memset(pb, 0, sizeof *pb);
      continue;
    }
    for (size_t j = 0; j < pb->nds; j++) {
      struct res_dataset *da = (struct res_dataset *)results_dataset(pa, pb->ds[j].name), *nd;
      if (da != NULL) {
        if (pool_dataset(da, &pb->ds[j], a->nfiles) != 0)
          goto done;
        continue;
      }
      if ((nd = realloc(pa->ds, (pa->nds + 1) * sizeof *nd)) == NULL)
        goto done;
      pa->ds = nd;
      shift_rounds(&pb->ds[j], a->nfiles);
      pa->ds[pa->nds++] = pb->ds[j];
      memset(&pb->ds[j], 0, sizeof pb->ds[j]);
    }
  }
  a->nfiles += b->nfiles;
  rc = 0;
done:
  results_free(b);
  return rc;
}

const struct res_program *results_program(const struct results *r, const char *name)
{
  for (size_t i = 0; i < r->nprogs; i++)
    if (strcmp(r->progs[i].name, name) == 0)
      return &r->progs[i];
  return NULL;
}

const struct res_dataset *results_dataset(const struct res_program *p, const char *name)
{
  for (size_t i = 0; i < p->nds; i++)
    if (strcmp(p->ds[i].name, name) == 0)
      return &p->ds[i];
  return NULL;
}

/* ================================ Writing ================================ */

/* Whether run i of n is recorded when at most k are: every run when n <= k,
** else about evenly spaced ones, exactly k of them, in run order. */
static int recorded(size_t i, size_t n, size_t k)
{
  return n <= k || (i * k) / n != ((i + 1) * k) / n;
}

static const char *const stop_names[] = {"initial", "converged", "budget", "max_runs"};

/* NVML's samples before and after a dataset's runs. */
static cJSON *gpu_json(const struct nvml_sample *g)
{
  cJSON *o = cJSON_CreateObject();
  for (int i = 0; i < 2; i++) {
    cJSON *s = cJSON_AddObjectToObject(o, i ? "after" : "before"), *r;
    char buf[160], *p = buf, *q;
    cJSON_AddNumberToObject(s, "sm_mhz", g[i].sm_mhz);
    cJSON_AddNumberToObject(s, "mem_mhz", g[i].mem_mhz);
    cJSON_AddNumberToObject(s, "temp_c", g[i].temp_c);
    if (g[i].power_w >= 0)
      cJSON_AddNumberToObject(s, "power_w", g[i].power_w);
    r = cJSON_AddArrayToObject(s, "reasons");
    for (nvml_reasons(g[i].reasons, buf, sizeof buf); *p != '\0'; p = q) {
      size_t n = (q = strstr(p, ", ")) != NULL ? (size_t)(q - p) : strlen(p);
      char one[64];
      snprintf(one, sizeof one, "%.*s", (int)n, p);
      cJSON_AddItemToArray(r, cJSON_CreateString(one));
      q = q != NULL ? q + 2 : p + n;
    }
  }
  return o;
}

/* --kernel-time: the runs' kernel times kr (taken over), their statistics
** and the outliers by cause, into ps. */
static void add_kernel_runs(cJSON *ps, const struct report_dataset *d, cJSON *kr)
{
  cJSON_AddItemToObject(ps, "kernel_runtimes_us", kr);
  cJSON_AddNumberToObject(ps, "kernel_median_us", d->ks.median);
  cJSON_AddNumberToObject(ps, "kernel_rsd", d->ks.rsd);
  cJSON_AddNumberToObject(ps, "outliers_high_kernels", (double)d->out_hi_kernels);
  cJSON_AddNumberToObject(ps, "outliers_high_host", (double)d->out_hi_host);
  cJSON_AddNumberToObject(ps, "outliers_low_kernels", (double)d->out_lo_kernels);
  cJSON_AddNumberToObject(ps, "outliers_low_host", (double)d->out_lo_host);
}

/* -x: the profiled pass's kernel time per run and its split, into ps. */
static void add_profiled(cJSON *ps, const struct report_dataset *d)
{
  cJSON *ks;
  cJSON_AddNumberToObject(ps, "kernel_us_mean", d->kernel_us);
  cJSON_AddNumberToObject(ps, "kernel_span_us_mean", d->span_us);
  if (d->kernel_over_wall)
    cJSON_AddTrueToObject(ps, "kernel_over_wall");
  if (d->nkernels > 0 && (ks = cJSON_AddObjectToObject(ps, "kernels_us_mean")) != NULL)
    for (int i = 0; i < d->nkernels; i++)
      cJSON_AddNumberToObject(ks, d->kernels[i].name, d->kernels[i].us);
}

/* How a dataset's runs were made: batched, the tuning parameters' values,
** where the wall time went. */
static void add_how(cJSON *ps, const struct report_dataset *d)
{
  cJSON *ph;
  if (d->batch > 1) { /* each runtime the mean of a batch of back-to-back runs */
    cJSON_AddNumberToObject(ps, "batch", (double)d->batch);
    if (!isnan(d->sync_mean_us))
      cJSON_AddNumberToObject(ps, "sync_mean_us", d->sync_mean_us);
  }
  if (d->tuning != NULL && d->tuning->n > 0) { /* the values the entry's parameters took */
    cJSON *t = cJSON_AddObjectToObject(ps, "tuning");
    for (int i = 0; i < d->tuning->n; i++)
      cJSON_AddNumberToObject(t, d->tuning->p[i].name, (double)d->tuning->p[i].value);
  }
  ph = cJSON_AddObjectToObject(ps, "phase_seconds");
  for (int i = 0; i < PHASE_COUNT; i++)
    cJSON_AddNumberToObject(ph, report_phase_names[i], d->phase_s[i]);
  cJSON_AddNumberToObject(ps, "host_seconds", d->phase_s[PHASE_LOAD] + d->phase_s[PHASE_VALIDATE]);
}

cJSON *results_dataset_json(const struct report_dataset *d)
{
  cJSON *o, *rt, *bytes, *ps, *full, *ci, *kr = NULL;
  size_t kept = 0;
  if (d->error != NULL)
    return cJSON_CreateString(d->error);
  o = cJSON_CreateObject();
  rt = cJSON_AddArrayToObject(o, "runtimes");
  full = cJSON_CreateArray();
  if (d->kernel_runs_us != NULL)
    kr = cJSON_CreateArray();
  for (size_t i = 0; i < d->n; i++) {
    if (!recorded(i, d->n, RESULTS_MAX_RUNS))
      continue;
    cJSON_AddItemToArray(rt, cJSON_CreateNumber(floor(d->us[i] + 0.5)));
    cJSON_AddItemToArray(full, cJSON_CreateNumber(d->us[i]));
    if (kr != NULL)
      cJSON_AddItemToArray(kr, cJSON_CreateNumber(d->kernel_runs_us[i]));
    kept++;
  }
  bytes = cJSON_AddObjectToObject(o, "bytes");
  if (d->has_peak)
    cJSON_AddNumberToObject(bytes, "space 'device'", (double)d->peak_bytes);
  ps = cJSON_AddObjectToObject(o, "psearch");
  cJSON_AddItemToObject(ps, "runtimes_us", full);
  cJSON_AddNumberToObject(ps, "runs", (double)d->n);
  if (kept < d->n)
    cJSON_AddNumberToObject(ps, "runs_recorded", (double)kept);
  cJSON_AddStringToObject(ps, "stopped", stop_names[d->stop]);
  cJSON_AddBoolToObject(ps, "converged", d->rse <= d->rse_target); /* the rule holds at the end */
  if (isfinite(d->rse_target))
    cJSON_AddNumberToObject(ps, "rse_target", d->rse_target);
  if (d->launches >= 0)
    cJSON_AddNumberToObject(ps, "kernel_launches", (double)d->launches);
  cJSON_AddNumberToObject(ps, "mean_us", d->s.mean);
  cJSON_AddNumberToObject(ps, "median_us", d->s.median);
  cJSON_AddNumberToObject(ps, "q1_us", d->s.q1);
  cJSON_AddNumberToObject(ps, "q3_us", d->s.q3);
  cJSON_AddNumberToObject(ps, "outliers_low", (double)d->s.out_lo);
  cJSON_AddNumberToObject(ps, "outliers_high", (double)d->s.out_hi);
  cJSON_AddNumberToObject(ps, "outliers_high_preempted", (double)d->out_hi_preempted);
  cJSON_AddNumberToObject(ps, "runs_preempted", (double)d->preempted);
  if (kr != NULL)
    add_kernel_runs(ps, d, kr);
  cJSON_AddNumberToObject(ps, "stddev_us", d->s.sd);
  cJSON_AddNumberToObject(ps, "rsd", d->s.rsd);
  cJSON_AddNumberToObject(ps, "min_us", d->s.min);
  cJSON_AddNumberToObject(ps, "max_us", d->s.max);
  cJSON_AddNumberToObject(ps, "rse", d->s.rse);
  if (!isnan(d->s.r1))
    cJSON_AddNumberToObject(ps, "autocorrelation", d->s.r1);
  if (d->has_gpu)
    cJSON_AddItemToObject(ps, "gpu", gpu_json(d->gpu));
  if (d->discarded >= 0)
    cJSON_AddNumberToObject(ps, "discarded_throttled", (double)d->discarded);
  ci = cJSON_AddArrayToObject(ps, "ci95_us");
  cJSON_AddItemToArray(ci, cJSON_CreateNumber(d->ci_lo));
  cJSON_AddItemToArray(ci, cJSON_CreateNumber(d->ci_hi));
  if (d->kernel_us > 0)
    add_profiled(ps, d);
  if (d->has_inputs) {
    cJSON_AddNumberToObject(ps, "elements", (double)d->elements);
    if (d->has_bytes)
      cJSON_AddNumberToObject(ps, "min_bytes", d->min_bytes);
  }
  cJSON_AddStringToObject(ps, "validation", d->validation);
  add_how(ps, d);
  return o;
}

cJSON *results_context_json(const struct results_context *c)
{
  cJSON *o = cJSON_CreateObject();
  char host[256] = "", date[64];
  time_t now = time(NULL);
  struct tm tm;
  const char *names[16], *values[16];
  int k = hook_active(names, values, 16);
  gethostname(host, sizeof host - 1);
  gmtime_r(&now, &tm);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
  cJSON_AddStringToObject(o, "backend", c->backend);
  if (c->threads > 0)
    cJSON_AddNumberToObject(o, "threads", c->threads);
  if (c->dev != NULL) {
    cJSON_AddStringToObject(o, "device", c->dev->name);
    cJSON_AddStringToObject(o, "platform", c->dev->platform);
    cJSON_AddStringToObject(o, "driver", c->dev->driver);
    cJSON_AddStringToObject(o, "opencl_version", c->dev->version);
    if (c->dev->cache_bytes > 0)
      cJSON_AddNumberToObject(o, "device_cache_bytes", (double)c->dev->cache_bytes);
  } else {
    cJSON_AddStringToObject(o, "device", c->threads > 0 ? "host CPU (multicore backend)"
                                                        : "host CPU (sequential c backend)");
  }
  cJSON_AddStringToObject(o, "psearch_version", PS_VERSION);
  cJSON_AddStringToObject(o, "psearch_commit", PS_GIT);
  cJSON_AddStringToObject(o, "date", date);
  cJSON_AddStringToObject(o, "host", host);
  cJSON_AddNumberToObject(o, "runs", (double)c->runs);
  cJSON_AddNumberToObject(o, "max_runs", (double)c->max_runs);
  cJSON_AddBoolToObject(o, "convergence_phase", c->convergence);
  cJSON_AddNumberToObject(o, "convergence_max_seconds", c->conv_max_s);
  cJSON_AddStringToObject(o, "cache", c->evict_bytes > 0 ? "cold" : "hot");
  if (c->nvml)
    cJSON_AddStringToObject(o, "gpu_monitor", "nvml");
  cJSON_AddBoolToObject(o, "interleave", c->interleave);
  cJSON_AddBoolToObject(o, "discard_throttled", c->discard_throttled);
  cJSON_AddBoolToObject(o, "kernel_time", c->kernel_time);
  if (c->evict_bytes > 0)
    cJSON_AddNumberToObject(o, "cache_evict_bytes", (double)c->evict_bytes);
  { /* the tuning parameters set for the run; {}: none, every entry's defaults */
    cJSON *t = cJSON_AddObjectToObject(o, "tuning");
    for (int i = 0; c->tune != NULL && i < c->tune->n; i++)
      cJSON_AddNumberToObject(t, c->tune->set[i].name, (double)c->tune->set[i].value);
  }
  { /* the test hooks set ({}: none; a release build has none), so that no
    ** result made under one passes for a measurement */
    cJSON *h = cJSON_AddObjectToObject(o, "test_hooks");
    for (int i = 0; i < k; i++)
      cJSON_AddStringToObject(h, names[i], values[i]);
  }
  cJSON_AddBoolToObject(o, "validation", c->validate);
  cJSON_AddStringToObject(o, "kernels", c->kernels != NULL ? c->kernels : "embedded");
  if (c->batch > 0)
    cJSON_AddNumberToObject(o, "batch", (double)c->batch);
  else
    cJSON_AddStringToObject(o, "batch", c->batch < 0 ? "auto" : "off");
  return o;
}

int results_write(const char *path, const cJSON *root, struct ps_err *e)
{
  struct ofile *o;
  char *s = cJSON_Print(root);
  if (s == NULL)
    return ps_fail(e, "out of memory");
  o = ofile_open(path, e);
  if (o == NULL) {
    free(s);
    return -1;
  }
  fputs(s, ofile_stream(o));
  fputc('\n', ofile_stream(o));
  free(s);
  return ofile_commit(o, e);
}
