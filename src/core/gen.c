/*
** gen.c: counter-based generator (SplitMix64 mixing over an element
** counter): uniform with bias-free integer ranges (Lemire's
** multiply-and-reject), or Zipf by rejection-inversion (Hoermann and
** Derflinger 1996). Sorted: the uniform laws drawn sorted, bucket by bucket
** in order (struct srun, which also streams); Zipf's law by bucketing the
** drawn elements (struct genrun). Reversed: the sorted order backwards.
*/
#include "gen.h"

#include "opt.h"

#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GOLDEN 0x9E3779B97F4A7C15ull
#define STREAM 0x632BE59BD9B4E019ull

static uint64_t mix64(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t gen_draw(uint64_t seed, uint64_t stream, uint64_t i)
{
  uint64_t key = mix64(seed + STREAM * stream);
  return mix64(key + (i + 1) * GOLDEN);
}

void gen_bounds_default(struct gen_bounds *b)
{
  for (int t = 0; t < DATA_NTYPES; t++) {
    enum data_type ty = (enum data_type)t;
    unsigned bits = (unsigned)data_type_size(ty) * 8;
    if (data_type_is_signed(ty)) {
      b->hi[t].i = (int64_t)((((uint64_t)1) << (bits - 1)) - 1);
      b->lo[t].i = -b->hi[t].i - 1;
    } else if (data_type_is_unsigned(ty)) {
      b->lo[t].u = 0;
      b->hi[t].u = bits == 64 ? UINT64_MAX : (((uint64_t)1) << bits) - 1;
    } else {
      b->lo[t].f = 0.0;
      b->hi[t].f = 1.0;
    }
  }
  b->zipf = 0.0;
}

int gen_zipf_parse(const char *s, double *zipf)
{
  double v;
  if (opt_parse_double(s, &v) != 0 || !(v > 0.0 && v <= GEN_ZIPF_MAX))
    return -1;
  *zipf = v;
  return 0;
}

static int parse_bound(enum data_type t, const char *s, union gen_bound *out)
{
  struct gen_bounds def;
  gen_bounds_default(&def);
  if (data_type_is_signed(t)) {
    int64_t v;
    if (opt_parse_i64(s, &v) != 0 || v < def.lo[t].i || v > def.hi[t].i)
      return -1;
    out->i = v;
  } else if (data_type_is_unsigned(t)) {
    uint64_t v;
    if (opt_parse_u64(s, &v) != 0 || v > def.hi[t].u)
      return -1;
    out->u = v;
  } else if (data_type_is_float(t)) {
    double v;
    if (opt_parse_double(s, &v) != 0 || !isfinite(v))
      return -1;
    out->f = v;
  } else {
    return -1;
  }
  return 0;
}

int gen_bounds_parse(struct gen_bounds *b, enum data_type t, const char *s, struct ps_err *e)
{
  char lo[128];
  const char *colon = s[0] ? strchr(s + 1, ':') : NULL; /* skip a leading '-' only */
  union gen_bound l, h;
  size_t n;
  if (colon == NULL || (n = (size_t)(colon - s)) >= sizeof lo)
    return ps_fail(e, "Invalid bounds for %s: '%s' (expected LO:HI)", data_type_name(t), s);
  memcpy(lo, s, n);
  lo[n] = '\0';
  if (parse_bound(t, lo, &l) != 0 || parse_bound(t, colon + 1, &h) != 0)
    return ps_fail(e, "Invalid bounds for %s: '%s' (each side must be a %s)", data_type_name(t),
                   s, data_type_name(t));
  if ((data_type_is_signed(t) && l.i > h.i) || (data_type_is_unsigned(t) && l.u > h.u) ||
      (data_type_is_float(t) && l.f > h.f))
    return ps_fail(e, "Invalid bounds for %s: '%s' (LO is greater than HI)", data_type_name(t), s);
  b->lo[t] = l;
  b->hi[t] = h;
  return 0;
}

/* High 64 bits of a 64x64 product. */
static uint64_t mulhi(uint64_t a, uint64_t b, uint64_t *lo)
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

/* Rejection-inversion (Hoermann and Derflinger, "Rejection-inversion to
** generate variates from monotone discrete distributions", 1996) for
** h(x) = x^-s on [1, m]: H is h's integral ((x^(1-s) - 1) / (1 - s), log x
** at s = 1), written with expm1 and log1p so that s near 1 loses nothing. */
static double zipf_h(const struct zipf *z, double x) { return exp(-z->s * log(x)); }

/* expm1(t) / t and log1p(t) / t, 1 at t = 0. */
static double expm1_over(double t) { return fabs(t) > 1e-8 ? expm1(t) / t : 1.0 + t / 2.0; }
static double log1p_over(double t) { return fabs(t) > 1e-8 ? log1p(t) / t : 1.0 - t / 2.0; }

static double zipf_H(const struct zipf *z, double x)
{
  double lx = log(x);
  return expm1_over((1.0 - z->s) * lx) * lx;
}

static double zipf_Hinv(const struct zipf *z, double y)
{
  double t = y * (1.0 - z->s);
  return exp(log1p_over(t < -1.0 ? -1.0 : t) * y);
}

static void zipf_init(struct zipf *z, double s, uint64_t range)
{
  z->s = s;
  z->m = range == 0 ? 0x1p64 : (double)range;
  z->hx1 = zipf_H(z, 1.5) - 1.0;
  z->hm = zipf_H(z, z->m + 0.5);
  z->sq = 2.0 - zipf_Hinv(z, zipf_H(z, 2.5) - zipf_h(z, 2.0));
}

/* Element i's rank less one, below the range: the draws of streams 0, 1, ...
** until one is accepted (about 1.1 draws an element at s = 1.2). */
static uint64_t zipf_rank0(const struct zipf *z, uint64_t seed, uint64_t key0, uint64_t i, uint64_t range)
{
  for (uint64_t j = 0;; j++) {
    uint64_t r = j == 0 ? mix64(key0 + (i + 1) * GOLDEN) : gen_draw(seed, j, i);
    double u = z->hm + (double)(r >> 11) * 0x1p-53 * (z->hx1 - z->hm), x = zipf_Hinv(z, u);
    double k = floor(x + 0.5);
    if (k < 1.0)
      k = 1.0;
    if (k > z->m)
      k = z->m;
    if (k - x <= z->sq || u >= zipf_H(z, k + 0.5) - zipf_h(z, k)) {
      uint64_t r0 = k >= 0x1p64 ? UINT64_MAX : (uint64_t)k - 1;
      return range != 0 && r0 >= range ? range - 1 : r0;
    }
  }
}

static void genctx_init(struct genctx *c, enum data_type t, uint64_t seed, const struct gen_bounds *b)
{
  c->t = t;
  c->sz = data_type_size(t);
  c->seed = seed;
  c->key0 = mix64(seed);
  c->kind = data_type_is_float(t) ? (t == DATA_F16 ? K_F16 : t == DATA_F32 ? K_F32 : K_F64)
          : t == DATA_BOOL ? K_BOOL : K_INT;
  c->keyflip = data_type_is_signed(t) ? 1 : data_type_is_float(t) ? 2 : 0;
  c->top = (uint64_t)1 << (c->sz * 8 - 1);
  c->mask = c->sz == 8 ? UINT64_MAX : (c->top << 1) - 1;
  if (data_type_is_signed(t)) {
    c->ilo = (uint64_t)b->lo[t].i;
    c->range = (uint64_t)b->hi[t].i - (uint64_t)b->lo[t].i + 1;
  } else if (data_type_is_unsigned(t)) {
    c->ilo = b->lo[t].u;
    c->range = b->hi[t].u - b->lo[t].u + 1;
  } else {
    c->flo = b->lo[t].f;
    c->fhi = b->hi[t].f;
  }
  c->zipf = c->kind == K_INT && b->zipf > 0.0;
  if (c->zipf)
    zipf_init(&c->z, b->zipf, c->range);
}

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
    return c->ilo + zipf_rank0(&c->z, c->seed, c->key0, i, c->range);
  if (c->kind == K_INT)
    return c->ilo + uniform_below(c->seed, c->key0, i, c->range);
  if (c->kind == K_BOOL)
    return mix64(c->key0 + (i + 1) * GOLDEN) >> 63;
  return float_elem(c, mix64(c->key0 + (i + 1) * GOLDEN) >> 11);
}

/* Element bits <-> keys in unsigned order (see sort.h's order). */
static inline uint64_t to_key(const struct genctx *c, uint64_t x)
{
  if (c->keyflip == 1)
    return (x ^ c->top) & c->mask;
  if (c->keyflip == 2)
    return (x & c->top) ? (~x & c->mask) : (x | c->top);
  return x;
}

static inline uint64_t from_key(const struct genctx *c, uint64_t k)
{
  if (c->keyflip == 1)
    return (k ^ c->top) & c->mask;
  if (c->keyflip == 2)
    return (k & c->top) ? (k & ~c->top) : (~k & c->mask);
  return k;
}

#define MAXT 64

/* Shared state of one generation; threads take index ranges (phases 0, 1, 3)
** or buckets (phase 2). Sorted generation never sorts the whole array:
** phase 0 counts keys per bucket (top bits of key - klo), phase 1
** regenerates the elements and writes each key straight into its bucket,
** phase 2 finishes each bucket by LSD radix passes in cache and turns keys
** back into elements; reversed, phase 3 swaps element i with n - 1 - i for
** i below n / 2. */
struct genrun {
  struct genctx c;
  unsigned char *a;
  uint64_t n;
  int nthreads, sorted;
  uint64_t klo;
  unsigned shift; /* bucket = (key - klo) >> shift, < 256 */
  uint64_t cnt[MAXT][256];
  uint64_t start[257];
  atomic_int next_bucket;
  size_t maxbucket;
  int failed;
  int phase; /* what gen_task does now */
};


static void put(unsigned char *p, uint64_t x, size_t sz) { memcpy(p, &x, sz); }


/* LSD over the low `shift` bits of (key - klo) for one bucket [b, e) of keys;
** scratch holds at least e - b elements. Ends with elements (not keys) in a.
** One copy per element width, so the inner loops move fixed-size words. */
#define FINISH_BUCKET(NAME, T)                                                      \
  static void NAME(struct genrun *g, uint64_t b, uint64_t e, unsigned char *scr)   \
  {                                                                                \
    size_t cnt[4096];                                                              \
    size_t n = (size_t)(e - b);                                                    \
    T *src = (T *)(void *)g->a + b, *dst = (T *)(void *)scr, *out = src;           \
    T klo = (T)g->klo;                                                             \
    unsigned np = (g->shift + 11) / 12, w = np ? (g->shift + np - 1) / np : 0;     \
    T dmask = (T)((1u << w) - 1);                                                  \
    for (unsigned sh = 0; sh < g->shift && n > 1; sh += w) {                       \
      size_t sum = 0;                                                              \
      int constant = 0;                                                            \
      memset(cnt, 0, sizeof cnt);                                                  \
      for (size_t i = 0; i < n; i++)                                               \
        cnt[(T)(src[i] - klo) >> sh & dmask]++;                                    \
      for (unsigned d = 0; d <= dmask; d++) {                                      \
        size_t c = cnt[d];                                                         \
        constant |= c == n;                                                        \
        cnt[d] = sum;                                                              \
        sum += c;                                                                  \
      }                                                                            \
      if (constant)                                                                \
        continue;                                                                  \
      for (size_t i = 0; i < n; i++)                                               \
        dst[cnt[(T)(src[i] - klo) >> sh & dmask]++] = src[i];                      \
      { T *x = src; src = dst; dst = x; }                                          \
    }                                                                              \
    for (size_t i = 0; i < n; i++)                                                 \
      out[i] = (T)from_key(&g->c, src[i]);                                         \
  }

FINISH_BUCKET(finish_bucket8, uint8_t)
FINISH_BUCKET(finish_bucket16, uint16_t)
FINISH_BUCKET(finish_bucket32, uint32_t)
FINISH_BUCKET(finish_bucket64, uint64_t)

static void finish_bucket(struct genrun *g, uint64_t b, uint64_t e, unsigned char *scratch)
{
  switch (g->c.sz) {
  case 1: finish_bucket8(g, b, e, scratch); break;
  case 2: finish_bucket16(g, b, e, scratch); break;
  case 4: finish_bucket32(g, b, e, scratch); break;
  default: finish_bucket64(g, b, e, scratch); break;
  }
}

static void gen_task(void *ctx, int k)
{
  struct genrun *g = ctx;
  uint64_t b = g->n * (uint64_t)k / (uint64_t)g->nthreads;
  uint64_t e = g->n * (uint64_t)(k + 1) / (uint64_t)g->nthreads;
  size_t sz = g->c.sz;
  if (g->phase == 0 && !g->sorted) {
    for (uint64_t i = b; i < e; i++)
      put(g->a + i * sz, gen_elem(&g->c, i), sz);
  } else if (g->phase == 0) {
    uint64_t *cnt = g->cnt[k];
    memset(cnt, 0, 256 * sizeof *cnt);
    for (uint64_t i = b; i < e; i++)
      cnt[(to_key(&g->c, gen_elem(&g->c, i)) - g->klo) >> g->shift]++;
  } else if (g->phase == 1) {
    uint64_t *off = g->cnt[k];
    for (uint64_t i = b; i < e; i++) {
      uint64_t key = to_key(&g->c, gen_elem(&g->c, i));
      put(g->a + sz * off[(key - g->klo) >> g->shift]++, key, sz);
    }
  } else if (g->phase == 3) {
    unsigned char t[8];
    b = g->n / 2 * (uint64_t)k / (uint64_t)g->nthreads;
    e = g->n / 2 * (uint64_t)(k + 1) / (uint64_t)g->nthreads;
    for (uint64_t i = b; i < e; i++) {
      memcpy(t, g->a + i * sz, sz);
      memcpy(g->a + i * sz, g->a + (g->n - 1 - i) * sz, sz);
      memcpy(g->a + (g->n - 1 - i) * sz, t, sz);
    }
  } else {
    unsigned char *scratch = malloc(g->maxbucket * sz + 1);
    int d;
    if (scratch == NULL) {
      g->failed = 1;
      return;
    }
    while ((d = atomic_fetch_add(&g->next_bucket, 1)) < 256)
      finish_bucket(g, g->start[d], g->start[d + 1], scratch);
    free(scratch);
  }
}

static void gen_phase(struct genrun *g, int phase)
{
  g->phase = phase;
  ps_parallel(g->nthreads, gen_task, g);
}

/* Sorted generation of the uniform laws by buckets ("struct srun"). Every
** such element is a non-decreasing function elem_of of an offset u drawn
** uniform over [0, R): R = hi - lo + 1 for integers (element lo + u), 2 for
** bool, 2^53 for floats (float_elem). n draws sorted follow the same law as:
** the count of the n offsets in each bucket (u >> shift, a multinomial
** draw), then each bucket's offsets drawn on their own, uniform over the
** bucket's part of [0, R), sorted within the bucket, the buckets
** concatenated. Bucket b's offsets come from the seed S_b = draw(s,
** BUCKET_STREAM, b), so a bucket depends only on the seed, its index and its
** count: any thread count gives the same bytes, and the buckets can be made
** and written in order a few MiB at a time. A uniform value over 2^w (w
** bits, R or a bucket's width a power of two) is a w-bit field of a draw,
** 64 / w of them a draw (packed_field); over another width, uniform_below's.
** docs/data-format.md gives the exact recipe. */
#define BUCKET_STREAM 0x8000000000000000ull
#define BUCKET_LOG 12   /* about 2^12 elements a bucket */
#define LABEL_MAX 16    /* at most 2^16 buckets */

/* The offsets' range R as R - 1; whether sorted generation by buckets
** applies (not Zipf's law, and floats with a finite hi - lo). */
static int srun_applies(const struct genctx *c, uint64_t *r1)
{
  if (c->kind == K_INT) {
    *r1 = c->range - 1;
    return !c->zipf;
  }
  *r1 = c->kind == K_BOOL ? 1 : (UINT64_C(1) << 53) - 1;
  return c->kind == K_BOOL || isfinite(c->fhi - c->flo);
}

/* Element with offset u (srun_applies). */
static inline uint64_t elem_of(const struct genctx *c, uint64_t u)
{
  if (c->kind == K_INT)
    return c->ilo + u;
  if (c->kind == K_BOOL)
    return u;
  return float_elem(c, u);
}

static unsigned bitlen(uint64_t x) { return x ? 64u - (unsigned)__builtin_clzll(x) : 0u; }

/* One generating thread's scratch for a bucket: its offsets (a and o, in
** turn the source and the target of a radix pass) and the passes' digit
** counts (sub). */
struct sscratch {
  uint64_t *a, *o;
  size_t *sub;
};

struct srun {
  struct genctx c;
  uint64_t n, r1;      /* elements; R - 1 */
  unsigned shift;      /* bucket of offset u: u >> shift */
  uint64_t nb;         /* buckets */
  uint64_t *start;     /* nb + 1: where each bucket starts in sorted order */
  uint64_t *cnt;       /* ngen rows of nb counts (phase 0) */
  uint64_t maxc;       /* the largest bucket */
  int ngen, reversed;
  int phase;           /* 0 counting, 1 a chunk of buckets, 2 a chunk of drawn elements */
  struct sscratch sc[MAXT];
  /* the chunk being made: buckets [cb, ce), sorted positions [plo, phi), into dst */
  uint64_t cb, ce, plo, phi;
  unsigned char *dst;
  atomic_ullong next;
  /* the chunk being written (task 0, while the next is made) */
  gen_sink *sink;
  void *sctx;
  const unsigned char *wbuf;
  size_t wlen;
  int werr;
  struct ps_err *e;
};

/* Store the low sz bytes of x at p, with a fixed-size copy per width. */
static inline void put_sz(unsigned char *p, uint64_t x, size_t sz)
{
  if (sz == 4) {
    uint32_t y = (uint32_t)x;
    memcpy(p, &y, 4);
  } else if (sz == 8) {
    memcpy(p, &x, 8);
  } else if (sz == 2) {
    uint16_t y = (uint16_t)x;
    memcpy(p, &y, 2);
  } else {
    *p = (unsigned char)x;
  }
}

/* Field f (from the top) of the draw r, in w bits: f < 64 / w. */
static inline uint64_t packed_field(uint64_t r, unsigned w, unsigned f)
{
  return (r << (w * f)) >> (64 - w);
}

#define DIGIT_MAX 11 /* LSD digits of at most 11 bits */
#define PASS_MAX 6   /* 64 bits in 11-bit digits */

/* Bucket b's c offsets, each below 2^sb (sb = bitlen(w1), w1 + 1 the
** bucket's width), in T: drawn from S_b = bs (fields of draws for a power of
** two, else uniform_below) into src, counted per digit as they come, sorted
** by LSD radix passes (digits of equal width, at most DIGIT_MAX bits; a pass
** whose digit is one value throughout moves nothing), the last pass storing
** the elements at their sorted positions in g->dst (backwards when
** reversed). dst and cnt are scratch. */
#define MAKE_BUCKET(NAME, T)                                                                  \
  static void NAME(struct srun *g, uint64_t b, uint64_t bs, uint64_t c, uint64_t w1,          \
                   unsigned sb, T *src, T *dst, size_t *cnt)                                  \
  {                                                                                           \
    unsigned np = (sb + DIGIT_MAX - 1) / DIGIT_MAX, dw = np ? (sb + np - 1) / np : 0;         \
    unsigned moves = 0, last = 0;                                                             \
    size_t nd = (size_t)1 << dw, sz = g->c.sz;                                                \
    T dmask = (T)(nd - 1);                                                                    \
    uint64_t bk = mix64(bs), base = b << g->shift, p = g->start[b];                           \
    ptrdiff_t stride = g->reversed ? -(ptrdiff_t)sz : (ptrdiff_t)sz;                          \
    unsigned char *out = g->dst + (g->reversed ? g->phi - 1 - p : p - g->plo) * sz;          \
    memset(cnt, 0, (size_t)np * nd * sizeof *cnt);                                            \
    if (w1 == 0) {                                                                            \
      memset(src, 0, (size_t)c * sizeof *src);                                                \
    } else if ((w1 & (w1 + 1)) == 0) {                                                        \
      unsigned k = 64 / sb;                                                                   \
      for (uint64_t q = 0, j = 0; j < c; q++) {                                               \
        uint64_t r = mix64(bk + (q + 1) * GOLDEN);                                            \
        for (unsigned f = 0; f < k && j < c; f++, j++) {                                      \
          T v = (T)packed_field(r, sb, f);                                                    \
          src[j] = v;                                                                         \
          for (unsigned d = 0; d < np; d++)                                                   \
            cnt[d * nd + (v >> (d * dw) & dmask)]++;                                          \
        }                                                                                     \
      }                                                                                       \
    } else {                                                                                  \
      for (uint64_t j = 0; j < c; j++) {                                                      \
        T v = (T)uniform_below(bs, bk, j, w1 + 1);                                            \
        src[j] = v;                                                                           \
        for (unsigned d = 0; d < np; d++)                                                     \
          cnt[d * nd + (v >> (d * dw) & dmask)]++;                                            \
      }                                                                                       \
    }                                                                                         \
    for (unsigned d = 0; d < np; d++) {                                                       \
      size_t *h = cnt + d * nd, sum = 0;                                                      \
      int constant = 0;                                                                       \
      for (size_t x = 0; x < nd; x++) {                                                       \
        size_t y = h[x];                                                                      \
        constant |= y == c;                                                                   \
        h[x] = sum;                                                                           \
        sum += y;                                                                             \
      }                                                                                       \
      if (!constant) {                                                                        \
        moves |= 1u << d;                                                                     \
        last = d;                                                                             \
      }                                                                                       \
    }                                                                                         \
    for (unsigned d = 0; d < last; d++) {                                                     \
      size_t *h = cnt + d * nd;                                                               \
      if (moves & (1u << d)) {                                                                \
        for (uint64_t j = 0; j < c; j++)                                                      \
          dst[h[src[j] >> (d * dw) & dmask]++] = src[j];                                      \
        { T *x = src; src = dst; dst = x; }                                                   \
      }                                                                                       \
    }                                                                                         \
    if (moves == 0) {                                                                         \
      for (uint64_t j = 0; j < c; j++)                                                        \
        put_sz(out + (ptrdiff_t)j * stride, elem_of(&g->c, base + src[j]), sz);               \
    } else {                                                                                  \
      size_t *h = cnt + last * nd;                                                            \
      for (uint64_t j = 0; j < c; j++)                                                        \
        put_sz(out + (ptrdiff_t)h[src[j] >> (last * dw) & dmask]++ * stride,                  \
               elem_of(&g->c, base + src[j]), sz);                                            \
    }                                                                                         \
  }

MAKE_BUCKET(make_bucket32, uint32_t)
MAKE_BUCKET(make_bucket64, uint64_t)

/* Make bucket b into g->dst. */
static void srun_bucket(struct srun *g, uint64_t b, const struct sscratch *sc)
{
  uint64_t c = g->start[b + 1] - g->start[b], w1 = g->r1 - (b << g->shift);
  uint64_t bs = gen_draw(g->c.seed, BUCKET_STREAM, b);
  if (w1 > (UINT64_C(1) << g->shift) - 1)
    w1 = (UINT64_C(1) << g->shift) - 1;
  if (bitlen(w1) <= 32)
    make_bucket32(g, b, bs, c, w1, bitlen(w1), (uint32_t *)(void *)sc->a, (uint32_t *)(void *)sc->o,
                  sc->sub);
  else
    make_bucket64(g, b, bs, c, w1, bitlen(w1), sc->a, sc->o, sc->sub);
}

/* Phase 0 for worker k: count its share of the n offsets' buckets. With R a
** power of two the buckets are fields of draws (64 / w a draw, w the bucket
** bits); else element i's bucket is its unsorted offset's. */
static void srun_count(struct srun *g, int k)
{
  uint64_t *cnt = g->cnt + (size_t)k * g->nb, range = g->r1 + 1;
  unsigned w = bitlen(g->r1) - g->shift;
  if ((g->r1 & range) != 0) {
    uint64_t b = g->n * (uint64_t)k / (uint64_t)g->ngen, e = g->n * (uint64_t)(k + 1) / (uint64_t)g->ngen;
    for (uint64_t i = b; i < e; i++)
      cnt[uniform_below(g->c.seed, g->c.key0, i, range) >> g->shift]++;
  } else if (w == 0) {
    if (k == 0)
      cnt[0] = g->n;
  } else {
    unsigned per = 64 / w;
    uint64_t nd = g->n / per + (g->n % per != 0);
    uint64_t b = nd * (uint64_t)k / (uint64_t)g->ngen, e = nd * (uint64_t)(k + 1) / (uint64_t)g->ngen;
    for (uint64_t q = b; q < e; q++) {
      uint64_t r = mix64(g->c.key0 + (q + 1) * GOLDEN);
      unsigned nf = g->n - q * per < per ? (unsigned)(g->n - q * per) : per;
      for (unsigned f = 0; f < nf; f++)
        cnt[packed_field(r, w, f)]++;
    }
  }
}

static void srun_task(void *ctx, int k)
{
  struct srun *g = ctx;
  if (g->phase == 0) {
    srun_count(g, k);
  } else if (k == 0 && g->sink != NULL) {
    if (g->wlen > 0 && g->sink(g->sctx, g->wbuf, g->wlen, g->e) != 0)
      g->werr = 1;
  } else if (g->phase == 2 && g->dst != NULL) {
    uint64_t m = g->phi - g->plo, kk = (uint64_t)(k - 1), ng = (uint64_t)g->ngen;
    uint64_t b = g->plo + m * kk / ng, e = g->plo + m * (kk + 1) / ng;
    size_t sz = g->c.sz;
    for (uint64_t i = b; i < e; i++)
      put_sz(g->dst + (i - g->plo) * sz, gen_elem(&g->c, i), sz);
  } else if (g->dst != NULL) {
    const struct sscratch *sc = &g->sc[k - (g->sink != NULL)];
    uint64_t d;
    while ((d = g->cb + atomic_fetch_add(&g->next, 1)) < g->ce)
      srun_bucket(g, d, sc);
  }
}

/* Count the buckets, size the scratch. 0, or -1 out of memory. */
static int srun_init(struct srun *g, uint64_t n, int nthreads)
{
  unsigned lb = bitlen(n) > BUCKET_LOG + 1 ? bitlen(n) - BUCKET_LOG : 1, d = bitlen(g->r1);
  uint64_t sum = 0;
  int rc = -1;
  if (lb > LABEL_MAX)
    lb = LABEL_MAX;
  g->n = n;
  g->shift = d > lb ? d - lb : 0;
  g->nb = (g->r1 >> g->shift) + 1;
  g->ngen = nthreads;
  g->start = malloc((size_t)(g->nb + 1) * sizeof *g->start);
  g->cnt = calloc((size_t)g->nb * (size_t)nthreads, sizeof *g->cnt);
  if (g->start == NULL || g->cnt == NULL)
    goto done;
  g->phase = 0;
  ps_parallel(nthreads, srun_task, g);
  for (uint64_t b = 0; b < g->nb; b++) {
    uint64_t c = 0;
    for (int k = 0; k < nthreads; k++)
      c += g->cnt[(size_t)k * g->nb + b];
    g->start[b] = sum;
    sum += c;
    if (c > g->maxc)
      g->maxc = c;
  }
  g->start[g->nb] = sum;
  for (int k = 0; k < nthreads; k++) {
    struct sscratch *sc = &g->sc[k];
    sc->a = malloc((size_t)g->maxc * sizeof *sc->a + 1);
    sc->o = malloc((size_t)g->maxc * sizeof *sc->o + 1);
    sc->sub = malloc(((size_t)PASS_MAX << DIGIT_MAX) * sizeof *sc->sub);
    if (sc->a == NULL || sc->o == NULL || sc->sub == NULL)
      goto done;
  }
  g->phase = 1;
  rc = 0;
done:
  free(g->cnt);
  g->cnt = NULL;
  return rc;
}

static void srun_free(struct srun *g)
{
  for (int k = 0; k < MAXT; k++) {
    free(g->sc[k].a);
    free(g->sc[k].o);
    free(g->sc[k].sub);
  }
  free(g->start);
}

/* Make buckets [cb, ce) into dst (and, with a sink, write wlen bytes of wbuf
** at the same time); dst NULL makes nothing. */
static void srun_step(struct srun *g, uint64_t cb, uint64_t ce, unsigned char *dst)
{
  g->cb = cb;
  g->ce = ce;
  g->plo = g->start[cb];
  g->phi = g->start[ce];
  g->dst = dst;
  atomic_store(&g->next, 0);
  ps_parallel(g->ngen + (g->sink != NULL), srun_task, g);
}

/* The number of generating threads for n elements (at least 1). */
static int gen_threads(int nthreads, uint64_t n)
{
  if (nthreads < 1)
    nthreads = 1;
  if (nthreads > MAXT)
    nthreads = MAXT;
  if ((uint64_t)nthreads > n / 65536 + 1)
    nthreads = (int)(n / 65536 + 1);
  return nthreads;
}

int gen_law_check(enum data_type t, const struct gen_bounds *b, struct ps_err *e)
{
  if (b->zipf > 0.0 && (data_type_is_float(t) || t == DATA_BOOL))
    return ps_fail(e, "a Zipf law is for integer types, not %s", data_type_name(t));
  return 0;
}

/* Sorted (or reversed) by buckets into v->elems (srun_applies). */
static int srun_fill(struct data_value *v, const struct genctx *c, uint64_t r1, int reversed,
                     int nthreads, struct ps_err *e)
{
  struct srun *g = calloc(1, sizeof *g);
  int rc = -1;
  if (g == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  g->c = *c;
  g->r1 = r1;
  g->reversed = reversed;
  if (srun_init(g, data_value_count(v), nthreads) != 0) {
    ps_fail(e, "out of memory for sorting scratch");
    goto done;
  }
  srun_step(g, 0, g->nb, v->elems);
  rc = 0;
done:
  if (g != NULL)
    srun_free(g);
  free(g);
  return rc;
}

int gen_fill(struct data_value *v, uint64_t seed, const struct gen_bounds *b, int order,
             int nthreads, struct ps_err *e)
{
  struct genrun *g = NULL;
  uint64_t n = data_value_count(v), r1;
  int rc = -1;
  if (gen_law_check(v->type, b, e) != 0)
    goto done;
  if ((g = calloc(1, sizeof *g)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  nthreads = gen_threads(nthreads, n);
  genctx_init(&g->c, v->type, seed, b);
  g->a = v->elems;
  g->n = n;
  g->nthreads = nthreads;
  g->sorted = order != GEN_DRAWN && n > 1;
  rc = 0;
  if (g->sorted && srun_applies(&g->c, &r1)) {
    rc = srun_fill(v, &g->c, r1, order == GEN_REVERSED, nthreads, e);
  } else if (g->sorted) {
    uint64_t khi, range, sum = 0;
    if (data_type_is_float(v->type)) {
      struct genctx lo = g->c, hi = g->c; /* keys of the bounds as elements */
      lo.flo = lo.fhi = b->lo[v->type].f;
      hi.flo = hi.fhi = b->hi[v->type].f;
      g->klo = to_key(&g->c, gen_elem(&lo, 0));
      khi = to_key(&g->c, gen_elem(&hi, 0));
    } else {
      g->klo = to_key(&g->c, g->c.ilo);
      khi = to_key(&g->c, g->c.ilo + g->c.range - 1);
    }
    range = khi - g->klo;
    while ((range >> g->shift) >= 256)
      g->shift += 8;
    gen_phase(g, 0);
    for (int d = 0; d < 256; d++) { /* bucket-major, thread-minor */
      g->start[d] = sum;
      for (int k = 0; k < nthreads; k++) {
        uint64_t c = g->cnt[k][d];
        g->cnt[k][d] = sum;
        sum += c;
      }
      if (sum - g->start[d] > g->maxbucket)
        g->maxbucket = (size_t)(sum - g->start[d]);
    }
    g->start[256] = n;
    gen_phase(g, 1);
    atomic_store(&g->next_bucket, 0);
    gen_phase(g, 2);
    if (g->failed)
      rc = ps_fail(e, "out of memory for sorting scratch");
    else if (order == GEN_REVERSED)
      gen_phase(g, 3);
  } else {
    gen_phase(g, 0);
  }
done:
  free(g);
  return rc;
}

/* The chunks of a stream: sorted by buckets (srun_step), or the drawn
** elements by index ranges (phase 2). Task 0 writes the previous chunk while
** the others make the next. */
static int stream_chunks(struct srun *g, size_t chunk, int sorted, struct ps_err *e)
{
  size_t sz = g->c.sz, cap = chunk < sz ? sz : chunk;
  unsigned char *buf[2] = {NULL, NULL};
  uint64_t lo = 0, hi = sorted ? g->nb : g->n, per = cap / sz;
  size_t prev = 0;
  int rc = -1;
  if (sorted && g->maxc > per) {
    per = g->maxc;
    cap = (size_t)g->maxc * sz;
  }
  buf[0] = malloc(cap);
  buf[1] = malloc(cap);
  if (buf[0] == NULL || buf[1] == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  for (int k = 0;; k++) {
    uint64_t cb = 0, ce = 0;
    int more = lo < hi;
    if (more && !sorted) {
      cb = lo;
      ce = hi - lo > per ? lo + per : hi;
      lo = ce;
    } else if (more && !g->reversed) {
      cb = lo;
      for (ce = lo + 1; ce < hi && g->start[ce + 1] - g->start[cb] <= per; ce++)
        ;
      lo = ce;
    } else if (more) {
      ce = hi;
      for (cb = hi - 1; cb > lo && g->start[ce] - g->start[cb - 1] <= per; cb--)
        ;
      hi = cb;
    }
    g->wbuf = buf[(k + 1) & 1];
    g->wlen = prev;
    if (sorted) {
      srun_step(g, cb, ce, more ? buf[k & 1] : NULL);
    } else {
      g->plo = cb;
      g->phi = ce;
      g->dst = more ? buf[k & 1] : NULL;
      ps_parallel(g->ngen + 1, srun_task, g);
    }
    if (g->werr || !more)
      break;
    prev = (size_t)(sorted ? g->start[ce] - g->start[cb] : ce - cb) * sz;
  }
  rc = g->werr ? -1 : 0;
done:
  free(buf[0]);
  free(buf[1]);
  return rc;
}

int gen_stream(enum data_type t, uint64_t n, uint64_t seed, const struct gen_bounds *b, int order,
               int nthreads, size_t chunk, gen_sink *sink, void *ctx, struct ps_err *e)
{
  struct srun *g = NULL;
  struct data_value v = {0};
  uint64_t r1;
  int rc = -1;
  if (chunk == 0)
    chunk = 1;
  if (gen_law_check(t, b, e) != 0)
    goto done;
  if ((g = calloc(1, sizeof *g)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  nthreads = gen_threads(nthreads, n);
  genctx_init(&g->c, t, seed, b);
  g->sink = sink;
  g->sctx = ctx;
  g->e = e;
  g->reversed = order == GEN_REVERSED;
  if (order == GEN_DRAWN || n <= 1) {
    g->n = n;
    g->ngen = nthreads;
    g->phase = 2;
    rc = stream_chunks(g, chunk, 0, e);
  } else if (srun_applies(&g->c, &r1)) {
    g->r1 = r1;
    if (srun_init(g, n, nthreads) != 0)
      ps_fail(e, "out of memory for sorting scratch");
    else
      rc = stream_chunks(g, chunk, 1, e);
  } else {
    int64_t shape = (int64_t)n;
    size_t bytes = (size_t)n * g->c.sz;
    rc = data_value_init(&v, t, 1, &shape, e) != 0 || gen_fill(&v, seed, b, order, nthreads, e) != 0 ? -1 : 0;
    for (size_t off = 0; rc == 0 && off < bytes; off += chunk)
      rc = sink(ctx, (unsigned char *)v.elems + off, bytes - off < chunk ? bytes - off : chunk, e);
  }
done:
  if (g != NULL)
    srun_free(g);
  free(g);
  data_value_free(&v);
  return rc;
}

int gen_parse_type(const char *s, size_t len, enum data_type *t, int *rank, int64_t *shape)
{
  size_t i = 0;
  int r = 0;
  while (i < len && s[i] == '[') {
    uint64_t d = 0;
    size_t nd = 0;
    for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, nd++) {
      if (d > ((uint64_t)INT64_MAX - (uint64_t)(s[i] - '0')) / 10)
        return -1;
      d = d * 10 + (uint64_t)(s[i] - '0');
    }
    if (nd == 0 || i >= len || s[i] != ']' || r >= DATA_MAX_RANK)
      return -1;
    i++;
    shape[r++] = (int64_t)d;
  }
  if (data_type_parse(s + i, len - i, t) != 0)
    return -1;
  *rank = r;
  return 0;
}
