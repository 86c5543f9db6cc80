/*
** rt.h: the OpenCL runtime. Device selection (devinfo.h lists the devices),
** program building (embedded kernels, on-disk binary cache), buffers with
** peak-memory accounting, launches and timing.
*/
#ifndef rt_h
#define rt_h

#include "ps.h"
#include "rt_types.h"

#include <stdint.h>

struct rt;

/* Open the selected device (default: the first GPU, else the first device)
** with a profiling-enabled queue. NULL on failure (message in e). */
struct rt *rt_open(const struct rt_select *sel, struct ps_err *e);
void rt_close(struct rt *rt); /* accepts NULL */
const struct rt_device_info *rt_info(const struct rt *rt);

/* After a device error: 0 where the context still works (the queue drains,
** a word written to a new buffer reads back), else -1 with the error in e.
** A driver may leave a context unusable after one failed command (NVIDIA's
** answers every later command with CL_OUT_OF_RESOURCES). */
int rt_usable(struct rt *rt, struct ps_err *e);
/* A fresh context and queue on the same device in place of rt's own: its
** programs and kernel objects are released, so no job may be prepared
** across it (buffers of the old context stay valid to release only);
** rt_generation counts the renewals, for holders of buffers that outlive a
** job (evict.h). 0, or -1 with e set (a stuck queue is never renewed). */
int rt_renew(struct rt *rt, struct ps_err *e);
unsigned rt_generation(const struct rt *rt);
/* Test hook PSEARCH_TEST_FAULT (hook.h): the queue released, so that every
** later command fails, as after a fault that breaks the context, until
** rt_renew. */
void rt_break(struct rt *rt);

/* Kernel directory override (option --kernels): sources are read from
** DIR/NAME.cl instead of the embedded copies. */
void rt_set_kernel_dir(struct rt *rt, const char *dir);
/* Disable the on-disk program cache (also $PSEARCH_NO_CACHE=1). */
void rt_set_cache(struct rt *rt, int on);
/* How the last rt_kernel got its program: 0 compiled, 1 from the cache. */
int rt_last_from_cache(const struct rt *rt);

/* The kernel `kname` of source file `file` built with `options`; programs and
** kernels are kept for the life of rt. */
cl_kernel rt_kernel(struct rt *rt, const char *file, const char *kname, const char *options,
                    struct ps_err *e);

/* The kernel `kname` of a user's OpenCL C file (docs/own-kernels.md): its
** text (len bytes, read from path) built as it is, without psearch's prelude,
** after a `#line 1 "PATH"`, so that a failed build's log (printed on stderr,
** as rt_kernel's) names the user's file and lines; through the same program
** cache as rt_kernel, keyed on the text. */
cl_kernel rt_kernel_file(struct rt *rt, const char *path, const char *text, size_t len, const char *kname,
                         const char *options, struct ps_err *e);

/* Kernel objects hold their arguments, so two jobs prepared at once (bench
** --interleave) must not share one. While an owner is set (a job's address,
** during its preparation), rt_kernel hands out that owner's own kernel
** objects, creating others for other owners; rt_disown gives an owner's back
** for reuse (when the job is released). With no owner (NULL), one shared
** object per kernel, as before. */
void rt_set_owner(struct rt *rt, const void *owner);
void rt_disown(struct rt *rt, const void *owner); /* accepts a NULL rt */

/* Set the kernel's arguments in order, from (size_t size, const void *ptr)
** pairs ended by a size of 0. Write RT_ARGS(rt, k, e, RT_ARG(a), RT_ARG(b),
** ...): the list counts itself, and each RT_ARG takes an lvalue's size and
** address. */
int rt_args(struct rt *rt, cl_kernel k, struct ps_err *e, ...);
#define RT_ARG(x) sizeof(x), (const void *)&(x)
#define RT_ARGS(rt, k, e, ...) rt_args((rt), (k), (e), __VA_ARGS__, (size_t)0)
/* Set one argument (index i) of the kernel. */
int rt_args_at(struct rt *rt, cl_kernel k, int i, size_t size, const void *ptr, struct ps_err *e);
/* Enqueue a 1-D range; global is rounded up to a multiple of local (local 0: driver's choice). */
int rt_launch(struct rt *rt, cl_kernel k, size_t global, size_t local, struct ps_err *e);
/* Wait for all queued work (clFinish). */
int rt_finish(struct rt *rt, struct ps_err *e);
/* The same, but give up after limit_ns: then -1 ("timed out") and the device
** is stuck: a kernel may still run, so rt_alloc and rt_finish fail from then
** on and rt_close leaves its queue alone. Untimed checks only (it polls). */
int rt_finish_within(struct rt *rt, uint64_t limit_ns, struct ps_err *e);

/* Device buffers; device memory in use and its peak are tracked. */
cl_mem rt_alloc(struct rt *rt, size_t bytes, struct ps_err *e);
void rt_release(struct rt *rt, cl_mem m); /* accepts NULL */

int rt_upload(struct rt *rt, cl_mem m, const void *src, size_t bytes, struct ps_err *e);
int rt_upload_at(struct rt *rt, cl_mem m, size_t offset, const void *src, size_t bytes,
                 struct ps_err *e);
int rt_download(struct rt *rt, cl_mem m, void *dst, size_t bytes, struct ps_err *e);
int rt_download_at(struct rt *rt, cl_mem m, size_t offset, void *dst, size_t bytes, struct ps_err *e);
int rt_copy(struct rt *rt, cl_mem src, cl_mem dst, size_t bytes, struct ps_err *e);
/* Enqueue filling bytes [offset, offset + bytes) of m (a multiple of 4 bytes)
** with copies of word; rt_zero with zeros. */
int rt_fill(struct rt *rt, cl_mem m, size_t offset, size_t bytes, cl_uint word, struct ps_err *e);
int rt_zero(struct rt *rt, cl_mem m, size_t offset, size_t bytes, struct ps_err *e);
uint64_t rt_peak_bytes(const struct rt *rt);
void rt_reset_peak(struct rt *rt);

/* Request profiling events on launches (off by default: they cost host time);
** returns whether they were requested before. */
int rt_set_profiling(struct rt *rt, int on);
int rt_can_profile(const struct rt *rt);
/* The sum of the profiling event times of the launches, fills and copies
** since the last call, in nanoseconds (0 if profiling is off or the device
** cannot profile). */
uint64_t rt_take_kernel_ns(struct rt *rt);
/* A profiled run is over (after its sync): its span, from its first
** command's start to its last command's end on the device, counts towards
** rt_take_kernel_times' span_ns. The span holds the gaps between commands,
** as CUDA events around a call do; the sum of event times does not. */
void rt_end_run(struct rt *rt);

/* The same by kernel: up to max kernels, most time first, and in *t the
** totals over all of them, for the launches since the last call of either
** function (both reset). Fills and copies are entries named
** "clEnqueueFillBuffer" and "clEnqueueCopyBuffer" (is_kernel 0). This call
** ends the last run (rt_end_run). */
int rt_take_kernel_times(struct rt *rt, struct rt_kernel_time *out, int max, struct rt_kernel_totals *t);

#endif
