/*
** test_gather.c: bench_gather (src/entries/gather.c, cl/gather.cl) on every
** backend against the positions gen_fill makes, at the edge sizes and on
** every type; the device's generator against gen.c's and gen_fill's where
** Lemire's rule rejects draws often. (The family's tests, test_search.c, also
** hold it to the c backend on multicore and refuse it an unsorted input.)
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "entry.h"
#include "gen.h"
#include "harness.h"
#include "keys.h"

#include <stdlib.h>

/* bench_gather: position i is element i of gen_fill's [n]i64 in [0, n - 1]
** with the keys' seed, and each backend's answer i is xs at it, widened as
** the type is signed or not (the type's extremes at the ends). On xs = 0, 1,
** ..., n - 1 (i64) the answers are the positions themselves, which are
** bench_binary_search_random's keys and lower bounds there. Sizes 0 to 3 and
** 2^k - 1, 2^k, 2^k + 1 (a power of two takes the draw's top bits, any other
** size Lemire's product), around the work-group (256) and a large odd one;
** every type (fast: two a size); two runs each. */
static void gather_positions(void **state)
{
  static const enum data_type types[] = {DATA_I8, DATA_I16, DATA_I32, DATA_I64,
                                         DATA_U8, DATA_U16, DATA_U32, DATA_U64};
  static const int64_t sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 255, 256, 257, 4095, 4096, 4097, 65536, 65537, 1000003};
  (void)state;
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    int64_t n = sizes[si], *pos;
    struct data_value want, iota;
    struct gen_bounds b;
    struct ps_err e;
    gen_bounds_default(&b);
    b.lo[DATA_I64].i = 0;
    b.hi[DATA_I64].i = n > 0 ? n - 1 : 0;
    assert_int_equal(data_value_init(&want, DATA_I64, 1, &n, &e), 0);
    assert_int_equal(gen_fill(&want, KEYS_SEED, &b, 0, 1, &e), 0);
    assert_int_equal(data_value_init(&iota, DATA_I64, 1, &n, &e), 0);
    pos = want.elems;
    for (int64_t i = 0; i < n; i++) {
      ((int64_t *)iota.elems)[i] = i;
      assert_true(pos[i] >= 0 && pos[i] < n);
    }
    for (int k = 0; k < 2; k++) {
      struct data_value got = harness_run(k ? "bench_binary_search_random" : "bench_gather", BACKEND_C, &iota, 1, 1);
      if (entry_compare(&want, &got, 1, &e) != 0)
        fail_msg("%s on 0..%lld: %s", k ? "bench_binary_search_random" : "bench_gather", (long long)n - 1, e.msg);
      data_value_free(&got);
    }
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
      struct data_value xs;
      if (!harness_grid(si, t, 4))
        continue;
      xs = harness_sorted(types[t], n, (int)si % 2, 3 + (uint64_t)n);
      harness_set_extremes(&xs);
      for (int be = 0; be < BACKEND_COUNT; be++) {
        struct data_value got = harness_run("bench_gather", (enum backend)be, &xs, 1, 2);
        for (int64_t i = 0; i < n; i++)
          if (((int64_t *)got.elems)[i] != harness_get(&xs, pos[i]))
            fail_msg("bench_gather %s %s n=%lld #%lld: got %lld, want element %lld, %lld", backend_name((enum backend)be),
                     data_type_name(types[t]), (long long)n, (long long)i, (long long)((int64_t *)got.elems)[i],
                     (long long)pos[i], (long long)harness_get(&xs, pos[i]));
        data_value_free(&got);
      }
      data_value_free(&xs);
    }
    data_value_free(&iota);
    data_value_free(&want);
  }
}

/* The generator of cl/gather.cl against gen.c's (gen_uniform_at), and both
** against gen_fill's u64 with bounds 0:range-1: powers of two (the top bits),
** small ranges, and ranges where Lemire's rule rejects often (2^63 + 1: nearly
** half the draws; 3 2^62: a quarter; 2^64 - 1), so that the retry streams
** are taken, the second and third retries too. */
static void gather_generator(void **state)
{
  static const uint64_t ranges[] = {1, 2, 3, 1000, 1ull << 40, (1ull << 32) + 1, (1ull << 63) + 1, 3ull << 62, UINT64_MAX};
  int64_t m = 4099;
  char opts[160];
  struct ps_err e;
  (void)state;
  entry_type_options(DATA_I64, "", opts, sizeof opts);
  for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
    struct gen_bounds b;
    struct gen_uniform u;
    struct data_value want;
    uint64_t *got = malloc((size_t)m * sizeof *got);
    cl_ulong cm = (cl_ulong)m, range = ranges[r], seed, key0, thresh;
    cl_kernel k = rt_kernel(harness_rt, "gather.cl", "gather_positions", opts, &e);
    cl_mem out = rt_alloc(harness_rt, (size_t)m * sizeof *got, &e);
    assert_non_null(got);
    assert_non_null(k);
    assert_non_null(out);
    gen_bounds_default(&b);
    b.hi[DATA_U64].u = ranges[r] - 1;
    assert_int_equal(data_value_init(&want, DATA_U64, 1, &m, &e), 0);
    assert_int_equal(gen_fill(&want, KEYS_SEED, &b, 0, 1, &e), 0);
    gen_uniform_init(&u, KEYS_SEED, ranges[r]);
    seed = u.seed;
    key0 = u.key0;
    thresh = u.thresh;
    assert_int_equal(RT_ARGS(harness_rt, k, &e, RT_ARG(out), RT_ARG(cm), RT_ARG(range), RT_ARG(seed), RT_ARG(key0),
                             RT_ARG(thresh)), 0);
    assert_int_equal(rt_launch(harness_rt, k, (size_t)m, 256, &e), 0);
    assert_int_equal(rt_download(harness_rt, out, got, (size_t)m * sizeof *got, &e), 0);
    for (int64_t i = 0; i < m; i++) {
      uint64_t w = ((uint64_t *)want.elems)[i];
      if (gen_uniform_at(&u, (uint64_t)i) != w || got[i] != w)
        fail_msg("range %llu, element %lld: gen_fill %llu, gen_uniform_at %llu, the device %llu",
                 (unsigned long long)ranges[r], (long long)i, (unsigned long long)w,
                 (unsigned long long)gen_uniform_at(&u, (uint64_t)i), (unsigned long long)got[i]);
    }
    rt_release(harness_rt, out);
    data_value_free(&want);
    free(got);
  }
}

int main(int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    HARNESS_TEST(gather_positions),
    HARNESS_TEST(gather_generator),
  };
  setenv("PSEARCH_NO_CACHE", "1", 1);
  return harness_main(argc, argv, tests, sizeof tests / sizeof tests[0], 1);
}
