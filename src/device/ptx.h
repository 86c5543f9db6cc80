/*
** ptx.h: CUDA's launch bounds for OpenCL programs on NVIDIA. NVIDIA's OpenCL
** compiler has no option for them (it ignores -cl-nv-maxrregcount), but its
** program binaries are PTX text, which rt rebuilds with `.minnctapersm N` after
** each entry's `.reqntid` (the kernel's reqd_work_group_size): ptxas then
** keeps each work-item's registers within an SM's share for N groups.
*/
#ifndef ptx_h
#define ptx_h

#include <stddef.h>

/* The groups a compute unit that build options ask for, as
** -DPS_MIN_GROUPS_PER_CU=N (N from 1 to 32): 1 with *groups set, 0 where the
** options do not ask, -1 where N is not such a count. */
int ptx_bound_option(const char *options, unsigned *groups);

/* bin (n bytes, a program binary) with `.minnctapersm groups` after each
** `.reqntid` line, as a malloc'ed text ending with a NUL that *out_len counts:
** 1 with *out set (the caller frees it), 0 where bin is not PTX text with an
** entry of fixed group size (*out NULL), -1 out of memory. */
int ptx_bound(const char *bin, size_t n, unsigned groups, char **out, size_t *out_len);

#endif
