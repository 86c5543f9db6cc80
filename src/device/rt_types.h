/*
** rt_types.h: the OpenCL runtime's plain types, which the device layer's
** helpers (devinfo, devsel, events, nvml) and rt.h share: a device's
** description, a selection, the kernel-time records. Only types: the
** functions are rt.h's.
*/
#ifndef rt_types_h
#define rt_types_h

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stddef.h>
#include <stdint.h>

/* An embedded kernel source (cl/NAME.cl), from the generated rt_sources table. */
struct rt_source {
  const char *name; /* "copy.cl" */
  const char *text;
  size_t len;
};
extern const struct rt_source rt_sources[]; /* ends with a NULL name */

/* What a benchmarker needs to know about one device. */
struct rt_device_info {
  int pidx, didx;            /* platform and device index */
  char platform[128], platform_version[128];
  char name[128], vendor[128], driver[64], version[128];
  int is_gpu, is_cpu;
  unsigned compute_units, clock_mhz;
  uint64_t global_mem, local_mem, max_alloc;
  uint64_t cache_bytes;      /* the global memory cache the driver reports; 0: none */
  size_t max_wg;
  int int64_atomics, subgroups, fp64, profiling;
  int pci_domain, pci_bus, pci_dev; /* cl_khr_pci_bus_info, else NVIDIA's cl_nv_device_attribute_query;
                                     ** -1: unknown */
  char uuid[40];            /* cl_khr_device_uuid, 8-4-4-4-12 lowercase hex; "": not reported */
  char pci_bus_id[20];      /* "DDDD:BB:DD.F" from pci_*; "": unknown */
  char pci_from[32];        /* the extension pci_bus_id came from */
};

/* How to pick a device: each field NULL for "any". platform and device are an
** index or a case-insensitive name substring; type is "cpu", "gpu" or "all". */
struct rt_select {
  const char *platform, *device, *type;
};

/* Kernel times by kernel (rt_take_kernel_times): fills and copies are
** entries named "clEnqueueFillBuffer" and "clEnqueueCopyBuffer" (is_kernel 0). */
struct rt_kernel_time {
  char name[48];
  uint64_t ns, launches;
  int is_kernel;
};
struct rt_kernel_totals {
  uint64_t ns;       /* the sum of the event times */
  uint64_t span_ns;  /* the sum of the runs' spans */
  uint64_t launches; /* kernels launched (fills and copies not counted) */
};

#endif
