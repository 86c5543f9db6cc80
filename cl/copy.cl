// copy.cl: bench_copy, the bandwidth roofline: copy nbytes bytes.
// Work-item i < nbytes/16 moves one aligned 16-byte vector; the work-item after
// them moves the last nbytes % 16 bytes. OpenCL buffers are at least 16-byte
// aligned, so the vector accesses are aligned and coalesced.

__kernel void copy(__global const uint4 *restrict in, __global uint4 *restrict out,
                   const ulong nbytes)
{
  ulong i = get_global_id(0), nvec = nbytes / 16;
  if (i < nvec) {
    out[i] = in[i];
  } else if (i == nvec) {
    __global const uchar *src = (__global const uchar *)in;
    __global uchar *dst = (__global uchar *)out;
    for (ulong b = nvec * 16; b < nbytes; b++)
      dst[b] = src[b];
  }
}
