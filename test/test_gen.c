/*
** test_gen.c: the generator (determinism across thread counts, bounds,
** sortedness, same multiset) and the radix sort against qsort.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gen.h"
#include "sort.h"

#include <math.h>
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

static void sorted_same_multiset(void **state)
{
  struct gen_bounds b;
  (void)state;
  gen_bounds_default(&b);
  b.lo[DATA_F32].f = b.lo[DATA_F64].f = b.lo[DATA_F16].f = -100;
  b.hi[DATA_F32].f = b.hi[DATA_F64].f = b.hi[DATA_F16].f = 100;
  for (int t = 0; t < DATA_NTYPES; t++) {
    static const int64_t sizes[] = {0, 1, 2, 3, 255, 256, 257, 65535, 65536, 65537, 200003};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
      struct data_value u = make((enum data_type)t, sizes[k], 3, &b, 0, 2);
      struct data_value s = make((enum data_type)t, sizes[k], 3, &b, 1, 2);
      size_t sz = data_type_size((enum data_type)t), n = (size_t)sizes[k];
      cmp_type = (enum data_type)t;
      for (size_t i = 1; i < n; i++)
        assert_true(cmp_elems((char *)s.elems + (i - 1) * sz, (char *)s.elems + i * sz) <= 0);
      if (n > 0) {
        qsort(u.elems, n, sz, cmp_elems);
        /* floats: equal values may differ in bits only as -0/+0; none generated here */
        assert_memory_equal(u.elems, s.elems, n * sz);
      }
      data_value_free(&u);
      data_value_free(&s);
    }
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
    cmocka_unit_test(determinism),   cmocka_unit_test(sorted_same_multiset),
    cmocka_unit_test(bounds_respected), cmocka_unit_test(bounds_errors),
    cmocka_unit_test(sort_extremes), cmocka_unit_test(parse_type),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
