/*
** devopt.c: the backend and device options, and opening the device.
*/
#include "devopt.h"

#include <string.h>

void devopt_init(struct devopt *d)
{
  memset(d, 0, sizeof *d);
  d->backend = BACKEND_OPENCL;
}

int devopt_parse(struct devopt *d, int id, const char *val, const char *spelled)
{
  int k;
  switch (id) {
  case DEVOPT_BACKEND:
    if (opt_choice(spelled, val, (const char *const[]){"c", "opencl", NULL}, &k) != 0)
      return -1;
    return backend_parse(val, &d->backend) == 0 ? 1 : -1;
  case DEVOPT_PLATFORM: d->sel.platform = val; return 1;
  case DEVOPT_DEVICE: d->sel.device = val; return 1;
  case DEVOPT_DEVTYPE:
    if (opt_choice(spelled, val, (const char *const[]){"cpu", "gpu", "all", NULL}, &k) != 0)
      return -1;
    d->sel.type = k == 2 ? NULL : val;
    return 1;
  case DEVOPT_KERNELS: d->kernels = val; return 1;
  case DEVOPT_NOCACHE: d->no_cache = 1; return 1;
  default: return 0;
  }
}

int devopt_open(const struct devopt *d, struct rt **rt, struct ps_err *e)
{
  *rt = NULL;
  if (d->backend == BACKEND_C) {
    ps_info(1, "backend c: sequential reference on the host CPU");
    return 0;
  }
  *rt = rt_open(&d->sel, e);
  if (*rt == NULL)
    return -1;
  if (d->kernels != NULL)
    rt_set_kernel_dir(*rt, d->kernels);
  if (d->no_cache)
    rt_set_cache(*rt, 0);
  ps_info(1, "device: %s (%s, driver %s)", rt_info(*rt)->name, rt_info(*rt)->platform,
          rt_info(*rt)->driver);
  if (!rt_info(*rt)->is_gpu && d->sel.platform == NULL && d->sel.device == NULL && d->sel.type == NULL)
    ps_warn("no GPU found: running on %s, a CPU device; --device-type=cpu chooses it and silences this",
            rt_info(*rt)->name);
  return 0;
}
