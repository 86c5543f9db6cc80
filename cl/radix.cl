// radix.cl: stable LSD radix sort with 8-bit digits (docs/entries.md,
// `radix_sort`). One pass per key byte, three kernels per pass:
//   rs_count:   each work-group's digit histogram of its chunk of tiles
//   rs_scan:    per digit, the exclusive scan of its counts over the groups
//   rs_scatter: each group ranks every tile of its chunk in local memory
//               (two stable 16-way splits by nibble), then writes each key to
//               digit base + group offset + rank within the tile's digit run;
//               consecutive work-items write consecutive addresses of a run.
// Groups own contiguous chunks and walk their tiles in order, so the sort is
// stable. Elements are moved as U (the unsigned type of their width) and
// ranked by KEY (prelude.cl), which maps the element order to unsigned order:
// the sign bit flipped for signed integers (FLIP), and for floats (-DFLOATKEY)
// all bits of negatives flipped and the sign bit of positives set (IEEE total
// order, -NaN first, +NaN last). Built with -DU, -DFLIP, -DWG=256 (one work-item
// per digit) and -DITEMS (elements per work-item of a tile).

#define RADIX 256
#define ONES ((U)~(U)0)
#define DIGIT(k) ((uint)((k) >> shift) & (RADIX - 1u))

// Exclusive scan of one uint per work-item; *total gets the group's sum.
// sh is scratch of WG words, free again on return.
static uint group_scan(__local uint *sh, uint x, uint *total)
{
  uint l = get_local_id(0);
  sh[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 1; s < WG; s <<= 1) {
    uint y = l >= s ? sh[l - s] : 0u;
    barrier(CLK_LOCAL_MEM_FENCE);
    sh[l] += y;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  *total = sh[WG - 1];
  uint r = sh[l] - x;
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}

// Sixteen 16-bit counters packed in four ulongs c0..c3: counter v is bits
// 16 (v % 4) of word v / 4. A tile holds fewer than 2^16 elements, so
// counters never carry into each other. (Four scalars rather than an array
// or a ulong4: PoCL miscompiles both forms here.)
#define NIB_ADD(c0, c1, c2, c3, v)                                                  \
  do {                                                                              \
    ulong inc_ = (ulong)1 << (16 * ((v) & 3));                                      \
    uint w_ = (v) >> 2;                                                             \
    c0 += w_ == 0 ? inc_ : 0;                                                       \
    c1 += w_ == 1 ? inc_ : 0;                                                       \
    c2 += w_ == 2 ? inc_ : 0;                                                       \
    c3 += w_ == 3 ? inc_ : 0;                                                       \
  } while (0)

static uint nib_get(ulong c0, ulong c1, ulong c2, ulong c3, uint v)
{
  uint w = v >> 2;
  ulong x = w == 0 ? c0 : w == 1 ? c1 : w == 2 ? c2 : c3;
  return (uint)(x >> (16 * (v & 3))) & 0xffffu;
}

// Group g owns elements [g * tpg * TILE, (g + 1) * tpg * TILE) of n.
static ulong chunk_end(ulong first, ulong n, uint tpg)
{
  ulong end = first + (ulong)tpg * TILE;
  return end < n ? end : n;
}

// counts[g * RADIX + d]: how many keys of group g's chunk have digit d.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void rs_count(__global const U *restrict in, const ulong n, const uint shift, const uint tpg,
              __global uint *restrict counts)
{
  __local uint h[RADIX];
  uint l = get_local_id(0), g = get_group_id(0);
  ulong first = (ulong)g * tpg * TILE, end = chunk_end(first, n, tpg);
  h[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (ulong i = first + l; i < end; i += WG)
    atomic_inc(&h[DIGIT(KEY(in[i]))]);
  barrier(CLK_LOCAL_MEM_FENCE);
  counts[(ulong)g * RADIX + l] = h[l];
}

// Work-group d: counts[g * RADIX + d] becomes the number of keys with digit d
// in the chunks before g; tot[d] the number in all of them.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void rs_scan(__global uint *counts, const uint groups, __global uint *tot)
{
  __local uint sh[WG];
  uint l = get_local_id(0), d = get_group_id(0), carry = 0, t;
  for (uint base = 0; base < groups; base += WG) {
    uint g = base + l;
    uint x = g < groups ? counts[(ulong)g * RADIX + d] : 0u;
    uint ex = group_scan(sh, x, &t);
    if (g < groups)
      counts[(ulong)g * RADIX + d] = carry + ex;
    carry += t;
  }
  if (l == 0)
    tot[d] = carry;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void rs_scatter(__global const U *restrict in, __global U *restrict out, const ulong n,
                const uint shift, const uint tpg, __global const uint *restrict counts,
                __global const uint *restrict tot)
{
  __local U buf0[TILE_LOCAL], buf1[TILE_LOCAL];
  __local uint sh[WG], base[RADIX], start[RADIX], stop[RADIX], nstart[16];
  __local ulong cnt[4 * WG];
  uint l = get_local_id(0), g = get_group_id(0), t;
  ulong first = (ulong)g * tpg * TILE, end = chunk_end(first, n, tpg);
  // where this group's keys of digit l go: after all smaller digits, and
  // after digit l's keys of the groups before
  base[l] = group_scan(sh, tot[l], &t) + counts[(ulong)g * RADIX + l];
  for (ulong ts = first; ts < end; ts += TILE) {
    uint m = (uint)min((ulong)TILE, end - ts);
    // keys past the end are all ones: they rank after every real key
    for (uint i = 0; i < ITEMS; i++) {
      uint q = i * WG + l;
      buf0[PAD(q)] = q < m ? KEY(in[ts + q]) : ONES;
    }
    start[l] = 0;
    stop[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    // rank the tile by its digit: two stable 16-way splits by nibble, low
    // first, from buf0 to buf1 and back. A work-item counts the nibbles of
    // its ITEMS consecutive elements; a group scan of the packed counts gives
    // every element its place. (Inline, not a function: LLVM 15 in PoCL
    // crashes inlining one.)
    __local U *src = buf0, *dst = buf1;
    for (uint b = shift; b < shift + 8; b += 4) {
      U k[ITEMS];
      ulong m0 = 0, m1 = 0, m2 = 0, m3 = 0, p0, p1, p2, p3;
      for (uint i = 0; i < ITEMS; i++) {
        k[i] = src[PAD(l * ITEMS + i)];
        NIB_ADD(m0, m1, m2, m3, (uint)(k[i] >> b) & 15u);
      }
      cnt[l] = m0;
      cnt[WG + l] = m1;
      cnt[2 * WG + l] = m2;
      cnt[3 * WG + l] = m3;
      barrier(CLK_LOCAL_MEM_FENCE);
      for (uint s = 1; s < WG; s <<= 1) { // Hillis-Steele, inclusive, on each word
        ulong y0 = 0, y1 = 0, y2 = 0, y3 = 0;
        if (l >= s) {
          y0 = cnt[l - s];
          y1 = cnt[WG + l - s];
          y2 = cnt[2 * WG + l - s];
          y3 = cnt[3 * WG + l - s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        cnt[l] += y0;
        cnt[WG + l] += y1;
        cnt[2 * WG + l] += y2;
        cnt[3 * WG + l] += y3;
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (l < 16) { // where each nibble's run starts in the split tile
        ulong t0 = cnt[WG - 1], t1 = cnt[2 * WG - 1], t2 = cnt[3 * WG - 1], t3 = cnt[4 * WG - 1];
        uint acc = 0;
        for (uint v = 0; v < l; v++)
          acc += nib_get(t0, t1, t2, t3, v);
        nstart[l] = acc;
      }
      // exclusive: this work-item's first place for each nibble
      p0 = cnt[l] - m0;
      p1 = cnt[WG + l] - m1;
      p2 = cnt[2 * WG + l] - m2;
      p3 = cnt[3 * WG + l] - m3;
      barrier(CLK_LOCAL_MEM_FENCE);
      for (uint i = 0; i < ITEMS; i++) {
        uint v = (uint)(k[i] >> b) & 15u;
        dst[PAD(nstart[v] + nib_get(p0, p1, p2, p3, v))] = k[i];
        NIB_ADD(p0, p1, p2, p3, v);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      __local U *x = src;
      src = dst;
      dst = x;
    }
    // the runs of equal digits in the ranked tile
    for (uint i = 0; i < ITEMS; i++) {
      uint q = i * WG + l;
      if (q < m) {
        uint d = DIGIT(buf0[PAD(q)]);
        if (q == 0 || DIGIT(buf0[PAD(q - 1)]) != d)
          start[d] = q;
        if (q == m - 1 || DIGIT(buf0[PAD(q + 1)]) != d)
          stop[d] = q + 1;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = 0; i < ITEMS; i++) {
      uint q = i * WG + l;
      if (q < m) {
        U k = buf0[PAD(q)];
        uint d = DIGIT(k);
        out[(ulong)base[d] + (q - start[d])] = UNKEY(k);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    base[l] += stop[l] - start[l];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
