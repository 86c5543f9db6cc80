/*
** evict.c: the scratch buffer of cold-cache runs, on the device or the host.
*/
#include "evict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct evict {
  struct rt *rt;      /* NULL: the host buffer */
  cl_mem dev;         /* the scratch, zero */
  cl_kernel read;     /* cl/evict.cl's evict_read */
  size_t groups;      /* its work-groups of EVICT_WG */
  unsigned char *host;
  uint64_t bytes;
  unsigned gen;       /* rt's generation the scratch and kernel belong to (rt_renew) */
};

#define EVICT_WG 256

/* A number from a sysfs file, with its unit suffix (K, M) applied; 0 if unreadable. */
static uint64_t sysfs_number(const char *path)
{
  FILE *f = fopen(path, "r");
  unsigned long long v = 0;
  char unit = 0;
  if (f == NULL)
    return 0;
  if (fscanf(f, "%llu%c", &v, &unit) < 1)
    v = 0;
  fclose(f);
  return unit == 'K' ? v << 10 : unit == 'M' ? v << 20 : v;
}

/* The last-level cache of the first CPU in bytes (Linux sysfs: the share of
** the cores near it, where sysconf may give all of a socket's), else
** sysconf's level 3, then level 2; 0 if unknown. */
static uint64_t host_llc(void)
{
  uint64_t best = 0, level = 0;
  long b = -1;
  for (int i = 0; i < 8; i++) {
    char path[96];
    uint64_t lv, sz;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
    lv = sysfs_number(path);
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
    sz = sysfs_number(path);
    if (lv > level && sz > 0) {
      level = lv;
      best = sz;
    }
  }
  if (best > 0)
    return best;
#ifdef _SC_LEVEL3_CACHE_SIZE
  b = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#ifdef _SC_LEVEL2_CACHE_SIZE
  if (b <= 0)
    b = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
  return b > 0 ? (uint64_t)b : 0;
}

/* The device's scratch (zero) and its kernel, in rt's current context. */
static int device_scratch(struct evict *ev, struct ps_err *e)
{
  rt_release(ev->rt, ev->dev);
  ev->gen = rt_generation(ev->rt);
  return (ev->dev = rt_alloc(ev->rt, (size_t)ev->bytes, e)) == NULL ||
                 rt_zero(ev->rt, ev->dev, 0, (size_t)ev->bytes, e) != 0 ||
                 (ev->read = rt_kernel(ev->rt, "evict.cl", "evict_read", "", e)) == NULL
             ? -1 : 0;
}

struct evict *evict_open(const struct target *t, struct ps_err *e)
{
  struct evict *ev = calloc(1, sizeof *ev);
  const struct rt_device_info *info = t->rt != NULL ? rt_info(t->rt) : NULL;
  uint64_t cache;
  if (ev == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  if (info != NULL && info->is_gpu) {
    cache = info->cache_bytes > EVICT_GPU_L2 ? info->cache_bytes : EVICT_GPU_L2;
  } else {
    cache = info != NULL && info->cache_bytes > 0 ? info->cache_bytes : host_llc();
    cache = cache > EVICT_HOST_MIN / 2 ? cache : EVICT_HOST_MIN / 2;
  }
  ev->bytes = 2 * cache;
  if (t->rt != NULL) {
    ev->rt = t->rt;
    ev->groups = (size_t)(info->compute_units ? info->compute_units : 1) * 8;
    if (device_scratch(ev, e) != 0)
      goto fail;
  } else if ((ev->host = malloc((size_t)ev->bytes)) == NULL) {
    ps_fail(e, "out of memory: the cold-cache buffer of %llu bytes", (unsigned long long)ev->bytes);
    goto fail;
  } else {
    memset(ev->host, 0, (size_t)ev->bytes);
  }
  return ev;
fail:
  evict_close(ev);
  ps_err_prefix(e, "--cache=cold");
  return NULL;
}

int evict_run(struct evict *ev, struct ps_err *e)
{
  cl_ulong n = ev->bytes / 16;
  int rc = 0, was;
  if (ev->rt == NULL) {
    const uint64_t *w = (const uint64_t *)(void *)ev->host;
    uint64_t a = 0;
    for (size_t i = 0; i < (size_t)ev->bytes / 8; i++)
      a ^= w[i];
    __asm__ __volatile__("" : : "r"(a)); /* the reads happen */
  } else { /* commands not of the entry's: no profiling event for them */
    if (ev->gen != rt_generation(ev->rt) && device_scratch(ev, e) != 0) /* a context renewed since */
      return -1;
    was = rt_set_profiling(ev->rt, 0);
    if (RT_ARGS(ev->rt, ev->read, e, RT_ARG(ev->dev), RT_ARG(n), RT_ARG(ev->dev)) != 0 ||
        rt_launch(ev->rt, ev->read, ev->groups * EVICT_WG, EVICT_WG, e) != 0)
      rc = -1;
    if (rc == 0 && rt_finish(ev->rt, e) != 0)
      rc = -1;
    rt_set_profiling(ev->rt, was);
  }
  return rc;
}

uint64_t evict_bytes(const struct evict *ev) { return ev != NULL ? ev->bytes : 0; }

void evict_close(struct evict *ev)
{
  if (ev == NULL)
    return;
  if (ev->rt != NULL)
    rt_release(ev->rt, ev->dev);
  free(ev->host);
  free(ev);
}
