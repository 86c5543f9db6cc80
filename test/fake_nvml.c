/*
** fake_nvml.c: a stand-in for libnvidia-ml.so.1, for the tests of bench's GPU
** clock samples (PSEARCH_TEST_NVML=path/to/libfake_nvml.so). The k-th sample
** (counted by the SM clock calls) reads the k-th words, cycling, of
** FAKE_NVML_SM and FAKE_NVML_REASONS (space-separated; hex with 0x).
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
