/*
** genimpl.h: what gen.c, gensort.c and gentree.c share, private to them: the
** draws, the per-value context and the elements it gives.
*/
#ifndef genimpl_h
#define genimpl_h

#include "gen.h"

#include <string.h>

#define GOLDEN 0x9E3779B97F4A7C15ull
#define STREAM 0x632BE59BD9B4E019ull

static inline uint64_t mix64(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* High 64 bits of a 64x64 product. */
static inline uint64_t mulhi(uint64_t a, uint64_t b, uint64_t *lo)
{
  uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  *lo = (mid << 32) | (p00 & 0xffffffffu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* Uniform offset in [0, range - 1]; range 0 means 2^64. Lemire's method:
** reject the few low products that would bias the result. key0 = mix(seed). */
static inline uint64_t uniform_below(uint64_t seed, uint64_t key0, uint64_t i, uint64_t range)
{
  uint64_t r = mix64(key0 + (i + 1) * GOLDEN), lo, hi, thresh;
  if (range == 0)
    return r;
  if ((range & (range - 1)) == 0) /* power of two: the top bits */
    return range == 1 ? 0 : r >> (64 - __builtin_ctzll(range));
  thresh = (0 - range) % range;
  for (uint64_t k = 1;; k++) {
    hi = mulhi(r, range, &lo);
    if (lo >= thresh)
      return hi;
    r = gen_draw(seed, k, i);
  }
}

/* What element i of one value needs, computed once per value. */
struct genctx {
  enum data_type t;
  enum { K_INT, K_BOOL, K_F16, K_F32, K_F64 } kind;
  int keyflip;         /* key transform: 0 none, 1 signed, 2 float */
  uint64_t top, mask;  /* sign bit and all bits of an element */
  size_t sz;
  uint64_t seed, key0;
  uint64_t ilo, range; /* integers: lo as bits, hi - lo + 1 (0 = 2^64) */
  double flo, fhi;     /* floats */
  int zipf;            /* integers by Zipf's law (struct zipf) */
  struct zipf {
    double s, m;         /* the exponent; the ranks, m = range */
    double hx1, hm, sq; /* H(1.5) - 1, H(m + 0.5) and the squeeze 2 - Hinv(H(2.5) - h(2)) */
  } z;
};

/* Fill c for type t, the seed and the law b. */
void gen_ctx_init(struct genctx *c, enum data_type t, uint64_t seed, const struct gen_bounds *b);

/* Element i's Zipf rank less one, below the range: the draws of streams 0,
** 1, ... until one is accepted. */
uint64_t gen_zipf_rank0(const struct zipf *z, uint64_t seed, uint64_t key0, uint64_t i, uint64_t range);

/* The bits of the float element whose draw has top 53 bits m: lo + (hi - lo)
** * m 2^-53, clamped to hi, rounded to the type. Non-decreasing in m (in the
** key order of sort.h) while hi - lo is finite. */
static inline uint64_t float_elem(const struct genctx *c, uint64_t m)
{
  double x = c->flo + (c->fhi - c->flo) * ((double)m * 0x1p-53);
  uint64_t bits = 0;
  if (x > c->fhi)
    x = c->fhi;
  if (c->kind == K_F64) {
    memcpy(&bits, &x, 8);
  } else {
    float f = (float)x;
    if (c->kind == K_F32) {
      memcpy(&bits, &f, 4);
    } else {
      uint16_t h = data_float_to_half(f);
      bits = h;
    }
  }
  return bits;
}

/* The bits of element i (low sz bytes of the result). */
static inline uint64_t gen_elem(const struct genctx *c, uint64_t i)
{
  if (c->kind == K_INT && c->zipf)
    return c->ilo + gen_zipf_rank0(&c->z, c->seed, c->key0, i, c->range);
  if (c->kind == K_INT)
    return c->ilo + uniform_below(c->seed, c->key0, i, c->range);
  if (c->kind == K_BOOL)
    return mix64(c->key0 + (i + 1) * GOLDEN) >> 63;
  return float_elem(c, mix64(c->key0 + (i + 1) * GOLDEN) >> 11);
}

/* The most threads one generation uses. */
#define MAXT 64

/* The number of generating threads for n elements (at least 1, at most MAXT). */
int gen_threads(int nthreads, uint64_t n);

/* Sorted (or reversed) into v->elems by buckets, for the laws that allows
** (gensort.c): 0, 1 when the law does not allow it (nothing done), or -1 out
** of memory (message in e). */
int gen_srun_fill(struct data_value *v, const struct genctx *c, int reversed, int nthreads,
                  struct ps_err *e);
#endif
