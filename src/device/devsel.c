/*
** devsel.c: the rules of device selection (rt_select).
*/
#include "devsel.h"

#include "devinfo.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* want: NULL (any), an index, or a case-insensitive substring of name. */
static int matches(const char *want, int idx, const char *name)
{
  char *end;
  long v;
  if (want == NULL)
    return 1;
  v = strtol(want, &end, 10);
  if (*want != '\0' && *end == '\0')
    return v == idx;
  {
    size_t wl = strlen(want);
    for (const char *s = name; *s; s++)
      if (strncasecmp(s, want, wl) == 0)
        return 1;
  }
  return 0;
}

int devsel_matches(const struct rt_select *sel, const struct rt_device_info *di)
{
  if (!matches(sel->platform, di->pidx, di->platform) || !matches(sel->device, di->didx, di->name))
    return 0;
  if (sel->type != NULL && strcmp(sel->type, "gpu") == 0 && !di->is_gpu)
    return 0;
  return !(sel->type != NULL && strcmp(sel->type, "cpu") == 0 && !di->is_cpu);
}

/* devsel_pick's walk: the first device sel admits, a GPU where gpu_only. */
struct picker {
  const struct rt_select *sel;
  int gpu_only, found;
  struct rt_device_info *di;
  cl_platform_id *p;
  cl_device_id *d;
};

static int pick(void *ctx, const struct rt_device_info *di, cl_platform_id p, cl_device_id d)
{
  struct picker *pk = ctx;
  if (!devsel_matches(pk->sel, di) || (pk->gpu_only && !di->is_gpu))
    return 0;
  *pk->di = *di;
  *pk->p = p;
  *pk->d = d;
  pk->found = 1;
  return 1;
}

int devsel_pick(const struct rt_select *sel, struct rt_device_info *di, cl_platform_id *p, cl_device_id *d,
                struct ps_err *e)
{
  /* default: the first GPU, else the first matching device */
  struct picker pk = {sel, sel->platform == NULL && sel->device == NULL && sel->type == NULL, 0, di, p, d};
  if (devinfo_each(pick, &pk, e) < 0)
    return -1;
  if (!pk.found && pk.gpu_only) {
    pk.gpu_only = 0;
    devinfo_each(pick, &pk, e);
  }
  if (!pk.found)
    return ps_fail(e, "no OpenCL device matches (platform %s, device %s, type %s); 'psearch devices' lists them",
                   sel->platform ? sel->platform : "any", sel->device ? sel->device : "any",
                   sel->type ? sel->type : "any");
  return 0;
}
