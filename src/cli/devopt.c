/*
** devopt.c: the backend and device options, and opening the device.
*/
#include "devopt.h"

#include "devinfo.h"
#include "devsel.h"
#include "hook.h"
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void devopt_init(struct devopt *d)
{
  memset(d, 0, sizeof *d);
  d->backend = BACKEND_OPENCL;
}

int devopt_row(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  struct devopt *dv = at;
  int k, rc = PS_EXIT_USAGE;
  if (d->id == DEVOPT_BACKEND) {
    if (opt_choice(spelled, val, (const char *const[]){"c", "opencl", "multicore", NULL}, &k) == 0 &&
        backend_parse(val, &dv->backend) == 0)
      rc = PS_EXIT_OK;
  } else if (d->id == DEVOPT_TUNE) {
    struct ps_err e;
    if (tune_parse(&dv->tune, val, &e) != 0 || (!dv->tune_later && registry_check_tune(&dv->tune, &e) != 0))
      ps_error("%s", e.msg);
    else
      rc = PS_EXIT_OK;
  } else if (d->id == DEVOPT_DEVICE && strcmp(val, "all") != 0 && dv->nnamed == DEVOPT_MAX_NAMED) {
    ps_error("-d: at most %d devices", DEVOPT_MAX_NAMED);
  } else if (d->id == DEVOPT_DEVICE) { /* several: like -d all, of the devices they name */
    if (strcmp(val, "all") == 0)
      dv->all_given = 1;
    else
      dv->named[dv->nnamed++] = val;
    dv->all = dv->all_given || dv->nnamed > 1;
    dv->sel.device = dv->all ? NULL : val;
    rc = PS_EXIT_OK;
  } else if (opt_choice(spelled, val, (const char *const[]){"cpu", "gpu", "all", NULL}, &k) == 0) {
    dv->sel.type = k == 2 ? NULL : val;
    rc = PS_EXIT_OK;
  }
  return rc;
}

/* The opencl backend's device into t->rt. */
static int open_device(const struct devopt *d, struct target *t, struct ps_err *e)
{
  struct rt *rt = rt_open(&d->sel, e);
  if ((t->rt = rt) == NULL)
    return -1;
  if (d->kernels != NULL)
    rt_set_kernel_dir(rt, d->kernels);
  if (d->no_cache)
    rt_set_cache(rt, 0);
  ps_info(1, "device: %s (%s, driver %s)", rt_info(rt)->name, rt_info(rt)->platform, rt_info(rt)->driver);
  if (!rt_info(rt)->is_gpu && d->sel.platform == NULL && d->sel.device == NULL && d->sel.type == NULL)
    ps_warn("no GPU found: running on %s, a CPU device; --device-type=cpu chooses it and silences this",
            rt_info(rt)->name);
  return 0;
}

int devopt_check(const struct devopt *d)
{
  if (d->all_given && d->nnamed > 0) {
    ps_error("-d all and -d %s: every device, or those named", d->named[0]);
    return -1;
  }
  if (d->threads != 0 && d->backend != BACKEND_MULTICORE) {
    ps_error("--threads is for --backend=multicore");
    return -1;
  }
  if (d->backend != BACKEND_OPENCL && (d->sel.platform || d->sel.device || d->sel.type || d->kernels || d->all ||
                                        d->tune.n > 0)) {
    ps_error("-p, -d, --device-type, --kernels and --tune are for --backend=opencl");
    return -1;
  }
  return 0;
}

int devopt_open(const struct devopt *d, struct target *t, struct ps_err *e)
{
  memset(t, 0, sizeof *t);
  t->backend = d->backend;
  t->tune = d->tune.n > 0 ? &d->tune : NULL;
  switch (d->backend) {
  case BACKEND_C:
    ps_info(1, "backend c: sequential reference on the host CPU");
    return 0;
  case BACKEND_MULTICORE:
    if ((t->pool = pool_open(d->threads ? (int)d->threads : pool_usable_cores(), e)) == NULL)
      return -1;
    ps_info(1, "backend multicore: %d threads on the host CPU (%d usable cores)", pool_threads(t->pool),
            pool_usable_cores());
    return 0;
  default:
    return open_device(d, t, e);
  }
}

/* Whether di is one of several -d's (any device when fewer were given);
** *hit gets a bit for each -d that names it. */
static int named(const struct devopt *d, const struct rt_device_info *di, uint64_t *hit)
{
  int any = d->nnamed < 2;
  for (int j = 0; j < d->nnamed && d->nnamed > 1; j++) {
    struct rt_select one = d->sel;
    one.device = d->named[j];
    if (devsel_matches(&one, di)) {
      *hit |= 1ull << j;
      any = 1;
    }
  }
  return any;
}

int devopt_list(const struct devopt *d, struct rt_device_info **out, int *n, struct ps_err *e)
{
  const char *platform = d->sel.platform ? d->sel.platform : "any", *type = d->sel.type ? d->sel.type : "any";
  struct rt_device_info *all = NULL;
  uint64_t hit = 0;
  int k = 0, missing = -1, rc = -1;
  *out = NULL;
  *n = 0;
  if (devinfo_list(&all, &k, e) != 0)
    goto done;
  for (int i = 0; i < k; i++)
    if (devsel_matches(&d->sel, &all[i]) && named(d, &all[i], &hit))
      all[(*n)++] = all[i];
  for (int j = d->nnamed > 1 ? d->nnamed - 1 : -1; j >= 0; j--) /* the first -d that names none */
    if (!(hit >> j & 1))
      missing = j;
  if (missing >= 0)
    ps_fail(e, "-d %s: no OpenCL device matches it (platform %s, type %s); 'psearch devices' lists them",
            d->named[missing], platform, type);
  else if (*n == 0)
    ps_fail(e, "-d all: no OpenCL device matches (platform %s, type %s); 'psearch devices' lists them", platform,
            type);
  else
    rc = 0;
done:
  if (rc == 0)
    *out = all;
  else
    free(all);
  *n = rc == 0 ? *n : 0;
  return rc;
}

/* The k-th device the selection admits (0-based) into *di; -1 with e set. */
static int nth_device(const struct devopt *d, int k, struct rt_device_info *di, int *count,
                      struct ps_err *e)
{
  struct rt_device_info *all = NULL;
  if (devopt_list(d, &all, count, e) != 0)
    return -1;
  if (k < *count)
    *di = all[k];
  free(all);
  return k < *count ? 0 : ps_fail(e, "-d all: device %d of %d is gone", k + 1, *count);
}

int devopt_count(const struct devopt *d, struct ps_err *e)
{
  struct rt_device_info di;
  int n;
  if (!d->all || d->backend != BACKEND_OPENCL)
    return 1;
  return nth_device(d, 0, &di, &n, e) == 0 ? n : -1;
}

int devopt_open_nth(const struct devopt *d, int k, struct target *t, char *key, size_t n,
                    struct ps_err *e)
{
  struct rt_device_info di;
  struct devopt one = *d;
  char p[16], dv[16];
  int count, fail;
  key[0] = '\0';
  if (!d->all)
    return devopt_open(d, t, e);
  memset(t, 0, sizeof *t);
  t->backend = d->backend;
  if (nth_device(d, k, &di, &count, e) != 0)
    return -1;
  snprintf(p, sizeof p, "%d", di.pidx);
  snprintf(dv, sizeof dv, "%d", di.didx);
  one.sel.platform = p; /* by index: names may repeat (two GPUs of one kind) */
  one.sel.device = dv;
  snprintf(key, n, "@p%dd%d", di.pidx, di.didx);
  ps_info(1, "-d all: device %d of %d", k + 1, count);
  if ((fail = hook_device_fail(key + 1)) == 1)
    ps_fail(e, "PSEARCH_TEST_DEVICE_FAIL: the device did not open");
  if (fail == 1 || devopt_open(&one, t, e) != 0) {
    ps_err_prefix(e, "-d all: device %d of %d (@p%dd%d, %s)", k + 1, count, di.pidx, di.didx, di.name);
    return -1;
  }
  if (fail == 2)
    abort();
  t->tune = d->tune.n > 0 ? &d->tune : NULL; /* d's, not the copy's */
  return 0;
}

void devopt_close(struct target *t)
{
  rt_close(t->rt);
  pool_close(t->pool);
  t->rt = NULL;
  t->pool = NULL;
}
