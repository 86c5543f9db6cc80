// btree.cl: a static B+ tree with 16 keys per node over a sorted array
// (docs/entries.md). Level 0 is the sorted array itself (the leaves); level
// l+1 holds the last key of every 16-key block of level l, so its key b is
// the largest key under it; the top level has at most 16 keys. The internal
// levels are stored one after another in `tree` (level 1 first).
//
// Search for x: at the top, j = the number of keys < x; then at each level
// below, in block i (keys 16i .. 16i+15), i = 16 i + (keys < x in the block).
// At level 0 that is the lower bound (clamped to n). One 16-key node is one
// vector load (64 bytes for i32), so a search reads ceil(log16 n) nodes.

typedef VEC(T, 16) T16;

// One level from the one below it: next[b] = prev[min(16 b + 15, prev_len - 1)],
// where prev is xs (prev_off < 0) or tree + prev_off, and next is tree + next_off;
// prev_len is the real length, so the padding of next repeats its last key.
__kernel void btree_level(__global const T *restrict xs, __global T *tree, const long prev_off,
                          const long prev_len, const long next_off, const long next_len)
{
  long b = get_global_id(0);
  if (b < next_len) {
    long i = 16 * b + 15;
    __global const T *prev = prev_off < 0 ? xs : tree + prev_off;
    tree[next_off + b] = prev[i < prev_len ? i : prev_len - 1];
  }
}

// Keys < x in the 16-key node at lvl[b]: one aligned vector load. Every level
// is padded to a multiple of 16 keys with copies of its last (largest) key and
// starts 16-key aligned, so every node is whole.
inline int count_less(__global const T *lvl, long b, T x)
{
  int16 c = convert_int16(*(__global const T16 *)(lvl + b) < (T16)(x));
  return -(c.s0 + c.s1 + c.s2 + c.s3 + c.s4 + c.s5 + c.s6 + c.s7 + c.s8 + c.s9 + c.sa + c.sb +
           c.sc + c.sd + c.se + c.sf);
}

// levels: [len_0, off_0, len_1, off_1, ...] for nl levels, lengths padded to
// multiples of 16 (off_0 unused: level 0 is xs, padded too); n the real length.
__kernel void btree_search(__global const T *restrict xs, __global const T *restrict tree,
                           __global const long *restrict levels, const int nl, const long n,
                           __global const T *restrict keys, const long m,
                           __global long *restrict out)
{
  long k = get_global_id(0);
  if (k < m) {
    T x = keys[k];
    long i = 0;
    for (int l = nl - 1; l >= 0; l--) {
      long b = 16 * i;
      __global const T *lvl = l == 0 ? xs : tree + levels[2 * l + 1];
      i = b < levels[2 * l] ? b + count_less(lvl, b, x) : b;
    }
    out[k] = i < n ? i : n;
  }
}
