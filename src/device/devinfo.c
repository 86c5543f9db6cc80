/*
** devinfo.c: what psearch records of an OpenCL device (devinfo.h).
*/
#include "devinfo.h"

#include "clerror.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

static void dev_string(cl_device_id d, cl_device_info what, char *buf, size_t n)
{
  buf[0] = '\0';
  if (clGetDeviceInfo(d, what, n, buf, NULL) != CL_SUCCESS)
    snprintf(buf, n, "?");
  buf[n - 1] = '\0';
}

/* A numeric device property of `size` bytes (a cl_uint or a cl_ulong); 0 when
** the driver does not answer. */
static cl_ulong dev_ulong(cl_device_id d, cl_device_info what, size_t size)
{
  cl_uint u = 0;
  cl_ulong ul = 0;
  if (size == sizeof u)
    return clGetDeviceInfo(d, what, size, &u, NULL) == CL_SUCCESS ? u : 0;
  return clGetDeviceInfo(d, what, size, &ul, NULL) == CL_SUCCESS ? ul : 0;
}

/* The identity the extensions ext (the device's list) offer: its UUID
** (cl_khr_device_uuid) and its PCI address (cl_khr_pci_bus_info, else what
** NVIDIA's query gave). */
static void identity(struct rt_device_info *di, cl_device_id d, const char *ext)
{
  unsigned char u[16];
  struct {
    cl_uint domain, bus, device, function;
  } pci; /* cl_device_pci_bus_info_khr */
  int fn = 0;
  if (strstr(ext, "cl_khr_device_uuid") != NULL && clGetDeviceInfo(d, 0x106A, sizeof u, u, NULL) == CL_SUCCESS)
    snprintf(di->uuid, sizeof di->uuid, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0],
             u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
  if (strstr(ext, "cl_khr_pci_bus_info") != NULL && clGetDeviceInfo(d, 0x410F, sizeof pci, &pci, NULL) == CL_SUCCESS) {
    di->pci_domain = (int)pci.domain;
    di->pci_bus = (int)pci.bus;
    di->pci_dev = (int)pci.device;
    fn = (int)pci.function;
    snprintf(di->pci_from, sizeof di->pci_from, "cl_khr_pci_bus_info");
  }
  if (di->pci_bus >= 0 && di->pci_dev >= 0)
    snprintf(di->pci_bus_id, sizeof di->pci_bus_id, "%04x:%02x:%02x.%x", (unsigned)(di->pci_domain & 0xffff),
             (unsigned)di->pci_bus & 0xff, (unsigned)di->pci_dev & 0x1f, (unsigned)fn & 7);
}

void devinfo_fill(struct rt_device_info *di, cl_platform_id p, cl_device_id d, int pi, int dj)
{
  cl_device_type type = 0;
  cl_uint u = 0;
  cl_command_queue_properties qp = 0;
  size_t ext_len = 0;
  char *ext;
  memset(di, 0, sizeof *di);
  di->pci_domain = di->pci_bus = di->pci_dev = -1;
  di->pidx = pi;
  di->didx = dj;
  clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof di->platform, di->platform, NULL);
  clGetPlatformInfo(p, CL_PLATFORM_VERSION, sizeof di->platform_version, di->platform_version,
                    NULL);
  dev_string(d, CL_DEVICE_NAME, di->name, sizeof di->name);
  dev_string(d, CL_DEVICE_VENDOR, di->vendor, sizeof di->vendor);
  dev_string(d, CL_DRIVER_VERSION, di->driver, sizeof di->driver);
  dev_string(d, CL_DEVICE_VERSION, di->version, sizeof di->version);
  clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL);
  di->is_gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
  di->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
  di->compute_units = (unsigned)dev_ulong(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(cl_uint));
  di->clock_mhz = (unsigned)dev_ulong(d, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(cl_uint));
  di->global_mem = dev_ulong(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(cl_ulong));
  di->local_mem = dev_ulong(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(cl_ulong));
  di->cache_bytes = dev_ulong(d, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof(cl_ulong));
  di->max_alloc = dev_ulong(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(cl_ulong));
  clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof di->max_wg, &di->max_wg, NULL);
  if (clGetDeviceInfo(d, CL_DEVICE_QUEUE_PROPERTIES, sizeof qp, &qp, NULL) == CL_SUCCESS)
    di->profiling = (qp & CL_QUEUE_PROFILING_ENABLE) != 0;
  clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &ext_len);
  ext = malloc(ext_len + 1);
  if (ext != NULL && clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, ext_len, ext, NULL) == CL_SUCCESS) {
    ext[ext_len] = '\0';
    di->int64_atomics = strstr(ext, "cl_khr_int64_base_atomics") != NULL;
    di->subgroups = strstr(ext, "cl_khr_subgroups") != NULL ||
                    strstr(ext, "cl_intel_subgroups") != NULL;
    di->fp64 = strstr(ext, "cl_khr_fp64") != NULL;
    if (strstr(ext, "cl_nv_device_attribute_query") != NULL) { /* PCI bus 0x4008, slot 0x4009, domain 0x400A */
      di->pci_bus = clGetDeviceInfo(d, 0x4008, sizeof u, &u, NULL) == CL_SUCCESS ? (int)u : -1;
      di->pci_dev = clGetDeviceInfo(d, 0x4009, sizeof u, &u, NULL) == CL_SUCCESS ? (int)u : -1;
      di->pci_domain = clGetDeviceInfo(d, 0x400A, sizeof u, &u, NULL) == CL_SUCCESS ? (int)u : 0;
      snprintf(di->pci_from, sizeof di->pci_from, "cl_nv_device_attribute_query");
    }
    identity(di, d, ext);
  }
  free(ext);
}

/* The first line of an .icd file (the library it names) into lib; 0, or -1. */
static int icd_library(const char *file, char *lib, size_t n)
{
  FILE *f = fopen(file, "r");
  int rc = -1;
  if (f == NULL)
    return -1;
  if (fgets(lib, (int)n, f) != NULL) {
    lib[strcspn(lib, "\r\n")] = '\0';
    rc = lib[0] != '\0' ? 0 : -1;
  }
  fclose(f);
  return rc;
}

/* The ICDs the loader looks at (ocl-icd: OCL_ICD_VENDORS, a directory or
** one .icd file, else /etc/OpenCL/vendors): their count, the place into
** where, the first one's library into lib. */
static int icds(char *where, size_t wn, char *lib, size_t ln)
{
  const char *v = getenv("OCL_ICD_VENDORS");
  const char *dir = v != NULL && v[0] != '\0' ? v : "/etc/OpenCL/vendors";
  struct stat st;
  struct dirent *de;
  DIR *d;
  int n = 0;
  snprintf(where, wn, "%s", dir);
  lib[0] = '\0';
  if (stat(dir, &st) == 0 && S_ISREG(st.st_mode))
    return icd_library(dir, lib, ln) == 0;
  if ((d = opendir(dir)) == NULL)
    return 0;
  while ((de = readdir(d)) != NULL) {
    size_t len = strlen(de->d_name);
    char file[4096];
    if (len < 5 || strcmp(de->d_name + len - 4, ".icd") != 0)
      continue;
    snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
    n++;
    if (lib[0] == '\0')
      icd_library(file, lib, ln);
  }
  closedir(d);
  return n;
}

/* No platform: with no ICD, how to install one; with ICDs that did not load,
** why, as far as loading the first one's library says (dlerror) and an
** address-space limit hints. */
static int no_platform(struct ps_err *e)
{
  char where[1024], lib[1024], why[600] = "", limit[120] = "";
  struct rlimit rl;
  void *h;
  int n = icds(where, sizeof where, lib, sizeof lib);
  if (n == 0)
    return ps_fail(e, "no OpenCL platform found (install an ICD: e.g. the Debian package "
                      "pocl-opencl-icd for CPUs, or the GPU vendor's driver)");
  if (lib[0] != '\0' && (h = dlopen(lib, RTLD_NOW | RTLD_LOCAL)) == NULL) {
    const char *d = dlerror();
    snprintf(why, sizeof why, ": %.500s", d != NULL ? d : lib);
  } else if (lib[0] != '\0') {
    dlclose(h);
  }
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    snprintf(limit, sizeof limit, "; an address-space limit is set (ulimit -v %llu KiB)",
             (unsigned long long)rl.rlim_cur / 1024);
  return ps_fail(e, "no OpenCL platform: found %d ICD%s in %s but none loaded%s%s", n, n == 1 ? "" : "s", where,
                 why[0] != '\0' ? why : " (out of memory? ulimit -v)", limit);
}

int devinfo_each(int (*f)(void *, const struct rt_device_info *, cl_platform_id, cl_device_id), void *ctx,
                 struct ps_err *e)
{
  cl_uint np = 0;
  cl_platform_id ps[32];
  cl_int err = clGetPlatformIDs(32, ps, &np);
  if (err == -1001 || (err == CL_SUCCESS && np == 0))
    return no_platform(e);
  if (err != CL_SUCCESS)
    return ps_fail(e, "OpenCL: clGetPlatformIDs failed: %s (%d)", clerror_name(err), err);
  for (cl_uint i = 0; i < np && i < 32; i++) {
    cl_uint nd = 0;
    cl_device_id ds[64];
    if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_ALL, 64, ds, &nd) != CL_SUCCESS)
      continue;
    for (cl_uint j = 0; j < nd && j < 64; j++) {
      struct rt_device_info di;
      devinfo_fill(&di, ps[i], ds[j], (int)i, (int)j);
      if (f(ctx, &di, ps[i], ds[j]))
        return 1;
    }
  }
  return 0;
}

struct lister {
  struct rt_device_info *v;
  int n, cap;
};

static int add_info(void *ctx, const struct rt_device_info *di, cl_platform_id p, cl_device_id d)
{
  struct lister *l = ctx;
  (void)p;
  (void)d;
  if (l->n == l->cap) {
    int ncap = l->cap ? 2 * l->cap : 8;
    struct rt_device_info *nv = realloc(l->v, (size_t)ncap * sizeof *nv);
    if (nv == NULL)
      return 1;
    l->v = nv;
    l->cap = ncap;
  }
  l->v[l->n++] = *di;
  return 0;
}

int devinfo_list(struct rt_device_info **out, int *n, struct ps_err *e)
{
  struct lister l = {NULL, 0, 0};
  if (devinfo_each(add_info, &l, e) < 0) {
    free(l.v);
    return -1;
  }
  *out = l.v;
  *n = l.n;
  return 0;
}
