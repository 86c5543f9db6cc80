/*
** evict.h: cold-cache runs (bench --cache=cold, docs/cli.md). Before each
** timed run, outside the timed region, the last-level cache between the
** entry and its memory is evicted by reading a scratch buffer (zero) larger
** than it, and the reads are waited for. Reads, not writes, so that the cache
** is left holding clean lines: what the run before left dirty is written back
** during the eviction, and the timed run has nothing of the eviction's to
** write back (writing the scratch would leave up to the cache's size of dirty
** lines for the timed run to write back):
**   - an OpenCL GPU: a device buffer of twice the cache the driver reports
**     (CL_DEVICE_GLOBAL_MEM_CACHE_SIZE), at least twice EVICT_GPU_L2 (NVIDIA's
**     driver reports far less than an H100's 50 MB L2), read by a kernel
**     (cl/evict.cl) that no kernel time (-x) counts;
**   - an OpenCL CPU device and the host backends: the host's last-level cache
**     (the reported size, else the first CPU's in sysfs, else sysconf's), twice over,
**     at least EVICT_HOST_MIN; an OpenCL CPU device reads a device buffer
**     (its memory is the host's), the host backends read a host buffer.
** PSEARCH_TEST_TUNE EVICT_WRITE=1 writes the scratch instead, as before.
*/
#ifndef evict_h
#define evict_h

#include "entry.h"

#define EVICT_GPU_L2 ((uint64_t)50 << 20)
#define EVICT_HOST_MIN ((uint64_t)8 << 20)

struct evict;

/* Size and allocate the scratch for target t. NULL with e set on failure. */
struct evict *evict_open(const struct target *t, struct ps_err *e);

/* Evict now: read the scratch and wait. 0, or -1 with e set. */
int evict_run(struct evict *ev, struct ps_err *e);

/* Bytes read by each evict_run. */
uint64_t evict_bytes(const struct evict *ev);

/* Free the scratch; accepts NULL. */
void evict_close(struct evict *ev);

#endif
