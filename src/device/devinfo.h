/*
** devinfo.h: an OpenCL device's description (struct rt_device_info) read
** from the driver: names, versions, sizes, extensions, the PCI address NVIDIA
** reports; the walk over every platform's devices.
*/
#ifndef devinfo_h
#define devinfo_h

#include "ps.h"
#include "rt_types.h"

/* Fill di for device d of platform p, the pi-th platform's dj-th device;
** what the driver does not answer is left 0 ("?" for names; -1 for the PCI
** address). */
void devinfo_fill(struct rt_device_info *di, cl_platform_id p, cl_device_id d, int pi, int dj);

/* Visit every device of every platform: f(ctx, info, platform, device) until
** it returns nonzero (then 1; 0 after the last device); -1 with e set where
** no platform answers. */
int devinfo_each(int (*f)(void *, const struct rt_device_info *, cl_platform_id, cl_device_id), void *ctx,
                 struct ps_err *e);

/* Every device of every platform: *out malloc'ed (the caller frees), *n of
** them. 0, or -1 with e set. */
int devinfo_list(struct rt_device_info **out, int *n, struct ps_err *e);

#endif
