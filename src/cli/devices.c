/*
** devices.c: `psearch devices [--json FILE]`: what a benchmarker needs to know
** about every OpenCL device, as text or JSON (cJSON), its identity (UUID, PCI
** bus id) as bench records it (results_identity_json).
*/
#include "devices.h"

#include "help.h"
#include "listing.h"
#include "opt.h"
#include "devinfo.h"
#include "nvml.h"
#include "results.h"
#include "rt.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdlib.h>

/* Device d's identity as bench records it: OpenCL's word, and NVML's where
** NVML knows the device. NULL when out of memory. */
static cJSON *identity(const struct rt_device_info *d)
{
  struct nvml_identity id;
  const char *why = "";
  struct nvml *n = nvml_open(d, &why);
  cJSON *o;
  if (n != NULL)
    nvml_identity(n, &id);
  o = results_identity_json(d, n != NULL ? &id : NULL);
  nvml_close(n);
  return o;
}

/* d's JSON, with its identity id (taken over). */
static cJSON *to_json(const struct rt_device_info *d, cJSON *id)
{
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "platform_index", d->pidx);
  cJSON_AddNumberToObject(o, "device_index", d->didx);
  cJSON_AddStringToObject(o, "platform", d->platform);
  cJSON_AddStringToObject(o, "platform_version", d->platform_version);
  cJSON_AddStringToObject(o, "name", d->name);
  cJSON_AddStringToObject(o, "vendor", d->vendor);
  cJSON_AddStringToObject(o, "driver_version", d->driver);
  cJSON_AddStringToObject(o, "opencl_version", d->version);
  cJSON_AddStringToObject(o, "type", d->is_gpu ? "gpu" : d->is_cpu ? "cpu" : "other");
  cJSON_AddNumberToObject(o, "compute_units", d->compute_units);
  cJSON_AddNumberToObject(o, "clock_mhz", d->clock_mhz);
  cJSON_AddNumberToObject(o, "global_mem_bytes", (double)d->global_mem);
  cJSON_AddNumberToObject(o, "local_mem_bytes", (double)d->local_mem);
  cJSON_AddNumberToObject(o, "max_alloc_bytes", (double)d->max_alloc);
  cJSON_AddNumberToObject(o, "max_work_group_size", (double)d->max_wg);
  cJSON_AddBoolToObject(o, "int64_atomics", d->int64_atomics);
  cJSON_AddBoolToObject(o, "subgroups", d->subgroups);
  cJSON_AddBoolToObject(o, "fp64", d->fp64);
  cJSON_AddBoolToObject(o, "profiling", d->profiling);
  cJSON_AddItemToObject(o, "identity", id);
  return o;
}

/* What the text shows: the devices devinfo_list found, and their identities. */
struct found {
  const struct rt_device_info *devs;
  cJSON **ids;
  int n;
};

/* The identity's key and where it came from ("3f9a... (nvml)"), or "not reported". */
static void identity_item(const cJSON *id, const char *key, char *buf, size_t n)
{
  char from[64];
  const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(id, key)), *f;
  snprintf(from, sizeof from, "%s_from", key);
  f = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(id, from));
  if (v != NULL)
    snprintf(buf, n, "%s (%s)", v, f != NULL ? f : "?");
  else
    snprintf(buf, n, "not reported");
}

static void print_text(const void *ctx)
{
  const struct found *fd = ctx;
  const struct rt_device_info *devs = fd->devs;
  int n = fd->n, last = -1;
  for (int i = 0; i < n; i++) {
    const struct rt_device_info *d = &devs[i];
    char uuid[200], pci[200];
    if (d->pidx != last)
      printf("Platform %d: %s (%s)\n", d->pidx, d->platform, d->platform_version);
    last = d->pidx;
    printf("  Device %d:%d: %s [%s]\n", d->pidx, d->didx, d->name,
           d->is_gpu ? "gpu" : d->is_cpu ? "cpu" : "other");
    printf("    vendor %s, driver %s, %s\n", d->vendor, d->driver, d->version);
    printf("    %u compute units at %u MHz, global memory %.1f GiB (largest buffer %.1f GiB), "
           "local memory %llu KiB, max work-group %zu\n",
           d->compute_units, d->clock_mhz, (double)d->global_mem / (1 << 30),
           (double)d->max_alloc / (1 << 30), (unsigned long long)(d->local_mem >> 10), d->max_wg);
    printf("    int64 atomics: %s, subgroups: %s, fp64: %s, profiling: %s\n",
           d->int64_atomics ? "yes" : "no", d->subgroups ? "yes" : "no", d->fp64 ? "yes" : "no",
           d->profiling ? "yes" : "no");
    identity_item(fd->ids[i], "uuid", uuid, sizeof uuid);
    identity_item(fd->ids[i], "pci_bus_id", pci, sizeof pci);
    printf("    UUID %s, PCI bus id %s\n", uuid, pci);
  }
  if (n == 0)
    printf("No OpenCL devices.\n");
}

struct config {
  const char *json; /* NULL, a file or "-" */
};

static const struct opt_def opts[] = {LISTING_ROW(offsetof(struct config, json), "the devices"), OPT_ROW_END};

static int body(void *p)
{
  const struct config *cf = p;
  struct found found = {NULL, NULL, 0};
  struct rt_device_info *devs = NULL;
  struct ps_err err;
  cJSON *arr = NULL;
  int rc = PS_EXIT_FAILED, k = 0;
  if (devinfo_list(&devs, &found.n, &err) != 0) {
    ps_error("%s", err.msg);
    goto done;
  }
  found.devs = devs;
  if ((found.ids = calloc((size_t)found.n + 1, sizeof *found.ids)) == NULL) {
    ps_error("out of memory");
    goto done;
  }
  while (k < found.n && (found.ids[k] = identity(&devs[k])) != NULL)
    k++;
  if (k < found.n) {
    ps_error("out of memory");
    goto done;
  }
  if (cf->json != NULL && (arr = cJSON_CreateArray()) != NULL)
    for (int i = 0; i < found.n; i++)
      cJSON_AddItemToArray(arr, to_json(&devs[i], cJSON_Duplicate(found.ids[i], 1)));
  rc = listing_write("devices", cf->json, arr, print_text, &found);
done:
  for (int i = 0; found.ids != NULL && i < found.n; i++)
    cJSON_Delete(found.ids[i]);
  free(found.ids);
  free(devs);
  return rc;
}

const struct opt_cmd devices_cmd = {"devices", help_devices, opts, NULL, sizeof(struct config), NULL, NULL, body,
                                    NULL};
