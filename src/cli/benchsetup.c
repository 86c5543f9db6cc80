/*
** benchsetup.c: what bench says and opens around its runs (benchsetup.h).
*/
#include "benchsetup.h"

#include "cache.h"
#include "evict.h"
#include "measure.h"
#include "nvml.h"

#include <stdio.h>

void benchsetup_header(const struct bench_config *cf)
{
  const struct rt *rt = cf->tg.rt;
  if (rt != NULL)
    printf("Device: %s (%s, driver %s).\n", rt_info(rt)->name, rt_info(rt)->platform, rt_info(rt)->driver);
  else if (cf->tg.backend == BACKEND_MULTICORE)
    printf("Backend: multicore, %d threads on the host CPU.\n", pool_threads(cf->tg.pool));
  else
    printf("Backend: c, the sequential reference on the host CPU.\n");
  if (cf->exact)
    printf("Reporting %s runtime of exactly %lld runs for each dataset.\n", cf->headline ? "median" : "arithmetic mean",
           (long long)cf->mp.runs);
  else
    printf("Reporting %s runtime of at least %lld runs for each dataset (min 0.5s).\n",
           cf->headline ? "median" : "arithmetic mean", (long long)cf->mp.runs);
  if (cf->mp.convergence)
    printf("More runs automatically performed for up to %gs to ensure accurate measurement.\n",
           cf->mp.conv_max_s);
  printf("Each line: %s (RSD: relative standard deviation; min, max: relative to the %s).\n",
         cf->headline ? "median" : "mean", cf->headline ? "median" : "mean");
  if (cf->mp.evict != NULL)
    printf("Cold cache: %.0f MiB read before each run, outside the timed region.\n",
           (double)evict_bytes(cf->mp.evict) / (1 << 20));
  if (cf->interleave)
    printf("Interleaved: the entries of each dataset run in turns of %g ms (A B C, B C A, ...).\n",
           MEASURE_TURN_NS / 1e6);
  if (cf->peer != NULL)
    printf("Concurrent: each dataset measured on this device alone, then on the %d devices at once, each on its\n"
           "  own clock; each line is the mean at once, the next the mean alone and the devices' throughput.\n",
           cf->concurrent);
  if (cf->mp.throttled != NULL)
    printf("Throttled runs discarded: NVML sampled just before and after each run, outside the timed region.\n");
  if (cf->mp.kernel_time)
    printf("Kernel time: every run's kernels also timed by profiling events, for the outliers' causes.\n");
  if (cf->mp.batch != 0)
    printf("Batched: runs timed %s back to back with one sync after them, each run the batch's mean;\n"
           "  the mean of %d synchronous runs beside it with -x.\n",
           cf->mp.batch > 0 ? "in fixed batches" : "in batches of at least 1 ms", MEASURE_SYNC_RUNS);
  if (cf->extended && cf->copy_gbs > 0)
    printf("Copy bandwidth of this device (bench_copy, 64 MiB): %.1f GB/s.\n", cf->copy_gbs);
}

int benchsetup_extras(struct bench_config *cf, struct ps_err *e)
{
  const char *why = "";
  if (cf->cold && (cf->mp.evict = evict_open(&cf->tg, e)) == NULL)
    return -1;
  if (cf->tg.rt != NULL && (cf->nvml = nvml_open(rt_info(cf->tg.rt), &why)) == NULL)
    ps_info(2, "no GPU clocks recorded: %s", why);
  else if (cf->nvml != NULL)
    nvml_identity(cf->nvml, &cf->gpu_id);
  if (cf->discard && cf->nvml == NULL)
    ps_warn("--discard-throttled: no GPU clocks on this device (%s): no run is discarded",
            cf->tg.rt != NULL ? why : "a host backend");
  else if (cf->discard) {
    cf->mp.throttled = nvml_probe;
    cf->mp.throttled_ctx = cf->nvml;
  }
  cf->mp.kernel_time = cf->ktime && cf->tg.rt != NULL && rt_can_profile(cf->tg.rt);
  if (cf->ktime && !cf->mp.kernel_time)
    ps_warn("--kernel-time: %s has no profiling events: runs are timed by the wall clock only",
            cf->tg.rt != NULL ? rt_info(cf->tg.rt)->name : "a host backend");
  return 0;
}

int benchsetup_upkeep(const struct bench_config *cf)
{
  struct ps_err e;
  uint64_t limit;
  if (!cf->use_cache)
    return 0;
  if (cache_limit(&limit, &e) != 0) {
    ps_error("%s", e.msg);
    return -1;
  }
  cache_upkeep(limit, NULL);
  return 0;
}

void benchsetup_announce(const struct bench_config *cf)
{
  char t[512];
  if (!cf->validate)
    ps_warn("--no-validate: results are not checked against the reference; the JSON says \"validation\": false");
  if (cf->dev.kernels != NULL)
    ps_warn("--kernels %s: the kernels are read from there, not psearch's own; the JSON records the directory",
            cf->dev.kernels);
  if (cf->dev.tune.n > 0)
    ps_warn("--tune %s: tuning parameters set; the JSON records them", tune_format(&cf->dev.tune, t, sizeof t));
}
