// gather.cl: bench_gather, the floor of the random-key searches: out[i] =
// xs[p(i)] widened to long (sign-extended for signed T), p(i) uniform in
// [0, n - 1] from the generator of docs/data-format.md, as gen.c computes it
// for an [n]i64 with bounds 0:n-1 (src/core/gen.c's gen_uniform_at; validation
// compares the two): r = mix(key0 + (i + 1) GOLDEN) with key0 = mix(seed);
// n a power of two: r's top log2(n) bits; otherwise Lemire's: the high 64 bits
// of r n, unless its low 64 bits are below thresh = 2^64 mod n, then the next
// stream's draw mix(mix(seed + j STREAM) + (i + 1) GOLDEN), j = 1, 2, ...
// One work-item a key: its position computed, one load from anywhere in xs,
// one coalesced 8-byte write.

#define GOLDEN 0x9E3779B97F4A7C15UL
#define STREAM 0x632BE59BD9B4E019UL

inline ulong mix64(ulong z)
{
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
  return z ^ (z >> 31);
}

inline ulong position(ulong i, ulong n, ulong seed, ulong key0, ulong thresh)
{
  ulong r = mix64(key0 + (i + 1) * GOLDEN);
  if ((n & (n - 1)) == 0) // the top log2(n) = 63 - clz(n) bits; none (0) when n is 1
    return (r >> 1) >> clz(n);
  for (ulong j = 1; r * n < thresh; j++)
    r = mix64(mix64(seed + j * STREAM) + (i + 1) * GOLDEN);
  return mul_hi(r, n);
}

__kernel void gather(__global const T *restrict xs, __global long *restrict out, const ulong n,
                     const ulong seed, const ulong key0, const ulong thresh)
{
  ulong i = get_global_id(0);
  if (i < n)
    out[i] = (long)xs[position(i, n, seed, key0, thresh)];
}

// The positions alone, for any range: what the tests compare with gen.c's at
// ranges near 2^64, where Lemire's rule rejects draws often and the retry
// streams are taken.
__kernel void gather_positions(__global ulong *restrict out, const ulong m, const ulong range,
                               const ulong seed, const ulong key0, const ulong thresh)
{
  ulong i = get_global_id(0);
  if (i < m)
    out[i] = position(i, range, seed, key0, thresh);
}
