/*
** test_search.c: the search family against brute-force oracles and across
** backends and layouts: every n from 0 to 300, then 2^k-1, 2^k, 2^k+1 up to
** 2^20; duplicates; the type's extremes; every integer type; keys absent,
** below and above the range; unsorted input is refused. The multicore
** backend equals the c backend bit for bit on every entry of the family.
** (bench_gather's own tests: test_gather.c.)
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "entry.h"
#include "registry.h"
#include "gen.h"
#include "harness.h"
#include "search.h"
#include "search_mc.h"
#include "layout.h"
#include "sort.h"

#include <stdlib.h>
#include <string.h>

static int less(const struct data_value *v, int64_t a, int64_t b) /* as the type compares */
{
  return data_type_is_signed(v->type) ? a < b : (uint64_t)a < (uint64_t)b;
}

/* Lower bounds of every key by a sweep over keys sorted by value: an oracle
** independent of any binary search, in O((n + m) log m). */
static const struct data_value *sweep_keys;
static int cmp_keys(const void *a, const void *b)
{
  int64_t x = harness_get(sweep_keys, *(const int64_t *)a), y = harness_get(sweep_keys, *(const int64_t *)b);
  return less(sweep_keys, x, y) ? -1 : less(sweep_keys, y, x) ? 1 : 0;
}

static int64_t *oracle(const struct data_value *xs, const struct data_value *ks)
{
  int64_t n = (int64_t)data_value_count(xs), m = (int64_t)data_value_count(ks), j = 0;
  int64_t *idx = malloc((size_t)(m + 1) * sizeof *idx), *want = malloc((size_t)(m + 1) * sizeof *want);
  for (int64_t i = 0; i < m; i++)
    idx[i] = i;
  sweep_keys = ks;
  qsort(idx, (size_t)m, sizeof *idx, cmp_keys);
  for (int64_t q = 0; q < m; q++) {
    int64_t x = harness_get(ks, idx[q]);
    while (j < n && less(xs, harness_get(xs, j), x))
      j++;
    want[idx[q]] = j;
  }
  free(idx);
  return want;
}

/* Check every layout and backend on one sorted array xs with keys ks. */
static void check_all(const struct data_value *xs, const struct data_value *ks)
{
  int64_t n = (int64_t)data_value_count(xs), m = (int64_t)data_value_count(ks);
  struct data_value in2[2] = {*xs, *ks};
  struct data_value ec = harness_run("to_eytzinger", BACKEND_C, xs, 1, 1);
  struct data_value eo = harness_run("to_eytzinger", BACKEND_OPENCL, xs, 1, 1);
  struct ps_err e;
  int64_t *wants = oracle(xs, ks);
  if (entry_compare(&ec, &eo, 1, &e) != 0) /* closed form (device) == sequential construction */
    fail_msg("to_eytzinger n=%lld: %s", (long long)n, e.msg);
  {
    struct data_value em = harness_run("to_eytzinger", BACKEND_MULTICORE, xs, 1, 1);
    struct data_value tc = harness_run("to_btree", BACKEND_C, xs, 1, 1), to = harness_run("to_btree", BACKEND_OPENCL, xs, 1, 1);
    struct data_value tm = harness_run("to_btree", BACKEND_MULTICORE, xs, 1, 1);
    if (entry_compare(&ec, &em, 1, &e) != 0)
      fail_msg("to_eytzinger multicore n=%lld: %s", (long long)n, e.msg);
    if (entry_compare(&tc, &to, 1, &e) != 0)
      fail_msg("to_btree n=%lld: %s", (long long)n, e.msg);
    if (entry_compare(&tc, &tm, 1, &e) != 0)
      fail_msg("to_btree multicore n=%lld: %s", (long long)n, e.msg);
    data_value_free(&em);
    data_value_free(&tc);
    data_value_free(&to);
    data_value_free(&tm);
  }
  for (int b = 0; b < BACKEND_COUNT; b++) {
    struct data_value lb = harness_run("binary_search", (enum backend)b, in2, 2, 1);
    struct data_value bt = harness_run("btree_search", (enum backend)b, in2, 2, 1);
    struct data_value bg = harness_run("btree_search_grouped", (enum backend)b, in2, 2, 1);
    struct data_value ny = harness_run("nary_search", (enum backend)b, in2, 2, 1);
    struct data_value ey_in[2] = {ec, *ks};
    struct data_value ey = harness_run("eytzinger_search", (enum backend)b, ey_in, 2, 1);
    for (int64_t i = 0; i < m; i++) {
      int64_t want = wants[i], got = ((int64_t *)lb.elems)[i], eidx = ((int64_t *)ey.elems)[i];
      if (got != want)
        fail_msg("binary_search %s n=%lld key #%lld: got %lld, want %lld", backend_name((enum backend)b),
                 (long long)n, (long long)i, (long long)got, (long long)want);
      if (((int64_t *)ny.elems)[i] != want)
        fail_msg("nary_search %s n=%lld key #%lld: got %lld, want %lld", backend_name((enum backend)b),
                 (long long)n, (long long)i, (long long)((int64_t *)ny.elems)[i], (long long)want);
      if (((int64_t *)bt.elems)[i] != want)
        fail_msg("btree_search %s n=%lld key #%lld: got %lld, want %lld", backend_name((enum backend)b),
                 (long long)n, (long long)i, (long long)((int64_t *)bt.elems)[i], (long long)want);
      if (((int64_t *)bg.elems)[i] != want)
        fail_msg("btree_search_grouped %s n=%lld key #%lld: got %lld, want %lld", backend_name((enum backend)b),
                 (long long)n, (long long)i, (long long)((int64_t *)bg.elems)[i], (long long)want);
      /* the Eytzinger index maps back to the same sorted position (-1: n) */
      if ((eidx < 0 ? n : layout_eytzinger_rank(n, eidx + 1)) != want)
        fail_msg("eytzinger_search %s n=%lld key #%lld: index %lld", backend_name((enum backend)b),
                 (long long)n, (long long)i, (long long)eidx);
    }
    { /* the windowed search of sorted keys: the keys sorted first */
      struct data_value sk;
      int64_t *sw;
      assert_int_equal(data_value_init(&sk, ks->type, 1, &m, &e), 0);
      if (m > 0)
        memcpy(sk.elems, ks->elems, (size_t)m * data_type_size(ks->type));
      assert_int_equal(sort_values(sk.elems, (size_t)m, sk.type, 1, &e), 0);
      sw = oracle(xs, &sk);
      {
        struct data_value in3[2] = {*xs, sk};
        struct data_value so = harness_run("sorted_keys_search", (enum backend)b, in3, 2, 1);
        for (int64_t i = 0; i < m; i++)
          if (((int64_t *)so.elems)[i] != sw[i])
            fail_msg("sorted_keys_search %s n=%lld key #%lld: got %lld, want %lld",
                     backend_name((enum backend)b), (long long)n, (long long)i,
                     (long long)((int64_t *)so.elems)[i], (long long)sw[i]);
        data_value_free(&so);
      }
      free(sw);
      data_value_free(&sk);
    }
    data_value_free(&lb);
    data_value_free(&ny);
    data_value_free(&bt);
    data_value_free(&bg);
    data_value_free(&ey);
  }
  data_value_free(&ec);
  data_value_free(&eo);
  free(wants);
}

/* Keys: the array itself, plus values between, below and above it. */
static struct data_value keys_for(const struct data_value *xs)
{
  int64_t n = (int64_t)data_value_count(xs), m = 2 * n + 2;
  size_t sz = data_type_size(xs->type);
  struct data_value k;
  struct ps_err e;
  assert_int_equal(data_value_init(&k, xs->type, 1, &m, &e), 0);
  for (int64_t i = 0; i < m; i++) {
    int64_t x;
    if (i < n)
      x = harness_get(xs, i); /* present */
    else if (i < 2 * n)
      x = (int64_t)((uint64_t)harness_get(xs, i - n) + 1); /* usually absent (wraps) */
    else if (i == 2 * n)
      x = n ? (int64_t)((uint64_t)harness_get(xs, 0) - 1) : 0; /* below (may wrap for the minimum: still a valid key) */
    else
      x = n ? (int64_t)((uint64_t)harness_get(xs, n - 1) + 1) : 1; /* above */
    memcpy((char *)k.elems + (size_t)i * sz, &x, sz);
  }
  return k;
}

static void rank_closed_form(void **state)
{
  (void)state;
  for (int64_t n = 1; n <= 5000; n++) { /* rank is a bijection onto 0..n-1, in-order increasing */
    int64_t prev_rank = -1;
    char *seen = calloc((size_t)n, 1);
    for (int64_t k = 1; k <= n; k++) {
      int64_t r = layout_eytzinger_rank(n, k);
      assert_true(r >= 0 && r < n && !seen[r]);
      seen[r] = 1;
    }
    /* in-order walk visits ranks 0, 1, 2, ... */
    for (int64_t k = 1, i = 0; i < n; i++) {
      if (i == 0)
        while (2 * k <= n)
          k *= 2;
      assert_true(layout_eytzinger_rank(n, k) == prev_rank + 1);
      prev_rank++;
      if (2 * k + 1 <= n) {
        k = 2 * k + 1;
        while (2 * k <= n)
          k *= 2;
      } else {
        while (k > 1 && (k & 1))
          k /= 2;
        k /= 2;
      }
    }
    free(seen);
  }
}

static void all_small_sizes(void **state)
{
  (void)state;
  for (int64_t n = 0; n <= 300; n++) {
    struct data_value xs = harness_sorted(DATA_I32, n, n % 2, (uint64_t)n), ks = keys_for(&xs);
    check_all(&xs, &ks);
    data_value_free(&xs);
    data_value_free(&ks);
  }
}

static void powers_of_two(void **state)
{
  (void)state;
  for (int k = 1; k <= 20; k++) {
    for (int d = -1; d <= 1; d++) {
      int64_t n = ((int64_t)1 << k) + d;
      if (!harness_slow && k > 12 && (k % 4 != 0 || d != 1))
        continue; /* fast: 2^k - 1, 2^k, 2^k + 1 up to 2^12; 2^16 + 1, 2^20 + 1 */
      struct data_value xs = harness_sorted(DATA_I32, n, k % 3 == 0, (uint64_t)n), ks = keys_for(&xs);
      check_all(&xs, &ks);
      data_value_free(&ks);
      data_value_free(&xs);
    }
  }
}

static void every_type_and_extremes(void **state)
{
  static const enum data_type types[] = {DATA_I8, DATA_I16, DATA_I32, DATA_I64,
                                         DATA_U8, DATA_U16, DATA_U32, DATA_U64};
  (void)state;
  static const int64_t sizes[] = {0, 1, 2, 3, 7, 16, 17, 63, 2047, 2048, 2049, 4095, 4096, 4097, 9001, 70001};
  for (size_t t = 0; t < 8; t++) {
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
      int64_t n = sizes[si];
      struct data_value xs = harness_sorted(types[t], n, 0, 11 + (uint64_t)n), ks;
      harness_set_extremes(&xs);
      ks = keys_for(&xs);
      check_all(&xs, &ks);
      data_value_free(&xs);
      data_value_free(&ks);
    }
  }
}

static void bench_entries_agree(void **state)
{
  static const char *const names[] = {"bench_binary_search", "bench_binary_search_random"};
  static const char *const enames[] = {"bench_eytzinger_search", "bench_eytzinger_search_random"};
  (void)state;
  for (int64_t n = 0; n < 2100; n += 97) {
    struct data_value xs = harness_sorted(DATA_I32, n, n % 2, (uint64_t)n);
    struct data_value ey = harness_run("to_eytzinger", BACKEND_C, &xs, 1, 1);
    for (int v = 0; v < 2; v++) {
      struct data_value bc = harness_run(names[v], BACKEND_C, &xs, 1, 1), bo = harness_run(names[v], BACKEND_OPENCL, &xs, 1, 1);
      struct data_value ec = harness_run(enames[v], BACKEND_C, &ey, 1, 1), eo = harness_run(enames[v], BACKEND_OPENCL, &ey, 1, 1);
      struct ps_err e;
      assert_int_equal(entry_compare(&bc, &bo, 1, &e), 0);
      assert_int_equal(entry_compare(&ec, &eo, 1, &e), 0);
      for (int64_t i = 0; i < n; i++) {
        /* layouts agree after mapping back; with keys = the array, key i of the
        ** Eytzinger entry is the sorted array's element rank(i + 1) */
        int64_t eidx = ((int64_t *)ec.elems)[i], ki = v == 0 ? layout_eytzinger_rank(n, i + 1) : i;
        assert_true((eidx < 0 ? n : layout_eytzinger_rank(n, eidx + 1)) == ((int64_t *)bc.elems)[ki]);
      }
      {
        static const char *const bnames[] = {"bench_btree_search", "bench_btree_search_random"};
        if (v == 0) { /* N-ary search with 4 and 64 work-items per key == binary search */
          static const char *const nnames[] = {"bench_nary4_search", "bench_nary64_search"};
          for (int q = 0; q < 2; q++) {
            struct data_value no = harness_run(nnames[q], BACKEND_OPENCL, &xs, 1, 1);
            assert_int_equal(entry_compare(&bc, &no, 1, &e), 0);
            data_value_free(&no);
          }
        }
        if (v == 1) { /* random keys: N-ary == binary search */
          struct data_value no = harness_run("bench_nary16_search_random", BACKEND_OPENCL, &xs, 1, 1);
          assert_int_equal(entry_compare(&bc, &no, 1, &e), 0);
          data_value_free(&no);
        }
        if (v == 0) { /* the windowed search of sorted keys == binary search */
          struct data_value wc = harness_run("bench_sorted_keys_search", BACKEND_C, &xs, 1, 1);
          struct data_value wo = harness_run("bench_sorted_keys_search", BACKEND_OPENCL, &xs, 1, 1);
          assert_int_equal(entry_compare(&bc, &wc, 1, &e), 0);
          assert_int_equal(entry_compare(&bc, &wo, 1, &e), 0);
          data_value_free(&wc);
          data_value_free(&wo);
        }
        struct data_value tc = harness_run(bnames[v], BACKEND_C, &xs, 1, 1), to = harness_run(bnames[v], BACKEND_OPENCL, &xs, 1, 1);
        assert_int_equal(entry_compare(&bc, &tc, 1, &e), 0); /* B+ tree == binary search */
        assert_int_equal(entry_compare(&bc, &to, 1, &e), 0);
        if (v == 1) { /* the grouped search of the same random keys */
          struct data_value go = harness_run("bench_btree_search_random_grouped", BACKEND_OPENCL, &xs, 1, 1);
          assert_int_equal(entry_compare(&bc, &go, 1, &e), 0);
          data_value_free(&go);
        }
        data_value_free(&tc);
        data_value_free(&to);
      }
      data_value_free(&bc);
      data_value_free(&bo);
      data_value_free(&ec);
      data_value_free(&eo);
    }
    data_value_free(&ey);
    data_value_free(&xs);
  }
}

/* Keys for xs (keys_for's) and the type's minimum and maximum. */
static struct data_value keys_with_extremes(const struct data_value *xs)
{
  struct data_value k0 = keys_for(xs), k;
  int64_t m0 = (int64_t)data_value_count(&k0), m = m0 + 2;
  size_t sz = data_type_size(xs->type);
  struct gen_bounds b;
  struct ps_err e;
  gen_bounds_default(&b);
  assert_int_equal(data_value_init(&k, xs->type, 1, &m, &e), 0);
  if (m0 > 0)
    memcpy(k.elems, k0.elems, (size_t)m0 * sz);
  if (data_type_is_signed(xs->type)) {
    memcpy((char *)k.elems + (size_t)m0 * sz, &b.lo[xs->type].i, sz);
    memcpy((char *)k.elems + (size_t)(m0 + 1) * sz, &b.hi[xs->type].i, sz);
  } else {
    memset((char *)k.elems + (size_t)m0 * sz, 0, sz);
    memset((char *)k.elems + (size_t)(m0 + 1) * sz, 0xff, sz);
  }
  data_value_free(&k0);
  return k;
}

/* Every entry of the family on multicore (two runs) equals it on c, on the
** sorted array xs (or its Eytzinger layout) and, for two-input entries, keys
** ks (sorted first for sorted_keys_search). */
static void multicore_matches_c(const struct data_value *xs, const struct data_value *ks, const char *what)
{
  int64_t n = (int64_t)data_value_count(xs), m = (int64_t)data_value_count(ks);
  struct data_value ey = harness_run("to_eytzinger", BACKEND_C, xs, 1, 1), sk;
  struct ps_err e;
  assert_int_equal(data_value_init(&sk, ks->type, 1, &m, &e), 0);
  if (m > 0)
    memcpy(sk.elems, ks->elems, (size_t)m * data_type_size(ks->type));
  assert_int_equal(sort_values(sk.elems, (size_t)m, sk.type, 1, &e), 0);
  for (const struct entry *en = search_entries; en->name != NULL; en++) {
    struct data_value in[2] = {en->needs & ENTRY_EYTZINGER ? ey : *xs,
                               strcmp(en->name, "sorted_keys_search") == 0 ? sk : *ks};
    struct data_value c = harness_run(en->name, BACKEND_C, in, en->nin, 1);
    struct data_value mc = harness_run(en->name, BACKEND_MULTICORE, in, en->nin, 2);
    if (entry_compare(&c, &mc, 1, &e) != 0)
      fail_msg("%s multicore %s n=%lld (%s): %s", en->name, data_type_name(xs->type), (long long)n, what,
               e.msg);
    data_value_free(&c);
    data_value_free(&mc);
  }
  data_value_free(&sk);
  data_value_free(&ey);
}

/* Sizes 0..3, 2^k - 1, 2^k, 2^k + 1, every type; plain, duplicated, the
** type's extremes at the ends, and every element the maximum; and one large
** odd size (every worker's share ends in a partial batch; the Eytzinger
** construction splits into 256 subtrees) on i8, i32 and u64. Sizes above
** 60000 skip the duplicated and all-maximum forms (the c backend is slow). */
static void multicore_equals_c(void **state)
{
  static const enum data_type types[] = {DATA_I8, DATA_I16, DATA_I32, DATA_I64,
                                         DATA_U8, DATA_U16, DATA_U32, DATA_U64};
  static const int64_t sizes[] = {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 255, 256, 257, 2047, 2048, 2049,
                                  4095, 4096, 4097, 65535, 65536, 65537, 1000003};
  (void)state;
  for (size_t t = 0; t < 8; t++) {
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
      int64_t n = sizes[si];
      size_t sz = data_type_size(types[t]);
      if (n > 100000 && types[t] != DATA_I8 && types[t] != DATA_I32 && types[t] != DATA_U64)
        continue; /* the large size on three types, to keep the test short */
      if (!harness_grid(si, t % 4, 4) || (n > 100000 && !harness_grid(t, 2, 8)))
        continue; /* fast: each size on the signed and unsigned types of one width; the large on i32 */
      for (int form = 0; form < (n > 100000 ? 1 : 4); form += n > 60000 ? 2 : 1) {
        if (n <= 100000 && !harness_grid(t + si, (size_t)form, 4) && !(n > 60000 && !harness_slow))
          continue; /* fast: the forms rotate */
        struct data_value xs = harness_sorted(types[t], n, form == 1, 7 + (uint64_t)n + t), ks;
        struct gen_bounds b;
        gen_bounds_default(&b);
        if (form >= 2 && n >= 1) { /* the type's minimum first, its maximum last (or everywhere) */
          int sig = data_type_is_signed(types[t]);
          for (int64_t i = form == 3 ? 0 : n - 1; i < n; i++)
            if (sig)
              memcpy((char *)xs.elems + (size_t)i * sz, &b.hi[types[t]].i, sz);
            else
              memset((char *)xs.elems + (size_t)i * sz, 0xff, sz);
          if (form == 2 && sig)
            memcpy(xs.elems, &b.lo[types[t]].i, sz);
          else if (form == 2)
            memset(xs.elems, 0, sz);
        }
        ks = keys_with_extremes(&xs);
        multicore_matches_c(&xs, &ks, form == 0 ? "plain" : form == 1 ? "duplicates" : form == 2 ? "extremes" : "all maximum");
        data_value_free(&ks);
        data_value_free(&xs);
      }
    }
  }
}

/* The input checks see every element: an Eytzinger array of 0..n-1 passes;
** one element raised above all (or below all) fails unless it is the
** in-order last (first). The same for a sorted array. */
static void input_checks_see_everything(void **state)
{
  (void)state;
  for (int64_t n = 1; n <= 300; n++) {
    int32_t *t = malloc((size_t)n * sizeof *t), *x = malloc((size_t)n * sizeof *x);
    assert_non_null(t);
    assert_non_null(x);
    for (int64_t k = 1; k <= n; k++)
      t[k - 1] = (int32_t)layout_eytzinger_rank(n, k);
    for (int64_t i = 0; i < n; i++)
      x[i] = (int32_t)i;
    assert_int_equal(search_mc_eytzinger_unsorted_at(DATA_I32, t, n), -1);
    assert_int_equal(search_mc_unsorted_at(DATA_I32, x, n), -1);
    for (int64_t p = 0; p < n; p++) {
      int32_t keep = t[p], rank = (int32_t)layout_eytzinger_rank(n, p + 1);
      t[p] = (int32_t)n + 5;
      if ((search_mc_eytzinger_unsorted_at(DATA_I32, t, n) < 0) != (rank == n - 1))
        fail_msg("Eytzinger check, n=%lld: node %lld raised", (long long)n, (long long)p);
      t[p] = -1;
      if ((search_mc_eytzinger_unsorted_at(DATA_I32, t, n) < 0) != (rank == 0))
        fail_msg("Eytzinger check, n=%lld: node %lld lowered", (long long)n, (long long)p);
      t[p] = keep;
      x[p] = -1;
      if ((search_mc_unsorted_at(DATA_I32, x, n) < 0) != (p == 0))
        fail_msg("sorted check, n=%lld: element %lld lowered", (long long)n, (long long)p);
      x[p] = (int32_t)p;
    }
    free(t);
    free(x);
  }
}

static void unsorted_refused(void **state)
{
  int32_t a[] = {1, 5, 3};
  int64_t n = 3;
  struct data_value v = {DATA_I32, 1, {3}, a};
  struct entry_job j;
  struct ps_err e = {{0}};
  (void)state;
  (void)n;
  for (int b = 0; b < BACKEND_COUNT; b++) {
    const char *names[] = {"bench_binary_search", "to_eytzinger", "bench_eytzinger_search",
                           "bench_btree_search", "to_btree", "bench_gather"};
    const char *sorted_msg = "the input is not sorted: element 1 (5i32) is greater than element 2 (3i32)";
    const char *want[] = {sorted_msg, sorted_msg,
                          "the input is not an Eytzinger array of sorted elements", sorted_msg, sorted_msg, sorted_msg};
    for (int k = 0; k < 6; k++) {
      struct target t = {(enum backend)b, harness_rt, harness_pool, &harness_tuning};
      j = entry_job_init(registry_find(names[k]), &t, &v, 1);
      assert_int_equal(entry_prepare(&j, &e), -1);
      if (strstr(e.msg, want[k]) == NULL)
        fail_msg("%s on %s: message '%s' lacks '%s'", names[k], backend_name(j.backend), e.msg, want[k]);
      entry_release(&j);
    }
  }
}



/* The OpenCL searches in the shapes other devices choose (tuning parameters):
** the B+ tree with 8-key internal nodes (the GPU's default; a CPU device's is
** 16) or 8-key leaves, several keys per work-item, and the Eytzinger search
** with several keys per work-item, the paired search (two work-items per
** key, btree_pair=1, its sum emulated without NVIDIA's PTX) with both node
** sizes halved, at the sizes where each node
** size's levels begin and end, on 1-byte, 4-byte and 8-byte keys; and the grouped search
** with its buckets at every level (at most 64, 3 and 1 of them), run twice
** so that the second run's bucket counts start from zero as well. */
static void other_shapes(void **state)
{
  static const char *const tunes[] = {"btree_fanout=8,btree_leaf=16,btree_batch=2,eytz_batch=4,btree_buckets=64",
                                      "btree_fanout=8,btree_leaf=8,btree_batch=3,eytz_batch=3,btree_buckets=3",
                                      "btree_fanout=16,btree_leaf=8,btree_batch=1,eytz_batch=2,btree_buckets=1",
                                      "btree_fanout=8,btree_leaf=16,btree_pair=1,btree_batch=4",
                                      "btree_fanout=16,btree_leaf=8,btree_pair=1,btree_batch=3"};
  static const int64_t sizes[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 127, 128, 129, 511, 512, 513,
                                  1023, 1024, 1025, 4095, 4096, 4097, 70001};
  static const enum data_type types[] = {DATA_I8, DATA_I32, DATA_U64};
  (void)state;
  for (size_t t = 0; t < sizeof tunes / sizeof tunes[0]; t++) {
    harness_tune(tunes[t]);
    for (size_t y = 0; y < sizeof types / sizeof types[0]; y++)
      for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        int64_t n = sizes[z];
        if (!harness_grid(t, y, sizeof types / sizeof types[0]))
          continue; /* fast: each shape on one type */
        struct data_value xs = harness_sorted(types[y], n, (int)z % 2, (uint64_t)(n + 7 * (int64_t)t)), ks = keys_for(&xs);
        struct data_value in2[2] = {xs, ks}, ec = harness_run("to_eytzinger", BACKEND_C, &xs, 1, 1);
        struct data_value ey_in[2] = {ec, ks};
        struct data_value bt = harness_run("btree_search", BACKEND_OPENCL, in2, 2, 1);
        struct data_value bg = harness_run("btree_search_grouped", BACKEND_OPENCL, in2, 2, 2); /* twice: the counts start at 0 again */
        struct data_value ey = harness_run("eytzinger_search", BACKEND_OPENCL, ey_in, 2, 1);
        int64_t *wants = oracle(&xs, &ks), m = (int64_t)data_value_count(&ks);
        for (int64_t i = 0; i < m; i++) {
          int64_t eidx = ((int64_t *)ey.elems)[i];
          if (((int64_t *)bt.elems)[i] != wants[i])
            fail_msg("btree_search (%s) %s n=%lld key #%lld: got %lld, want %lld", tunes[t],
                     data_type_name(types[y]), (long long)n, (long long)i, (long long)((int64_t *)bt.elems)[i],
                     (long long)wants[i]);
          if (((int64_t *)bg.elems)[i] != wants[i])
            fail_msg("btree_search_grouped (%s) %s n=%lld key #%lld: got %lld, want %lld", tunes[t],
                     data_type_name(types[y]), (long long)n, (long long)i, (long long)((int64_t *)bg.elems)[i],
                     (long long)wants[i]);
          if ((eidx < 0 ? n : layout_eytzinger_rank(n, eidx + 1)) != wants[i])
            fail_msg("eytzinger_search (%s) %s n=%lld key #%lld: index %lld", tunes[t],
                     data_type_name(types[y]), (long long)n, (long long)i, (long long)eidx);
        }
        free(wants);
        data_value_free(&bt);
        data_value_free(&bg);
        data_value_free(&ey);
        data_value_free(&ec);
        data_value_free(&ks);
        data_value_free(&xs);
      }
  }
  harness_tune("");
}

/* to_eytzinger's tiled layout in other shapes (tuning parameters
** eytz_tile_h, eytz_layout_wg): subtrees of height 3, 8 and 13 laid out by
** groups of 32, 64 and 512, on 1-, 4- and 8-byte elements, at the sizes where
** a shape's subtrees begin to reach the last level and around them. */
static void layout_shapes(void **state)
{
  static const char *const tunes[] = {"eytz_tile_h=3,eytz_layout_wg=32", "eytz_tile_h=8,eytz_layout_wg=64",
                                      "eytz_tile_h=13,eytz_layout_wg=512"};
  static const int64_t sizes[] = {0, 1, 2, 3, 7, 8, 9, 255, 256, 257, 8191, 8192, 8193, 16383, 16385, 70001};
  static const enum data_type types[] = {DATA_I8, DATA_I32, DATA_U64};
  (void)state;
  for (size_t t = 0; t < sizeof tunes / sizeof tunes[0]; t++) {
    harness_tune(tunes[t]);
    for (size_t y = 0; y < sizeof types / sizeof types[0]; y++)
      for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        struct ps_err e;
        if (!harness_grid(t + z, y, sizeof types / sizeof types[0]))
          continue;
        struct data_value xs = harness_sorted(types[y], sizes[z], (int)z % 2, (uint64_t)(sizes[z] + 11 * (int64_t)t));
        struct data_value ec = harness_run("to_eytzinger", BACKEND_C, &xs, 1, 1);
        struct data_value eo = harness_run("to_eytzinger", BACKEND_OPENCL, &xs, 1, 1);
        if (entry_compare(&ec, &eo, 1, &e) != 0)
          fail_msg("to_eytzinger (%s) %s n=%lld: %s", tunes[t], data_type_name(types[y]), (long long)sizes[z], e.msg);
        data_value_free(&ec);
        data_value_free(&eo);
        data_value_free(&xs);
      }
  }
  harness_tune("");
}

/* The sorted-keys search with other windows (sorted_keys_win): 64 elements
** (32 keys a group: groups of 32 work-items, one key each, the scalar path),
** 1024 (two keys a work-item) and 16384 (32 keys a work-item, or lowered to fit
** local memory), on 1-, 4- and 8-byte elements, keys sorted from random draws
** (sparse, dense and duplicated) and the array itself, at sizes around one and
** several groups of keys. */
static void window_shapes(void **state)
{
  static const char *const tunes[] = {"sorted_keys_win=64", "sorted_keys_win=1024", "sorted_keys_win=16384"};
  static const int64_t sizes[] = {0, 1, 2, 3, 31, 32, 33, 511, 512, 513, 8191, 8192, 8193, 70001};
  static const enum data_type types[] = {DATA_I8, DATA_I32, DATA_U64};
  (void)state;
  for (size_t t = 0; t < sizeof tunes / sizeof tunes[0]; t++) {
    harness_tune(tunes[t]);
    for (size_t y = 0; y < sizeof types / sizeof types[0]; y++)
      for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        struct ps_err e;
        int64_t m;
        if (!harness_grid(t + z, y, sizeof types / sizeof types[0]))
          continue;
        struct data_value xs = harness_sorted(types[y], sizes[z], (int)z % 2, (uint64_t)(sizes[z] + 13 * (int64_t)t));
        struct data_value ks = keys_for(&xs);
        m = (int64_t)data_value_count(&ks);
        assert_int_equal(sort_values(ks.elems, (size_t)m, ks.type, 1, &e), 0);
        {
          struct data_value in2[2] = {xs, ks};
          struct data_value so = harness_run("sorted_keys_search", BACKEND_OPENCL, in2, 2, 1);
          struct data_value bc = harness_run("bench_binary_search", BACKEND_C, &xs, 1, 1);
          struct data_value bo = harness_run("bench_sorted_keys_search", BACKEND_OPENCL, &xs, 1, 1);
          int64_t *wants = oracle(&xs, &ks);
          for (int64_t i = 0; i < m; i++)
            if (((int64_t *)so.elems)[i] != wants[i])
              fail_msg("sorted_keys_search (%s) %s n=%lld key #%lld: got %lld, want %lld", tunes[t],
                       data_type_name(types[y]), (long long)sizes[z], (long long)i,
                       (long long)((int64_t *)so.elems)[i], (long long)wants[i]);
          if (entry_compare(&bc, &bo, 1, &e) != 0)
            fail_msg("bench_sorted_keys_search (%s) %s n=%lld: %s", tunes[t], data_type_name(types[y]),
                     (long long)sizes[z], e.msg);
          free(wants);
          data_value_free(&so);
          data_value_free(&bc);
          data_value_free(&bo);
        }
        data_value_free(&ks);
        data_value_free(&xs);
      }
  }
  harness_tune("");
}

int main(int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    HARNESS_TEST(rank_closed_form),
    HARNESS_TEST(all_small_sizes),
    HARNESS_TEST(powers_of_two),
    HARNESS_TEST(every_type_and_extremes),
    HARNESS_TEST(bench_entries_agree),
    HARNESS_TEST(unsorted_refused),
    HARNESS_TEST(input_checks_see_everything),
    HARNESS_TEST(multicore_equals_c),
    HARNESS_TEST(other_shapes),
    HARNESS_TEST(layout_shapes),
    HARNESS_TEST(window_shapes),
  };
  setenv("PSEARCH_NO_CACHE", "1", 1);
  return harness_main(argc, argv, tests, sizeof tests / sizeof tests[0], 1);
}
