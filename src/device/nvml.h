/*
** nvml.h: the GPU's clocks, temperature, power and throttle reasons from
** NVIDIA's management library, loaded at run time (dlopen of
** libnvidia-ml.so.1; never a build dependency). psearch bench samples them
** before and after each dataset's runs, and with --discard-throttled the SM
** clock and reasons around each run (docs/cli.md, docs/json.md).
*/
#ifndef nvml_h
#define nvml_h

#include "ps.h"
#include "rt_types.h"

/* Reasons that lower the clocks under load (NVML's clock event reasons):
** software power cap, hardware slowdown, software and hardware thermal
** slowdown, power brake. Idle, application clocks and sync boost are not. */
#define NVML_THROTTLED 0xECull

/* The SM clock "fell" when it ends below this share of where it began (a
** rise is the GPU waking from idle). */
#define NVML_FELL 0.95

struct nvml_sample {
  unsigned sm_mhz, mem_mhz, temp_c; /* 0: not read */
  double power_w;                    /* negative: not read */
  unsigned long long reasons;        /* NVML's clock event reason bits */
};

struct nvml;

/* What NVML says of a device's identity when it is opened; each "" or 0
** where NVML does not answer. */
struct nvml_identity {
  char uuid[96];       /* nvmlDeviceGetUUID: "GPU-" and 8-4-4-4-12 hex (MIG: "MIG-...") */
  char pci_bus_id[32]; /* nvmlDeviceGetPciInfo_v3's busId: "00000000:17:00.0" */
  char board[96];      /* nvmlDeviceGetName: the board's name */
  char serial[64];     /* nvmlDeviceGetSerial (boards that have one) */
  char driver[80];     /* nvmlSystemGetDriverVersion */
  unsigned sm_mhz, mem_mhz; /* nvmlDeviceGetClock, the current clocks */
};

/* The NVML device of OpenCL device info: matched by PCI bus id, else the
** only NVML device of that name. NULL when there is none (not NVIDIA, no
** library, no match), with why in *why (static text). The test hook
** PSEARCH_TEST_NVML=LIB loads LIB instead and takes NVML device 0 for any
** device. */
struct nvml *nvml_open(const struct rt_device_info *info, const char **why);

/* The device's identity and clocks now into id. */
void nvml_identity(struct nvml *n, struct nvml_identity *id);

/* Sample now. 0, or -1 when the clocks cannot be read. */
int nvml_sample(struct nvml *n, struct nvml_sample *s);

/* --discard-throttled's probe, for measure_params.throttled (ctx: a struct
** nvml): reads the SM clock and the clock event reasons (two NVML calls)
** just before (after == 0) and just after (1) a run. After: 1 when a reason
** in NVML_THROTTLED was set in either reading or the SM clock fell (NVML_FELL)
** between them, else 0; a reading that fails is no evidence (0). */
int nvml_probe(void *ctx, int after);

/* The reasons' names, comma-separated, into buf ("" for none). */
const char *nvml_reasons(unsigned long long r, char *buf, size_t size);

void nvml_close(struct nvml *n); /* accepts NULL */

#endif
