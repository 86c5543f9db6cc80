/*
** test_radix.c: the sorting family (radix_sort, radix_sort_1bit, sorted,
** argsort, radix_sort_pairs with every key type and every value type) on
** the opencl backend (PoCL in CI) and the multicore backend against the c
** backend, which is checked by hand first (IEEE total order of floats,
** signed order of integers); and psort, the multicore backend's engine,
** against sort_values directly on pools of 1, 2, 3 and 5 threads. Every
** element type; sizes at the edges of work-groups, tiles (4096 four-byte
** keys), the chunks work-groups own and psort's small-sort threshold, up to
** 10^6 + 3; data: random over the whole range, all equal, the type's
** extremes (min, max, 0, -1, +-0, +-inf, +-NaN, denormals), few distinct
** values, random bits (negative floats, NaN payloads), random bits with one
** middle key byte constant (a pass psort skips). Bitwise, -0 and +0 and
** NaNs of distinct payloads are distinct keys of the total order, so equal
** keys are equal bits and stability is not visible in the output; an LSD
** sort is correct only if every pass but the last is stable, which the
** random data checks (a pass that reorders equal digits fails them).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "entry.h"
#include "gen.h"
#include "harness.h"
#include "hook.h"
#include "psort.h"
#include "ptx.h"
#include "radix.h"
#include "registry.h"
#include "sort.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


enum pattern { RANDOM, EQUAL, EXTREMES, FEW, BITS, GAPS, NPATTERNS };

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

/* Random bits for element i (splitmix64); GAPS keeps key byte 1 at 0x5a. */
static uint64_t bits(enum pattern p, uint64_t seed, uint64_t i)
{
  uint64_t z = (seed + 1) * 0x9e3779b97f4a7c15u + i * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  z ^= z >> 31;
  return p == GAPS ? (z & ~(uint64_t)0xff00) | 0x5a00 : z;
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
    w = p == EQUAL ? 0x3c3c3c3c3c3c3c3c : p == EXTREMES ? extreme(t, (uint64_t)i)
        : p == FEW ? x[i * sz] % 5 : bits(p, seed, (uint64_t)i);
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

/* The types of the fast suite where a test's kernels are built for a
** shape of their own (the key transforms are radix_sort_agrees's): 1, 2, 4
** and 8 bytes, signed, unsigned and float. */
static int fast_type(enum data_type t)
{
  return t == DATA_U8 || t == DATA_I16 || t == DATA_I32 || t == DATA_F32 || t == DATA_F64;
}

/* Backends checked against the c backend (bit b: backend b). */
#define OTHERS ((1u << BACKEND_OPENCL) | (1u << BACKEND_MULTICORE))
#define MULTICORE (1u << BACKEND_MULTICORE)
#define CL (1u << BACKEND_OPENCL)

/* Fail unless got has ref's bits (entry_compare would call -0 and +0 or NaNs equal). */
static void same_bits(const struct data_value *ref, const struct data_value *got, const char *what)
{
  struct ps_err e = {{0}};
  if (entry_value_bytes(ref) > 0 && memcmp(ref->elems, got->elems, entry_value_bytes(ref)) != 0) {
    (void)entry_compare(ref, got, 1, &e);
    fail_msg("%s: results differ bitwise %s", what, e.msg);
  }
}

static void agree(const char *name, unsigned backends, enum data_type t, int64_t n, enum pattern p,
                  uint64_t seed)
{
  struct data_value in = make(t, n, p, seed), ref, got;
  char what[160];
  ref = harness_run(name, BACKEND_C, &in, 1, 2);
  for (int b = 1; b < BACKEND_COUNT; b++) {
    if (!(backends >> b & 1))
      continue;
    got = harness_run(name, (enum backend)b, &in, 1, 2);
    snprintf(what, sizeof what, "%s on %s, %s, n=%lld, pattern %d", name, backend_name((enum backend)b),
             data_type_name(t), (long long)n, (int)p);
    same_bits(&ref, &got, what);
    data_value_free(&got);
  }
  data_value_free(&ref);
  data_value_free(&in);
}

/* One run of radix_sort_pairs on backend b: both outputs, owned by the caller. */
static void pairs_run(enum backend b, const struct data_value in[2], struct data_value out[2])
{
  struct target t = {b, harness_rt, harness_pool, &harness_tuning};
  struct entry_job j = entry_job_init(registry_find("radix_sort_pairs"), &t, in, 2);
  struct ps_err e = {{0}};
  if (entry_run_once(&j, &e) != 0)
    fail_msg("radix_sort_pairs on %s, n=%lld: %s", backend_name(b), (long long)data_value_count(&in[0]), e.msg);
  assert_int_equal(j.nout, 2);
  out[0] = j.out[0];
  out[1] = j.out[1];
  j.nout = 0;
  entry_release(&j);
}

/* radix_sort_pairs' value types (v): every type of 4 and 8 bytes. */
static const enum data_type vtypes[] = {DATA_I32, DATA_U32, DATA_F32, DATA_I64, DATA_U64, DATA_F64};
#define NVTYPES (sizeof vtypes / sizeof vtypes[0])

/* radix_sort_pairs on OpenCL (and the multicore backend, where `backends`
** says so) against the c backend, on both outputs: n keys of type kt in
** pattern p, values of type vt of random bits (so that every byte of a value
** must arrive). */
static void pairs_agree_on(enum data_type kt, enum data_type vt, int64_t n, enum pattern p, uint64_t seed,
                           unsigned backends)
{
  struct data_value in[2], ref[2], got[2];
  char what[400], tuned[200];
  in[0] = make(kt, n, p, seed);
  in[1] = make(vt, n, BITS, seed + 500);
  pairs_run(BACKEND_C, in, ref);
  for (int b = 1; b < BACKEND_COUNT; b++) {
    if (!(backends >> b & 1))
      continue;
    pairs_run((enum backend)b, in, got);
    snprintf(what, sizeof what, "radix_sort_pairs on %s (%s), keys %s, values %s, n=%lld, pattern %d",
             backend_name((enum backend)b), tune_format(&harness_tuning, tuned, sizeof tuned), data_type_name(kt),
             data_type_name(vt), (long long)n, p);
    same_bits(&ref[0], &got[0], what);
    same_bits(&ref[1], &got[1], what);
    data_value_free(&got[0]);
    data_value_free(&got[1]);
  }
  for (int k = 0; k < 2; k++) {
    data_value_free(&ref[k]);
    data_value_free(&in[k]);
  }
}

/* radix_sort and sorted: every type and size, each with every pattern (the
** slow suite) or one (the fast suite: the patterns rotate over the sizes); a
** million at the end (the fast suite: on three types). */
static void radix_sort_agrees(void **state)
{
  (void)state;
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
      for (int p = 0; p < NPATTERNS; p++)
        if (harness_grid(ti + si, (size_t)p, NPATTERNS))
          agree("radix_sort", OTHERS, types[ti], sizes[si], (enum pattern)p, si * 10 + (uint64_t)p);
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    if (harness_grid(ti, 0, 4)) /* fast: i8, u8, f16 */
      agree("sorted", OTHERS, types[ti], 1000003, RANDOM, 5);
}

/* radix_sort's look-back when every walk sums counts back to tile 0
** (PSEARCH_TEST_LOOKBACK_COUNTS): the path that a device's timing rarely
** takes, where a tile before has published its counts but not yet its
** prefix. 4096 keys a tile: up to 245 tiles. Each in the look-back's
** shapes (tuning parameters): 64-bit words with epochs (the default without
** PTX), 32-bit words with tiles by group id and the offsets scanned by the
** first pass's first group (the default with PTX, below 2^30 keys), 4 and 16
** words read at once, tiles of 7 keys a work-item (with the ranks packed two
** to a word, sort_packed_ranks: the last word half used; os_hist one key a load; the
** scan's group the first ticket); os_hist in groups of 96 with loads of 2
** keys. */
static void lookback_over_counts(void **state)
{
  static const enum data_type lt[] = {DATA_I32, DATA_U8, DATA_F64};
  static const int64_t ls[] = {4097, 65537, 1000003};
  static const char *const tunes[] = {"", "sort_lb32=1,sort_gid=1,sort_scan_group=1",
                                      "sort_lookback_words=4,sort_items=7,sort_packed_ranks=1,sort_hist_vec=1,sort_scan_group=1",
                                      "sort_lb32=1,sort_lookback_words=16,sort_hist_vec=2,sort_hist_wg=96"};
  (void)state;
  if (!hook_built())
    skip(); /* a build without the test hooks (meson -Dtest_hooks) */
  setenv("PSEARCH_TEST_LOOKBACK_COUNTS", "1", 1);
  for (size_t k = 0; k < sizeof tunes / sizeof tunes[0]; k++) {
    harness_tune(tunes[k]);
    for (size_t ti = 0; ti < sizeof lt / sizeof lt[0]; ti++) /* fast: each shape on one type */
      for (size_t si = 0; si < sizeof ls / sizeof ls[0]; si++)
        if (harness_grid(k, ti, sizeof lt / sizeof lt[0]) && (harness_slow || si < 2 || k == 0))
          agree("radix_sort", 1u << BACKEND_OPENCL, lt[ti], ls[si], RANDOM, 40 + si);
  }
  unsetenv("PSEARCH_TEST_LOOKBACK_COUNTS");
  /* 32-bit words with inclusive prefixes past 2^16 (every key one digit) */
  harness_tune("sort_lb32=1");
  agree("radix_sort", 1u << BACKEND_OPENCL, DATA_I32, 1000003, EQUAL, 7);
  agree("radix_sort", 1u << BACKEND_OPENCL, DATA_U16, 1000003, FEW, 8);
  harness_tune("");
}

/* The sort's 64-bit counts (sort_wide, the default from 2^32 keys: the digit
** totals added by 64-bit atomics, each digit's offset summed from the totals
** below it, look-back words of 38-bit counts, the runs' places 64-bit) below
** 2^32 keys, where they must sort as the 32-bit ones do: the edge sizes on
** four types, the patterns rotating; `sorted`, argsort and radix_sort_pairs
** (8-byte values); with the scan's group and
** tiles by group id; every key one digit with every pass ranked
** (sort_skip_constant=0: a digit's look-back prefixes reach n); every walk
** summing counts back to tile 0 (PSEARCH_TEST_LOOKBACK_COUNTS). Whether they
** hold past 2^32 only a device with the memory shows (past_2_32). */
static void wide_counts(void **state)
{
  static const enum data_type wt[] = {DATA_U8, DATA_I32, DATA_F64, DATA_I16};
  static const int64_t ws[] = {0, 1, 2, 3, 255, 256, 257, 4095, 4096, 4097, 65537, 300007};
  (void)state;
  harness_tune("sort_wide=1");
  for (size_t ti = 0; ti < sizeof wt / sizeof wt[0]; ti++)
    for (size_t si = 0; si < sizeof ws / sizeof ws[0]; si++)
      for (int p = 0; p < NPATTERNS; p++)
        if (harness_grid(ti + si, (size_t)p, NPATTERNS))
          agree("radix_sort", CL, wt[ti], ws[si], (enum pattern)p, 80 + si * 10 + (uint64_t)p);
  agree("sorted", CL, DATA_U32, 100003, RANDOM, 91);
  agree("argsort", CL, DATA_I32, 100003, FEW, 97);
  pairs_agree_on(DATA_F32, DATA_U64, 65537, RANDOM, 98, CL);
  harness_tune("sort_wide=1,sort_gid=1,sort_scan_group=1");
  agree("radix_sort", CL, DATA_I32, 300007, RANDOM, 92);
  agree("radix_sort", CL, DATA_U16, 65537, FEW, 93);
  harness_tune("sort_wide=1,sort_skip_constant=0");
  agree("radix_sort", CL, DATA_I32, 300007, EQUAL, 94);
  if (hook_built()) {
    setenv("PSEARCH_TEST_LOOKBACK_COUNTS", "1", 1);
    harness_tune("sort_wide=1");
    agree("radix_sort", CL, DATA_I32, 300007, RANDOM, 95);
    agree("radix_sort", CL, DATA_U8, 65537, FEW, 96);
    unsetenv("PSEARCH_TEST_LOOKBACK_COUNTS");
  }
  harness_tune("");
}

/* radix_sort past 2^32 keys, where sort_wide is the default, on a GPU with
** the memory for it (skipped elsewhere: [2^32 + 2^28 + 3]u8 takes 14 GB of
** the device and as much of the host): keys mostly 0 and every 4099th one
** of 1..255, so that digit 0's total (over 2^32: more keys than 2^32 + 3
** would leave room for) and its late tiles' look-back prefixes, the other
** digits' offsets and the runs' places pass 2^32 (where a 32-bit count
** wraps, keys are lost or misplaced), against the c backend. */
static void past_2_32(void **state)
{
  const struct rt_device_info *info = rt_info(harness_rt);
  int64_t n = ((int64_t)1 << 32) + ((int64_t)1 << 28) + 3;
  struct data_value in, ref, got;
  struct ps_err e = {{0}};
  unsigned char *x;
  (void)state;
  if (!info->is_gpu || info->global_mem < ((uint64_t)20 << 30) || info->max_alloc < (uint64_t)n)
    skip();
  assert_int_equal(data_value_init(&in, DATA_U8, 1, &n, &e), 0);
  x = in.elems;
  memset(x, 0, (size_t)n);
  for (int64_t i = 0; i < n; i += 4099)
    x[i] = (unsigned char)(1 + (i / 4099) % 255);
  ref = harness_run("radix_sort", BACKEND_C, &in, 1, 1);
  got = harness_run("radix_sort", BACKEND_OPENCL, &in, 1, 2);
  same_bits(&ref, &got, "radix_sort on opencl, u8, n=2^32+2^28+3, keys mostly 0");
  data_value_free(&got);
  data_value_free(&ref);
  data_value_free(&in);
}

/* The 32-bit look-back words (each pass its own, cleared by os_hist) when
** every one is first made a ready prefix (PSEARCH_TEST_LOOKBACK_STALE), as a
** missing clear would leave it. A run that reads a word no tile of its own
** wrote goes wrong here; in a benchmark it would not, since every run sorts
** the same keys and the words the run before left are right: the run would
** only be too fast. With the scan's group the offsets are zeroed as well, so
** that tiles which did not wait for its flag (zeroed by os_hist) go wrong
** too; and each sort checks that the one before left the digit totals at 0.
** By ticket and by group id with the scan's group; keys only (of 1 to 8
** bytes) and argsort (values). */
static void stale_lookback_words(void **state)
{
  static const enum data_type st[] = {DATA_I32, DATA_U16, DATA_F64, DATA_I8};
  static const int64_t ss[] = {4097, 65537, 300007};
  static const char *const tunes[] = {"sort_lb32=1", "sort_lb32=1,sort_gid=1,sort_scan_group=1"};
  (void)state;
  if (!hook_built())
    skip(); /* a build without the test hooks (meson -Dtest_hooks) */
  setenv("PSEARCH_TEST_LOOKBACK_STALE", "1", 1);
  for (size_t k = 0; k < sizeof tunes / sizeof tunes[0]; k++) {
    harness_tune(tunes[k]);
    for (size_t ti = 0; ti < sizeof st / sizeof st[0]; ti++) /* fast: each shape on two types */
      for (size_t si = 0; si < sizeof ss / sizeof ss[0]; si++)
        if (harness_grid(k + ti / 2, ti % 2, 2))
          agree("radix_sort", 1u << BACKEND_OPENCL, st[ti], ss[si], RANDOM, 60 + si);
    agree("argsort", 1u << BACKEND_OPENCL, DATA_I32, 300007, RANDOM, 63);
  }
  harness_tune("");
  unsetenv("PSEARCH_TEST_LOOKBACK_STALE");
}

/* The ranking other GPUs get (peers by atomic OR on bit masks in local
** memory, tuning parameters sort_peers_or=1) and the GPUs' os_hist (loads of 4
** keys, 2 a work-item in flight, and the last n % 4 keys one at a time), on
** this device: radix_sort on every type, the edge
** sizes and every pattern; argsort and radix_sort_pairs with 8-byte values
** (the paths that carry values). */
static void peers_by_atomic_or(void **state)
{
  static const int64_t ps[] = {0, 1, 2, 3, 255, 256, 257, 4095, 4096, 4097, 65537};
  (void)state;
  harness_tune("sort_peers_or=1,sort_hist_vec=4,sort_hist_items=2");
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t si = 0; si < sizeof ps / sizeof ps[0]; si++)
      for (int p = 0; p < NPATTERNS; p++)
        if (harness_grid(ti + si, (size_t)p, NPATTERNS) && (harness_slow || fast_type(types[ti])))
          agree("radix_sort", 1u << BACKEND_OPENCL, types[ti], ps[si], (enum pattern)p, si * 10 + (uint64_t)p);
  agree("radix_sort", 1u << BACKEND_OPENCL, DATA_I32, 1000003, RANDOM, 12);
  agree("argsort", 1u << BACKEND_OPENCL, DATA_I32, 100003, FEW, 13);
  agree("argsort", 1u << BACKEND_OPENCL, DATA_F64, 100003, RANDOM, 14);
  pairs_agree_on(DATA_I16, DATA_U64, 100003, FEW, 16, CL);
  harness_tune("");
}

/* os_pass's launch bounds on NVIDIA (ptx.h): the build option read back, and
** `.minnctapersm` written after each entry's `.reqntid` line and nowhere else;
** binaries that are not PTX, or have no fixed group size, are left alone. */
static void ptx_launch_bounds(void **state)
{
  static const char ptx[] = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.5\n"
                            ".entry a(\n\t.param .u64 a_0\n)\n.reqntid 512, 1, 1\n{\n\tret;\n}\n"
                            ".entry b(\n)\n{\n\tret;\n}\n"
                            ".entry c(\n)\n.reqntid 256, 1, 1\n{\n\tret;\n}\n";
  static const char want[] = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.5\n"
                             ".entry a(\n\t.param .u64 a_0\n)\n.reqntid 512, 1, 1\n.minnctapersm 3\n{\n\tret;\n}\n"
                             ".entry b(\n)\n{\n\tret;\n}\n"
                             ".entry c(\n)\n.reqntid 256, 1, 1\n.minnctapersm 3\n{\n\tret;\n}\n";
  static const char nobound[] = "//\n.version 8.5\n.entry b(\n)\n{\n\tret;\n}\n";
  static const char elf[] = "\177ELF .entry .reqntid";
  static const struct { const char *opts; int rc; unsigned groups; } opts[] = {
    {"-DWG=512 -DITEMS=15", 0, 0}, {"-DWG=512 -DPS_MIN_GROUPS_PER_CU=2 -DNV_PTX", 1, 2},
    {"-DPS_MIN_GROUPS_PER_CU=1", 1, 1}, {"-DPS_MIN_GROUPS_PER_CU=32", 1, 32},
    {"-DPS_MIN_GROUPS_PER_CU=0", -1, 0}, {"-DPS_MIN_GROUPS_PER_CU=33", -1, 0},
    {"-DPS_MIN_GROUPS_PER_CU=2x", -1, 0}, {"-DPS_MIN_GROUPS_PER_CU= -DX", -1, 0},
    {"-DPS_MIN_GROUPS_PER_CU=-1", -1, 0},
  };
  char *out = NULL;
  size_t len = 0;
  (void)state;
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
    unsigned g = 0;
    int rc = ptx_bound_option(opts[i].opts, &g);
    if (rc != opts[i].rc || (rc == 1 && g != opts[i].groups))
      fail_msg("ptx_bound_option(\"%s\"): %d, %u; want %d, %u", opts[i].opts, rc, g, opts[i].rc, opts[i].groups);
  }
  /* the binary's text with its NUL, as NVIDIA's driver gives it */
  assert_int_equal(ptx_bound(ptx, sizeof ptx, 3, &out, &len), 1);
  assert_string_equal(out, want);
  assert_int_equal(len, sizeof want);
  free(out);
  assert_int_equal(ptx_bound(ptx, sizeof ptx - 1, 3, &out, &len), 1); /* and without */
  assert_string_equal(out, want);
  free(out);
  assert_int_equal(ptx_bound(nobound, sizeof nobound, 2, &out, &len), 0);
  assert_null(out);
  assert_int_equal(ptx_bound(elf, sizeof elf, 2, &out, &len), 0);
  assert_null(out);
}

/* os_pass in groups wider than one work-item per digit (tuning parameters
** sort_wg: the work-items past RADIX only rank and move keys): radix_sort on
** three types, the edge sizes around a group and a tile and two patterns,
** with 64- and 32-bit look-back words (the latter with the peers by atomic OR
** and the ranks packed, as on the H100, the first digit of each warp matched
** by a ballot); argsort and radix_sort_pairs with 8-byte values (the values). */
static void wide_groups(void **state)
{
  static const enum data_type wt[] = {DATA_I32, DATA_U8, DATA_F64};
  static const int64_t ws[] = {0, 1, 2, 3, 383, 384, 385, 3455, 3456, 3457, 65537};
  static const char *const tunes[] = {"sort_wg=384,sort_items=9",
                                      "sort_wg=512,sort_items=3,sort_lb32=1,sort_peers_or=1,sort_peers_hot=1,sort_packed_ranks=1"};
  (void)state;
  for (size_t k = 0; k < sizeof tunes / sizeof tunes[0]; k++) {
    harness_tune(tunes[k]);
    for (size_t ti = 0; ti < sizeof wt / sizeof wt[0]; ti++)
      for (size_t si = 0; si < sizeof ws / sizeof ws[0]; si++)
        for (int p = 0; p < 2; p++)
          if (harness_grid(ti + si, (size_t)p, 2) && (harness_slow || ti % 2 == k % 2))
            agree("radix_sort", 1u << BACKEND_OPENCL, wt[ti], ws[si], p ? FEW : RANDOM, si * 10 + (uint64_t)p);
    agree("argsort", 1u << BACKEND_OPENCL, DATA_I32, 100003, RANDOM, 15);
    pairs_agree_on(k ? DATA_F64 : DATA_I32, k ? DATA_U64 : DATA_I64, 100003, RANDOM, 17, CL);
  }
  harness_tune("");
}

/* argsort: the c reference by hand (ties keep their order; signed order and
** IEEE total order), then the OpenCL passes (the first makes the positions,
** the last writes them as i64) against it: every type, size and pattern; a
** million keys of one digit (inclusive prefixes past 2^16); the look-back's
** 32-bit words; 64-bit keys in tiles of 12. (The multicore backend runs the
** c reference's code: checked by hand only.) */
static void argsort_agrees(void **state)
{
  int64_t n = 7;
  struct data_value in, out;
  struct ps_err e;
  (void)state;
  assert_int_equal(data_value_init(&in, DATA_I32, 1, &n, &e), 0);
  memcpy(in.elems, ((int32_t[]){5, -1, INT32_MAX, 0, INT32_MIN, -1, 3}), 28);
  for (int b = 0; b < BACKEND_COUNT; b++) {
    out = harness_run("argsort", (enum backend)b, &in, 1, 2);
    assert_int_equal(out.type, DATA_I64);
    assert_memory_equal(out.elems, ((int64_t[]){4, 1, 5, 3, 6, 0, 2}), 56);
    data_value_free(&out);
  }
  data_value_free(&in);
  assert_int_equal(data_value_init(&in, DATA_F32, 1, &n, &e), 0);
  memcpy(in.elems, ((uint32_t[]){0x7fc00000u, 0x3f800000u, 0x80000000u, 0xff800000u, 0x00000000u, 0xffc00000u,
                                 0xbf800000u}), 28);
  out = harness_run("argsort", BACKEND_C, &in, 1, 2);
  assert_memory_equal(out.elems, ((int64_t[]){5, 3, 6, 2, 4, 1, 0}), 56);
  data_value_free(&out);
  data_value_free(&in);
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
      for (int p = 0; p < NPATTERNS; p++)
        if (harness_grid(ti + si, (size_t)p, NPATTERNS) && (harness_slow || fast_type(types[ti])))
          agree("argsort", CL, types[ti], sizes[si], (enum pattern)p, si * 10 + (uint64_t)p);
  agree("argsort", CL, DATA_I32, 1000003, EQUAL, 9);
  harness_tune("sort_lb32=1");
  agree("argsort", CL, DATA_U32, 300007, FEW, 10);
  agree("argsort", CL, DATA_F64, 300007, RANDOM, 11);
  harness_tune("");
}

/* radix_sort_pairs on every backend, by hand: keys and values as bytes
** (their types' sizes: sizeof keys / n, sizeof values / n) and what each
** must be after the sort. */
static void pairs_by_hand(enum data_type kt, enum data_type vt, int64_t n, const void *keys, const void *vals,
                          const void *want_keys, const void *want_vals)
{
  struct data_value in[2], got[2];
  struct ps_err e = {{0}};
  assert_int_equal(data_value_init(&in[0], kt, 1, &n, &e), 0);
  assert_int_equal(data_value_init(&in[1], vt, 1, &n, &e), 0);
  memcpy(in[0].elems, keys, entry_value_bytes(&in[0]));
  memcpy(in[1].elems, vals, entry_value_bytes(&in[1]));
  for (int b = 0; b < BACKEND_COUNT; b++) {
    pairs_run((enum backend)b, in, got);
    assert_int_equal(got[0].type, kt);
    assert_int_equal(got[1].type, vt);
    assert_memory_equal(got[0].elems, want_keys, entry_value_bytes(&in[0]));
    assert_memory_equal(got[1].elems, want_vals, entry_value_bytes(&in[1]));
    data_value_free(&got[0]);
    data_value_free(&got[1]);
  }
  data_value_free(&in[0]);
  data_value_free(&in[1]);
}

/* radix_sort_pairs by hand on every backend (equal keys keep their values'
** order): i32 keys and values; i64 keys at their extremes with u64 values
** whose high halves differ; f64 keys in IEEE total order (-NaN, -inf, -1,
** -0, +0, 1, NaN) with i32 values; then mismatched lengths refused. */
static void pairs_agree(void **state)
{
  static const uint64_t f64[7] = {0x7ff8000000000000u /* NaN */, 0x3ff0000000000000u /* 1 */,
                                  0x8000000000000000u /* -0 */, 0xfff0000000000000u /* -inf */, 0 /* +0 */,
                                  0xfff8000000000000u /* -NaN */, 0xbff0000000000000u /* -1 */};
  int64_t n = 5, four = 4;
  struct data_value in[2];
  struct ps_err e = {{0}};
  (void)state;
  pairs_by_hand(DATA_I32, DATA_I32, 5, (int32_t[]){3, -1, 3, 0, -1}, (int32_t[]){10, 11, 12, 13, 14},
                (int32_t[]){-1, -1, 0, 3, 3}, (int32_t[]){11, 14, 13, 10, 12});
  pairs_by_hand(DATA_I64, DATA_U64, 7, (int64_t[]){INT64_MAX, -1, INT64_MIN, 0, -1, INT64_MAX, 1},
                (uint64_t[]){0x8000000000000001u, 0x100000002u, 3, 0xffffffff00000004u, 5, UINT64_MAX, 7},
                (int64_t[]){INT64_MIN, -1, -1, 0, 1, INT64_MAX, INT64_MAX},
                (uint64_t[]){3, 0x100000002u, 5, 0xffffffff00000004u, 7, 0x8000000000000001u, UINT64_MAX});
  pairs_by_hand(DATA_F64, DATA_I32, 7, f64, (int32_t[]){0, 1, 2, 3, 4, 5, 6},
                (uint64_t[]){f64[5], f64[3], f64[6], f64[2], f64[4], f64[1], f64[0]}, (int32_t[]){5, 3, 6, 2, 4, 1, 0});
  assert_int_equal(data_value_init(&in[0], DATA_I32, 1, &n, &e), 0);
  assert_int_equal(data_value_init(&in[1], DATA_I64, 1, &four, &e), 0);
  for (int b = 0; b < BACKEND_COUNT; b++) {
    struct target t = {(enum backend)b, harness_rt, harness_pool, &harness_tuning};
    struct entry_job j = entry_job_init(registry_find("radix_sort_pairs"), &t, in, 2);
    assert_int_not_equal(entry_run_once(&j, &e), 0);
    assert_non_null(strstr(e.msg, "5 keys but 4 values"));
    entry_release(&j);
  }
  data_value_free(&in[0]);
  data_value_free(&in[1]);
}

/* radix_sort_pairs with every key type and every value type against the c
** backend (OpenCL and multicore): the edge sizes (around a work-group of 256
** and a tile of 4096, 0 to 3, past 2^16) and every pattern (duplicates, all
** equal, the extremes: INT64_MIN and MAX, -0 and +0, NaNs), the patterns
** rotating over the sizes in the fast suite (the sizes past 8193 there for
** one combination of types in four). */
static void pairs_every_type(void **state)
{
  (void)state;
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t vi = 0; vi < NVTYPES; vi++)
      for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int p = 0; p < NPATTERNS; p++)
          if (harness_grid(ti + vi + si, (size_t)p, NPATTERNS) &&
              (harness_slow || sizes[si] <= 8193 || (ti + vi) % 4 == si % 4))
            pairs_agree_on(types[ti], vtypes[vi], sizes[si], (enum pattern)p, ti * 1000 + si * 10 + (uint64_t)p,
                           OTHERS);
}

/* The values through the keys' local memory once the keys are written (each
** slot's digit kept, four to a register, for its value's place) and the ranks
** packed, and the offsets scanned by the first pass's first group
** (tuning parameters sort_vshare=1,sort_packed_ranks=1,sort_scan_group=1: the PTX path's default
** for keys of up to 4 bytes, here on any device and type): argsort on every
** type (with 1- and 2-byte keys the shared tile takes the values' size),
** radix_sort_pairs with values of 4 and 8 bytes (8-byte values beside keys of
** 4 and 8 bytes, and in the slow suite of 1: the shared tile the values' size
** or the keys'), the edge sizes, two patterns. */
static void values_share_tile(void **state)
{
  static const enum data_type pt[][2] = {{DATA_I32, DATA_I32}, {DATA_F32, DATA_I64}, {DATA_U8, DATA_F64},
                                         {DATA_I64, DATA_U64}, {DATA_F64, DATA_I32}};
  (void)state;
  harness_tune("sort_vshare=1,sort_packed_ranks=1,sort_scan_group=1");
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
    for (int p = 0; p < 2; p++) {
      if (!harness_grid(si, (size_t)p, 2))
        continue;
      for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) /* fast: u8, i16, i32, f64 */
        if (harness_slow || types[ti] == DATA_U8 || types[ti] == DATA_I16 || types[ti] == DATA_I32 ||
            types[ti] == DATA_F64)
          agree("argsort", CL, types[ti], sizes[si], p ? FEW : RANDOM, si * 10 + (uint64_t)p);
      for (size_t ti = 0; ti < sizeof pt / sizeof pt[0]; ti++)
        if (harness_grid(si, ti, sizeof pt / sizeof pt[0]) && (harness_slow || ti < 3))
          pairs_agree_on(pt[ti][0], pt[ti][1], sizes[si], p ? FEW : RANDOM, si * 10 + (uint64_t)p, CL);
    }
  agree("argsort", CL, DATA_I32, 1000003, EQUAL, 9);
  harness_tune("");
}

/* The one-bit sort: every type on the small sizes, 32-bit types up to 10^5. */
static void radix_sort_1bit_agrees(void **state)
{
  (void)state;
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t si = 0; si < 10; si++)
      for (int p = 0; p < NPATTERNS; p++)
        if (harness_grid(ti + si, (size_t)p, NPATTERNS) && harness_grid(ti, 0, 2))
          agree("radix_sort_1bit", OTHERS, types[ti], sizes[si], (enum pattern)p, si * 10 + (uint64_t)p);
  agree("radix_sort_1bit", OTHERS, DATA_I32, 100003, RANDOM, 3);
  agree("radix_sort_1bit", OTHERS, DATA_F32, 100003, EXTREMES, 3);
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
  for (int b = BACKEND_OPENCL; b < BACKEND_COUNT; b++) {
    out = harness_run("radix_sort", (enum backend)b, &in, 1, 2);
    assert_memory_equal(out.elems, f_sorted, sizeof f_sorted);
    data_value_free(&out);
  }
  data_value_free(&in);
  assert_int_equal(data_value_init(&in, DATA_I32, 1, &n, &e), 0);
  memcpy(in.elems, ((int32_t[]){5, -1, INT32_MAX, 0, INT32_MIN, -1, 3}), 28);
  for (int b = 0; b < BACKEND_COUNT; b++) {
    out = harness_run("radix_sort", (enum backend)b, &in, 1, 2);
    assert_memory_equal(out.elems, ((int32_t[]){INT32_MIN, -1, -1, 0, 3, 5, INT32_MAX}), 28);
    data_value_free(&out);
  }
  data_value_free(&in);
}



/* The multicore backend of every entry past psort's small-sort threshold,
** where the workers share the sort: every type and pattern. */
static void multicore_agrees(void **state)
{
  static const char *const names[] = {"sorted", "radix_sort", "radix_sort_1bit"};
  static const int64_t big[] = {(int64_t)PSORT_SMALL - 1, (int64_t)PSORT_SMALL, (int64_t)PSORT_SMALL + 1,
                                65537, 300007};
  (void)state;
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (size_t si = 0; si < sizeof big / sizeof big[0]; si++)
      for (int p = 0; p < NPATTERNS; p++)
        if (harness_grid(ti + si, (size_t)p, NPATTERNS / 2))
          agree(names[(ti + si + (size_t)p) % 3], MULTICORE, types[ti], big[si], (enum pattern)p,
                ti * 100 + si * 10 + (uint64_t)p);
}

/* psort_values on pools of 1, 2, 3 and 5 threads: sort_values's bits. */
static void psort_agrees(void **state)
{
  static const int threads[] = {1, 2, 3, 5};
  static const int64_t psizes[] = {0, 1, 2, 3, 255, 256, 257, (int64_t)PSORT_SMALL - 1, (int64_t)PSORT_SMALL,
                                   (int64_t)PSORT_SMALL + 1, 65535, 65536, 65537, 300007};
  (void)state;
  for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
    struct ps_err e = {{0}};
    struct pool *pool = pool_open(threads[k], &e);
    assert_non_null(pool);
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
      for (size_t si = 0; si < sizeof psizes / sizeof psizes[0]; si++)
        for (int p = 0; p < NPATTERNS; p++) {
          if (!harness_grid(k + ti + si, (size_t)p, NPATTERNS))
            continue;
          struct data_value got = make(types[ti], psizes[si], p, k * 1000 + si * 10 + (uint64_t)p), ref;
          size_t n = (size_t)psizes[si];
          char what[160];
          assert_int_equal(data_value_init(&ref, types[ti], 1, &psizes[si], &e), 0);
          if (n > 0)
            memcpy(ref.elems, got.elems, entry_value_bytes(&ref));
          assert_int_equal(sort_values(ref.elems, n, types[ti], 1, &e), 0);
          if (psort_values(pool, got.elems, n, types[ti], &e) != 0)
            fail_msg("psort_values: %s", e.msg);
          snprintf(what, sizeof what, "psort_values, %d threads, %s, n=%zu, pattern %d", threads[k],
                   data_type_name(types[ti]), n, p);
          same_bits(&ref, &got, what);
          data_value_free(&ref);
          data_value_free(&got);
        }
    pool_close(pool);
  }
}

/* The split staged a page at a time (sort.c, split_staged; a sort of 16 MiB
** or more takes it) against the direct split, at sizes below that where the
** staging is handed in: every type and pattern, pools of 1, 2 and 3 threads,
** buckets that fill their staging many times and ones that never do. */
static void staged_split_agrees(void **state)
{
  static const int threads[] = {1, 2, 3};
  static const int64_t ssizes[] = {2, 3, 257, 4097, 65537, 300007, 1048579};
  (void)state;
  for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
    struct ps_err e = {{0}};
    struct pool *pool = pool_open(threads[k], &e);
    void *stage = malloc((size_t)threads[k] * 256 * SORT_STAGE);
    assert_non_null(pool);
    assert_non_null(stage);
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++)
      for (size_t si = 0; si < sizeof ssizes / sizeof ssizes[0]; si++)
        for (int p = 0; p < NPATTERNS; p++) {
          if (!harness_grid(k + ti + si, (size_t)p, NPATTERNS / 2))
            continue;
          struct data_value in = make(types[ti], ssizes[si], p, 77 + k * 1000 + si * 10 + (uint64_t)p), ref, got,
                            tmp;
          size_t n = (size_t)ssizes[si];
          char what[160];
          assert_int_equal(data_value_init(&ref, types[ti], 1, &ssizes[si], &e), 0);
          assert_int_equal(data_value_init(&got, types[ti], 1, &ssizes[si], &e), 0);
          assert_int_equal(data_value_init(&tmp, types[ti], 1, &ssizes[si], &e), 0);
          memcpy(ref.elems, in.elems, entry_value_bytes(&ref));
          assert_int_equal(sort_values(ref.elems, n, types[ti], 1, &e), 0);
          if (sort_values_on(pool, in.elems, got.elems, n, types[ti], tmp.elems, stage, &e) != 0)
            fail_msg("sort_values_on: %s", e.msg);
          snprintf(what, sizeof what, "staged split, %d threads, %s, n=%zu, pattern %d", threads[k],
                   data_type_name(types[ti]), n, p);
          same_bits(&ref, &got, what);
          data_value_free(&in);
          data_value_free(&ref);
          data_value_free(&got);
          data_value_free(&tmp);
        }
    free(stage);
    pool_close(pool);
  }
}

/* One scratch for several sorts: out of place (the input only read), in
** place, fewer elements than it holds; more than it holds fails. */
static void psort_reuses_scratch(void **state)
{
  int64_t cap = 300007, fewer = 70001;
  struct ps_err e = {{0}};
  struct data_value in = make(DATA_F64, cap, BITS, 9), keep = make(DATA_F64, cap, BITS, 9), ref, out;
  struct psort *s = psort_open(harness_pool, (size_t)cap, DATA_F64, &e);
  (void)state;
  assert_non_null(s);
  assert_int_equal(data_value_init(&out, DATA_F64, 1, &cap, &e), 0);
  for (int r = 0; r < 2; r++) {
    ref = make(DATA_F64, r ? fewer : cap, BITS, 9);
    assert_int_equal(sort_values(ref.elems, (size_t)(r ? fewer : cap), DATA_F64, 1, &e), 0);
    assert_int_equal(psort_run(s, harness_pool, in.elems, out.elems, (size_t)(r ? fewer : cap), &e), 0);
    assert_memory_equal(in.elems, keep.elems, entry_value_bytes(&in));
    same_bits(&ref, &out, r ? "psort_run, fewer elements" : "psort_run, out of place");
    assert_int_equal(psort_run(s, harness_pool, keep.elems, keep.elems, (size_t)(r ? fewer : cap), &e), 0);
    same_bits(&ref, &keep, "psort_run, in place");
    memcpy(keep.elems, in.elems, entry_value_bytes(&in));
    data_value_free(&ref);
  }
  assert_int_equal(psort_run(s, harness_pool, in.elems, in.elems, (size_t)cap + 1, &e), -1);
  assert_non_null(strstr(e.msg, "scratch"));
  psort_close(s);
  psort_close(NULL);
  data_value_free(&out);
  data_value_free(&keep);
  data_value_free(&in);
}


int main(int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    HARNESS_TEST(reference_by_hand),
    HARNESS_TEST(radix_sort_agrees),
    HARNESS_TEST(lookback_over_counts),
    HARNESS_TEST(wide_counts),
    HARNESS_TEST(past_2_32),
    HARNESS_TEST(stale_lookback_words),
    HARNESS_TEST(peers_by_atomic_or),
    HARNESS_TEST(wide_groups),
    HARNESS_TEST(ptx_launch_bounds),
    HARNESS_TEST(radix_sort_1bit_agrees),
    HARNESS_TEST(argsort_agrees),
    HARNESS_TEST(pairs_agree),
    HARNESS_TEST(pairs_every_type),
    HARNESS_TEST(values_share_tile),
    HARNESS_TEST(multicore_agrees),
    HARNESS_TEST(psort_agrees),
    HARNESS_TEST(staged_split_agrees),
    HARNESS_TEST(psort_reuses_scratch),
  };
  return harness_main(argc, argv, tests, sizeof tests / sizeof tests[0], 1);
}
