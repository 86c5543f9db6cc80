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
// the last level), one per work-group: the subtree's elements are a contiguous
// run of the sorted array, read coalesced into local memory; its nodes are
// written level by level, each level a contiguous run of the output. The
// 2^D - 1 nodes above depth D are done by to_eytzinger.
// Local memory is indexed through PAD (prelude.cl): the level-by-level reads
// of a tile have power-of-two strides, which would hit one bank without it.

__kernel void to_eytzinger_tiled(__global const T *restrict sorted, __global T *restrict out,
                                 const long n, const int D)
{
  __local T tile[PAD((1 << TILE_H) - 1) + 1];
  long k0 = (1L << D) + get_group_id(0); // the subtree's root
  int lid = get_local_id(0), ls = get_local_size(0);
  long left = k0 << (TILE_H - 1), right = ((k0 + 1) << (TILE_H - 1)) - 1;
  long lo, hi;
  if (left > n)
    left >>= 1; // no node on the last level: the leftmost is one level up
  if (right > n)
    right = ((k0 + 1) << (TILE_H - 2)) - 1;
  lo = eytzinger_rank(n, left);
  hi = eytzinger_rank(n, right);
  for (long r = lo + lid; r <= hi; r += ls)
    tile[PAD(r - lo)] = sorted[r];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int t = lid; t < (1 << TILE_H) - 1; t += ls) {
    int j = 31 - clz(t + 1);
    long k = (k0 << j) + (t + 1 - (1 << j));
    if (k <= n)
      out[k - 1] = tile[PAD(eytzinger_rank(n, k) - lo)];
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
__kernel void eytzinger_search(__global const T *restrict t, const long n,
                               __global const T *restrict keys, const long m,
                               __global long *restrict out)
{
  long i = get_global_id(0);
  if (i < m) {
    T x = keys[i];
    ulong k = 1;
    while (k <= (ulong)n)
      k = 2 * k + (t[k - 1] < x ? 1 : 0);
    k >>= ctz(~k) + 1; // ffs(~k): the trailing ones and the zero before them
    out[i] = (long)k - 1;
  }
}

// Lower bounds of sorted keys (keys[i] <= keys[i + 1]). A work-group takes
// KEYS consecutive keys; their lower bounds all lie in [L0, L1], the lower
// bounds of the first and last key, so the group loads xs[L0, L1) into local
// memory once (coalesced) and every key is searched there. A window larger
// than WIN (sparse keys) falls back to searching the whole array.
__kernel void sorted_keys_search(__global const T *restrict xs, const long n,
                                 __global const T *restrict keys, const long m,
                                 __global long *restrict out)
{
  __local T win[WIN];
  __local long bounds[2];
  int lid = get_local_id(0), ls = get_local_size(0);
  long g0 = get_group_id(0) * (long)KEYS, g1 = g0 + KEYS < m ? g0 + KEYS : m;
  if (lid < 2)
    bounds[lid] = lower_bound(xs, n, keys[lid == 0 ? g0 : g1 - 1]);
  barrier(CLK_LOCAL_MEM_FENCE);
  long L0 = bounds[0], len = bounds[1] - L0;
  // barriers stay outside branches (some compilers, PoCL's among them, need that)
  for (long i = lid; i < (len <= WIN ? len : 0); i += ls)
    win[i] = xs[L0 + i];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (len <= WIN) {
    for (long q = g0 + lid; q < g1; q += ls) {
      T x = keys[q];
      long base = 0, w = len;
      while (w > 1) {
        long h = w / 2;
        base = win[base + h - 1] < x ? base + h : base;
        w -= h;
      }
      out[q] = L0 + (len > 0 && win[base] < x ? base + 1 : base);
    }
  } else {
    for (long q = g0 + lid; q < g1; q += ls)
      out[q] = lower_bound(xs, n, keys[q]);
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
