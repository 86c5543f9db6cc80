/*
** gen.c: counter-based uniform generator (SplitMix64 mixing over an element
** counter) with bias-free integer ranges (Lemire's multiply-and-reject).
*/
#include "gen.h"

#include "opt.h"
#include "sort.h"

#include <math.h>
#include <pthread.h>
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
** reject the few low products that would bias the result. */
static uint64_t uniform_below(uint64_t seed, uint64_t i, uint64_t range)
{
  uint64_t r = gen_draw(seed, 0, i), lo, hi, thresh;
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

struct job {
  struct data_value *v;
  uint64_t seed, begin, end;
  const struct gen_bounds *b;
};

static void *fill_range(void *arg)
{
  struct job *j = arg;
  enum data_type t = j->v->type;
  unsigned char *base = j->v->elems;
  size_t sz = data_type_size(t);
  for (uint64_t i = j->begin; i < j->end; i++) {
    unsigned char *p = base + i * sz;
    if (data_type_is_signed(t)) {
      uint64_t range = (uint64_t)j->b->hi[t].i - (uint64_t)j->b->lo[t].i + 1;
      uint64_t x = (uint64_t)j->b->lo[t].i + uniform_below(j->seed, i, range);
      memcpy(p, &x, sz); /* low bytes, two's complement */
    } else if (data_type_is_unsigned(t)) {
      uint64_t x = j->b->lo[t].u + uniform_below(j->seed, i, j->b->hi[t].u - j->b->lo[t].u + 1);
      memcpy(p, &x, sz);
    } else if (t == DATA_BOOL) {
      *p = (unsigned char)(gen_draw(j->seed, 0, i) >> 63);
    } else {
      double u = (double)(gen_draw(j->seed, 0, i) >> 11) * 0x1p-53; /* [0, 1) */
      double lo = j->b->lo[t].f, hi = j->b->hi[t].f, x = lo + (hi - lo) * u;
      if (x > hi)
        x = hi;
      if (t == DATA_F64) {
        memcpy(p, &x, 8);
      } else {
        float f = (float)x;
        if (t == DATA_F32) {
          memcpy(p, &f, 4);
        } else {
          uint16_t h = data_float_to_half(f);
          memcpy(p, &h, 2);
        }
      }
    }
  }
  return NULL;
}

int gen_fill(struct data_value *v, uint64_t seed, const struct gen_bounds *b, int sorted,
             int nthreads, struct ps_err *e)
{
  uint64_t n = data_value_count(v);
  pthread_t th[256];
  struct job jobs[256];
  int started = 0, rc = 0;
  if (nthreads < 1)
    nthreads = 1;
  if (nthreads > 256)
    nthreads = 256;
  if ((uint64_t)nthreads > n / 65536 + 1)
    nthreads = (int)(n / 65536 + 1);
  for (int k = 0; k < nthreads; k++) {
    jobs[k].v = v;
    jobs[k].seed = seed;
    jobs[k].b = b;
    jobs[k].begin = n * (uint64_t)k / (uint64_t)nthreads;
    jobs[k].end = n * (uint64_t)(k + 1) / (uint64_t)nthreads;
  }
  for (int k = 1; k < nthreads; k++) {
    if (pthread_create(&th[k], NULL, fill_range, &jobs[k]) != 0)
      break;
    started = k;
  }
  fill_range(&jobs[0]);
  for (int k = started + 1; k < nthreads; k++) /* threads that failed to start */
    fill_range(&jobs[k]);
  for (int k = 1; k <= started; k++)
    pthread_join(th[k], NULL);
  if (sorted && n > 1)
    rc = sort_values(v->elems, (size_t)n, v->type, nthreads, e);
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
