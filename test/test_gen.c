/*
** test_gen.c: the generator (determinism across thread counts, bounds,
** sorted order and law, streaming) and the radix sort against qsort.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gen.h"
#include "sort.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct data_value make(enum data_type t, int64_t n, uint64_t seed, const struct gen_bounds *b,
                              int sorted, int threads)
{
  struct data_value v;
  struct ps_err e;
  assert_int_equal(data_value_init(&v, t, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&v, seed, b, sorted, threads, &e), 0);
  return v;
}

static void determinism(void **state)
{
  struct gen_bounds b;
  (void)state;
  gen_bounds_default(&b);
  for (int t = 0; t < DATA_NTYPES; t++) {
    for (int sorted = 0; sorted < 2; sorted++) {
      int64_t n = 300001; /* enough for several threads */
      struct data_value a = make((enum data_type)t, n, 7, &b, sorted, 1);
      struct data_value c = make((enum data_type)t, n, 7, &b, sorted, 2);
      struct data_value d = make((enum data_type)t, n, 7, &b, sorted, 5);
      struct data_value o = make((enum data_type)t, n, 8, &b, sorted, 2);
      size_t bytes = (size_t)n * data_type_size((enum data_type)t);
      assert_memory_equal(a.elems, c.elems, bytes);
      assert_memory_equal(a.elems, d.elems, bytes);
      assert_memory_not_equal(a.elems, o.elems, bytes);
      data_value_free(&a);
      data_value_free(&c);
      data_value_free(&d);
      data_value_free(&o);
    }
  }
}

/* Compare elements as numbers of type t: <0, 0, >0. */
static enum data_type cmp_type;
static int cmp_elems(const void *x, const void *y)
{
  union { int64_t i; uint64_t u; double f; } a = {0}, b = {0};
  switch (cmp_type) {
  case DATA_I8: a.i = *(const int8_t *)x; b.i = *(const int8_t *)y; break;
  case DATA_I16: a.i = *(const int16_t *)x; b.i = *(const int16_t *)y; break;
  case DATA_I32: a.i = *(const int32_t *)x; b.i = *(const int32_t *)y; break;
  case DATA_I64: a.i = *(const int64_t *)x; b.i = *(const int64_t *)y; break;
  case DATA_U8: case DATA_BOOL: a.u = *(const uint8_t *)x; b.u = *(const uint8_t *)y; break;
  case DATA_U16: a.u = *(const uint16_t *)x; b.u = *(const uint16_t *)y; break;
  case DATA_U32: a.u = *(const uint32_t *)x; b.u = *(const uint32_t *)y; break;
  case DATA_U64: a.u = *(const uint64_t *)x; b.u = *(const uint64_t *)y; break;
  case DATA_F16: a.f = data_half_to_float(*(const uint16_t *)x); b.f = data_half_to_float(*(const uint16_t *)y); break;
  case DATA_F32: a.f = *(const float *)x; b.f = *(const float *)y; break;
  case DATA_F64: a.f = *(const double *)x; b.f = *(const double *)y; break;
  default: break;
  }
  if (data_type_is_signed(cmp_type))
    return (a.i > b.i) - (a.i < b.i);
  if (data_type_is_float(cmp_type))
    return (a.f > b.f) - (a.f < b.f);
  return (a.u > b.u) - (a.u < b.u);
}

/* gen_sink into a buffer (struct sinkbuf); each piece at most `most` bytes
** (0: any size). */
struct sinkbuf {
  unsigned char *p;
  size_t len, cap, most;
  int pieces;
};

static int sink_mem(void *ctx, const void *bytes, size_t len, struct ps_err *e)
{
  struct sinkbuf *k = ctx;
  (void)e;
  assert_true(len > 0 && (k->most == 0 || len <= k->most) && k->len + len <= k->cap);
  memcpy(k->p + k->len, bytes, len);
  k->len += len;
  k->pieces++;
  return 0;
}

/* Sorted and reversed, every type, sizes around the bucket counts' steps
** (2^12 to 2^14, 2^16): in order, in bounds (floats in [-100, 100]), reversed
** the sorted array backwards, the same bytes for 1 and 3 threads and through
** gen_stream in pieces of about 4000 bytes (as dataset writes them, in 1 MiB)
** as through gen_fill. */
static void sorted_in_order(void **state)
{
  struct gen_bounds b;
  (void)state;
  gen_bounds_default(&b);
  b.lo[DATA_F32].f = b.lo[DATA_F64].f = b.lo[DATA_F16].f = -100;
  b.hi[DATA_F32].f = b.hi[DATA_F64].f = b.hi[DATA_F16].f = 100;
  for (int t = 0; t < DATA_NTYPES; t++) {
    static const int64_t sizes[] = {0, 1, 2, 3, 255, 256, 257, 4095, 4096, 4097, 8191, 8192,
                                    8193, 16383, 16384, 16385, 65535, 65536, 65537, 200003};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
      struct data_value s = make((enum data_type)t, sizes[k], 3, &b, GEN_SORTED, 1);
      struct data_value r = make((enum data_type)t, sizes[k], 3, &b, GEN_REVERSED, 3);
      struct data_value s3 = make((enum data_type)t, sizes[k], 3, &b, GEN_SORTED, 3);
      size_t sz = data_type_size((enum data_type)t), n = (size_t)sizes[k];
      struct sinkbuf out = {malloc(n * sz + 1), 0, n * sz, 4000, 0};
      struct ps_err e;
      cmp_type = (enum data_type)t;
      for (size_t i = 1; i < n; i++)
        assert_true(cmp_elems((char *)s.elems + (i - 1) * sz, (char *)s.elems + i * sz) <= 0);
      for (size_t i = 0; i < n && data_type_is_float((enum data_type)t); i++) {
        double x = t == DATA_F16 ? data_half_to_float(((uint16_t *)s.elems)[i])
                 : t == DATA_F32 ? ((float *)s.elems)[i] : ((double *)s.elems)[i];
        assert_true(x >= -100 && x <= 100);
      }
      for (size_t i = 0; i < n; i++)
        assert_memory_equal((char *)s.elems + i * sz, (char *)r.elems + (n - 1 - i) * sz, sz);
      if (n > 0)
        assert_memory_equal(s.elems, s3.elems, n * sz);
      for (int o = GEN_DRAWN; o <= GEN_REVERSED; o++) {
        struct data_value f = make((enum data_type)t, sizes[k], 5, &b, o, 2);
        out.len = 0;
        out.pieces = 0;
        out.most = o == GEN_DRAWN ? 4000 : 0; /* a sorted piece holds whole buckets */
        assert_int_equal(gen_stream((enum data_type)t, n, 5, &b, o, 2, 4000, sink_mem, &out, &e), 0);
        assert_int_equal(out.len, n * sz);
        if (n > 0)
          assert_memory_equal(out.p, f.elems, n * sz);
        if (n * sz > 8000)
          assert_true(out.pieces >= 2);
        data_value_free(&f);
      }
      free(out.p);
      data_value_free(&s);
      data_value_free(&r);
      data_value_free(&s3);
    }
  }
}

/* Chi-square of counts against expectations: at most df + 6 sd (df = bins - 1). */
static void chi_square(const char *what, const int64_t *cnt, const double *want, int bins)
{
  double chi = 0, df = bins - 1;
  for (int k = 0; k < bins; k++)
    chi += (cnt[k] - want[k]) * (cnt[k] - want[k]) / want[k];
  if (chi > df + 6 * sqrt(2 * df))
    fail_msg("%s: chi-square %.1f over %d bins (bound %.1f)", what, chi, bins, df + 6 * sqrt(2 * df));
}

/* Element i of v as its offset above lo (integers and bool), as bits. */
static uint64_t offset_at(const struct data_value *v, size_t i, uint64_t lo)
{
  uint64_t x = 0;
  size_t sz = data_type_size(v->type);
  memcpy(&x, (char *)v->elems + i * sz, sz); /* little-endian */
  return (x - lo) & (sz == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * sz)) - 1);
}

/* Sorted integers in [lo, lo + r1] (bounds bs; r1 + 1 = R): in order, the
** counts in `bins` equal parts of the offsets near their share (R <= 2^40),
** or for R = 2^64 or 2^32 the top 8 bits' counts; for R a power of two from
** 2^16 up also every other 8-bit field of the offsets (the bits within the
** buckets, each digit the buckets are sorted by). */
static void int_law(const char *what, enum data_type t, int64_t n, const char *bs, uint64_t r1,
                    int order, int bins)
{
  struct gen_bounds b;
  struct ps_err e;
  struct data_value v;
  int64_t *cnt = calloc((size_t)bins, sizeof *cnt), (*field)[256] = calloc(8, sizeof *field);
  double *want = calloc((size_t)bins, sizeof *want), wfield[256];
  uint64_t lo;
  int nfield = (r1 & (r1 + 1)) == 0 && r1 >= 65535 ? (r1 == UINT64_MAX ? 64 : 64 - __builtin_clzll(r1)) / 8 - 1 : 0;
  gen_bounds_default(&b);
  if (bs != NULL)
    assert_int_equal(gen_bounds_parse(&b, t, bs, &e), 0);
  lo = data_type_is_signed(t) ? (uint64_t)b.lo[t].i : b.lo[t].u;
  v = make(t, n, 17, &b, order, 2);
  cmp_type = t;
  for (int64_t i = 0; i < n; i++) {
    uint64_t u = offset_at(&v, (size_t)i, lo);
    size_t sz = data_type_size(t);
    char *p = (char *)v.elems + i * (int64_t)sz;
    assert_true(u <= r1);
    if (i > 0)
      assert_true(order == GEN_SORTED ? cmp_elems(p - sz, p) <= 0 : cmp_elems(p - sz, p) >= 0);
    if (r1 == UINT64_MAX)
      cnt[u >> 56]++;
    else if (r1 == UINT32_MAX)
      cnt[u >> 24]++;
    else
      cnt[u * (uint64_t)bins / (r1 + 1)]++;
    for (int f = 0; f < nfield; f++)
      field[f][u >> (8 * f) & 255]++;
  }
  for (int k = 0; k < bins; k++) {
    uint64_t r = r1 + 1, a, z;
    if (r1 == UINT64_MAX || r1 == UINT32_MAX) {
      want[k] = (double)n / bins;
    } else {
      a = ((uint64_t)k * r + (uint64_t)bins - 1) / (uint64_t)bins; /* first offset of bin k */
      z = ((uint64_t)(k + 1) * r + (uint64_t)bins - 1) / (uint64_t)bins;
      want[k] = (double)n * (double)(z - a) / (double)r;
    }
  }
  chi_square(what, cnt, want, bins);
  for (int k = 0; k < 256; k++)
    wfield[k] = (double)n / 256;
  for (int f = 0; f < nfield; f++) { /* the bits below the top 8 */
    char name[128];
    snprintf(name, sizeof name, "%s, bits %d to %d", what, 8 * f, 8 * f + 7);
    chi_square(name, field[f], wfield, 256);
  }
  free(field);
  free(cnt);
  free(want);
  data_value_free(&v);
}

/* Sorted samples follow the law of sorted draws: chi-square bounds (fixed
** seeds) on equal parts of the range, for full ranges also on the low bits
** within buckets; ranges whose buckets are not a power of two wide; every
** width of buckets sorted by two digits (2^12 to 2^22); small
** ranges with many duplicates; bounds at the types' extremes; floats and
** bool. */
static void sorted_law(void **state)
{
  struct gen_bounds b;
  struct ps_err e;
  (void)state;
  int_law("i32", DATA_I32, (1 << 20) + 1, NULL, UINT32_MAX, GEN_SORTED, 256);
  int_law("i32 reversed", DATA_I32, 300001, NULL, UINT32_MAX, GEN_REVERSED, 256);
  int_law("u64", DATA_U64, 200003, NULL, UINT64_MAX, GEN_SORTED, 256);
  int_law("i64 reversed", DATA_I64, 200003, NULL, UINT64_MAX, GEN_REVERSED, 256);
  int_law("u16", DATA_U16, 1 << 18, NULL, 65535, GEN_SORTED, 256);
  int_law("i32 in 3 * 2^20 + 1", DATA_I32, 8000, "0:3145728", 3145728, GEN_SORTED, 64);
  int_law("i32 in 3 * 2^20 + 1, more", DATA_I32, 300001, "-5:3145723", 3145728, GEN_SORTED, 256);
  int_law("i32 in 2000001", DATA_I32, 300001, "-1000000:1000000", 2000000, GEN_SORTED, 256);
  int_law("i8 in 0..9", DATA_I8, 100000, "0:9", 9, GEN_SORTED, 10);
  int_law("u8 in 0..2", DATA_U8, 3, "0:2", 2, GEN_SORTED, 3);
  int_law("i64 top 2", DATA_I64, 10001, "9223372036854775806:9223372036854775807", 1, GEN_SORTED, 2);
  int_law("i64 bottom 3", DATA_I64, 30001, "-9223372036854775808:-9223372036854775806", 2, GEN_REVERSED, 3);
  int_law("u64 top 5", DATA_U64, 50000, "18446744073709551611:18446744073709551615", 4, GEN_SORTED, 5);
  int_law("u8 255", DATA_U8, 70000, "255:255", 0, GEN_SORTED, 1);
  int_law("i16 extremes", DATA_I16, 65537, "-32768:32767", 65535, GEN_SORTED, 128);
  for (int sb = 12; sb <= 22; sb++) { /* 4 buckets 2^sb wide: every width with two digits */
    char what[64], bs[64];
    uint64_t r1 = ((uint64_t)1 << (sb + 2)) - 1;
    snprintf(what, sizeof what, "u32 in 2^%d", sb + 2);
    snprintf(bs, sizeof bs, "0:%llu", (unsigned long long)r1);
    int_law(what, DATA_U32, 20000, bs, r1, sb == 20 ? GEN_REVERSED : GEN_SORTED, 256);
  }
  gen_bounds_default(&b);
  assert_int_equal(gen_bounds_parse(&b, DATA_F32, "-100:100", &e), 0);
  assert_int_equal(gen_bounds_parse(&b, DATA_F16, "0:4", &e), 0);
  for (int t = DATA_F16; t <= DATA_F64; t++) {
    int64_t n = 1 << 18, cnt[256] = {0};
    int bins = t == DATA_F16 ? 16 : 256;
    double want[256], lo = t == DATA_F32 ? -100 : 0, hi = t == DATA_F32 ? 100 : t == DATA_F16 ? 4 : 1;
    struct data_value v = make((enum data_type)t, n, 19, &b, GEN_SORTED, 2);
    double prev = -INFINITY;
    for (int64_t i = 0; i < n; i++) {
      double x = t == DATA_F16 ? data_half_to_float(((uint16_t *)v.elems)[i])
               : t == DATA_F32 ? ((float *)v.elems)[i] : ((double *)v.elems)[i];
      int k = (int)((x - lo) / (hi - lo) * bins);
      assert_true(x >= lo && x <= hi && x >= prev);
      prev = x;
      cnt[k < bins ? k : bins - 1]++;
    }
    for (int k = 0; k < bins; k++)
      want[k] = (double)n / bins;
    chi_square(data_type_name((enum data_type)t), cnt, want, bins);
    data_value_free(&v);
  }
  {
    int64_t n = 1 << 18, ones = 0;
    struct data_value v = make(DATA_BOOL, n, 23, &b, GEN_SORTED, 2);
    for (int64_t i = 0; i < n; i++) {
      uint8_t x = ((uint8_t *)v.elems)[i];
      assert_true(x <= 1 && (i == 0 || x >= ((uint8_t *)v.elems)[i - 1]));
      ones += x;
    }
    assert_true(fabs((double)ones - n / 2.0) < 6 * sqrt((double)n) / 2);
    data_value_free(&v);
  }
}

/* The joint law of a small sorted sample, over many seeds: 3 values in
** [0, 7] (two buckets, the counts' tree's root split and each bucket's
** values counted and written out) against the law of 3 sorted i.i.d.
** uniform values (a triple of distinct values 6 / 512, with one pair 3 / 512,
** all equal 1 / 512); and 3 u16 values (their upper bits joined to the low
** digits, then sorted by them): each order statistic's top and bottom 4 bits
** against its law, P(X_(k) <= x) = P(at least k of 3 are <= x). */
static void sorted_small_exact(void **state)
{
  enum { SEEDS = 40000 };
  struct gen_bounds b;
  struct ps_err e;
  static int64_t cnt[512];
  int64_t top[3][16] = {{0}}, low[3][16] = {{0}}, tri[120];
  double wtop[3][16], wlow[16], wtri[120];
  int m = 0;
  (void)state;
  gen_bounds_default(&b);
  assert_int_equal(gen_bounds_parse(&b, DATA_U8, "0:7", &e), 0);
  memset(cnt, 0, sizeof cnt);
  for (uint64_t seed = 1; seed <= SEEDS; seed++) {
    struct data_value v = make(DATA_U8, 3, seed, &b, GEN_SORTED, 1);
    struct data_value w = make(DATA_U16, 3, seed, &b, GEN_SORTED, 1);
    const uint8_t *x = v.elems;
    const uint16_t *y = w.elems;
    assert_true(x[0] <= x[1] && x[1] <= x[2] && x[2] <= 7);
    assert_true(y[0] <= y[1] && y[1] <= y[2]);
    cnt[x[0] * 64 + x[1] * 8 + x[2]]++;
    for (int k = 0; k < 3; k++) {
      top[k][y[k] >> 12]++;
      low[k][y[k] & 15]++;
    }
    data_value_free(&v);
    data_value_free(&w);
  }
  for (int a = 0; a < 8; a++)
    for (int c = a; c < 8; c++)
      for (int d = c; d < 8; d++, m++) {
        tri[m] = cnt[a * 64 + c * 8 + d];
        wtri[m] = SEEDS * (a == d ? 1.0 : a == c || c == d ? 3.0 : 6.0) / 512;
      }
  chi_square("3 sorted in [0, 7]", tri, wtri, 120);
  for (int k = 0; k < 3; k++) {
    double prev = 0;
    for (int t = 0; t < 16; t++) { /* P(X_(k+1) <= x) at the top of bin t */
      double p = (t + 1) / 16.0, at = 0;
      for (int j = k + 1; j <= 3; j++)
        at += (j == 3 ? 1 : 3) * pow(p, j) * pow(1 - p, 3 - j);
      wtop[k][t] = SEEDS * (at - prev);
      prev = at;
    }
    chi_square("3 sorted u16, top bits", top[k], wtop[k], 16);
    for (int t = 0; t < 16; t++)
      wlow[t] = SEEDS / 16.0;
    chi_square("3 sorted u16, low bits", low[k], wlow, 16);
  }
}

/* The bucket counts' tree splits independently and fairly: 16385 u16
** values (4 buckets, the top 2 bits) over many seeds; given s = c0 + c1,
** c0 - c1 has mean 0 and variance s (c0 is Binomial(s, 1/2)), and so for
** c2 - c3; the two are uncorrelated. */
static void sorted_tree_splits(void **state)
{
  enum { SEEDS = 400 };
  struct gen_bounds b;
  double z2 = 0, sxy = 0, sxx = 0, syy = 0, df = 2 * SEEDS;
  (void)state;
  gen_bounds_default(&b);
  for (uint64_t seed = 1; seed <= SEEDS; seed++) {
    struct data_value v = make(DATA_U16, 16385, seed, &b, GEN_SORTED, 1);
    const uint16_t *x = v.elems;
    double c[4] = {0}, dx, dy;
    for (int i = 0; i < 16385; i++)
      c[x[i] >> 14]++;
    dx = c[0] - c[1];
    dy = c[2] - c[3];
    z2 += dx * dx / (c[0] + c[1]) + dy * dy / (c[2] + c[3]);
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
    data_value_free(&v);
  }
  if (fabs(z2 - df) > 6 * sqrt(2 * df))
    fail_msg("tree splits: sum of squared standardized differences %.1f over %.0f (bound +-%.1f)", z2, df,
             6 * sqrt(2 * df));
  if (fabs(sxy / sqrt(sxx * syy)) > 6 / sqrt((double)SEEDS))
    fail_msg("tree splits: correlation %.3f between sibling subtrees", sxy / sqrt(sxx * syy));
}

/* Each bucket's digits are independent fields of their draws: 2^20 u32
** values below 2^28 (256 buckets 2^20 wide, sorted by a low digit of bits 0
** to 9 and an upper one of bits 10 to 19); within a bucket of c values, the
** count of set bits 0 less that of bits 9 varies as c / 2, and so for bits 10
** and 19 (a field sharing bits with the next would tie the two). */
static void sorted_fields_independent(void **state)
{
  struct gen_bounds b;
  struct ps_err e;
  int64_t n = 1 << 20;
  double c[256] = {0}, d[2][256] = {{0}}, z2 = 0, df = 2 * 256;
  struct data_value v;
  (void)state;
  gen_bounds_default(&b);
  assert_int_equal(gen_bounds_parse(&b, DATA_U32, "0:268435455", &e), 0);
  v = make(DATA_U32, n, 31, &b, GEN_SORTED, 2);
  for (int64_t i = 0; i < n; i++) {
    uint32_t u = ((const uint32_t *)v.elems)[i], k = u >> 20;
    c[k]++;
    d[0][k] += (double)(u & 1) - (double)(u >> 9 & 1);
    d[1][k] += (double)(u >> 10 & 1) - (double)(u >> 19 & 1);
  }
  for (int k = 0; k < 256; k++)
    z2 += (d[0][k] * d[0][k] + d[1][k] * d[1][k]) / (c[k] / 2);
  if (fabs(z2 - df) > 6 * sqrt(2 * df))
    fail_msg("digits' fields: %.1f over %.0f degrees of freedom (bound +-%.1f)", z2, df, 6 * sqrt(2 * df));
  data_value_free(&v);
}

/* Under Zipf's law (and for floats whose hi - lo overflows f64) sorted is
** the drawn elements, sorted; reversed that backwards. */
static void sorted_drawn_multiset(void **state)
{
  struct gen_bounds b;
  struct ps_err e;
  int64_t n = 100003;
  (void)state;
  gen_bounds_default(&b);
  assert_int_equal(gen_bounds_parse(&b, DATA_U16, "10:1009", &e), 0);
  assert_int_equal(gen_bounds_parse(&b, DATA_F64, "-1e308:1e308", &e), 0);
  b.zipf = 1.2;
  for (int t = DATA_U16; t <= DATA_F64; t += DATA_F64 - DATA_U16) {
    size_t sz = data_type_size((enum data_type)t);
    struct gen_bounds bt = b;
    struct data_value u, s, r;
    if (t == DATA_F64)
      bt.zipf = 0.0;
    u = make((enum data_type)t, n, 29, &bt, GEN_DRAWN, 2);
    s = make((enum data_type)t, n, 29, &bt, GEN_SORTED, 2);
    r = make((enum data_type)t, n, 29, &bt, GEN_REVERSED, 3);
    cmp_type = (enum data_type)t;
    qsort(u.elems, (size_t)n, sz, cmp_elems);
    assert_memory_equal(u.elems, s.elems, (size_t)n * sz);
    for (int64_t i = 0; i < n; i++)
      assert_memory_equal((char *)s.elems + i * (int64_t)sz, (char *)r.elems + (n - 1 - i) * (int64_t)sz, sz);
    data_value_free(&u);
    data_value_free(&s);
    data_value_free(&r);
  }
}

static void bounds_respected(void **state)
{
  struct gen_bounds b;
  struct ps_err e;
  int64_t n = 100000;
  (void)state;
  gen_bounds_default(&b);
  assert_int_equal(gen_bounds_parse(&b, DATA_I32, "-100:100", &e), 0);
  assert_int_equal(gen_bounds_parse(&b, DATA_U8, "3:3", &e), 0);
  assert_int_equal(gen_bounds_parse(&b, DATA_F32, "-2.5:7", &e), 0);
  assert_int_equal(gen_bounds_parse(&b, DATA_I64, "-9223372036854775808:9223372036854775807", &e), 0);
  {
    struct data_value v = make(DATA_I32, n, 1, &b, 0, 2);
    int seen_lo = 0, seen_hi = 0;
    for (int64_t i = 0; i < n; i++) {
      int32_t x = ((int32_t *)v.elems)[i];
      assert_true(x >= -100 && x <= 100);
      seen_lo |= x == -100;
      seen_hi |= x == 100;
    }
    assert_true(seen_lo && seen_hi); /* closed interval */
    data_value_free(&v);
  }
  {
    struct data_value v = make(DATA_U8, n, 1, &b, 0, 2);
    for (int64_t i = 0; i < n; i++)
      assert_int_equal(((uint8_t *)v.elems)[i], 3);
    data_value_free(&v);
  }
  {
    struct data_value v = make(DATA_F32, n, 1, &b, 0, 2);
    for (int64_t i = 0; i < n; i++) {
      float x = ((float *)v.elems)[i];
      assert_true(x >= -2.5f && x <= 7.0f);
    }
    data_value_free(&v);
  }
  { /* roughly uniform: each of 10 buckets of [0,9] within 10% of n/10 */
    int64_t cnt[10] = {0};
    assert_int_equal(gen_bounds_parse(&b, DATA_I16, "0:9", &e), 0);
    struct data_value v = make(DATA_I16, n, 9, &b, 0, 2);
    for (int64_t i = 0; i < n; i++)
      cnt[((int16_t *)v.elems)[i]]++;
    for (int k = 0; k < 10; k++)
      assert_true(cnt[k] > n / 10 * 9 / 10 && cnt[k] < n / 10 * 11 / 10);
    data_value_free(&v);
  }
}

static void bounds_errors(void **state)
{
  struct gen_bounds b;
  struct ps_err e;
  (void)state;
  gen_bounds_default(&b);
  assert_int_equal(gen_bounds_parse(&b, DATA_I8, "0:128", &e), -1);
  assert_non_null(strstr(e.msg, "Invalid bounds for i8"));
  assert_int_equal(gen_bounds_parse(&b, DATA_U32, "-1:5", &e), -1);
  assert_int_equal(gen_bounds_parse(&b, DATA_I32, "5:1", &e), -1);
  assert_non_null(strstr(e.msg, "greater"));
  assert_int_equal(gen_bounds_parse(&b, DATA_I32, "5", &e), -1);
  assert_int_equal(gen_bounds_parse(&b, DATA_F64, "0:inf", &e), -1);
  assert_int_equal(gen_bounds_parse(&b, DATA_I32, "1x:2", &e), -1);
}

static void sort_extremes(void **state)
{
  int32_t a[] = {INT32_MAX, 0, -1, INT32_MIN, 5, 5, -1, INT32_MAX};
  int32_t want[] = {INT32_MIN, -1, -1, 0, 5, 5, INT32_MAX, INT32_MAX};
  double f[] = {1.0, -INFINITY, 0.0, -2.5, INFINITY, -0.0};
  struct ps_err e;
  (void)state;
  assert_int_equal(sort_values(a, 8, DATA_I32, 2, &e), 0);
  assert_memory_equal(a, want, sizeof a);
  assert_int_equal(sort_values(f, 6, DATA_F64, 1, &e), 0);
  assert_true(f[0] == -INFINITY && f[1] == -2.5 && signbit(f[2]) && f[3] == 0.0 && !signbit(f[3]) &&
              f[4] == 1.0 && f[5] == INFINITY);
}

static void parse_type(void **state)
{
  enum data_type t;
  int rank;
  int64_t shape[DATA_MAX_RANK];
  (void)state;
  assert_int_equal(gen_parse_type("[10][20]f32", 11, &t, &rank, shape), 0);
  assert_int_equal(rank, 2);
  assert_int_equal(shape[1], 20);
  assert_int_equal(t, DATA_F32);
  assert_int_equal(gen_parse_type("i64", 3, &t, &rank, shape), 0);
  assert_int_equal(rank, 0);
  assert_int_equal(gen_parse_type("[]i32", 5, &t, &rank, shape), -1);
  assert_int_equal(gen_parse_type("[99999999999999999999]i32", 25, &t, &rank, shape), -1);
  assert_int_equal(gen_parse_type("[3]x", 4, &t, &rank, shape), -1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(determinism),   cmocka_unit_test(sorted_in_order),
    cmocka_unit_test(sorted_law),    cmocka_unit_test(sorted_small_exact),
    cmocka_unit_test(sorted_tree_splits), cmocka_unit_test(sorted_fields_independent),
    cmocka_unit_test(sorted_drawn_multiset),
    cmocka_unit_test(bounds_respected), cmocka_unit_test(bounds_errors),
    cmocka_unit_test(sort_extremes), cmocka_unit_test(parse_type),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
