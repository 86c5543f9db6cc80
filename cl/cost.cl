// cost.cl: the cost-model family's kernels that need no tile scan
// (docs/entries.md): the lecture's straightforward reduction and scans next to
// the one-launch reduce, argmax, histograms (the tile scans, filter and the
// segmented scans are scan.cl's). Built with -DT (element type, int or uint),
// -DU (its unsigned type), -DWG (work-group size, a power of two) and -DK (the
// bins of reduce_by_index). Arithmetic wraps (ADD, prelude.cl).

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
// ---------------------------------------------------------------- the lecture's red
// One level of the pairwise tree on a buffer padded to a power of two with 0:
// x[i] = x[i] + x[i + h] for i < h (h: half the current length).
__kernel void red_step(__global T *x, const ulong h)
{
  ulong i = get_global_id(0);
  if (i < h)
    x[i] = ADD(x[i], x[i + h]);
}
// ---------------------------------------------------------------- fast reduce
// The work-group's sum of each work-item's x, left in sh[0].
static void local_sum(__local T *sh, T x)
{
  uint lid = get_local_id(0);
  sh[lid] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = WG / 2; s > 0; s >>= 1) {
    if (lid < s)
      sh[lid] = ADD(sh[lid], sh[lid + s]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

// In one launch: each of the G work-groups sums a grid-strided share of the
// input (four elements per load where aligned) into partials[group]; the group
// that takes the launch's last ticket (ticket - epoch_base == G - 1, so every
// other partial is written) sums the G partials in group order into out[0].
// The device's fence (prelude.cl) orders a group's partial before its ticket;
// the last group reads the partials through volatile loads, past any cache
// that is not coherent.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_sum(__global const T *in, const ulong n, volatile __global T *partials,
                volatile __global uint *ticket, const uint epoch_base, __global T *out)
{
  __local T sh[WG];
  __local int last_sh;
  ulong gid = get_global_id(0), stride = get_global_size(0);
  uint lid = get_local_id(0), g = get_num_groups(0);
  T acc = 0;
  ulong n4 = n / 4;
  for (ulong i = gid; i < n4; i += stride) {
    __global const T *p = in + 4 * i;
    acc = ADD(acc, ADD(ADD(p[0], p[1]), ADD(p[2], p[3])));
  }
  for (ulong i = 4 * n4 + gid; i < n; i += stride)
    acc = ADD(acc, in[i]);
  local_sum(sh, acc);
  if (lid == 0) {
    partials[get_group_id(0)] = sh[0];
    device_fence();
    last_sh = atomic_inc(ticket) - epoch_base == g - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); // the last group's own partial too
  if (!last_sh)
    return;
  device_fence();
  acc = 0;
  for (uint i = lid; i < g; i += WG)
    acc = ADD(acc, partials[i]);
  local_sum(sh, acc);
  if (lid == 0)
    out[0] = sh[0];
}
// ---------------------------------------------------------------- argmax
// The lecture's associativity exercise: the index of the largest element,
// the first one on ties; -1 for an empty array. (value, index) pairs combine
// by keeping the larger value, and on equal values the smaller index.
#define BETTER(v1, i1, v2, i2) ((v1) > (v2) || ((v1) == (v2) && (i1) < (i2)))

// The work-group's best of each work-item's pair (v, i) (i < 0: none), left in sv[0], si[0].
static void local_argmax(__local T *sv, __local long *si, T v, long i)
{
  uint lid = get_local_id(0);
  sv[lid] = v;
  si[lid] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = WG / 2; s > 0; s >>= 1) {
    if (lid < s && si[lid + s] >= 0 && (si[lid] < 0 || BETTER(sv[lid + s], si[lid + s], sv[lid], si[lid]))) {
      sv[lid] = sv[lid + s];
      si[lid] = si[lid + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void argmax_partials(__global const T *in, const ulong n, __global T *pv, __global long *pi)
{
  __local T sv[WG];
  __local long si[WG];
  ulong gid = get_global_id(0), stride = get_global_size(0);
  uint lid = get_local_id(0);
  T bv = 0;
  long bi = -1;
  for (ulong i = gid; i < n; i += stride) {
    T v = in[i];
    if (bi < 0 || v > bv) { // strided in increasing i: keep the first of equals
      bv = v;
      bi = (long)i;
    }
  }
  local_argmax(sv, si, bv, bi);
  if (lid == 0) {
    pv[get_group_id(0)] = sv[0];
    pi[get_group_id(0)] = si[0];
  }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void argmax_final(__global const T *pv, __global const long *pi, const uint g, __global long *out)
{
  __local T sv[WG];
  __local long si[WG];
  uint lid = get_local_id(0);
  T bv = 0;
  long bi = -1;
  for (uint k = lid; k < g; k += WG) {
    if (pi[k] >= 0 && (bi < 0 || BETTER(pv[k], pi[k], bv, bi))) {
      bv = pv[k];
      bi = pi[k];
    }
  }
  local_argmax(sv, si, bv, bi);
  if (lid == 0)
    out[0] = si[0];
}
// ---------------------------------------------------------------- the lecture's scans
// Hillis-Steele, one step: out[i] = in[i] + in[i - off] (i >= off), else in[i].
__kernel void hs_step(__global const T *in, __global T *out, const ulong n, const ulong off)
{
  ulong i = get_global_id(0);
  if (i < n)
    out[i] = i >= off ? ADD(in[i], in[i - off]) : in[i];
}

// Blelloch on x padded to p = 2^k elements. Up-sweep level with span s = 2^(d+1):
// x[(k+1)s - 1] += x[(k+1)s - 1 - s/2].
__kernel void bl_up(__global T *x, const ulong p, const ulong s)
{
  ulong idx = (get_global_id(0) + 1) * s - 1;
  if (idx < p)
    x[idx] = ADD(x[idx], x[idx - s / 2]);
}

// Down-sweep level: swap-and-add, after x[p - 1] = 0.
__kernel void bl_down(__global T *x, const ulong p, const ulong s)
{
  ulong idx = (get_global_id(0) + 1) * s - 1;
  if (idx < p) {
    T t = x[idx - s / 2];
    x[idx - s / 2] = x[idx];
    x[idx] = ADD(x[idx], t);
  }
}

__kernel void set_zero(__global T *x, const ulong i)
{
  if (get_global_id(0) == 0)
    x[i] = 0;
}
// ---------------------------------------------------------------- histograms
// hist: counts of the low byte of each element (256 bins), radix sort's digit
// count. Each group keeps a local sub-histogram, merged with global atomics.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void hist256(__global const T *in, const ulong n, volatile __global uint *bins)
{
  __local uint h[256];
  ulong gid = get_global_id(0), stride = get_global_size(0);
  uint lid = get_local_id(0);
  for (uint b = lid; b < 256; b += WG)
    h[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (ulong i = gid; i < n; i += stride)
    atomic_inc(&h[(U)in[i] & 255]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < 256; b += WG)
    if (h[b] != 0)
      atomic_add(&bins[b], h[b]);
}

// reduce_by_index with (+) into K bins: dest[is[i]] += vs[i] for 0 <= is[i] < K;
// other indices are ignored. Local sub-histograms, then global atomics.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void rbi_local(__global const T *is, __global const T *vs, const ulong n, volatile __global U *dest)
{
  __local U h[K];
  ulong gid = get_global_id(0), stride = get_global_size(0);
  uint lid = get_local_id(0);
  for (uint b = lid; b < K; b += WG)
    h[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (ulong i = gid; i < n; i += stride) {
    T b = is[i];
    if (b >= 0 && (U)b < K)
      atomic_add(&h[b], (U)vs[i]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < K; b += WG)
    if (h[b] != 0)
      atomic_add(&dest[b], h[b]);
}

// The lecture's straightforward reduce_by_index: one global atomic per element.
__kernel void rbi_global(__global const T *is, __global const T *vs, const ulong n, volatile __global U *dest)
{
  ulong i = get_global_id(0);
  if (i < n) {
    T b = is[i];
    if (b >= 0 && (U)b < K)
      atomic_add(&dest[b], (U)vs[i]);
  }
}
