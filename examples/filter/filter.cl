/* psearch:
entry: two_pass_filter
desc: Keep the elements >= 0 in order, in two kernels: each tile counts its keepers, then each tile sums the counts before it and writes its own; the last writes the total
answer: filter
input xs: [n]i32
output out: [n]i32 count kept              -- cut to kept[0] after the run
scratch counts: [ceil_div(n, WG * ITEMS)]u32
scratch kept: [1]u32 zeroed                 -- zeroed before every run (n = 0 launches nothing)
param WG = 128
param ITEMS = 8
launch tile_counts(xs, n, counts) global ceil_div(n, WG * ITEMS) * WG local WG
launch tile_scatter(xs, n, counts, out, kept) global ceil_div(n, WG * ITEMS) * WG local WG
work: n
span: log2(n)
bytes: 2 * n * 4
*/

#define TILE (WG * ITEMS)

/* The inclusive scan of x over the work-group; tmp[WG - 1] is the total after it. */
uint group_scan(uint x, __local uint *tmp)
{
  int l = get_local_id(0);
  tmp[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < WG; off *= 2) {
    uint y = l >= off ? tmp[l - off] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[l] += y;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  return tmp[l];
}

/* counts[g]: how many elements of tile g are kept. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void tile_counts(__global const int *xs, long n, __global uint *counts)
{
  __local uint tmp[WG];
  long base = (long)get_group_id(0) * TILE;
  uint c = 0;
  for (int k = 0; k < ITEMS; k++) {
    long i = base + (long)k * WG + get_local_id(0);
    c += i < n && xs[i] >= 0;
  }
  group_scan(c, tmp);
  if (get_local_id(0) == WG - 1)
    counts[get_group_id(0)] = tmp[WG - 1];
}

/* Tile g's keepers at the sum of the counts before it; the last tile writes
** the total into kept[0]. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void tile_scatter(__global const int *xs, long n, __global const uint *counts, __global int *out,
                  __global uint *kept)
{
  __local uint tmp[WG];
  long g = get_group_id(0), base = g * TILE;
  uint before = 0;
  for (long j = get_local_id(0); j < g; j += WG) /* the tiles before this one, a share each */
    before += counts[j];
  group_scan(before, tmp);
  before = tmp[WG - 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < ITEMS; k++) {
    long i = base + (long)k * WG + get_local_id(0);
    int x = i < n ? xs[i] : -1;
    uint keep = x >= 0;
    uint at = group_scan(keep, tmp);
    if (keep)
      out[before + at - 1] = x;
    before += tmp[WG - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (g == get_num_groups(0) - 1 && get_local_id(0) == 0)
    kept[0] = before;
}
