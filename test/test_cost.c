/*
** test_cost.c: the cost-model family on the opencl (PoCL in CI) and
** multicore backends against the c backend, which is checked against hand-computed values
** first. Sizes at the edges (0, 1, 2, 3, work-group and tile sizes +-1,
** 2^k +- 1, 10^6 + 3); data: random over the whole range (wrap-around),
** all equal, the type's extremes, small values with many duplicates and
** negatives; both i32 and u32. The look-back scan is rerun many times on
** many tiles to catch races.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cost.h"
#include "entry.h"
#include "gen.h"
#include "harness.h"
#include "hook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


enum pattern { RANDOM, EQUAL, EXTREMES, SMALL, NPATTERNS };

static struct data_value make(enum data_type t, int64_t n, enum pattern p, uint64_t seed)
{
  struct data_value v;
  struct gen_bounds b;
  struct ps_err e;
  uint32_t *x;
  gen_bounds_default(&b);
  if (p == SMALL) { /* many duplicates; negatives for i32; indices around [0, 256) */
    b.lo[DATA_I32].i = -40;
    b.hi[DATA_I32].i = 300;
    b.lo[DATA_U32].u = 0;
    b.hi[DATA_U32].u = 300;
  }
  assert_int_equal(data_value_init(&v, t, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&v, seed, &b, 0, 2, &e), 0);
  x = v.elems;
  for (int64_t i = 0; i < n; i++) {
    if (p == EQUAL)
      x[i] = 7;
    else if (p == EXTREMES) /* min, max, 0, -1 of the type, in a pattern */
      x[i] = (uint32_t[]){0x80000000u, 0x7fffffffu, 0, 0xffffffffu, 0x80000000u}[(i * 7 + (i >> 3)) % 5];
  }
  return v;
}

static const int64_t sizes[] = {0, 1, 2, 3, 255, 256, 257, 2047, 2048, 2049, 4095, 4096, 4097,
                                32769, 49153, 65535, 65537, 100003};

/* Segment flags: random (about one in 3 set), none, all, only the first,
** only the last, random sparse (about one in 1000), every 5000th from 17
** (segments longer than a tile of 16 or 1 elements a work-item), every
** other, chosen by variant v. */
static struct data_value make_flags(int64_t n, int v, uint64_t seed)
{
  struct data_value f;
  struct ps_err e;
  unsigned char *x;
  assert_int_equal(data_value_init(&f, DATA_BOOL, 1, &n, &e), 0);
  x = f.elems;
  for (int64_t i = 0; i < n; i++) {
    uint64_t h = (uint64_t)i * 0x9e3779b97f4a7c15u + seed * 0xbf58476d1ce4e5b9u;
    h ^= h >> 31;
    x[i] = v == 0 ? h % 3 == 0 : v == 1 ? 0 : v == 2 ? 1 : v == 3 ? i == 0 : v == 4 ? i == n - 1
         : v == 5 ? h % 1000 == 0 : v == 6 ? i % 5000 == 17 : i % 2 == 1;
  }
  return f;
}

/* Every entry of the family, every size, pattern and type: opencl = c and
** multicore = c (3 workers; from 32769 elements on, the input is cut into 2
** or 3 parts, so carries cross part boundaries). */
static void backends_agree(void **state)
{
  static const enum data_type types[] = {DATA_I32, DATA_U32};
  (void)state;
  for (const struct entry *en = cost_entries; en->name != NULL; en++) {
    for (int ti = 0; ti < 2; ti++) {
      if (!(en->types & (1u << types[ti])))
        continue;
      for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (int p = 0; p < NPATTERNS; p++) {
          struct data_value in[2], ref, got;
          struct ps_err e = {{0}};
          if (!harness_grid((size_t)ti + si, (size_t)p, NPATTERNS))
            continue; /* fast: the patterns rotate over the sizes and types */
          in[0] = make(types[ti], sizes[si], (enum pattern)p, si * 10 + (uint64_t)p);
          in[1] = en->vinputs ? make_flags(sizes[si], (int)(si + (size_t)p) % 6, si)
                                  : make(types[ti], sizes[si], RANDOM, si * 10 + (uint64_t)p + 1000);
          ref = harness_run(en->name, BACKEND_C, in, en->nin, 1);
          for (int b = BACKEND_OPENCL; b < BACKEND_COUNT; b++) {
            got = harness_run(en->name, (enum backend)b, in, en->nin, 2);
            if (entry_compare(&ref, &got, 1, &e) != 0)
              fail_msg("%s on %s, %s, n=%lld, pattern %d: %s", en->name, backend_name((enum backend)b),
                       types[ti] == DATA_I32 ? "i32" : "u32", (long long)sizes[si], p, e.msg);
            data_value_free(&got);
          }
          data_value_free(&ref);
          data_value_free(&in[0]);
          data_value_free(&in[1]);
        }
      }
    }
  }
}

static int32_t *vals(struct data_value *v) { return v->elems; }

/* The c backend against hand-computed results (the lecture's examples). */
static void reference_by_hand(void **state)
{
  int64_t n = 6, two = 2;
  struct data_value in[2], out;
  struct ps_err e;
  static const int32_t x[6] = {3, -1, 4, -1, 5, 4};
  (void)state;
  assert_int_equal(data_value_init(&in[0], DATA_I32, 1, &n, &e), 0);
  memcpy(in[0].elems, x, sizeof x);
  out = harness_run("reduce", BACKEND_C, in, 1, 1);
  assert_int_equal(vals(&out)[0], 14);
  data_value_free(&out);
  out = harness_run("argmax", BACKEND_C, in, 1, 1);
  assert_int_equal(*(int64_t *)out.elems, 4);
  data_value_free(&out);
  out = harness_run("scan", BACKEND_C, in, 1, 1);
  assert_memory_equal(out.elems, ((int32_t[]){3, 2, 6, 5, 10, 14}), 24);
  data_value_free(&out);
  out = harness_run("scan_blelloch", BACKEND_C, in, 1, 1);
  assert_memory_equal(out.elems, ((int32_t[]){0, 3, 2, 6, 5, 10}), 24);
  data_value_free(&out);
  out = harness_run("scan_max", BACKEND_C, in, 1, 1);
  assert_memory_equal(out.elems, ((int32_t[]){3, 3, 4, 4, 5, 5}), 24);
  data_value_free(&out);
  { /* max-scan of negatives: the identity is the smallest i32, not 0 */
    int64_t four = 4;
    struct data_value neg;
    assert_int_equal(data_value_init(&neg, DATA_I32, 1, &four, &e), 0);
    memcpy(neg.elems, ((int32_t[]){-5, -7, -2, -9}), 16);
    for (int b = 0; b < BACKEND_COUNT; b++) {
      out = harness_run("scan_max", (enum backend)b, &neg, 1, 1);
      assert_memory_equal(out.elems, ((int32_t[]){-5, -5, -2, -2}), 16);
      data_value_free(&out);
    }
    data_value_free(&neg);
  }
  out = harness_run("filter", BACKEND_C, in, 1, 1);
  assert_int_equal(out.shape[0], 4);
  assert_memory_equal(out.elems, ((int32_t[]){3, 4, 5, 4}), 16);
  data_value_free(&out);
  /* reduce_by_index: indices [1, 300, 1, -2, 255, 0] ignore 300 and -2 */
  assert_int_equal(data_value_init(&in[1], DATA_I32, 1, &n, &e), 0);
  memcpy(in[0].elems, ((int32_t[]){1, 300, 1, -2, 255, 0}), 24);
  memcpy(in[1].elems, ((int32_t[]){10, 20, 30, 40, 50, 60}), 24);
  out = harness_run("reduce_by_index", BACKEND_C, in, 2, 1);
  assert_int_equal(vals(&out)[0], 60);
  assert_int_equal(vals(&out)[1], 40);
  assert_int_equal(vals(&out)[255], 50);
  assert_int_equal(vals(&out)[2], 0);
  data_value_free(&out);
  /* the lecture's segmented scan and reduce: flags start segments */
  {
    int64_t five = 5;
    struct data_value sv[2];
    assert_int_equal(data_value_init(&sv[0], DATA_I32, 1, &five, &e), 0);
    assert_int_equal(data_value_init(&sv[1], DATA_BOOL, 1, &five, &e), 0);
    memcpy(sv[0].elems, ((int32_t[]){1, 2, 3, 4, 5}), 20);
    memcpy(sv[1].elems, ((unsigned char[]){1, 0, 1, 0, 0}), 5);
    out = harness_run("segmented_scan", BACKEND_C, sv, 2, 1);
    assert_memory_equal(out.elems, ((int32_t[]){1, 3, 3, 7, 12}), 20);
    data_value_free(&out);
    memcpy(sv[1].elems, ((unsigned char[]){0, 0, 1, 0, 1}), 5); /* index 0 starts one anyway */
    out = harness_run("segmented_reduce", BACKEND_C, sv, 2, 1);
    assert_int_equal(out.shape[0], 3);
    assert_memory_equal(out.elems, ((int32_t[]){3, 7, 5}), 12);
    data_value_free(&out);
    data_value_free(&sv[0]);
    data_value_free(&sv[1]);
  }
  /* wrap-around: INT_MAX + 1 */
  data_value_free(&in[0]);
  assert_int_equal(data_value_init(&in[0], DATA_I32, 1, &two, &e), 0);
  memcpy(in[0].elems, ((int32_t[]){INT32_MAX, 1}), 8);
  out = harness_run("red", BACKEND_C, in, 1, 1);
  assert_int_equal(vals(&out)[0], INT32_MIN);
  data_value_free(&out);
  data_value_free(&in[0]);
  data_value_free(&in[1]);
}

/* The look-back scan over 245 tiles, 50 launches on the same buffers (the
** epochs), then compared: a race would show as a wrong prefix somewhere. */
static void lookback_stress(void **state)
{
  struct data_value in = make(DATA_I32, 1000003, RANDOM, 99), ref, refx, got;
  struct ps_err e = {{0}};
  (void)state;
  ref = harness_run("scan", BACKEND_C, &in, 1, 1);
  refx = harness_run("scan_exclusive", BACKEND_C, &in, 1, 1);
  for (int rep = 0; rep < 4; rep++) {
    got = harness_run(rep % 2 ? "scan_exclusive" : "scan", BACKEND_OPENCL, &in, 1, 50);
    if (entry_compare(rep % 2 ? &refx : &ref, &got, 1, &e) != 0)
      fail_msg("look-back %s, repetition %d: %s", rep % 2 ? "scan_exclusive" : "scan", rep, e.msg);
    data_value_free(&got);
  }
  data_value_free(&refx);
  got = harness_run("filter", BACKEND_OPENCL, &in, 1, 50);
  data_value_free(&ref);
  ref = harness_run("filter", BACKEND_C, &in, 1, 1);
  if (entry_compare(&ref, &got, 1, &e) != 0)
    fail_msg("filter after 50 launches: %s", e.msg);
  data_value_free(&ref);
  data_value_free(&got);
  data_value_free(&in);
}


/* Every entry run three times on the same buffers, its output and count
** poisoned before each run (PSEARCH_TEST_POISON): a run after the first
** must write its whole result again. Without the poison the run before
** leaves the same result there, so a launch that writes nothing the second
** time (reduce's last group found by a ticket that ignores its epoch, say)
** would pass. Sizes 0, 1, 257 and 100003 (more than one group and tile);
** then reduce launched 40 times, each checked, and 40 times in one job. */
static void reruns_write_everything(void **state)
{
  static const int64_t rsizes[] = {0, 1, 257, 100003};
  (void)state;
  if (!hook_built())
    skip(); /* a build without the test hooks (meson -Dtest_hooks) */
  setenv("PSEARCH_TEST_POISON", "1", 1);
  for (const struct entry *en = cost_entries; en->name != NULL; en++) {
    for (size_t si = 0; si < sizeof rsizes / sizeof rsizes[0]; si++) {
      struct data_value in[2], ref, got;
      struct ps_err e = {{0}};
      in[0] = make(DATA_I32, rsizes[si], RANDOM, si + 500);
      in[1] = en->vinputs ? make_flags(rsizes[si], 0, si) : make(DATA_I32, rsizes[si], SMALL, si + 600);
      ref = harness_run(en->name, BACKEND_C, in, en->nin, 1);
      got = harness_run(en->name, BACKEND_OPENCL, in, en->nin, 3);
      if (entry_compare(&ref, &got, 1, &e) != 0)
        fail_msg("%s, n=%lld, third run on poisoned buffers: %s", en->name, (long long)rsizes[si], e.msg);
      data_value_free(&got);
      data_value_free(&ref);
      data_value_free(&in[0]);
      data_value_free(&in[1]);
    }
  }
  /* reduce's last group against the other groups' partials: 40 checked launches of 245 groups (on a GPU, a
  ** partial that the last group read before it was written would show here), then 40 launches of one job
  ** (epochs 1 to 40 of its ticket), the last checked */
  {
    struct data_value in = make(DATA_I32, 1000003, RANDOM, 77), ref = harness_run("reduce", BACKEND_C, &in, 1, 1), got;
    struct ps_err e = {{0}};
    for (int rep = 0; rep <= 40; rep++) {
      got = harness_run("reduce", BACKEND_OPENCL, &in, 1, rep < 40 ? 1 : 40);
      if (entry_compare(&ref, &got, 1, &e) != 0)
        fail_msg("reduce, %s on poisoned partials: %s", rep < 40 ? "one launch" : "the 40th launch of a job", e.msg);
      data_value_free(&got);
    }
    data_value_free(&ref);
    data_value_free(&in);
  }
  unsetenv("PSEARCH_TEST_POISON");
}

/* The tile shapes NVIDIA's devices get (cost.c: items_nv, ballot), on any
** device through tuning parameters: the filter by warp votes (prelude.cl's
** ballot emulated without NVIDIA's PTX) with 16 and 32 elements per
** work-item, and the scans with 32; and tiles of one element per work-item,
** where 100003 elements make 391 tiles, more than rts_spine scans at once;
** and tiles by group id rather than by ticket (cost_gid, as on NVIDIA); and
** the filter's 64-bit prefixes and count, which it takes past 2^32 - 1
** elements (cost_wide), in both forms.
** Every size and pattern against c, and scan_rts on 1000003 elements (16
** rounds of the spine); then the filter by votes 50 times on the same buffers
** (the epochs). */
static void tile_shapes(void **state)
{
  static const struct {
    const char *tune, *names[3];
  } shapes[] = {{"cost_ballot=1,cost_items=16", {"filter", NULL, NULL}},
                {"cost_ballot=1,cost_items=32", {"filter", "scan", "scan_exclusive"}},
                {"cost_items=1", {"scan_rts", "segmented_reduce", NULL}},
                {"cost_gid=1", {"scan", "filter", "segmented_reduce"}},
                {"cost_wide=1", {"filter", NULL, NULL}},
                {"cost_wide=1,cost_ballot=1,cost_items=4", {"filter", NULL, NULL}}};
  struct data_value big = make(DATA_I32, 1000003, RANDOM, 7), ref, got;
  struct ps_err e = {{0}};
  (void)state;
  for (size_t t = 0; t < sizeof shapes / sizeof shapes[0]; t++) {
    harness_tune(shapes[t].tune);
    for (size_t k = 0; k < 3 && shapes[t].names[k] != NULL; k++)
      for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int p = 0; p < NPATTERNS; p++) {
          const char *name = shapes[t].names[k];
          if (!harness_grid(k + si, (size_t)p, NPATTERNS))
            continue; /* fast: the patterns rotate over the sizes */
          int flagged = strcmp(name, "segmented_reduce") == 0;
          struct data_value in[2];
          in[0] = make(DATA_I32, sizes[si], (enum pattern)p, si * 10 + (uint64_t)p + 500);
          in[1] = flagged ? make_flags(sizes[si], p, si) : in[0];
          ref = harness_run(name, BACKEND_C, in, 1 + flagged, 1);
          got = harness_run(name, BACKEND_OPENCL, in, 1 + flagged, 2);
          if (entry_compare(&ref, &got, 1, &e) != 0)
            fail_msg("%s (%s), n=%lld, pattern %d: %s", name, shapes[t].tune, (long long)sizes[si], p, e.msg);
          data_value_free(&ref);
          data_value_free(&got);
          if (flagged)
            data_value_free(&in[1]);
          data_value_free(&in[0]);
        }
  }
  /* 1000003 elements in tiles of 256: rts_spine's carry over 16 rounds */
  harness_tune("cost_items=1");
  ref = harness_run("scan_rts", BACKEND_C, &big, 1, 1);
  got = harness_run("scan_rts", BACKEND_OPENCL, &big, 1, 1);
  if (entry_compare(&ref, &got, 1, &e) != 0)
    fail_msg("scan_rts (cost_items=1) on 1000003: %s", e.msg);
  data_value_free(&ref);
  data_value_free(&got);
  harness_tune("cost_ballot=1");
  ref = harness_run("filter", BACKEND_C, &big, 1, 1);
  got = harness_run("filter", BACKEND_OPENCL, &big, 1, 50);
  harness_tune("");
  if (entry_compare(&ref, &got, 1, &e) != 0)
    fail_msg("filter by votes after 50 launches: %s", e.msg);
  data_value_free(&ref);
  data_value_free(&got);
  data_value_free(&big);
}

/* segmented_reduce's kernels (cost_seg_compact 0 to 3) against c: tiles of
** 16 (the default), 1, 3 (not a power of two) and 32 elements a work-item,
** by ticket and by group id; sizes at the edges of work-items, groups and
** tiles; every flag variant of make_flags on every size, the value
** patterns and types rotating over them. Then, poisoned (where the test
** hooks are built), three runs on the same buffers, and for the default
** tiles 50 launches over 245 (the banks of look-back words alternate by
** launch). */
static void segmented_reduce_forms(void **state)
{
  static const char *const forms[] = {"cost_seg_compact=0", "cost_seg_compact=0,cost_items=32", "", "cost_seg_compact=1",
                                      "cost_seg_compact=1,cost_items=1",
                                      "cost_seg_compact=1,cost_items=3", "cost_seg_compact=1,cost_items=32",
                                      "cost_seg_compact=1,cost_gid=1", "cost_seg_compact=2",
                                      "cost_seg_compact=2,cost_items=1", "cost_seg_compact=2,cost_items=32",
                                      "cost_seg_compact=3,cost_items=3",
                                      "cost_seg_compact=3,cost_items=32"};
  static const int64_t ssizes[] = {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 255, 256, 257, 767, 768, 769, 1000,
                                   4095, 4096, 4097, 8191, 8192, 8193, 12289, 65535, 65536, 65537, 100003};
  static const enum data_type types[] = {DATA_I32, DATA_U32};
  (void)state;
  for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
    harness_tune(forms[f]);
    for (size_t si = 0; si < sizeof ssizes / sizeof ssizes[0]; si++)
      for (int v = 0; v < 8; v++) {
        size_t r = f + si + (size_t)v; /* fast: the patterns and types rotate */
        for (int p = 0; p < NPATTERNS; p++) {
          struct data_value in[2], ref, got;
          struct ps_err e = {{0}};
          enum data_type t = types[(r / NPATTERNS) % 2];
          if (!harness_grid(r, (size_t)p, NPATTERNS))
            continue;
          in[0] = make(t, ssizes[si], (enum pattern)p, si * 8 + (uint64_t)v);
          in[1] = make_flags(ssizes[si], v, si + f);
          ref = harness_run("segmented_reduce", BACKEND_C, in, 2, 1);
          got = harness_run("segmented_reduce", BACKEND_OPENCL, in, 2, 2);
          if (entry_compare(&ref, &got, 1, &e) != 0)
            fail_msg("segmented_reduce (%s), %s, n=%lld, flags %d, pattern %d: %s", forms[f],
                     t == DATA_I32 ? "i32" : "u32", (long long)ssizes[si], v, p, e.msg);
          data_value_free(&ref);
          data_value_free(&got);
          data_value_free(&in[0]);
          data_value_free(&in[1]);
        }
      }
  }
  for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
    static const int64_t psizes[] = {1, 257, 100003, 1000003};
    harness_tune(forms[f]);
    if (hook_built())
      setenv("PSEARCH_TEST_POISON", "1", 1);
    for (size_t si = 0; si < sizeof psizes / sizeof psizes[0]; si++) {
      struct data_value in[2], ref, got;
      struct ps_err e = {{0}};
      int runs = psizes[si] > 100003 ? 50 : 3;
      if (runs == 50 && strstr(forms[f], "cost_items") != NULL)
        continue; /* fast: the 50 launches with the default tiles only */
      in[0] = make(DATA_I32, psizes[si], RANDOM, si + 900);
      in[1] = make_flags(psizes[si], si == 3 ? 5 : (int)f % 8, si);
      ref = harness_run("segmented_reduce", BACKEND_C, in, 2, 1);
      got = harness_run("segmented_reduce", BACKEND_OPENCL, in, 2, runs);
      if (entry_compare(&ref, &got, 1, &e) != 0)
        fail_msg("segmented_reduce (%s), n=%lld, after %d runs: %s", forms[f], (long long)psizes[si], runs, e.msg);
      data_value_free(&ref);
      data_value_free(&got);
      data_value_free(&in[0]);
      data_value_free(&in[1]);
    }
    unsetenv("PSEARCH_TEST_POISON");
  }
}

/* The look-back's forms (cost_walkers; cl/scan.cl: tile_prefix, seg_reduce_prefix)
** against c: one work-item's walk (the default, 1), the window of 32, of 2 and
** 3 (several rounds a look-back; 3 not a power of two) and of the whole
** group (256) with tiles of 1 element a work-item (256), the first three with
** tiles of 16 (4096); scan, filter (the tile scan and by votes),
** segmented_scan and segmented_reduce (both kernels) at 0, 1, 2, a tile - 1,
** a tile, a tile + 1, a size that is
** no multiple of the group, and many tiles (391 of 256, 25 of 4096), two
** launches each (the epochs; segmented_reduce's banks). Then, where the test
** hooks are built, tiles of 256 again with PSEARCH_TEST_LOOKBACK_COUNTS:
** every look-back folds aggregates back to tile 0, each round of a window
** full, which timing seldom gives. */
static void lookback_windows(void **state)
{
  static const char *const walkers[] = {"", "cost_walkers=32", "cost_walkers=2", "cost_walkers=3",
                                        "cost_walkers=256"};
  static const struct {
    const char *name, *tune;
  } ops[] = {{"scan", ""}, {"filter", ""}, {"filter", ",cost_ballot=1"}, {"segmented_scan", ""},
             {"segmented_reduce", ""}, {"segmented_reduce", ",cost_seg_compact=0"}};
  static const int64_t items[] = {1, 16}, wsizes[] = {0, 1, 2, -1, 0, 1, 1000, 100003}; /* -1..1: a tile's */
  (void)state;
  for (int hook = 0; hook < 2; hook++) {
    if (hook && !hook_built())
      break; /* a build without the test hooks (meson -Dtest_hooks) */
    if (hook)
      setenv("PSEARCH_TEST_LOOKBACK_COUNTS", "1", 1);
    for (size_t it = 0; it < (hook ? 1u : 2u); it++)
      for (size_t w = 0; w < (it ? 3u : sizeof walkers / sizeof walkers[0]); w++) /* tiles of 16: the first 3 */
        for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
          char tune[128];
          int flagged = strncmp(ops[o].name, "segmented", 9) == 0;
          snprintf(tune, sizeof tune, "cost_items=%lld%s%s%s", (long long)items[it], *walkers[w] ? "," : "",
                   walkers[w], ops[o].tune);
          harness_tune(tune);
          for (size_t si = 0; si < sizeof wsizes / sizeof wsizes[0]; si++) {
            int64_t n = si >= 3 && si <= 5 ? 256 * items[it] + wsizes[si] : wsizes[si];
            int p = (int)((w + o + si + it) % NPATTERNS);
            struct data_value in[2], ref, got;
            struct ps_err e = {{0}};
            in[0] = make(DATA_I32, n, (enum pattern)p, si * 10 + w + 700);
            in[1] = flagged ? make_flags(n, (int)(w + o + si) % 8, si + w) : in[0];
            ref = harness_run(ops[o].name, BACKEND_C, in, 1 + flagged, 1);
            got = harness_run(ops[o].name, BACKEND_OPENCL, in, 1 + flagged, 2);
            if (entry_compare(&ref, &got, 1, &e) != 0)
              fail_msg("%s (%s%s), n=%lld, pattern %d: %s", ops[o].name, tune,
                       hook ? ", PSEARCH_TEST_LOOKBACK_COUNTS" : "", (long long)n, p, e.msg);
            data_value_free(&ref);
            data_value_free(&got);
            if (flagged)
              data_value_free(&in[1]);
            data_value_free(&in[0]);
          }
        }
  }
  unsetenv("PSEARCH_TEST_LOOKBACK_COUNTS");
  harness_tune("");
}

/* The multicore backend on pools of 1, 2, 4, 5 and 7 workers: every entry
** at a size that gives each worker a part of its own, against c. */
static void multicore_any_threads(void **state)
{
  static const int threads[] = {1, 2, 4, 5, 7};
  (void)state;
  for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
    struct ps_err e = {{0}};
    struct pool *p = pool_open(threads[k], &e);
    struct target t = {BACKEND_MULTICORE, NULL, p, NULL};
    assert_non_null(p);
    for (const struct entry *en = cost_entries; en->name != NULL; en++) {
      int64_t n = 7 * 16384 + 5;
      struct data_value in[2], ref;
      struct entry_job j;
      in[0] = make(DATA_I32, n, SMALL, k);
      in[1] = en->vinputs ? make_flags(n, 0, k) : make(DATA_I32, n, RANDOM, k + 100);
      ref = harness_run(en->name, BACKEND_C, in, en->nin, 1);
      j = entry_job_init(en, &t, in, en->nin);
      if (entry_run_once(&j, &e) != 0 || entry_compare(&ref, &j.out[0], 1, &e) != 0)
        fail_msg("%s on %d workers: %s", en->name, threads[k], e.msg);
      entry_release(&j);
      data_value_free(&ref);
      data_value_free(&in[0]);
      data_value_free(&in[1]);
    }
    pool_close(p);
  }
}

int main(int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    HARNESS_TEST(reference_by_hand),
    HARNESS_TEST(backends_agree),
    HARNESS_TEST(lookback_stress),
    HARNESS_TEST(reruns_write_everything),
    HARNESS_TEST(tile_shapes),
    HARNESS_TEST(segmented_reduce_forms),
    HARNESS_TEST(lookback_windows),
    HARNESS_TEST(multicore_any_threads),
  };
  return harness_main(argc, argv, tests, sizeof tests / sizeof tests[0], 1);
}
