// radix.cl: stable LSD radix sort with 8-bit digits (docs/entries.md,
// `radix_sort`). One pass per key byte, three kernels per pass:
//   rs_count:   each work-group's digit histogram of its chunk of tiles
//   rs_scan:    per digit, the exclusive scan of its counts over the groups
//   rs_scatter: each group ranks every tile of its chunk in local memory
//               (eight stable one-bit splits), then writes each key to
//               digit base + group offset + rank within the tile's digit run;
//               consecutive work-items write consecutive addresses of a run.
// Groups own contiguous chunks and walk their tiles in order, so the sort is
// stable. Elements are moved as U (the unsigned type of their width) and
// ranked by KEY, which maps the element order to unsigned order: the sign bit
// flipped for signed integers (FLIP), and for floats (-DFLOATKEY) all bits of
// negatives flipped and the sign bit of positives set (IEEE total order,
// -NaN first, +NaN last). Built with -DU, -DFLIP, -DWG=256 (one work-item
// per digit) and -DITEMS (elements per work-item of a tile).

#define RADIX 256
#define TILE (WG * ITEMS)
// Local index of tile element q, padded by one word per 32 so that blocked
// walks (work-item l reads l * ITEMS + i) hit distinct banks.
#define PAD(q) ((q) + ((q) >> 5))
#define TILE_LOCAL (TILE + TILE / 32)
#define ONES ((U)~(U)0)
#define TOP ((U)((U)1 << (sizeof(U) * 8 - 1)))

#ifdef FLOATKEY
#define KEY(u) ((U)(((u) & TOP) ? (U)~(u) : (U)((u) | TOP)))
#define UNKEY(k) ((U)(((k) & TOP) ? (U)((k) & (U)~TOP) : (U)~(k)))
#else
#define KEY(u) ((U)((u) ^ (U)FLIP))
#define UNKEY(k) ((U)((k) ^ (U)FLIP))
#endif
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
  __local uint sh[WG], base[RADIX], start[RADIX], stop[RADIX];
  uint l = get_local_id(0), g = get_group_id(0), t;
  ulong first = (ulong)g * tpg * TILE, end = chunk_end(first, n, tpg);
  // where this group's keys of digit l go: after all smaller digits, and
  // after digit l's keys of the groups before
  base[l] = group_scan(sh, tot[l], &t) + counts[(ulong)g * RADIX + l];
  for (ulong ts = first; ts < end; ts += TILE) {
    uint m = (uint)min((ulong)TILE, end - ts);
    __local U *cur = buf0, *nxt = buf1;
    // keys past the end are all ones: they rank after every real key
    for (uint i = 0; i < ITEMS; i++) {
      uint q = i * WG + l;
      cur[PAD(q)] = q < m ? KEY(in[ts + q]) : ONES;
    }
    start[l] = 0;
    stop[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    // rank the tile by its digit: one stable split (zeros first) per bit
    for (uint b = shift; b < shift + 8; b++) {
      U k[ITEMS];
      uint zeros = 0, tz;
      for (uint i = 0; i < ITEMS; i++) {
        k[i] = cur[PAD(l * ITEMS + i)];
        zeros += (uint)(((k[i] >> b) & 1) == 0);
      }
      uint p0 = group_scan(sh, zeros, &tz);
      uint p1 = tz + l * ITEMS - p0;
      for (uint i = 0; i < ITEMS; i++) {
        uint dst = ((k[i] >> b) & 1) == 0 ? p0++ : p1++;
        nxt[PAD(dst)] = k[i];
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      __local U *x = cur;
      cur = nxt;
      nxt = x;
    }
    // the runs of equal digits in the ranked tile
    for (uint i = 0; i < ITEMS; i++) {
      uint q = i * WG + l;
      if (q < m) {
        uint d = DIGIT(cur[PAD(q)]);
        if (q == 0 || DIGIT(cur[PAD(q - 1)]) != d)
          start[d] = q;
        if (q == m - 1 || DIGIT(cur[PAD(q + 1)]) != d)
          stop[d] = q + 1;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = 0; i < ITEMS; i++) {
      uint q = i * WG + l;
      if (q < m) {
        U k = cur[PAD(q)];
        uint d = DIGIT(k);
        out[(ulong)base[d] + (q - start[d])] = UNKEY(k);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    base[l] += stop[l] - start[l];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
