/*
** devices.c: `psearch devices [--json]`: what a benchmarker needs to know
** about every OpenCL device, as text or JSON (cJSON).
*/
#include "devices.h"

#include "opt.h"
#include "rt.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

enum { O_JSON = 1, O_HELP };

static const struct opt_def opts[] = {
  {"json", 0, OPT_NONE, O_JSON, NULL, "Print JSON instead of text"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void devices_help(FILE *f)
{
  fputs("Usage: psearch devices [--json]\n"
        "List every OpenCL platform and device. The index pair P:D selects a device\n"
        "in other commands (-p P -d D); names work too (-d H100).\n\n", f);
  opt_print_help(f, opts);
}

static cJSON *to_json(const struct rt_device_info *d)
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
  return o;
}

int devices_main(int argc, char **argv)
{
  struct opt_state st;
  struct rt_device_info *devs = NULL;
  struct ps_err err;
  const char *val;
  int n = 0, id, json = 0, rc = PS_EXIT_USAGE;
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    if (id == O_JSON) {
      json = 1;
    } else if (id == O_HELP) {
      devices_help(stdout);
      return PS_EXIT_OK;
    } else {
      if (id == OPT_POSITIONAL)
        ps_error("devices: unexpected argument '%s'", val);
      fputs("Try 'psearch help devices'.\n", stderr);
      return PS_EXIT_USAGE;
    }
  }
  if (rt_list(&devs, &n, &err) != 0) {
    ps_error("%s", err.msg);
    return PS_EXIT_FAILED;
  }
  if (json) {
    cJSON *arr = cJSON_CreateArray();
    char *s;
    for (int i = 0; i < n; i++)
      cJSON_AddItemToArray(arr, to_json(&devs[i]));
    s = cJSON_Print(arr);
    if (s != NULL)
      printf("%s\n", s);
    free(s);
    cJSON_Delete(arr);
  } else {
    int last = -1;
    for (int i = 0; i < n; i++) {
      const struct rt_device_info *d = &devs[i];
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
    }
    if (n == 0)
      printf("No OpenCL devices.\n");
  }
  rc = ferror(stdout) ? PS_EXIT_FAILED : PS_EXIT_OK;
  free(devs);
  return rc;
}
