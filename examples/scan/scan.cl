/* psearch:
entry: rts_scan
desc: Inclusive (+) scan by reduce-then-scan in three kernels: tile sums, their scan in one work-group, each tile rescanned from its offset
answer: scan                              -- psearch's inclusive scan (+, wrapping)
types: i32 u32
input xs: [n]t
output out: [n]t
scratch sums: [ceil_div(n, WG * ITEMS)]t  -- one sum a tile; the spine scans them in place
param WG = 256
param ITEMS = 8
launch tile_sums(xs, n, sums) global ceil_div(n, WG * ITEMS) * WG local WG
launch spine(sums, ceil_div(n, WG * ITEMS)) global WG local WG
launch tile_scan(xs, n, sums, out) global ceil_div(n, WG * ITEMS) * WG local WG
work: n
span: log2(n)
bytes: 2 * n * sizeof(t)
*/

/* A tile is WG * ITEMS elements; sums are taken in U (the unsigned type of T:
** -DU=uint), so that they wrap as psearch's reference does. */
#define TILE (WG * ITEMS)

/* The inclusive scan of x over the work-group (Hillis-Steele in local memory);
** tmp[WG - 1] holds the group's total after it. */
U group_scan(U x, __local U *tmp)
{
  int l = get_local_id(0);
  tmp[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < WG; off *= 2) {
    U y = l >= off ? tmp[l - off] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[l] += y;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  return tmp[l];
}

/* sums[g]: the sum of tile g. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void tile_sums(__global const T *xs, long n, __global T *sums)
{
  __local U tmp[WG];
  long base = (long)get_group_id(0) * TILE;
  U s = 0;
  for (int k = 0; k < ITEMS; k++) {
    long i = base + (long)k * WG + get_local_id(0);
    if (i < n)
      s += (U)xs[i];
  }
  s = group_scan(s, tmp);
  if (get_local_id(0) == WG - 1)
    sums[get_group_id(0)] = (T)s;
}

/* One work-group: sums[0..ntiles) into their exclusive scan, in place. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void spine(__global T *sums, long ntiles)
{
  __local U tmp[WG];
  U carry = 0;
  for (long base = 0; base < ntiles; base += WG) {
    long i = base + get_local_id(0);
    U x = i < ntiles ? (U)sums[i] : 0;
    U inc = group_scan(x, tmp);
    if (i < ntiles)
      sums[i] = (T)(carry + inc - x);
    carry += tmp[WG - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

/* out: each tile's inclusive scan, from the sum of the tiles before it. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void tile_scan(__global const T *xs, long n, __global const T *sums, __global T *out)
{
  __local U tmp[WG];
  long base = (long)get_group_id(0) * TILE;
  U carry = (U)sums[get_group_id(0)];
  for (int k = 0; k < ITEMS; k++) {
    long i = base + (long)k * WG + get_local_id(0);
    U x = i < n ? (U)xs[i] : 0;
    U inc = group_scan(x, tmp);
    if (i < n)
      out[i] = (T)(carry + inc);
    carry += tmp[WG - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
