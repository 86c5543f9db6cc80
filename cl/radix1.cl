// radix1.cl: the cost-model lecture's radix sort, one bit per pass: a stable
// split of the keys by bit `bit` (zeros first), in three kernels:
//   count:   zeros per work-group block                     (blocks of WG elements)
//   scan:    exclusive scan of the block counts, one work-group, sequential chunks
//   scatter: each element to its place: zeros by rank, ones after all zeros
// Elements are moved as U, the unsigned type of their width, and ordered by
// KEY: FLIP (the sign bit for signed types, 0 otherwise) xored in, or with
// -DFLOATKEY the IEEE total order (KEY, prelude.cl).

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void count(__global const U *restrict in, __global uint *restrict blocks, const ulong n,
           const uint bit)
{
  __local uint sum[WG];
  ulong i = get_global_id(0);
  uint l = get_local_id(0);
  sum[l] = i < n ? (uint)(((KEY(in[i]) >> bit) & 1) == 0) : 0u;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = WG / 2; s > 0; s >>= 1) {
    if (l < s)
      sum[l] += sum[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    blocks[get_group_id(0)] = sum[0];
}

// Exclusive scan of nb block counts in place; blocks[nb] gets the total.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scan(__global uint *blocks, const uint nb)
{
  __local uint tmp[WG];
  __local uint carry;
  uint l = get_local_id(0);
  if (l == 0)
    carry = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint base = 0; base < nb; base += WG) {
    uint x = base + l < nb ? blocks[base + l] : 0u;
    tmp[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 1; s < WG; s <<= 1) { // Hillis-Steele inclusive scan
      uint y = l >= s ? tmp[l - s] : 0u;
      barrier(CLK_LOCAL_MEM_FENCE);
      tmp[l] += y;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (base + l < nb)
      blocks[base + l] = carry + tmp[l] - x;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == WG - 1)
      carry += tmp[l];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    blocks[nb] = carry;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scatter(__global const U *restrict in, __global U *restrict out,
             __global const uint *restrict blocks, const ulong n, const uint bit, const uint nb)
{
  __local uint tmp[WG];
  ulong i = get_global_id(0);
  uint l = get_local_id(0);
  U x = i < n ? in[i] : (U)0;
  uint zero = i < n ? (uint)(((KEY(x) >> bit) & 1) == 0) : 0u;
  tmp[l] = zero;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 1; s < WG; s <<= 1) {
    uint y = l >= s ? tmp[l - s] : 0u;
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[l] += y;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < n) {
    ulong zeros_before = (ulong)blocks[get_group_id(0)] + tmp[l] - zero;
    ulong total_zeros = blocks[nb];
    ulong dst = zero ? zeros_before : total_zeros + (i - zeros_before);
    out[dst] = x;
  }
}
