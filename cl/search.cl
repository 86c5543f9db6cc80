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

// The whole layout in one launch. The first ceil((2^D - 1) / WG) work-groups
// gather the 2^D - 1 nodes above depth D = H + 1 - TILE_H, one a work-item, as
// to_eytzinger does. Each group after them takes one subtree of height TILE_H
// rooted at depth D (they reach the last level): the subtree's nodes are a
// contiguous run of the sorted array, read coalesced into local memory with
// every load in flight at once; its nodes are written level by level, each
// level a contiguous run of the output.
// Ranks inside a subtree are 32-bit and closed-form: its present last-level
// nodes are a prefix of its last level (L of them), so the node at local depth
// j, position p has rank r - max(0, ceil(r / 2) - L) from the subtree's
// leftmost node, r = (2p + 1) 2^(TILE_H-1-j) - 1 its rank in the perfect subtree.
// Local memory is indexed through PAD (prelude.cl): the level-by-level reads
// of a tile have power-of-two strides, which would hit one bank without it.

#define TILE_NODES ((1 << TILE_H) - 1)
#define TILE_STEPS ((TILE_NODES + WG - 1) / WG)
// LW: the levels of a subtree whose nodes one group covers at once (2^LW - 1 <= WG).
#if WG >= 1023
#define LW 10
#elif WG >= 511
#define LW 9
#elif WG >= 255
#define LW 8
#elif WG >= 127
#define LW 7
#elif WG >= 63
#define LW 6
#elif WG >= 31
#define LW 5
#else
#define LW 1
#endif

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void to_eytzinger_tiled(__global const T *restrict sorted, __global T *restrict out,
                        const long n, const int D)
{
  __local T tile[PAD(TILE_NODES) + 1];
  T v[TILE_STEPS];
  long top = (1L << D) - 1, top_groups = (top + WG - 1) / WG, g = get_group_id(0);
  int lid = get_local_id(0), sub = g >= top_groups; // a subtree's group, or one of the top's
  long k0 = (1L << D) + (sub ? g - top_groups : 0); // the subtree's root
  long left = k0 << (TILE_H - 1), present = n - left + 1;
  int L = present <= 0 ? 0 : present >= (1 << (TILE_H - 1)) ? 1 << (TILE_H - 1) : (int)present;
  int count = sub ? (1 << (TILE_H - 1)) - 1 + L : 0;
  __global const T *run = sorted + eytzinger_rank(n, L > 0 ? left : left >> 1);
  if (!sub && g * WG + lid < top)
    out[g * WG + lid] = sorted[eytzinger_rank(n, g * WG + lid + 1)];
#pragma unroll
  for (int i = 0; i < TILE_STEPS; i++) {
    int r = lid + i * WG;
    v[i] = r < count ? run[r] : (T)0;
  }
#pragma unroll
  for (int i = 0; i < TILE_STEPS; i++)
    if (lid + i * WG < count)
      tile[PAD(lid + i * WG)] = v[i];
  barrier(CLK_LOCAL_MEM_FENCE); // reached by every group (the top's too)
  if (!sub)
    return;
  // The levels that fit the group (nodes t < 2^LW - 1), one node a work-item.
  {
    int t = lid, j = 31 - clz(t + 1), p = t + 1 - (1 << j);
    int r = ((2 * p + 1) << (TILE_H - 1 - j)) - 1, miss = (r + 1) / 2 - L;
    if (t < (1 << LW) - 1 && t < TILE_NODES && (j < TILE_H - 1 || p < L))
      out[(k0 << j) + p - 1] = tile[PAD(r - (miss > 0 ? miss : 0))];
  }
  // The levels below, level by level: the level and its shift are constants
  // of each unrolled step, and a whole subtree (L = 2^(TILE_H-1), every one
  // but the last) has no missing node to rank around. The kernel is bound by
  // this index arithmetic, not by memory, where each node works out its level.
#pragma unroll
  for (int j = LW; j < TILE_H; j++) {
    __global T *o = out + ((k0 << j) - 1);
#pragma unroll
    for (int p0 = 0; p0 < (1 << j); p0 += WG) {
      // node p of the level goes to o[p], o = out + 2^j k0 - 1 one element
      // short of a line: work-item lid takes node p0 + lid + 1 (the last one
      // p0), so that each warp's stores fill whole lines
      int p = p0 + (lid + 1 == WG ? 0 : lid + 1), r = ((2 * p + 1) << (TILE_H - 1 - j)) - 1;
      if (L == 1 << (TILE_H - 1)) {
        if (p < (1 << j))
          o[p] = tile[PAD(r)];
      } else {
        int miss = (r + 1) / 2 - L;
        if (p < (1 << j) && (j < TILE_H - 1 || p < L))
          o[p] = tile[PAD(r - (miss > 0 ? miss : 0))];
      }
    }
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
// group g has its lower bound in [bounds[g], bounds[g + 1]]. Only G + 1
// searches, each bound by the latency of its dependent loads; so each
// work-group (every one whole: the host rounds the launch up) first reads a
// sample of SAMPLES elements spread over the array into local memory, all at
// once: xs[(k + 1) step - 1] (k < SAMPLES, step = ceil(n / SAMPLES), the
// last element past the end); a key's count c of samples below it puts its
// lower bound in [c step, (c + 1) step - 1], which is then halved in global
// memory within that one run of step elements.
#define SAMPLES (4 * WG)

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void sorted_keys_bounds(__global const T *restrict xs, const long n,
                        __global const T *restrict keys, const long m,
                        __global long *restrict bounds, const long groups)
{
  __local T sample[SAMPLES];
  long g = get_global_id(0), step = (n + SAMPLES - 1) / SAMPLES;
  int lid = get_local_id(0);
  for (int k = lid; k < SAMPLES; k += WG)
    sample[k] = n > 0 ? xs[min((k + 1) * step - 1, n - 1)] : (T)0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (g <= groups) {
    T x = keys[g < groups ? g * KEYS : m - 1];
    int c = 0, len = SAMPLES; // c = the samples < x (a prefix): halving over local memory
    while (len > 1) {
      int h = len / 2;
      c = sample[c + h - 1] < x ? c + h : c;
      len -= h;
    }
    c = sample[c] < x ? c + 1 : c;
    long lo = min(c * step, n), hi = c < SAMPLES ? min((c + 1) * step - 1, n - 1) : n;
    bounds[g] = n > 0 ? lo + lower_bound(xs + lo, hi - lo, x) : 0;
  }
}

// sorted_keys_search: a work-group of WG work-items takes the KEYS keys of its
// group, E = KEYS / WG consecutive keys a work-item (read and answered by
// vector loads and stores when the group is whole), and the window
// xs[bounds[g], bounds[g + 1]) into local memory, every load in flight at
// once. Each work-item finds its first key's lower bound in the window by
// halving, then each next key's by galloping forward from the last one (the
// keys are sorted): about two local loads a key where the keys are as dense
// as the array. A window larger than WIN (sparse keys) falls back to
// searching the whole array.
// (The host makes WG divide KEYS; other kernels of this file build with any WG.)
#if KEYS >= WG
#define E (KEYS / WG)
#else
#define E 1
#endif
#if E >= 8
#define EV 8
#elif E >= 4
#define EV 4
#elif E >= 2
#define EV 2
#endif
#ifdef EV
typedef VEC(T, EV) TE;
typedef VEC(long, EV) LE;
#define VLOAD VEC(vload, EV)
#define VSTORE VEC(vstore, EV)
#else
#define EV 1
typedef T TE;
typedef long LE;
#define VLOAD(o, p) ((p)[o])
#define VSTORE(v, o, p) ((p)[o] = (v))
#endif
#define WIN_STEPS ((WIN + WG - 1) / WG)

// The lower bound of x in the padded window w[PAD(lo)], ..., w[PAD(hi - 1)].
inline int window_lower_bound(__local const T *w, int lo, int hi, T x)
{
  int base = lo, len = hi - lo;
  while (len > 1) {
    int h = len / 2;
    base = w[PAD(base + h - 1)] < x ? base + h : base;
    len -= h;
  }
  return len > 0 && w[PAD(base)] < x ? base + 1 : base;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void sorted_keys_search(__global const T *restrict xs, const long n,
                        __global const T *restrict keys, const long m,
                        __global const long *restrict bounds, __global long *restrict out)
{
  __local T win[PAD(WIN) + 1];
  T x[E], w[WIN_STEPS];
  long r[E];
  int lid = get_local_id(0);
  long g = get_group_id(0), q0 = g * KEYS + (long)lid * E;
  long L0 = bounds[g], len = bounds[g + 1] - L0;
  int fits = len <= WIN, whole = (g + 1) * KEYS <= m;
  if (whole) {
#pragma unroll
    for (int i = 0; i < E; i += EV)
      VSTORE(*(__global const TE *)(keys + q0 + i), 0, x + i);
  } else { // the last group: its keys past m repeat the last key (still sorted)
#pragma unroll
    for (int i = 0; i < E; i++)
      x[i] = keys[q0 + i < m ? q0 + i : m - 1];
  }
#pragma unroll
  for (int i = 0; i < WIN_STEPS; i++) {
    int t = lid + i * WG;
    w[i] = fits && t < len ? xs[L0 + t] : (T)0;
  }
#pragma unroll
  for (int i = 0; i < WIN_STEPS; i++)
    if (lid + i * WG < WIN)
      win[PAD(lid + i * WG)] = w[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (fits) {
    int hi = (int)len, p = window_lower_bound(win, 0, hi, x[0]);
    r[0] = L0 + p;
#pragma unroll
    for (int i = 1; i < E; i++) {
      // win[< p] < x[i - 1] <= x[i]: gallop from p until win[p + s - 1] >= x[i]
      int s = 1;
      while (p + s - 1 < hi && win[PAD(p + s - 1)] < x[i]) {
        p += s;
        s *= 2;
      }
      p = window_lower_bound(win, p, min(p + s - 1, hi), x[i]);
      r[i] = L0 + p;
    }
  } else {
#pragma unroll
    for (int i = 0; i < E; i++)
      r[i] = lower_bound(xs, n, x[i]);
  }
  if (whole) {
#pragma unroll
    for (int i = 0; i < E; i += EV)
      *(__global LE *)(out + q0 + i) = VLOAD(0, r + i);
  } else {
#pragma unroll
    for (int i = 0; i < E; i++)
      if (q0 + i < m)
        out[q0 + i] = r[i];
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
