/*
** nvml.c: NVIDIA's management library through dlopen (nvml.h). Only the
** few calls psearch needs are declared here, with NVML's stable C ABI:
** every function returns an int (0: NVML_SUCCESS) and a device is an
** opaque pointer.
*/
#include "nvml.h"

#include "hook.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *nvml_dev;

/* *(function pointer *)out = the symbol, as POSIX lets dlsym's result be
** converted (a function pointer is a data pointer's size there). */
static void sym(void *lib, const char *name, void *out)
{
  void *p = dlsym(lib, name);
  memcpy(out, &p, sizeof p);
}

struct nvml {
  void *lib;
  nvml_dev dev;
  int (*shutdown)(void);
  int (*clock)(nvml_dev, int, unsigned *); /* nvmlDeviceGetClockInfo: 1 SM, 2 memory */
  int (*temp)(nvml_dev, int, unsigned *);  /* nvmlDeviceGetTemperature: 0 the GPU */
  int (*power)(nvml_dev, unsigned *);      /* nvmlDeviceGetPowerUsage: milliwatts */
  int (*reasons)(nvml_dev, unsigned long long *);
  unsigned probe_sm;               /* nvml_probe's reading before the run */
  unsigned long long probe_reasons;
};

/* The NVML device of info: by PCI bus id, else the only one of its name. */
static int find_device(void *lib, const struct rt_device_info *info, nvml_dev *dev)
{
  int (*count)(unsigned *), (*by_index)(unsigned, nvml_dev *), (*by_pci)(const char *, nvml_dev *);
  int (*name)(nvml_dev, char *, unsigned);
  unsigned n = 0;
  int found = 0;
  sym(lib, "nvmlDeviceGetCount_v2", &count);
  sym(lib, "nvmlDeviceGetHandleByIndex_v2", &by_index);
  sym(lib, "nvmlDeviceGetHandleByPciBusId_v2", &by_pci);
  sym(lib, "nvmlDeviceGetName", &name);
  if (info == NULL) /* the test hook: device 0 */
    return by_index != NULL && by_index(0, dev) == 0 ? 0 : -1;
  if (by_pci != NULL && info->pci_bus >= 0 && info->pci_dev >= 0) {
    char id[32];
    snprintf(id, sizeof id, "%04x:%02x:%02x.0", (unsigned)(info->pci_domain > 0 ? info->pci_domain : 0),
             (unsigned)info->pci_bus, (unsigned)info->pci_dev);
    if (by_pci(id, dev) == 0)
      return 0;
  }
  if (count == NULL || by_index == NULL || name == NULL || count(&n) != 0)
    return -1;
  for (unsigned i = 0; i < n; i++) {
    nvml_dev d;
    char nm[96] = "";
    if (by_index(i, &d) == 0 && name(d, nm, sizeof nm) == 0 && strcmp(nm, info->name) == 0) {
      *dev = d;
      found++;
    }
  }
  return found == 1 ? 0 : -1;
}

struct nvml *nvml_open(const struct rt_device_info *info, const char **why)
{
  const char *hook = hook_nvml_library();
  struct nvml *n = NULL;
  void *lib = NULL;
  int (*init)(void);
  if (hook == NULL && (info == NULL || strstr(info->vendor, "NVIDIA") == NULL)) {
    *why = "not an NVIDIA device";
    return NULL;
  }
  if ((lib = dlopen(hook != NULL ? hook : "libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL)) == NULL) {
    *why = "libnvidia-ml.so.1 not found";
    return NULL;
  }
  sym(lib, "nvmlInit_v2", &init);
  if (init == NULL || init() != 0 || (n = calloc(1, sizeof *n)) == NULL) {
    *why = "NVML did not start";
    goto fail;
  }
  n->lib = lib;
  sym(lib, "nvmlShutdown", &n->shutdown);
  sym(lib, "nvmlDeviceGetClockInfo", &n->clock);
  sym(lib, "nvmlDeviceGetTemperature", &n->temp);
  sym(lib, "nvmlDeviceGetPowerUsage", &n->power);
  sym(lib, "nvmlDeviceGetCurrentClocksEventReasons", &n->reasons);
  if (n->reasons == NULL)
    sym(lib, "nvmlDeviceGetCurrentClocksThrottleReasons", &n->reasons);
  if (n->clock == NULL || find_device(lib, hook != NULL ? NULL : info, &n->dev) != 0) {
    *why = "the OpenCL device is not among NVML's";
    goto fail;
  }
  return n;
fail:
  if (n != NULL && n->shutdown != NULL)
    n->shutdown();
  free(n);
  dlclose(lib);
  return NULL;
}

/* NVML's nvmlPciInfo_t (nvmlDeviceGetPciInfo_v3), as its header lays it out. */
struct pci_info {
  char bus_id_legacy[16];
  unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
  char bus_id[32];
};

void nvml_identity(struct nvml *n, struct nvml_identity *id)
{
  int (*text)(nvml_dev, char *, unsigned), (*driver)(char *, unsigned), (*pci)(nvml_dev, struct pci_info *);
  int (*clock)(nvml_dev, int, int, unsigned *); /* nvmlDeviceGetClock: type, 0 the current clock */
  struct pci_info pi;
  memset(id, 0, sizeof *id);
  sym(n->lib, "nvmlDeviceGetUUID", &text);
  if (text == NULL || text(n->dev, id->uuid, sizeof id->uuid) != 0)
    id->uuid[0] = '\0';
  sym(n->lib, "nvmlDeviceGetName", &text);
  if (text == NULL || text(n->dev, id->board, sizeof id->board) != 0)
    id->board[0] = '\0';
  sym(n->lib, "nvmlDeviceGetSerial", &text);
  if (text == NULL || text(n->dev, id->serial, sizeof id->serial) != 0)
    id->serial[0] = '\0';
  sym(n->lib, "nvmlSystemGetDriverVersion", &driver);
  if (driver == NULL || driver(id->driver, sizeof id->driver) != 0)
    id->driver[0] = '\0';
  sym(n->lib, "nvmlDeviceGetPciInfo_v3", &pci);
  memset(&pi, 0, sizeof pi);
  if (pci != NULL && pci(n->dev, &pi) == 0)
    snprintf(id->pci_bus_id, sizeof id->pci_bus_id, "%.31s", pi.bus_id);
  sym(n->lib, "nvmlDeviceGetClock", &clock);
  if (clock == NULL || clock(n->dev, 1, 0, &id->sm_mhz) != 0)
    id->sm_mhz = 0;
  if (clock == NULL || clock(n->dev, 2, 0, &id->mem_mhz) != 0)
    id->mem_mhz = 0;
  id->uuid[sizeof id->uuid - 1] = id->board[sizeof id->board - 1] = id->serial[sizeof id->serial - 1] = '\0';
  id->driver[sizeof id->driver - 1] = '\0';
}

int nvml_sample(struct nvml *n, struct nvml_sample *s)
{
  unsigned mw = 0;
  memset(s, 0, sizeof *s);
  s->power_w = -1;
  if (n->clock(n->dev, 1, &s->sm_mhz) != 0)
    return -1;
  if (n->clock(n->dev, 2, &s->mem_mhz) != 0)
    s->mem_mhz = 0;
  if (n->temp == NULL || n->temp(n->dev, 0, &s->temp_c) != 0)
    s->temp_c = 0;
  if (n->power != NULL && n->power(n->dev, &mw) == 0)
    s->power_w = mw / 1000.0;
  if (n->reasons == NULL || n->reasons(n->dev, &s->reasons) != 0)
    s->reasons = 0;
  return 0;
}

int nvml_probe(void *ctx, int after)
{
  struct nvml *n = ctx;
  unsigned sm = 0;
  unsigned long long r = 0;
  int throttled = 0;
  if (n->clock(n->dev, 1, &sm) != 0)
    sm = 0;
  if (n->reasons == NULL || n->reasons(n->dev, &r) != 0)
    r = 0;
  if (!after) {
    n->probe_sm = sm;
    n->probe_reasons = r;
  } else {
    throttled = ((r | n->probe_reasons) & NVML_THROTTLED) != 0 || (sm > 0 && sm < n->probe_sm * NVML_FELL);
  }
  return throttled;
}

const char *nvml_reasons(unsigned long long r, char *buf, size_t size)
{
  static const char *const names[] = {"GPU idle", "application clocks", "SW power cap", "HW slowdown",
                                      "sync boost", "SW thermal slowdown", "HW thermal slowdown",
                                      "HW power brake", "display clock"};
  size_t o = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
    if (r >> i & 1 && o < size)
      o += (size_t)snprintf(buf + o, size - o, "%s%s", o ? ", " : "", names[i]);
  return buf;
}

void nvml_close(struct nvml *n)
{
  if (n == NULL)
    return;
  if (n->shutdown != NULL)
    n->shutdown();
  dlclose(n->lib);
  free(n);
}
