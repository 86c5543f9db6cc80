// btree.cl: a static B+ tree over a sorted array (docs/entries.md), with
// leaves of FL keys and internal nodes of F keys (8 or 16 each). Level 0 is
// the sorted array itself (the leaves); level l+1 holds the last key of every
// node of level l, so its key b is the largest key under it; the top level
// has at most F keys. The internal levels are stored one after another in
// `tree` (level 1 first).
//
// Search for x: at the top, j = the number of keys < x; then at each level
// below, in node i (keys K i .. K i + K - 1, K its node size), i = K i +
// (keys < x in the node). At level 0 that is the lower bound (clamped to n).
// One node is one vector load.

// Every internal level in one launch, from the sorted array itself: key b of
// level l >= 1 is the largest key under it, xs[min(S (b + 1) - 1, n - 1)]
// with S = FL F^(l - 1) keys of xs under each key of level l (so the padding
// of every level repeats its last key). levels is the search's table below
// ([len_0, off_0, len_1, off_1, ...], nl levels); internal = the keys of
// levels 1 .. nl - 1, padding included.
__kernel void btree_build(__global const T *restrict xs, __global T *restrict tree,
                          __global const long *restrict levels, const int nl, const long n,
                          const long internal)
{
  long g = get_global_id(0), span = FL, i;
  int l = 1;
  if (g >= internal)
    return;
  while (l + 1 < nl && g >= levels[2 * (l + 1) + 1]) {
    l++;
    span *= F;
  }
  i = span * (g - levels[2 * l + 1] + 1) - 1;
  tree[g] = xs[i < n ? i : n - 1];
}

// Node and key indices: 32-bit with -DIDX32 (the host sets it when every
// level and the leaves have fewer than 2^30 keys), else 64-bit.
#ifdef IDX32
typedef uint bidx;
#else
typedef long bidx;
#endif

// Keys < x in the node of 8 or 16 keys at lvl[b]: one aligned vector load
// (of 4-byte keys: one 32-byte sector or one 64-byte line). Every level is
// padded to whole nodes with copies of its last (largest) key and starts
// node-aligned, so every node is whole.
typedef VEC(T, 8) T8;
typedef VEC(T, 16) T16;
// The number of true lanes of a vector comparison (lanes of -1 where true).
inline int lanes8(int8 c)
{
  int4 c4 = c.lo + c.hi;
  int2 c2 = c4.lo + c4.hi;
  return -(c2.x + c2.y);
}
inline int lanes16(int16 c) { return lanes8(c.lo + c.hi); }
inline int count_less4(__global const T *lvl, bidx b, T x)
{
  int4 c = convert_int4(*(__global const VEC(T, 4) *)(lvl + b) < (VEC(T, 4))(x));
  return -(c.x + c.y + c.z + c.w);
}
inline int count_less8(__global const T *lvl, bidx b, T x)
{
  return lanes8(convert_int8(*(__global const T8 *)(lvl + b) < (T8)(x)));
}
inline int count_less16(__global const T *lvl, bidx b, T x)
{
  return lanes16(convert_int16(*(__global const T16 *)(lvl + b) < (T16)(x)));
}
#define COUNT_LESS(k) CAT(count_less, k)

// levels: [len_0, off_0, len_1, off_1, ...] for nl levels, lengths padded to
// whole nodes (off_0 unused: level 0 is xs, padded to whole leaves of FL keys;
// the internal nodes have F keys).
//
// Descend the internal levels hi down to lo (>= 1) with BATCH keys x at once
// (BATCH independent loads in flight): i, a node of level hi on entry, is one
// of level lo - 1 on return (or past the last node when x is above every key).
inline void descend_internal(__global const T *restrict tree, __global const long *restrict levels,
                             int hi, int lo, const T *x, bidx *i)
{
  for (int l = hi; l >= lo; l--) {
    __global const T *lvl = tree + levels[2 * l + 1];
    bidx len = (bidx)levels[2 * l];
#pragma unroll
    for (int b = 0; b < BATCH; b++) {
      bidx o = F * i[b];
      i[b] = o < len ? o + COUNT_LESS(F)(lvl, o, x[b]) : o;
    }
  }
}

// From leaf i to the lower bound in xs (not yet clamped to n).
inline void descend_leaves(__global const T *restrict xs, bidx pad0, const T *x, bidx *i)
{
#pragma unroll
  for (int b = 0; b < BATCH; b++) {
    bidx o = FL * i[b];
    i[b] = o < pad0 ? o + COUNT_LESS(FL)(xs, o, x[b]) : o;
  }
}

// Key k of a work-group's BATCH WG (BATCH per work-item, WG apart, so that
// key reads and writes stay coalesced), clamped to the last of the m keys.
#define KEY_OF(width, lane, b) (get_group_id(0) * (long)(BATCH * (width)) + (lane) + (b) * (width))
#define KEY_AT(b) KEY_OF(WG, get_local_id(0), b)

// A work-item's BATCH keys, and its descents' start at the top.
inline void load_keys(__global const T *restrict keys, long m, T *x, bidx *i)
{
#pragma unroll
  for (int b = 0; b < BATCH; b++) {
    x[b] = keys[KEY_AT(b) < m ? KEY_AT(b) : m - 1];
    i[b] = 0;
  }
}

// n the real length. Every work-item descends with its BATCH keys at once.
// (Measured on the H100 and left out, docs/performance.md: the top levels in
// local memory, with persistent work-groups: no faster than the L1 cache.)
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void btree_search(__global const T *restrict xs, __global const T *restrict tree,
                  __global const long *restrict levels, const int nl, const long n,
                  __global const T *restrict keys, const long m, __global long *restrict out)
{
  T x[BATCH];
  bidx i[BATCH];
  load_keys(keys, m, x, i);
  descend_internal(tree, levels, nl - 1, 1, x, i);
  descend_leaves(xs, (bidx)levels[0], x, i);
#pragma unroll
  for (int b = 0; b < BATCH; b++)
    if (KEY_AT(b) < m)
      out[KEY_AT(b)] = i[b] < n ? i[b] : n;
}

// The paired search: two work-items per key (a pair: work-items 2q and 2q + 1),
// each comparing one half of every node (F / 2 or FL / 2 keys, one 16-byte
// load for 8-key nodes of 4-byte keys), their counts summed across the pair.
// A warp's load then touches 16 nodes with one request, where the plain
// descent's two loads of 16 bytes touch 32 nodes each. With -DNV_PTX the sum
// is a shfl.sync; without it the same contract through local memory and
// barriers, so that the kernel runs and is tested on any device. Every
// work-item of a group calls pair_sum together.
#ifdef NV_PTX
inline int pair_sum(int c, __local int *sh)
{
  (void)sh;
  return c + (int)shfl_xor((uint)c, 1);
}
#else
inline int pair_sum(int c, __local int *sh)
{
  uint l = get_local_id(0);
  sh[l] = c;
  barrier(CLK_LOCAL_MEM_FENCE);
  c += sh[l ^ 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  return c;
}
#endif
#define HALF(k) CAT(count_less, k)
#if F == 8
#define HALF_F HALF(4)
#else
#define HALF_F HALF(8)
#endif
#if FL == 8
#define HALF_FL HALF(4)
#else
#define HALF_FL HALF(8)
#endif
#define PAIR_KEY(b) KEY_OF(WG / 2, get_local_id(0) / 2, b)

// One level of nodes of k keys (len keys in all) for the pair's BATCH keys:
// every half node's load is issued before the first sum waits for one.
#define PAIR_LEVEL(k, count, lvl, len)                                                             \
  do {                                                                                             \
    int c[BATCH];                                                                                  \
    _Pragma("unroll") for (int b = 0; b < BATCH; b++)                                              \
    {                                                                                              \
      bidx o = (k) * i[b];                                                                         \
      c[b] = o < (len) ? count(lvl, o + h * ((k) / 2), x[b]) : 0;                                  \
    }                                                                                              \
    _Pragma("unroll") for (int b = 0; b < BATCH; b++)                                              \
    {                                                                                              \
      bidx o = (k) * i[b];                                                                         \
      int t = pair_sum(c[b], sh);                                                                  \
      i[b] = o < (len) ? o + t : o;                                                                \
    }                                                                                              \
  } while (0)

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void btree_search_pair(__global const T *restrict xs, __global const T *restrict tree,
                       __global const long *restrict levels, const int nl, const long n,
                       __global const T *restrict keys, const long m, __global long *restrict out)
{
  __local int sh[WG];
  uint h = get_local_id(0) & 1;
  T x[BATCH];
  bidx i[BATCH];
#pragma unroll
  for (int b = 0; b < BATCH; b++) {
    x[b] = keys[PAIR_KEY(b) < m ? PAIR_KEY(b) : m - 1];
    i[b] = 0;
  }
  for (int l = nl - 1; l >= 1; l--) {
    __global const T *lvl = tree + levels[2 * l + 1];
    bidx len = (bidx)levels[2 * l];
    PAIR_LEVEL(F, HALF_F, lvl, len);
  }
  bidx pad0 = (bidx)levels[0];
  PAIR_LEVEL(FL, HALF_FL, xs, pad0);
#pragma unroll
  for (int b = 0; b < BATCH; b++)
    if (h == 0 && PAIR_KEY(b) < m)
      out[PAIR_KEY(b)] = i[b] < n ? i[b] : n;
}

// The grouped search (Harmonia's query aggregation, docs/entries.md): the
// keys are first grouped by the node of level lb their paths pass through
// (a bucket, nb of them), so that consecutive work-items then search the same
// subtree and its nodes are read from the caches, not from memory.
//
// Bucket of each key (bucket[k]) and the buckets' counts (hist, zero on entry).
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void btree_bucket(__global const T *restrict tree, __global const long *restrict levels, const int nl,
                  const int lb, const uint nb, __global const T *restrict keys, const long m,
                  __global uint *restrict bucket, __global uint *restrict hist)
{
  T x[BATCH];
  bidx i[BATCH];
  load_keys(keys, m, x, i);
  descend_internal(tree, levels, nl - 1, lb + 1, x, i);
#pragma unroll
  for (int b = 0; b < BATCH; b++)
    if (KEY_AT(b) < m) {
      uint c = i[b] < nb ? (uint)i[b] : nb - 1;
      bucket[KEY_AT(b)] = c;
      atomic_inc(&hist[c]);
    }
}

// One work-group: cursor = the exclusive scan of hist[0, nb); hist zeroed
// for the next run.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void btree_bucket_scan(__global uint *restrict hist, const uint nb, __global uint *restrict cursor)
{
  __local uint part[WG];
  uint lid = get_local_id(0), per = (nb + WG - 1) / WG, lo = lid * per, sum = 0, pre = 0;
  for (uint b = lo; b < lo + per && b < nb; b++)
    sum += hist[b];
  part[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint d = 1; d < WG; d <<= 1) { /* inclusive scan of the parts (Hillis-Steele) */
    uint v = lid >= d ? part[lid - d] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    part[lid] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  pre = part[lid] - sum;
  for (uint b = lo; b < lo + per && b < nb; b++) {
    uint h = hist[b];
    cursor[b] = pre;
    pre += h;
    hist[b] = 0;
  }
}

// Each key and its position to the next slot of its bucket.
__kernel void btree_scatter(__global const T *restrict keys, const long m, __global const uint *restrict bucket,
                            __global uint *restrict cursor, __global T *restrict pkeys,
                            __global uint *restrict ppos)
{
  long k = get_global_id(0);
  if (k < m) {
    uint s = atomic_inc(&cursor[bucket[k]]);
    pkeys[s] = keys[k];
    ppos[s] = (uint)k;
  }
}

// The search of the grouped keys, each answer written to its key's position.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void btree_search_grouped(__global const T *restrict xs, __global const T *restrict tree,
                          __global const long *restrict levels, const int nl, const long n,
                          __global const T *restrict pkeys, __global const uint *restrict ppos,
                          const long m, __global long *restrict out)
{
  T x[BATCH];
  bidx i[BATCH];
  load_keys(pkeys, m, x, i);
  descend_internal(tree, levels, nl - 1, 1, x, i);
  descend_leaves(xs, (bidx)levels[0], x, i);
#pragma unroll
  for (int b = 0; b < BATCH; b++)
    if (KEY_AT(b) < m)
      out[ppos[KEY_AT(b)]] = i[b] < n ? i[b] : n;
}
