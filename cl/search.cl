// search.cl: the search family of the binary-search blog post.
// T is the element type. Indices are long (the post's i64).
//
// Eytzinger (BFS) layout of a sorted array a[0..n): node k (1-based) holds
// a[rank(k)], rank(k) being k's position in an in-order walk of the
// heap-shaped tree of n nodes. With H = floor(log2 n) (depth of the last
// level) and L = n - (2^H - 1) nodes on it, node k at depth d and position
// p = k - 2^d has rank r = (2p + 1) 2^(H-d) - 1 in the perfect tree of depth
// H; the missing last-level nodes are the even ranks 2q with q >= L, so
// rank(k) = r - max(0, ceil(r / 2) - L).

inline long eytzinger_rank(long n, long k)
{
  int H = 63 - clz(n), d = 63 - clz(k);
  long L = n - ((1L << H) - 1), p = k - (1L << d);
  long r = (2 * p + 1) * (1L << (H - d)) - 1;
  long missing = (r + 1) / 2 - L;
  return r - (missing > 0 ? missing : 0);
}

// Nodes 1..count of the tree of n nodes, one work-item each (a gather).
__kernel void to_eytzinger(__global const T *restrict sorted, __global T *restrict out,
                           const long n, const long count)
{
  long i = get_global_id(0);
  if (i < count)
    out[i] = sorted[eytzinger_rank(n, i + 1)];
}

// The subtrees of height TILE_H rooted at depth D = H + 1 - TILE_H (they reach
// the last level), one per work-group of WG work-items: the subtree's nodes are
// a contiguous run of the sorted array, read coalesced into local memory with
// every load in flight at once; its nodes are written level by level, each
// level a contiguous run of the output. The 2^D - 1 nodes above depth D are
// done by to_eytzinger.
// Ranks inside a subtree are 32-bit and closed-form: its present last-level
// nodes are a prefix of its last level (L of them), so the node at local depth
// j, position p has rank r - max(0, ceil(r / 2) - L) from the subtree's
// leftmost node, r = (2p + 1) 2^(TILE_H-1-j) - 1 its rank in the perfect subtree.
// Local memory is indexed through PAD (prelude.cl): the level-by-level reads
// of a tile have power-of-two strides, which would hit one bank without it.

#define TILE_NODES ((1 << TILE_H) - 1)
#define TILE_STEPS ((TILE_NODES + WG - 1) / WG)

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void to_eytzinger_tiled(__global const T *restrict sorted, __global T *restrict out,
                        const long n, const int D)
{
  __local T tile[PAD(TILE_NODES) + 1];
  T v[TILE_STEPS];
  long k0 = (1L << D) + get_group_id(0); // the subtree's root
  long left = k0 << (TILE_H - 1), present = n - left + 1;
  int lid = get_local_id(0);
  int L = present <= 0 ? 0 : present >= (1 << (TILE_H - 1)) ? 1 << (TILE_H - 1) : (int)present;
  int count = (1 << (TILE_H - 1)) - 1 + L;
  __global const T *run = sorted + eytzinger_rank(n, L > 0 ? left : left >> 1);
#pragma unroll
  for (int i = 0; i < TILE_STEPS; i++) {
    int r = lid + i * WG;
    v[i] = r < count ? run[r] : (T)0;
  }
#pragma unroll
  for (int i = 0; i < TILE_STEPS; i++)
    if (lid + i * WG < count)
      tile[PAD(lid + i * WG)] = v[i];
  barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
  for (int i = 0; i < TILE_STEPS; i++) {
    int t = lid + i * WG, j = 31 - clz(t + 1), p = t + 1 - (1 << j);
    int r = ((2 * p + 1) << (TILE_H - 1 - j)) - 1, miss = (r + 1) / 2 - L;
    if (t < TILE_NODES && (j < TILE_H - 1 || p < L))
      out[(k0 << j) + p - 1] = tile[PAD(r - (miss > 0 ? miss : 0))];
  }
}

// Lower bound: the first index i with x <= xs[i], or n if there is none.
// Branch-free halving: `len` shrinks by half each step whatever the data.
inline long lower_bound(__global const T *xs, long n, T x)
{
  long base = 0, len = n;
  while (len > 1) {
    long h = len / 2;
    base = xs[base + h - 1] < x ? base + h : base;
    len -= h;
  }
  return n > 0 && xs[base] < x ? base + 1 : base;
}

__kernel void binary_search(__global const T *restrict xs, const long n,
                            __global const T *restrict keys, const long m,
                            __global long *restrict out)
{
  long i = get_global_id(0);
  if (i < m)
    out[i] = lower_bound(xs, n, keys[i]);
}

// The post's eytzinger_search: descend k = 2k + (x > t[k]) until k > n, then
// strip the trailing ones and the last zero: the index (0-based) of the lower
// bound in the Eytzinger array, or -1 when every element is smaller than x.
// A work-group of WG work-items takes EBATCH WG consecutive keys, EBATCH per
// work-item (WG apart: coalesced key reads and answer writes), all descending
// together: EBATCH independent loads in flight.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void eytzinger_search(__global const T *restrict t, const long n,
                      __global const T *restrict keys, const long m,
                      __global long *restrict out)
{
  long i0 = get_group_id(0) * (long)(EBATCH * WG) + get_local_id(0);
  int H = n > 0 ? 63 - clz(n) : -1; // the depth of the last level
  T x[EBATCH];
  ulong k[EBATCH];
#pragma unroll
  for (int b = 0; b < EBATCH; b++) {
    long i = i0 + b * WG;
    x[b] = keys[i < m ? i : m - 1];
    k[b] = 1;
  }
  for (int d = 0; d <= H; d++) {
#pragma unroll
    for (int b = 0; b < EBATCH; b++) {
      if (k[b] <= (ulong)n)
        k[b] = 2 * k[b] + (t[k[b] - 1] < x[b] ? 1 : 0);
    }
  }
#pragma unroll
  for (int b = 0; b < EBATCH; b++) {
    ulong kk = k[b] >> (ctz(~k[b]) + 1); // ffs(~k): the trailing ones and the zero before them
    if (i0 + b * WG < m)
      out[i0 + b * WG] = (long)kk - 1;
  }
}

// Lower bounds of sorted keys (keys[i] <= keys[i + 1]), in two launches.
// sorted_keys_bounds: bounds[g] = the lower bound of key g KEYS for each of the
// G = ceil(m / KEYS) groups, and bounds[G] = that of the last key: every key of
// group g has its lower bound in [bounds[g], bounds[g + 1]]. (One binary search
// per work-item; 32 work-items per bound, as in nary_search, measured slower on
// the H100.)
__kernel void sorted_keys_bounds(__global const T *restrict xs, const long n,
                                 __global const T *restrict keys, const long m,
                                 __global long *restrict bounds, const long groups)
{
  long g = get_global_id(0);
  if (g <= groups)
    bounds[g] = lower_bound(xs, n, keys[g < groups ? g * KEYS : m - 1]);
}

// sorted_keys_search: a work-group of WG work-items takes the KEYS keys of
// its group into registers and the window xs[bounds[g], bounds[g + 1]) into
// local memory, every load in flight at once, and searches each key in the
// window. A window larger than WIN (sparse keys) falls back to searching the
// whole array.
inline int local_lower_bound(__local const T *w, int len, T x)
{
  int base = 0;
  while (len > 1) {
    int h = len / 2;
    base = w[base + h - 1] < x ? base + h : base;
    len -= h;
  }
  return len > 0 && w[base] < x ? base + 1 : base;
}

#define KEY_STEPS ((KEYS + WG - 1) / WG)
#define WIN_STEPS ((WIN + WG - 1) / WG)

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void sorted_keys_search(__global const T *restrict xs, const long n,
                        __global const T *restrict keys, const long m,
                        __global const long *restrict bounds, __global long *restrict out)
{
  __local T win[WIN];
  T x[KEY_STEPS], w[WIN_STEPS];
  int lid = get_local_id(0);
  long g = get_group_id(0), g0 = g * KEYS;
  long L0 = bounds[g], len = bounds[g + 1] - L0;
  int fits = len <= WIN;
#pragma unroll
  for (int i = 0; i < KEY_STEPS; i++) {
    long q = g0 + lid + i * WG;
    x[i] = q < m && lid + i * WG < KEYS ? keys[q] : (T)0;
  }
#pragma unroll
  for (int i = 0; i < WIN_STEPS; i++) {
    int r = lid + i * WG;
    w[i] = fits && r < len ? xs[L0 + r] : (T)0;
  }
#pragma unroll
  for (int i = 0; i < WIN_STEPS; i++)
    if (lid + i * WG < WIN)
      win[lid + i * WG] = w[i];
  barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
  for (int i = 0; i < KEY_STEPS; i++) {
    long q = g0 + lid + i * WG;
    if (lid + i * WG < KEYS && q < m)
      out[q] = fits ? L0 + local_lower_bound(win, (int)len, x[i]) : lower_bound(xs, n, x[i]);
  }
}

// The AMD sample's N'ary search in its batched GPU form (P-ary search): S
// work-items cooperate on one key. The lower bound lies in [a, b]; each pass
// cuts [a, b) into S segments of seg = ceil((b - a) / S) elements, work-item s
// compares the first element of segment s, and c = how many of those are < x
// (a prefix, the array being sorted) gives the new range: [a, a] if c = 0,
// else [a + (c-1) seg + 1, min(a + c seg, b)]. One round trip per pass instead
// of log2(S) dependent loads. Every key does PASSES passes (a finished key
// idles) so the work-group's barriers stay uniform.
__kernel void nary_search(__global const T *restrict xs, const long n,
                          __global const T *restrict keys, const long m,
                          __global long *restrict out, const int passes)
{
  __local uchar flag[256];
  __local long range[256 / S][2];
  int lid = get_local_id(0), slot = lid / S, s = lid % S;
  long k = get_group_id(0) * (256 / S) + slot;
  T x = k < m ? keys[k] : (T)0;
  if (s == 0) {
    range[slot][0] = 0;
    range[slot][1] = k < m ? n : 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int p = 0; p < passes; p++) {
    long a = range[slot][0], b = range[slot][1], seg = (b - a + S - 1) / S, q = a + s * seg;
    flag[lid] = a < b && q < b && xs[q] < x;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (s == 0 && a < b) {
      int c = 0;
      while (c < S && flag[slot * S + c])
        c++;
      if (c == 0) {
        range[slot][1] = a;
      } else {
        long hi = a + c * seg;
        range[slot][0] = a + (c - 1) * seg + 1;
        range[slot][1] = hi < b ? hi : b;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (s == 0 && k < m)
    out[k] = range[slot][0];
}
