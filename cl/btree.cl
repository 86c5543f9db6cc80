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

// One level from the one below it: next[b] = prev[min(F b + F - 1, prev_len - 1)],
// where prev is xs (prev_off < 0) or tree + prev_off, and next is tree + next_off;
// prev_len is the real length, so the padding of next repeats its last key.
__kernel void btree_level(__global const T *restrict xs, __global T *tree, const long prev_off,
                          const long prev_len, const long next_off, const long next_len)
{
  long b = get_global_id(0);
  if (b < next_len) {
    long node = prev_off < 0 ? FL : F, i = node * b + node - 1;
    __global const T *prev = prev_off < 0 ? xs : tree + prev_off;
    tree[next_off + b] = prev[i < prev_len ? i : prev_len - 1];
  }
}

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
inline int count_less8(__global const T *lvl, long b, T x)
{
  return lanes8(convert_int8(*(__global const T8 *)(lvl + b) < (T8)(x)));
}
inline int count_less16(__global const T *lvl, long b, T x)
{
  return lanes16(convert_int16(*(__global const T16 *)(lvl + b) < (T16)(x)));
}
#define COUNT_LESS(k) CAT(count_less, k)

// levels: [len_0, off_0, len_1, off_1, ...] for nl levels, lengths padded to
// whole nodes (off_0 unused: level 0 is xs, padded to whole leaves of FL keys;
// the internal nodes have F keys); n the real length. A work-group of WG
// work-items takes BATCH WG consecutive keys, BATCH per work-item (WG apart,
// so that key reads and writes stay coalesced), and descends with all of them
// at once: BATCH independent loads in flight.
// (Measured on the H100 and left out, docs/performance.md: the top levels in
// local memory, with persistent work-groups: no faster than the L1 cache.)
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void btree_search(__global const T *restrict xs, __global const T *restrict tree,
                  __global const long *restrict levels, const int nl, const long n,
                  __global const T *restrict keys, const long m, __global long *restrict out)
{
  long k0 = get_group_id(0) * (long)(BATCH * WG) + get_local_id(0);
  T x[BATCH];
  long i[BATCH];
#pragma unroll
  for (int b = 0; b < BATCH; b++) {
    long k = k0 + b * WG;
    x[b] = keys[k < m ? k : m - 1];
    i[b] = 0;
  }
  for (int l = nl - 1; l >= 1; l--) {
    __global const T *lvl = tree + levels[2 * l + 1];
    long len = levels[2 * l];
#pragma unroll
    for (int b = 0; b < BATCH; b++) {
      long o = F * i[b];
      i[b] = o < len ? o + COUNT_LESS(F)(lvl, o, x[b]) : o;
    }
  }
#pragma unroll
  for (int b = 0; b < BATCH; b++) {
    long o = FL * i[b];
    i[b] = o < levels[0] ? o + COUNT_LESS(FL)(xs, o, x[b]) : o;
  }
#pragma unroll
  for (int b = 0; b < BATCH; b++)
    if (k0 + b * WG < m)
      out[k0 + b * WG] = i[b] < n ? i[b] : n;
}
