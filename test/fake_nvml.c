/*
** fake_nvml.c: a stand-in for libnvidia-ml.so.1, for the tests of bench's GPU
** clock samples (PSEARCH_TEST_NVML=path/to/libfake_nvml.so). The k-th sample
** (counted by the SM clock calls) reads the k-th words, cycling, of
** FAKE_NVML_SM and FAKE_NVML_REASONS (space-separated; hex with 0x). The
** device's identity: FAKE_NVML_UUID (default a fixed "GPU-..."), a board
** name, serial, PCI bus id, driver and clocks of its own (nvmlDeviceGetClock,
** which does not count as a sample).
*/
#include <stdlib.h>
#include <string.h>

static unsigned calls;

/* The k-th word of env variable var, cycling; dflt when unset. */
static unsigned long long word(const char *var, unsigned k, unsigned long long dflt)
{
  const char *v = getenv(var), *p;
  unsigned n = 0;
  if (v == NULL || *v == '\0')
    return dflt;
  for (p = v; *p; n++) { /* count the words */
    while (*p == ' ')
      p++;
    if (*p == '\0')
      break;
    while (*p && *p != ' ')
      p++;
  }
  k %= n ? n : 1;
  for (p = v; k > 0; k--) {
    while (*p == ' ')
      p++;
    while (*p && *p != ' ')
      p++;
  }
  return strtoull(p, NULL, 0);
}

int nvmlInit_v2(void);
int nvmlShutdown(void);
int nvmlDeviceGetHandleByIndex_v2(unsigned i, void **dev);
int nvmlDeviceGetClockInfo(void *dev, int type, unsigned *mhz);
int nvmlDeviceGetTemperature(void *dev, int sensor, unsigned *c);
int nvmlDeviceGetPowerUsage(void *dev, unsigned *mw);
int nvmlDeviceGetCurrentClocksEventReasons(void *dev, unsigned long long *r);
int nvmlDeviceGetUUID(void *dev, char *buf, unsigned n);
int nvmlDeviceGetName(void *dev, char *buf, unsigned n);
int nvmlDeviceGetSerial(void *dev, char *buf, unsigned n);
int nvmlSystemGetDriverVersion(char *buf, unsigned n);
int nvmlDeviceGetClock(void *dev, int type, int id, unsigned *mhz);

/* nvmlPciInfo_t */
struct pci_info {
  char bus_id_legacy[16];
  unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
  char bus_id[32];
};
int nvmlDeviceGetPciInfo_v3(void *dev, struct pci_info *p);

/* s into buf of n bytes: 0, or NVML's "insufficient size" (7). */
static int text(char *buf, unsigned n, const char *s)
{
  if (strlen(s) >= n)
    return 7;
  strcpy(buf, s);
  return 0;
}

int nvmlDeviceGetUUID(void *dev, char *buf, unsigned n)
{
  const char *u = getenv("FAKE_NVML_UUID");
  (void)dev;
  return text(buf, n, u != NULL ? u : "GPU-3f9a2b1c-0d4e-5f60-7182-93a4b5c6d7e8");
}

int nvmlDeviceGetName(void *dev, char *buf, unsigned n) { return (void)dev, text(buf, n, "Fake H200"); }

int nvmlDeviceGetSerial(void *dev, char *buf, unsigned n) { return (void)dev, text(buf, n, "1650924012345"); }

int nvmlSystemGetDriverVersion(char *buf, unsigned n) { return text(buf, n, "580.159.04"); }

int nvmlDeviceGetPciInfo_v3(void *dev, struct pci_info *p)
{
  (void)dev;
  memset(p, 0, sizeof *p);
  p->bus = 0x17;
  return text(p->bus_id, sizeof p->bus_id, "00000000:17:00.0");
}

int nvmlDeviceGetClock(void *dev, int type, int id, unsigned *mhz)
{
  (void)dev;
  *mhz = type == 1 ? 1755 : 3201;
  return id == 0 ? 0 : 2;
}

int nvmlInit_v2(void) { return 0; }
int nvmlShutdown(void) { return 0; }

int nvmlDeviceGetHandleByIndex_v2(unsigned i, void **dev)
{
  static int the_device;
  *dev = &the_device;
  return i == 0 ? 0 : 2;
}

int nvmlDeviceGetClockInfo(void *dev, int type, unsigned *mhz)
{
  (void)dev;
  *mhz = type == 1 ? (unsigned)word("FAKE_NVML_SM", calls++, 1980) : 2619;
  return 0;
}

int nvmlDeviceGetTemperature(void *dev, int sensor, unsigned *c)
{
  (void)dev, (void)sensor;
  *c = 41;
  return 0;
}

int nvmlDeviceGetPowerUsage(void *dev, unsigned *mw)
{
  (void)dev;
  *mw = 123456;
  return 0;
}

int nvmlDeviceGetCurrentClocksEventReasons(void *dev, unsigned long long *r)
{
  (void)dev;
  *r = word("FAKE_NVML_REASONS", calls - 1, 0); /* the sample's: after its SM clock */
  return 0;
}
