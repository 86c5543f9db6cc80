/*
** evict.h: cold-cache runs (bench --cache=cold, docs/cli.md). Before each
** timed run, outside the timed region, the last-level cache between the
** entry and its memory is evicted by writing a scratch buffer larger than it,
** and the write is waited for:
**   - an OpenCL GPU: a device buffer of twice the cache the driver reports
**     (CL_DEVICE_GLOBAL_MEM_CACHE_SIZE), at least twice EVICT_GPU_L2 (NVIDIA's
**     driver reports far less than an H100's 50 MB L2), filled on the device;
**   - an OpenCL CPU device and the host backends: the host's last-level cache
**     (the reported size, else the first CPU's in sysfs, else sysconf's), twice over,
**     at least EVICT_HOST_MIN; an OpenCL CPU device fills a device buffer
**     (its memory is the host's), the host backends write a host buffer.
*/
#ifndef evict_h
#define evict_h

#include "entry.h"

#define EVICT_GPU_L2 ((uint64_t)50 << 20)
#define EVICT_HOST_MIN ((uint64_t)8 << 20)

struct evict;

/* Size and allocate the scratch for target t. NULL with e set on failure. */
struct evict *evict_open(const struct target *t, struct ps_err *e);

/* Evict now: write the scratch and wait. 0, or -1 with e set. */
int evict_run(struct evict *ev, struct ps_err *e);

/* Bytes written by each evict_run. */
uint64_t evict_bytes(const struct evict *ev);

/* Free the scratch; accepts NULL. */
void evict_close(struct evict *ev);

#endif
