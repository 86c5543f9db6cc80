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

__kernel void to_eytzinger(__global const T *restrict sorted, __global T *restrict out,
                           const long n)
{
  long i = get_global_id(0);
  if (i < n)
    out[i] = sorted[eytzinger_rank(n, i + 1)];
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
__kernel void eytzinger_search(__global const T *restrict t, const long n,
                               __global const T *restrict keys, const long m,
                               __global long *restrict out)
{
  long i = get_global_id(0);
  if (i < m) {
    T x = keys[i];
    ulong k = 1;
    while (k <= (ulong)n)
      k = 2 * k + (t[k - 1] < x ? 1 : 0);
    k >>= ctz(~k) + 1; // ffs(~k): the trailing ones and the zero before them
    out[i] = (long)k - 1;
  }
}
