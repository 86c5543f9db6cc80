/*
** test_skew.c: the Onesweep sorts (radix_sort, argsort, radix_sort_pairs) on
** the opencl backend (PoCL in CI) against the c backend on every key
** distribution the generator makes and on keys built so that chosen passes
** have a constant digit: a constant pass copies its tiles, two in a row
** between the first and the last do nothing (cl/onesweep.cl, pass_mode), and
** the buffers the later passes read must still hold the keys and values.
** Distributions: uniform, in [0, 15], [0, 255] and [0, 32767] (the top
** passes constant: with 4-byte keys two, the last one of them), all equal,
** Zipf(1.2) over
** [0, max], sorted, reversed; key byte 0 constant (the first pass copies),
** bytes 1 and 2 constant (a pair does nothing; with 8-byte keys three pairs),
** bytes 1 and 3 constant (two copies, one the last pass). Edge sizes around
** the work-group and the tile (4096 keys on PoCL, 4352 at 256 x 17); the
** look-back's shapes and os_hist's copies of its counts (tuning parameters).
** Also the generator's distributions themselves: bounds held, Zipf's law's
** frequencies, reversed the sorted array backwards.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "entry.h"
#include "gen.h"
#include "harness.h"
#include "input.h"
#include "registry.h"
#include "suite.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum dist { UNIFORM, FEW4, FEW8, FEW16, EQUAL, ZIPF, SORTED, REVERSED, LOW_CONST, PAIR_CONST, ODD_CONST, NDISTS };

static const char *const dist_names[NDISTS] = {"uniform", "0..15", "0..255", "0..65535", "all equal", "zipf(1.2)",
                                               "sorted", "reversed", "byte 0 constant", "bytes 1, 2 constant",
                                               "bytes 1, 3 constant"};

/* n keys of type t in distribution d (seed s). */
static struct data_value make(enum data_type t, int64_t n, enum dist d, uint64_t s)
{
  struct data_value v;
  struct gen_bounds b;
  struct ps_err e = {{0}};
  int fl = data_type_is_float(t), order = d == SORTED ? GEN_SORTED : d == REVERSED ? GEN_REVERSED : GEN_DRAWN;
  size_t sz = data_type_size(t);
  gen_bounds_default(&b);
  if (d == FEW4)
    assert_int_equal(gen_bounds_parse(&b, t, "0:15", &e), 0);
  if (d == FEW8)
    assert_int_equal(gen_bounds_parse(&b, t, fl ? "0:255" : t == DATA_I8 ? "0:127" : "0:255", &e), 0);
  if (d == FEW16)
    assert_int_equal(gen_bounds_parse(&b, t, t == DATA_I8 ? "0:127" : t == DATA_U8 ? "0:255" : "0:32767", &e), 0);
  if (d == EQUAL)
    assert_int_equal(gen_bounds_parse(&b, t, fl ? "0.5:0.5" : "7:7", &e), 0);
  if (d == ZIPF && !fl) {
    char lo[8] = "0:", hi[32];
    struct gen_bounds def;
    gen_bounds_default(&def);
    if (data_type_is_signed(t))
      snprintf(hi, sizeof hi, "%s%lld", lo, (long long)def.hi[t].i);
    else
      snprintf(hi, sizeof hi, "%s%llu", lo, (unsigned long long)def.hi[t].u);
    assert_int_equal(gen_bounds_parse(&b, t, hi, &e), 0);
    b.zipf = 1.2;
  }
  assert_int_equal(data_value_init(&v, t, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&v, s, &b, order, 2, &e), 0);
  for (int64_t i = 0; i < n && d >= LOW_CONST; i++) {
    unsigned char *x = (unsigned char *)v.elems + (size_t)i * sz;
    if (d == LOW_CONST)
      x[0] = 0x40;
    if (d == PAIR_CONST)
      for (size_t k = 1; k < sz; k++)
        x[k] = k == 1 || k == 2 || (sz == 8 && k < 7) ? (unsigned char)(0x11 * k) : x[k];
    if (d == ODD_CONST && sz > 1) {
      x[1] = 0x5a;
      if (sz > 3)
        x[3] = 0x3c;
    }
  }
  return v;
}

/* Both outputs of entry name on backend b (radix_sort_pairs has two). */
static int run_all(const char *name, enum backend b, const struct data_value *in, int nin, struct data_value out[2])
{
  struct target t = {b, harness_rt, harness_pool, &harness_tuning};
  struct entry_job j = entry_job_init(registry_find(name), &t, in, nin);
  struct ps_err e = {{0}};
  int nout;
  if (entry_run_once(&j, &e) != 0)
    fail_msg("%s on %s, n=%lld: %s", name, backend_name(b), (long long)data_value_count(&in[0]), e.msg);
  nout = j.nout;
  for (int k = 0; k < nout; k++)
    out[k] = j.out[k];
  j.nout = 0;
  entry_release(&j);
  return nout;
}

/* Entry name on OpenCL against the c backend, bitwise, on n keys of type t
** in distribution d (radix_sort_pairs: values of type vt at random). */
static void agree(const char *name, enum data_type t, enum data_type vt, int64_t n, enum dist d, uint64_t seed)
{
  int pairs = strcmp(name, "radix_sort_pairs") == 0, nout;
  struct data_value in[2], ref[2], got[2];
  char tuned[200];
  in[0] = make(t, n, d, seed);
  if (pairs)
    in[1] = make(vt, n, UNIFORM, seed + 500);
  nout = run_all(name, BACKEND_C, in, 1 + pairs, ref);
  assert_int_equal(run_all(name, BACKEND_OPENCL, in, 1 + pairs, got), nout);
  for (int k = 0; k < nout; k++) {
    if (entry_value_bytes(&ref[k]) > 0 && memcmp(ref[k].elems, got[k].elems, entry_value_bytes(&ref[k])) != 0) {
      struct ps_err e = {{0}};
      (void)entry_compare(&ref[k], &got[k], 1, &e);
      fail_msg("%s (%s), %s (values %s), n=%lld, %s: output %d differs %s", name,
               tune_format(&harness_tuning, tuned, sizeof tuned), data_type_name(t), data_type_name(vt), (long long)n,
               dist_names[d], k, e.msg);
    }
    data_value_free(&ref[k]);
    data_value_free(&got[k]);
  }
  for (int k = 0; k <= pairs; k++)
    data_value_free(&in[k]);
}

static const int64_t sizes[] = {0, 1, 2, 3, 255, 256, 257, 4095, 4096, 4097, 4351, 4352, 4353, 8193, 65535, 65537};

/* The sorts' shapes: PoCL's defaults (64-bit look-back words, tiles by
** ticket, os_scan); the PTX path's structure (32-bit words a pass, tiles by
** group id, the scan in the first pass's first group, the values through the
** keys' memory, the ranks packed); os_hist's counts in 4 and 8 copies with
** other ranking and tile shapes (the atomic-OR ranking with each warp's first
** two digits matched by ballots). */
static const char *const tunes[] = {
  "", "sort_lb32=1,sort_gid=1,sort_scan_group=1,sort_vshare=1,sort_packed_ranks=1",
  "sort_hist_parts=4,sort_peers_or=1,sort_peers_hot=2,sort_hist_vec=4,sort_hist_items=2",
  "sort_hist_parts=8,sort_items=17,sort_hist_wg=96,sort_hist_vec=1"};
#define NTUNES (sizeof tunes / sizeof tunes[0])

/* Whether the fast suite builds the kernels of shape k for key type t: the
** default shape for every type (test_radix builds the same), the others for
** i32 and one more type each (a cold kernel cache builds each anew). */
static int fast_shape(size_t k, enum data_type t)
{
  return k == 0 || t == DATA_I32 || (k == 1 && t == DATA_F32) || (k == 2 && t == DATA_I64) ||
         (k == 3 && t == DATA_U8);
}

/* Each entry on each distribution and edge size, the key types and shapes
** rotating (the slow suite: every combination); radix_sort_pairs on keys and
** values of 4 and 8 bytes (pt: key type, value type). */
static void sorts_on_every_distribution(void **state)
{
  static const enum data_type kt[] = {DATA_I32, DATA_U8, DATA_I16, DATA_F32, DATA_I64, DATA_U32};
  static const enum data_type pt[][2] = {{DATA_I32, DATA_I32}, {DATA_U32, DATA_U32}, {DATA_F32, DATA_F32},
                                         {DATA_I64, DATA_I32}, {DATA_U64, DATA_U64}, {DATA_F32, DATA_I64}};
  static const char *const names[] = {"radix_sort", "argsort", "radix_sort_pairs"};
  (void)state;
  for (size_t k = 0; k < NTUNES; k++) {
    harness_tune(tunes[k]);
    for (size_t ni = 0; ni < 3; ni++)
      for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int d = 0; d < NDISTS; d++) {
          size_t nt = ni == 2 ? sizeof pt / sizeof pt[0] : sizeof kt / sizeof kt[0];
          for (size_t ti = 0; ti < nt; ti++)
            if (harness_grid(si + (size_t)d + ni, ti, nt) &&
                (harness_slow || fast_shape(k, ni == 2 ? pt[ti][0] : kt[ti])))
              agree(names[ni], ni == 2 ? pt[ti][0] : kt[ti], ni == 2 ? pt[ti][1] : kt[ti], sizes[si], (enum dist)d,
                    si * 16 + (uint64_t)d);
        }
  }
  harness_tune("");
}

/* Many tiles (a quarter million keys and more), where the look-back walks
** and the constant passes' tiles run at once: every distribution, i32 keys
** (pairs: i32 values) and in the slow suite i64 keys (pairs: u64 values),
** each entry, PoCL's shape and the PTX path's; and with every pass ranking
** (sort_skip_constant=0). */
static void sorts_of_many_tiles(void **state)
{
  static const char *const names[] = {"radix_sort", "argsort", "radix_sort_pairs"};
  (void)state;
  for (size_t k = 0; k < 2; k++) {
    harness_tune(tunes[k]);
    for (int d = 0; d < NDISTS; d++)
      for (size_t ni = 0; ni < 3; ni++)
        if (harness_grid((size_t)d + k, ni, 3)) {
          agree(names[ni], DATA_I32, DATA_I32, 262147, (enum dist)d, 900 + (uint64_t)d);
          if (harness_slow)
            agree(names[ni], DATA_I64, DATA_U64, 300007, (enum dist)d, 950 + (uint64_t)d);
        }
  }
  /* every pass ranks: all equal, one hot digit a pass, its lanes matched by a ballot */
  harness_tune("sort_skip_constant=0,sort_hist_parts=2,sort_peers_or=1,sort_peers_hot=1");
  for (int d = 0; d < NDISTS; d++)
    if (harness_slow || d == EQUAL || d == PAIR_CONST)
      agree(d % 2 ? "argsort" : "radix_sort", DATA_I32, DATA_I32, 100003, (enum dist)d, 970 + (uint64_t)d);
  harness_tune("");
}

/* The generator's distributions: bounds of one value give that value;
** reversed is sorted backwards and the same for 1 and 4 threads; Zipf's law
** stays in its bounds, is the same for any thread count, and its ranks 1 and
** 2 come with about their frequencies (1/H and 2^-s/H, H the sum of k^-s). */
static void generator_distributions(void **state)
{
  int64_t n = 200003;
  struct data_value a, b, c;
  struct gen_bounds g;
  struct ps_err e = {{0}};
  double h = 0, f1, f2;
  size_t ones = 0, twos = 0;
  (void)state;
  a = make(DATA_I32, n, EQUAL, 3);
  for (int64_t i = 0; i < n; i++)
    assert_int_equal(((int32_t *)a.elems)[i], 7);
  data_value_free(&a);
  a = make(DATA_I64, n, SORTED, 4);
  gen_bounds_default(&g);
  assert_int_equal(data_value_init(&b, DATA_I64, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&b, 4, &g, GEN_REVERSED, 4, &e), 0);
  for (int64_t i = 0; i < n; i++)
    assert_int_equal(((int64_t *)a.elems)[i], ((int64_t *)b.elems)[n - 1 - i]);
  c = make(DATA_I64, n, REVERSED, 4); /* 2 threads */
  assert_memory_equal(b.elems, c.elems, (size_t)n * 8);
  data_value_free(&a);
  data_value_free(&b);
  data_value_free(&c);
  assert_int_equal(gen_bounds_parse(&g, DATA_U16, "10:1009", &e), 0);
  g.zipf = 1.2;
  assert_int_equal(data_value_init(&a, DATA_U16, 1, &n, &e), 0);
  assert_int_equal(data_value_init(&b, DATA_U16, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&a, 9, &g, GEN_DRAWN, 1, &e), 0);
  assert_int_equal(gen_fill(&b, 9, &g, GEN_DRAWN, 3, &e), 0);
  assert_memory_equal(a.elems, b.elems, (size_t)n * 2);
  for (int64_t i = 0; i < n; i++) {
    uint16_t x = ((uint16_t *)a.elems)[i];
    assert_true(x >= 10 && x <= 1009);
    ones += x == 10;
    twos += x == 11;
  }
  for (int k = 1; k <= 1000; k++)
    h += pow(k, -1.2);
  f1 = (double)ones / (double)n;
  f2 = (double)twos / (double)n;
  if (fabs(f1 - 1 / h) > 0.01 || fabs(f2 - pow(2, -1.2) / h) > 0.01)
    fail_msg("Zipf(1.2) over 1000: rank 1 %.4f (want %.4f), rank 2 %.4f (want %.4f)", f1, 1 / h, f2,
             pow(2, -1.2) / h);
  data_value_free(&a);
  data_value_free(&b);
  assert_int_equal(data_value_init(&a, DATA_F32, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&a, 9, &g, GEN_DRAWN, 1, &e), -1); /* a Zipf law is for integers */
  data_value_free(&a);
}

/* A suite's distributions: `in LO..HI` and `zipf[(S)]` after a type, the tag
** `reversed`; the names they give; what each generates; the errors. */
static void suite_distributions(void **state)
{
  static const char text[] = "==\nentry: radix_sort\n"
                             "random input { [5]i32 in -3..-3 }\n"
                             "random reversed input { [6]u8 in 1..4 }\n"
                             "random input { [1000]i64 in 5..1004 zipf(3) [2]f32 in 0.5..0.5 }\n";
  static const char *const bad[] = {"[5]i32 in 3..1", "[5]i32 in 0..300x", "[5]u8 in 0..256", "[5]f32 zipf",
                                    "[5]i32 zipf(0)", "[5]i32 zipf(1.2", "7i32 in 0..1", "[5]i32 in", "[5]i32 in 5"};
  struct ps_err e = {{0}};
  struct suite *s = suite_parse(text, sizeof text - 1, "t.bench", NULL, &e);
  struct data_value in[INPUT_MAX];
  uint64_t dg;
  size_t small = 0;
  (void)state;
  assert_non_null(s);
  assert_int_equal(s->blocks[0].ncases, 3);
  assert_string_equal(s->blocks[0].cases[0].name, "[5]i32 in -3..-3");
  assert_string_equal(s->blocks[0].cases[1].name, "reversed [6]u8 in 1..4");
  assert_int_equal(input_load_case(&s->blocks[0].cases[0], 0, in, &dg, &e), 1);
  for (int i = 0; i < 5; i++)
    assert_int_equal(((int32_t *)in[0].elems)[i], -3);
  data_value_free(&in[0]);
  assert_int_equal(input_load_case(&s->blocks[0].cases[1], 0, in, &dg, &e), 1);
  for (int i = 0; i < 6; i++)
    assert_true(((uint8_t *)in[0].elems)[i] >= 1 && ((uint8_t *)in[0].elems)[i] <= 4 &&
                (i == 0 || ((uint8_t *)in[0].elems)[i] <= ((uint8_t *)in[0].elems)[i - 1]));
  data_value_free(&in[0]);
  assert_int_equal(input_load_case(&s->blocks[0].cases[2], 0, in, &dg, &e), 2);
  for (int i = 0; i < 1000; i++) {
    int64_t x = ((int64_t *)in[0].elems)[i];
    assert_true(x >= 5 && x <= 1004);
    small += x == 5;
  }
  assert_true(small > 700); /* Zipf(3): rank 1 has 1/zeta(3) = 83% */
  assert_true(((float *)in[1].elems)[0] == 0.5f && ((float *)in[1].elems)[1] == 0.5f);
  data_value_free(&in[0]);
  data_value_free(&in[1]);
  suite_free(s);
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    char t[200];
    struct data_value v[INPUT_MAX];
    struct suite_case c = {0};
    snprintf(t, sizeof t, "%s", bad[k]);
    c.values = t;
    c.random = 1;
    if (input_case_types(&c, v, &e) >= 0)
      fail_msg("'%s' was taken", bad[k]);
  }
  static const char untagged[] = "==\nentry: radix_sort\nreversed input { [1]i32 }\n";
  static const char both[] = "==\nentry: radix_sort\nrandom sorted reversed input { [1]i32 }\n";
  s = suite_parse(untagged, sizeof untagged - 1, "t.bench", NULL, &e);
  assert_null(s);
  assert_non_null(strstr(e.msg, "go with 'random input'"));
  s = suite_parse(both, sizeof both - 1, "t.bench", NULL, &e);
  assert_null(s);
  assert_non_null(strstr(e.msg, "neither"));
}

int main(int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    HARNESS_TEST(generator_distributions),
    HARNESS_TEST(suite_distributions),
    HARNESS_TEST(sorts_on_every_distribution),
    HARNESS_TEST(sorts_of_many_tiles),
  };
  return harness_main(argc, argv, tests, sizeof tests / sizeof tests[0], 1);
}
