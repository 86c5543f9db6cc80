/*
** test_radix.c: the sorting family (radix_sort, radix_sort_1bit, sorted) on
** the opencl backend (PoCL in CI) against the c backend, which is checked by
** hand first (IEEE total order of floats, signed order of integers). Every
** element type; sizes at the edges of work-groups, tiles (4096 four-byte
** keys) and the chunks work-groups own, up to 10^6 + 3; data: random over
** the whole range, all equal, the type's extremes (min, max, 0, -1, +-0,
** +-inf, +-NaN, denormals), few distinct values. Equal keys are equal bits,
** so stability is not visible in the output; an LSD sort is correct only if
** every pass is stable, which the random data checks.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "entry.h"
#include "gen.h"
#include "harness.h"
#include "radix.h"

#include <stdlib.h>
#include <string.h>


enum pattern { RANDOM, EQUAL, EXTREMES, FEW, NPATTERNS };

/* Bit patterns of the extremes, as the low bytes of a uint64. */
static uint64_t extreme(enum data_type t, uint64_t i)
{
  size_t sz = data_type_size(t);
  uint64_t all = sz == 8 ? UINT64_MAX : ((uint64_t)1 << (sz * 8)) - 1, top = (uint64_t)1 << (sz * 8 - 1);
  uint64_t inf = t == DATA_F16 ? 0x7c00 : t == DATA_F32 ? 0x7f800000 : 0x7ff0000000000000;
  uint64_t pick[] = {0, all, top, all ^ top, 1, top | 1, inf, inf | top, 2};
  if (t == DATA_BOOL)
    return i % 2;
  return pick[(i * 7 + (i >> 3)) % (data_type_is_float(t) ? 9 : 6)];
}

static struct data_value make(enum data_type t, int64_t n, enum pattern p, uint64_t seed)
{
  struct data_value v;
  struct gen_bounds b;
  struct ps_err e;
  unsigned char *x;
  size_t sz = data_type_size(t);
  gen_bounds_default(&b);
  assert_int_equal(data_value_init(&v, t, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&v, seed, &b, 0, 2, &e), 0);
  x = v.elems;
  for (int64_t i = 0; i < n; i++) {
    uint64_t w;
    if (p == RANDOM)
      break;
    w = p == EQUAL ? 0x3c3c3c3c3c3c3c3c : p == EXTREMES ? extreme(t, (uint64_t)i) : x[i * sz] % 5;
    if (t == DATA_BOOL)
      w &= 1;
    memcpy(x + i * sz, &w, sz); /* little-endian low bytes */
  }
  return v;
}

static const enum data_type types[] = {DATA_I8,  DATA_I16, DATA_I32, DATA_I64, DATA_U8,  DATA_U16,
                                       DATA_U32, DATA_U64, DATA_F16, DATA_F32, DATA_F64, DATA_BOOL};
static const int64_t sizes[] = {0, 1, 2, 3, 255, 256, 257, 4095, 4096, 4097, 8191, 8192, 8193,
                                65535, 65536, 65537, 100003};

static void agree(const char *name, enum data_type t, int64_t n, enum pattern p, uint64_t seed)
{
  struct data_value in = make(t, n, p, seed), ref, got;
  struct ps_err e = {{0}};
  ref = harness_run(name, BACKEND_C, &in, 1, 2);
  got = harness_run(name, BACKEND_OPENCL, &in, 1, 2);
  /* bit for bit: entry_compare would call -0 and +0 or NaNs equal */
  if (entry_value_bytes(&ref) > 0 && memcmp(ref.elems, got.elems, entry_value_bytes(&ref)) != 0) {
    (void)entry_compare(&ref, &got, 1, &e);
    fail_msg("%s, %s, n=%lld, pattern %d: results differ bitwise %s", name, data_type_name(t),
             (long long)n, (int)p, e.msg);
  }
  data_value_free(&ref);
  data_value_free(&got);
  data_value_free(&in);
}

/* radix_sort and sorted: every type, size and pattern; a million at the end. */
static void radix_sort_agrees(void **state)
{
  (void)state;
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
      for (int p = 0; p < NPATTERNS; p++)
        agree("radix_sort", types[ti], sizes[si], (enum pattern)p, si * 10 + (uint64_t)p);
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    agree("sorted", types[ti], 1000003, RANDOM, 5);
}

/* The one-bit sort: every type on the small sizes, 32-bit types up to 10^5. */
static void radix_sort_1bit_agrees(void **state)
{
  (void)state;
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t si = 0; si < 10; si++)
      for (int p = 0; p < NPATTERNS; p++)
        agree("radix_sort_1bit", types[ti], sizes[si], (enum pattern)p, si * 10 + (uint64_t)p);
  agree("radix_sort_1bit", DATA_I32, 100003, RANDOM, 3);
  agree("radix_sort_1bit", DATA_F32, 100003, EXTREMES, 3);
}

/* The c backend by hand: signed order, and floats in IEEE total order. */
static void reference_by_hand(void **state)
{
  int64_t n = 7;
  struct data_value in, out;
  struct ps_err e;
  static const uint32_t f[7] = {0x7fc00000u /* NaN */, 0x3f800000u /* 1 */, 0x80000000u /* -0 */,
                                0xff800000u /* -inf */, 0x00000000u /* +0 */, 0xffc00000u /* -NaN */,
                                0xbf800000u /* -1 */};
  static const uint32_t f_sorted[7] = {0xffc00000u, 0xff800000u, 0xbf800000u, 0x80000000u,
                                       0x00000000u, 0x3f800000u, 0x7fc00000u};
  (void)state;
  assert_int_equal(data_value_init(&in, DATA_F32, 1, &n, &e), 0);
  memcpy(in.elems, f, sizeof f);
  out = harness_run("radix_sort", BACKEND_C, &in, 1, 2);
  assert_memory_equal(out.elems, f_sorted, sizeof f_sorted);
  data_value_free(&out);
  out = harness_run("radix_sort", BACKEND_OPENCL, &in, 1, 2);
  assert_memory_equal(out.elems, f_sorted, sizeof f_sorted);
  data_value_free(&out);
  data_value_free(&in);
  assert_int_equal(data_value_init(&in, DATA_I32, 1, &n, &e), 0);
  memcpy(in.elems, ((int32_t[]){5, -1, INT32_MAX, 0, INT32_MIN, -1, 3}), 28);
  out = harness_run("radix_sort", BACKEND_C, &in, 1, 2);
  assert_memory_equal(out.elems, ((int32_t[]){INT32_MIN, -1, -1, 0, 3, 5, INT32_MAX}), 28);
  data_value_free(&out);
  data_value_free(&in);
}



int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(reference_by_hand),
    cmocka_unit_test(radix_sort_agrees),
    cmocka_unit_test(radix_sort_1bit_agrees),
  };
  return cmocka_run_group_tests(tests, harness_setup, harness_teardown);
}
