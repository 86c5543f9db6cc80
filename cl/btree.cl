// btree.cl: a static B+ tree with F keys per node over a sorted array
// (docs/entries.md). Level 0 is the sorted array itself (the leaves); level
// l+1 holds the last key of every F-key block of level l, so its key b is
// the largest key under it; the top level has at most F keys. The internal
// levels are stored one after another in `tree` (level 1 first).
//
// Search for x: at the top, j = the number of keys < x; then at each level
// below, in block i (keys F i .. F i + F - 1), i = F i + (keys < x in the
// block). At level 0 that is the lower bound (clamped to n). One node is one
// vector load, so a search reads ceil(log_F n) nodes.

// One level from the one below it: next[b] = prev[min(F b + F - 1, prev_len - 1)],
// where prev is xs (prev_off < 0) or tree + prev_off, and next is tree + next_off;
// prev_len is the real length, so the padding of next repeats its last key.
__kernel void btree_level(__global const T *restrict xs, __global T *tree, const long prev_off,
                          const long prev_len, const long next_off, const long next_len)
{
  long b = get_global_id(0);
  if (b < next_len) {
    long i = F * b + F - 1;
    __global const T *prev = prev_off < 0 ? xs : tree + prev_off;
    tree[next_off + b] = prev[i < prev_len ? i : prev_len - 1];
  }
}

// Keys < x in the F-key node at lvl[b] (F = 8 or 16): one aligned vector
// load (F keys of 4 bytes: one 32-byte sector or one 64-byte line). Every
// level is padded to a multiple of F keys with copies of its last (largest)
// key and starts F-key aligned, so every node is whole.
typedef VEC(T, F) TF;
inline int count_less(__global const T *lvl, long b, T x)
{
#if F == 16
  int16 c16 = convert_int16(*(__global const TF *)(lvl + b) < (TF)(x));
  int8 c = c16.lo + c16.hi;
#else
  int8 c = convert_int8(*(__global const TF *)(lvl + b) < (TF)(x));
#endif
  int4 c4 = c.lo + c.hi;
  int2 c2 = c4.lo + c4.hi;
  return -(c2.x + c2.y);
}

// levels: [len_0, off_0, len_1, off_1, ...] for nl levels, lengths padded to
// multiples of F (off_0 unused: level 0 is xs, padded too); n the real length.
// A work-group of WG work-items takes BATCH WG consecutive keys, BATCH per
// work-item (WG apart, so that key reads and writes stay coalesced), and
// descends with all of them at once: BATCH independent loads in flight.
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
  for (int l = nl - 1; l >= 0; l--) {
    __global const T *lvl = l == 0 ? xs : tree + levels[2 * l + 1];
    long len = levels[2 * l];
#pragma unroll
    for (int b = 0; b < BATCH; b++) {
      long o = F * i[b];
      i[b] = o < len ? o + count_less(lvl, o, x[b]) : o;
    }
  }
#pragma unroll
  for (int b = 0; b < BATCH; b++)
    if (k0 + b * WG < m)
      out[k0 + b * WG] = i[b] < n ? i[b] : n;
}
