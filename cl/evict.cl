// evict.cl: bench --cache=cold's eviction (src/engine/evict.c). Reads the n
// 16-byte words of the scratch (zero) by a grid-stride walk, so that the
// last-level cache ends up holding clean lines of it: whatever the run before
// left dirty is written back now, outside the timed region, not during the
// next timed run. out is written only if the words were not zero (never),
// which keeps the loads.

__kernel void evict_read(__global const uint4 *in, const ulong n, __global uint *out)
{
  uint4 a = (uint4)(0u);
  for (ulong i = get_global_id(0); i < n; i += get_global_size(0))
    a ^= in[i];
  if ((a.x | a.y | a.z | a.w) != 0u)
    out[0] = a.x ^ a.y ^ a.z ^ a.w;
}
