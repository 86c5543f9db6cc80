/*
** results.c: the results JSON written: a dataset's summary and a program's
** context into cJSON, and the file (reading back: resread.c).
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

double results_mean(const struct res_dataset *d)
{
  double sum = 0;
  size_t n = 0;
  for (size_t i = 0; i < d->nrounds; i++) {
    sum += d->rounds[i].mean * (double)d->rounds[i].runs;
    n += d->rounds[i].runs;
  }
  return n > 0 ? sum / (double)n : 0;
}

/* ================================ Writing ================================ */

/* cJSON's allocations, counted where they fail: a tree built with unchecked
** cJSON_Add... calls is whole when no allocation failed while it was built. */
static size_t json_failures;

static void *counted_malloc(size_t n)
{
  void *p = malloc(n);
  json_failures += p == NULL;
  return p;
}

/* The failures so far (cJSON's allocator counting them from the first call on). */
static size_t failures_now(void)
{
  static int hooked;
  if (!hooked) {
    cJSON_Hooks h = {counted_malloc, free};
    cJSON_InitHooks(&h);
    hooked = 1;
  }
  return json_failures;
}

static cJSON *dataset_json(const struct report_dataset *d);
static cJSON *context_json(const struct results_context *c);


size_t results_json_failures(void)
{
  return failures_now();
}

/* o when no allocation failed since mark, else NULL (o deleted). */
static cJSON *whole(cJSON *o, size_t mark)
{
  if (o != NULL && json_failures == mark)
    return o;
  cJSON_Delete(o);
  return NULL;
}

int results_recorded(size_t i, size_t n, size_t k)
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

/* bench --concurrent: the mean alone beside the dataset's (at once), their
** ratio, and the devices' throughput at once, summed, into ps's "concurrent". */
static void add_concurrent(cJSON *ps, const struct report_dataset *d)
{
  const struct report_concurrent *c = d->concurrent;
  cJSON *o = cJSON_AddObjectToObject(ps, "concurrent"), *w;
  cJSON_AddNumberToObject(o, "devices", c->devices);
  cJSON_AddNumberToObject(o, "alone_mean_us", c->alone.mean);
  cJSON_AddNumberToObject(o, "alone_median_us", c->alone.median);
  cJSON_AddNumberToObject(o, "alone_rsd", c->alone.rsd);
  cJSON_AddNumberToObject(o, "alone_runs", (double)c->alone.n);
  cJSON_AddNumberToObject(o, "ratio", d->s.mean / c->alone.mean);
  cJSON_AddNumberToObject(o, "aggregate_runs_per_s", c->rps);
  if (d->has_inputs)
    cJSON_AddNumberToObject(o, "aggregate_elements_per_s", (double)d->elements * c->rps);
  if (d->has_inputs && d->has_bytes)
    cJSON_AddNumberToObject(o, "aggregate_bytes_per_s", d->min_bytes * c->rps);
  if (c->alone_rps > 0)
    cJSON_AddNumberToObject(o, "aggregate_of_alone", c->rps / c->alone_rps);
  cJSON_AddNumberToObject(o, "untimed_runs", (double)c->untimed);
  w = cJSON_AddArrayToObject(o, "alone_seconds");
  cJSON_AddItemToArray(w, cJSON_CreateNumber(c->alone_s[0]));
  cJSON_AddItemToArray(w, cJSON_CreateNumber(c->alone_s[1]));
  w = cJSON_AddArrayToObject(o, "at_once_seconds");
  cJSON_AddItemToArray(w, cJSON_CreateNumber(c->at_once_s[0]));
  cJSON_AddItemToArray(w, cJSON_CreateNumber(c->at_once_s[1]));
}

cJSON *results_dataset_json(const struct report_dataset *d)
{
  size_t mark = failures_now();
  return whole(dataset_json(d), mark);
}

cJSON *results_context_json(const struct results_context *c)
{
  size_t mark = failures_now();
  return whole(context_json(c), mark);
}

/* The dataset's object, built without checks: results_dataset_json checks. */
static cJSON *dataset_json(const struct report_dataset *d)
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
    if (!results_recorded(i, d->n, RESULTS_MAX_RUNS))
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
  if (d->concurrent != NULL)
    add_concurrent(ps, d);
  add_how(ps, d);
  return o;
}

/* results_identity_json's object, built without checks. */
static cJSON *identity_json(const struct rt_device_info *dev, const struct nvml_identity *g)
{
  static const struct nvml_identity none;
  cJSON *id = cJSON_CreateObject(), *absent = cJSON_CreateArray();
  const char *uuid = g != NULL && g->uuid[0] != '\0' ? g->uuid : dev->uuid;
  const char *pci = dev->pci_bus_id[0] != '\0' ? dev->pci_bus_id : g != NULL ? g->pci_bus_id : "";
  const struct nvml_identity *n = g != NULL ? g : &none;
  const char *name[] = {"board", "serial", "nvml_driver"}, *val[] = {n->board, n->serial, n->driver};
  if (strncmp(uuid, "GPU-", 4) == 0)
    uuid += 4; /* NVML's GPU UUID is OpenCL's 16 bytes after "GPU-" */
  if (uuid[0] != '\0') {
    cJSON_AddStringToObject(id, "uuid", uuid);
    cJSON_AddStringToObject(id, "uuid_from", uuid == dev->uuid ? "cl_khr_device_uuid" : "nvml");
  } else {
    cJSON_AddItemToArray(absent, cJSON_CreateString("uuid"));
  }
  if (pci[0] != '\0') {
    cJSON_AddStringToObject(id, "pci_bus_id", pci);
    cJSON_AddStringToObject(id, "pci_bus_id_from", pci == dev->pci_bus_id ? dev->pci_from : "nvml");
  } else {
    cJSON_AddItemToArray(absent, cJSON_CreateString("pci_bus_id"));
  }
  for (int i = 0; i < 3; i++)
    if (val[i][0] != '\0')
      cJSON_AddStringToObject(id, name[i], val[i]);
    else
      cJSON_AddItemToArray(absent, cJSON_CreateString(name[i]));
  if (n->sm_mhz > 0 || n->mem_mhz > 0) {
    cJSON *c = cJSON_AddObjectToObject(id, "clocks_at_start");
    cJSON_AddNumberToObject(c, "sm_mhz", n->sm_mhz);
    cJSON_AddNumberToObject(c, "mem_mhz", n->mem_mhz);
  } else {
    cJSON_AddItemToArray(absent, cJSON_CreateString("clocks_at_start"));
  }
  cJSON_AddItemToObject(id, "absent", absent);
  return id;
}

cJSON *results_identity_json(const struct rt_device_info *dev, const struct nvml_identity *g)
{
  size_t mark = failures_now();
  return whole(identity_json(dev, g), mark);
}

/* The context's object, built without checks: results_context_json checks. */
static cJSON *context_json(const struct results_context *c)
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
    cJSON_AddItemToObject(o, "identity", identity_json(c->dev, c->gpu_id));
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
  if (c->concurrent > 0)
    cJSON_AddNumberToObject(o, "concurrent", c->concurrent);
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
