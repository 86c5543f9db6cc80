/* psearch:
entry: naive_lower_bound
desc: A plain binary search per key, one work-item each (the first element not less than the key)
answer: bench_binary_search_random       -- its reference defines the right output
types: i32 i64 u32 u64
input xs: [n]t sorted
input keys: [n]t = random_keys(xs)      -- the keys bench_binary_search_random draws
output out: [n]i64
param WG = 64, 256                      -- each value its own program: naive_lower_bound[WG=64], ...
launch lower_bound(xs, n, keys, n, out) global n local WG
work: n * log2(n)
span: log2(n)
bytes: 2 * n * sizeof(t) + 8 * n         -- the keys read, the answers written, the array at least once
*/

/* out[i]: the first index j of xs[0..n) with keys[i] <= xs[j], or n. T is the
** element type (-DT=int for i32, ...); WG the work-group size (-DWG=...). */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void lower_bound(__global const T *xs, long n, __global const T *keys, long m, __global long *out)
{
  long i = get_global_id(0);
  if (i >= m)
    return;
  T x = keys[i];
  long lo = 0, hi = n;
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    if (xs[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  out[i] = lo;
}
