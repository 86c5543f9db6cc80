/*
** gen.c: counter-based generator (SplitMix64 mixing over an element
** counter): uniform with bias-free integer ranges (Lemire's
** multiply-and-reject), or Zipf by rejection-inversion (Hoermann and
** Derflinger 1996). Sorted: the uniform laws drawn sorted, bucket by bucket
** in order (struct srun, which also streams); Zipf's law by bucketing the
** drawn elements (struct genrun). Reversed: the sorted order backwards.
*/
#include "gen.h"
#include "genimpl.h"

#include "opt.h"

#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

uint64_t gen_draw(uint64_t seed, uint64_t stream, uint64_t i)
{
  uint64_t key = mix64(seed + STREAM * stream);
  return mix64(key + (i + 1) * GOLDEN);
}

void gen_uniform_init(struct gen_uniform *u, uint64_t seed, uint64_t range)
{
  u->seed = seed;
  u->key0 = mix64(seed);
  u->range = range;
  u->thresh = (0 - range) % range;
}

uint64_t gen_uniform_at(const struct gen_uniform *u, uint64_t i)
{
  return uniform_below(u->seed, u->key0, i, u->range);
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
uint64_t gen_zipf_rank0(const struct zipf *z, uint64_t seed, uint64_t key0, uint64_t i, uint64_t range)
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

void gen_ctx_init(struct genctx *c, enum data_type t, uint64_t seed, const struct gen_bounds *b)
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

/* The number of generating threads for n elements (at least 1). */
int gen_threads(int nthreads, uint64_t n)
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

/* Sorted (or reversed) by bucketing the drawn elements of g (n > 1), where
** gen_srun_fill does not apply. 0, or -1 out of memory (message in e). */
static int sort_drawn(struct genrun *g, const struct gen_bounds *b, int order, struct ps_err *e)
{
  enum data_type t = g->c.t;
  uint64_t khi, range, sum = 0;
  int rc = 0;
  if (data_type_is_float(t)) {
    struct genctx lo = g->c, hi = g->c; /* keys of the bounds as elements */
    lo.flo = lo.fhi = b->lo[t].f;
    hi.flo = hi.fhi = b->hi[t].f;
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
    for (int k = 0; k < g->nthreads; k++) {
      uint64_t c = g->cnt[k][d];
      g->cnt[k][d] = sum;
      sum += c;
    }
    if (sum - g->start[d] > g->maxbucket)
      g->maxbucket = (size_t)(sum - g->start[d]);
  }
  g->start[256] = g->n;
  gen_phase(g, 1);
  atomic_store(&g->next_bucket, 0);
  gen_phase(g, 2);
  if (g->failed)
    rc = ps_fail(e, "out of memory for sorting scratch");
  else if (order == GEN_REVERSED)
    gen_phase(g, 3);
  return rc;
}

int gen_fill(struct data_value *v, uint64_t seed, const struct gen_bounds *b, int order,
             int nthreads, struct ps_err *e)
{
  struct genrun *g = NULL;
  uint64_t n = data_value_count(v);
  int rc = -1;
  if (gen_law_check(v->type, b, e) != 0)
    goto done;
  if ((g = calloc(1, sizeof *g)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  nthreads = gen_threads(nthreads, n);
  gen_ctx_init(&g->c, v->type, seed, b);
  g->a = v->elems;
  g->n = n;
  g->nthreads = nthreads;
  g->sorted = order != GEN_DRAWN && n > 1;
  rc = 0;
  if (!g->sorted)
    gen_phase(g, 0);
  else if ((rc = gen_srun_fill(v, &g->c, order == GEN_REVERSED, nthreads, e)) == 1)
    rc = sort_drawn(g, b, order, e);
done:
  free(g);
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
