/*
** test_engine.c: the OpenCL runtime and the engine's entries on PoCL:
** opencl results equal the c reference on edge sizes and every integer type;
** device selection; the kernel cache (hit, corruption, rebuild, a blob copied
** to another key's name); the dataset cache's shape check; error paths;
** profiled runs (fills timed, spans).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cache.h"
#include "entry.h"
#include "gen.h"
#include "devinfo.h"
#include "hook.h"
#include "lookback.h"
#include "input.h"
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static struct rt *open_default(void)
{
  struct rt_select sel = {NULL, NULL, NULL};
  struct ps_err e = {{0}};
  struct rt *rt = rt_open(&sel, &e);
  if (rt == NULL)
    fail_msg("rt_open: %s", e.msg);
  return rt;
}

/* Run entry on input v on target t; the outputs go to out (caller frees). */
static void run_entry(const struct entry *en, const struct target *t, const struct data_value *v,
                      struct data_value *out)
{
  enum backend b = t->backend;
  struct entry_job j = entry_job_init(en, t, v, 1);
  struct ps_err e = {{0}};
  if (entry_prepare(&j, &e) != 0 || entry_run(&j, &e) != 0 || entry_run(&j, &e) != 0 ||
      entry_sync(&j, &e) != 0 || entry_result(&j, &e) != 0)
    fail_msg("%s on %s: %s", en->name, backend_name(b), e.msg);
  assert_int_equal(j.nout, 1);
  *out = j.out[0];
  j.nout = 0; /* keep the output */
  entry_release(&j);
}

static void backends_agree(const char *name, const enum data_type *types, int ntypes,
                           const int64_t *sizes, int nsizes)
{
  struct ps_err pe = {{0}};
  struct target c = {BACKEND_C, NULL, NULL, NULL}, cl = {BACKEND_OPENCL, open_default(), NULL, NULL},
                mc = {BACKEND_MULTICORE, NULL, pool_open(3, &pe), NULL}; /* 3: uneven shares */
  const struct target *others[] = {&cl, &mc};
  const struct entry *en = registry_find(name);
  struct gen_bounds b;
  assert_non_null(en);
  assert_non_null(mc.pool);
  gen_bounds_default(&b);
  for (int ti = 0; ti < ntypes; ti++) {
    for (int si = 0; si < nsizes; si++) {
      struct data_value v, ref, got;
      struct ps_err e = {{0}};
      assert_int_equal(data_value_init(&v, types[ti], 1, &sizes[si], &e), 0);
      assert_int_equal(gen_fill(&v, (uint64_t)si, &b, 0, 2, &e), 0);
      if (sizes[si] > 4) { /* duplicates and the type's extremes */
        size_t sz = data_type_size(types[ti]);
        memset((char *)v.elems, 0xff, sz);
        memset((char *)v.elems + sz, 0x00, sz);
        memcpy((char *)v.elems + 2 * sz, (char *)v.elems + 3 * sz, sz);
      }
      run_entry(en, &c, &v, &ref);
      for (int k = 0; k < 2; k++) {
        run_entry(en, others[k], &v, &got);
        if (entry_compare(&ref, &got, 1, &e) != 0)
          fail_msg("%s on %s, %s n=%lld: %s", name, backend_name(others[k]->backend),
                   data_type_name(types[ti]), (long long)sizes[si], e.msg);
        data_value_free(&got);
      }
      data_value_free(&v);
      data_value_free(&ref);
    }
  }
  rt_close(cl.rt);
  pool_close(mc.pool);
}

static const enum data_type int_types[] = {DATA_I8, DATA_I16, DATA_I32, DATA_I64,
                                           DATA_U8, DATA_U16, DATA_U32, DATA_U64};
static const int64_t edge_sizes[] = {0, 1, 2, 3, 255, 256, 257, 1023, 1024, 1025, 65535, 65536, 65537};

static void copy_agrees(void **state)
{
  static const enum data_type all[] = {DATA_I8, DATA_I16, DATA_I32, DATA_I64, DATA_U8, DATA_U16,
                                       DATA_U32, DATA_U64, DATA_F16, DATA_F32, DATA_F64, DATA_BOOL};
  static const int64_t big[] = {1000000};
  (void)state;
  backends_agree("bench_copy", all, 12, edge_sizes, 13);
  backends_agree("bench_copy", int_types + 2, 1, big, 1);
}

static void sorted_agrees(void **state)
{
  static const int64_t big[] = {1000000};
  (void)state;
  backends_agree("sorted", int_types, 8, edge_sizes, 13);
  backends_agree("sorted", int_types + 2, 1, big, 1);
}

static void compare_reports_first_mismatch(void **state)
{
  struct data_value a, b;
  struct ps_err e = {{0}};
  int64_t n = 5;
  (void)state;
  assert_int_equal(data_value_init(&a, DATA_I32, 1, &n, &e), 0);
  assert_int_equal(data_value_init(&b, DATA_I32, 1, &n, &e), 0);
  ((int32_t *)b.elems)[3] = 42;
  assert_int_equal(entry_compare(&a, &b, 1, &e), -1);
  assert_non_null(strstr(e.msg, "index [3]: expected 0i32, got 42i32"));
  data_value_free(&b);
  n = 4;
  assert_int_equal(data_value_init(&b, DATA_I32, 1, &n, &e), 0);
  assert_int_equal(entry_compare(&a, &b, 1, &e), -1);
  assert_non_null(strstr(e.msg, "expected [5]i32, got [4]i32"));
  data_value_free(&a);
  data_value_free(&b);
}

static void check_inputs_message(void **state)
{
  struct data_value v;
  struct ps_err e = {{0}};
  int64_t n = 3;
  (void)state;
  assert_int_equal(data_value_init(&v, DATA_F32, 1, &n, &e), 0);
  assert_int_equal(entry_check_inputs(registry_find("reduce"), &v, 1, &e), -1);
  assert_non_null(strstr(e.msg, "Expected input of types: []i32 | []u32"));
  assert_non_null(strstr(e.msg, "Provided input of types: [3]f32"));
  assert_int_equal(entry_check_inputs(registry_find("bench_copy"), &v, 1, &e), 0);
  assert_int_equal(entry_check_inputs(registry_find("bench_copy"), &v, 0, &e), -1);
  data_value_free(&v);
}

/* Inputs of two types, t and v: radix_sort_pairs' keys and values each of its
** own, a value type it does not take named with its input's position; the
** flags of segmented_scan (v: bool alone); two inputs of t that differ. */
static void check_inputs_two_types(void **state)
{
  static const struct { const char *entry; enum data_type a, b; const char *why; } cases[] = {
    {"radix_sort_pairs", DATA_I64, DATA_I32, NULL},
    {"radix_sort_pairs", DATA_U8, DATA_F64, NULL},
    {"radix_sort_pairs", DATA_F32, DATA_F32, NULL},
    {"radix_sort_pairs", DATA_I64, DATA_BOOL, "Input #1 is [3]bool: v takes i32 | i64 | u32 | u64 | f32 | f64"},
    {"radix_sort_pairs", DATA_I64, DATA_U16, "Input #1 is [3]u16: v takes i32 | i64 | u32 | u64 | f32 | f64"},
    {"segmented_scan", DATA_I32, DATA_BOOL, NULL},
    {"segmented_scan", DATA_I32, DATA_I32, "Input #1 is [3]i32: expected []bool"},
    {"segmented_scan", DATA_F32, DATA_BOOL, "Input #0 is [3]f32: t takes i32 | u32"},
    {"binary_search", DATA_I32, DATA_I64, "Input #1 is [3]i64, but input #0, of the same type t, is [3]i32"},
  };
  struct ps_err e = {{0}};
  int64_t n = 3;
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct data_value v[2];
    assert_int_equal(data_value_init(&v[0], cases[i].a, 1, &n, &e), 0);
    assert_int_equal(data_value_init(&v[1], cases[i].b, 1, &n, &e), 0);
    e.msg[0] = '\0';
    if (entry_check_inputs(registry_find(cases[i].entry), v, 2, &e) != (cases[i].why ? -1 : 0) ||
        (cases[i].why && strstr(e.msg, cases[i].why) == NULL))
      fail_msg("%s (%s, %s): %s", cases[i].entry, data_type_name(cases[i].a), data_type_name(cases[i].b), e.msg);
    data_value_free(&v[0]);
    data_value_free(&v[1]);
  }
  assert_int_equal(entry_input_types(registry_find("radix_sort_pairs"), 0), (1u << DATA_NTYPES) - 1);
  assert_int_equal(entry_input_types(registry_find("segmented_scan"), 1), 1u << DATA_BOOL);
}

/* A [n]t value's shape alone (no elements): what the host's size checks see. */
static struct data_value shape_only(enum data_type t, int64_t n)
{
  struct data_value v;
  memset(&v, 0, sizeof v);
  v.type = t;
  v.rank = 1;
  v.shape[0] = n;
  return v;
}

/* The host's sizes and limits at 2^31 - 1, 2^31 and 2^32 + 1 elements, with
** no device and no elements: bytes of an input, an entry's max_n
** (entry_fits: radix_sort takes 2^38 - 1, radix_sort_1bit and argsort 2^32 - 1,
** segmented_reduce_scan 2^32, scan any),
** and when a look-back's ticket (32-bit, below 2^31) must be cleared. */
static void sizes_past_2g(void **state)
{
  static const int64_t ns[] = {((int64_t)1 << 31) - 1, (int64_t)1 << 31, ((int64_t)1 << 32) + 1};
  struct ps_err e = {{0}};
  struct lookback lb;
  (void)state;
  for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
    struct data_value v = shape_only(DATA_I32, ns[k]), f = shape_only(DATA_BOOL, ns[k]), vf[2] = {v, f};
    int past = ns[k] > (int64_t)UINT32_MAX;
    assert_true(entry_value_bytes(&v) == (size_t)ns[k] * 4);
    assert_int_equal(entry_fits(registry_find("scan"), &v, 1, &e), 0);
    assert_int_equal(entry_fits(registry_find("filter"), &v, 1, &e), 0);
    assert_int_equal(entry_fits(registry_find("radix_sort"), &v, 1, &e), 0);
    assert_int_equal(entry_fits(registry_find("radix_sort_1bit"), &v, 1, &e), -past);
    assert_int_equal(entry_fits(registry_find("filter_scan"), &v, 1, &e), -past);
    assert_int_equal(entry_fits(registry_find("segmented_reduce_scan"), vf, 2, &e), -past);
    assert_int_equal(entry_check_inputs(registry_find("argsort"), &v, 1, &e), -past);
    if (past) /* the bound, why, and the input's length */
      assert_non_null(strstr(e.msg, "argsort takes at most 4294967295 elements an input (2^32 - 1: "));
  }
  assert_int_equal(entry_fits(registry_find("segmented_reduce_scan"),
                              (struct data_value[]){shape_only(DATA_I32, (int64_t)1 << 32), shape_only(DATA_BOOL, (int64_t)1 << 32)},
                              2, &e), 0);
  { /* radix_sort's bound, 2^38 - 1 (the look-back words' counts) */
    struct data_value top = shape_only(DATA_U8, ((int64_t)1 << 38) - 1), over = shape_only(DATA_U8, (int64_t)1 << 38);
    assert_int_equal(entry_fits(registry_find("radix_sort"), &top, 1, &e), 0);
    assert_int_equal(entry_fits(registry_find("radix_sort"), &over, 1, &e), -1);
  }
  memset(&lb, 0, sizeof lb);
  lb.tiles = (1u << 31) - 1; /* one launch's tickets fit below 2^31, not two */
  assert_int_equal(lookback_due(&lb), 0);
  lb.epoch = 1;
  assert_int_equal(lookback_due(&lb), 1);
  lb.tiles = (1u << 31) + 1; /* 2 launches: 2^32 + 2 tickets, which 32 bits would wrap to 2 */
  assert_int_equal(lookback_due(&lb), 1);
  lb.epoch = 0;
  lb.tiles = 1u << 31;
  assert_int_equal(lookback_due(&lb), 1);
  lb.tiles = 1;
  lb.epoch = LOOKBACK_EPOCHS - 2;
  assert_int_equal(lookback_due(&lb), 0);
  lb.epoch = LOOKBACK_EPOCHS - 1;
  assert_int_equal(lookback_due(&lb), 1);
}

static void selection(void **state)
{
  struct ps_err e = {{0}};
  struct rt_device_info *devs;
  int n;
  (void)state;
  assert_int_equal(devinfo_list(&devs, &n, &e), 0);
  assert_true(n >= 1);
  {
    struct rt_select by_index = {"0", "0", NULL}, by_type = {NULL, NULL, "cpu"};
    struct rt_select by_name = {NULL, devs[0].name + 2, NULL}; /* a substring */
    struct rt *rt;
    rt = rt_open(&by_index, &e);
    assert_non_null(rt);
    assert_string_equal(rt_info(rt)->name, devs[0].name);
    rt_close(rt);
    rt = rt_open(&by_name, &e);
    assert_non_null(rt);
    rt_close(rt);
    rt = rt_open(&by_type, &e);
    if (devs[0].is_cpu)
      assert_non_null(rt);
    rt_close(rt);
  }
  {
    struct rt_select none = {NULL, "no-such-device-xyz", NULL}, gpu_idx = {"0", "99", NULL};
    assert_null(rt_open(&none, &e));
    assert_non_null(strstr(e.msg, "no OpenCL device matches"));
    assert_null(rt_open(&gpu_idx, &e));
  }
  free(devs);
}

static void kernel_cache(void **state)
{
  char dir[] = "/tmp/psearch-cache-XXXXXX", cmd[256];
  struct ps_err e = {{0}};
  struct rt *rt;
  (void)state;
  assert_non_null(mkdtemp(dir));
  setenv("XDG_CACHE_HOME", dir, 1);
  unsetenv("PSEARCH_NO_CACHE");
  rt = open_default();
  assert_non_null(rt_kernel(rt, "copy.cl", "copy", "-DN=1", &e));
  assert_int_equal(rt_last_from_cache(rt), 0); /* compiled */
  rt_close(rt);
  rt = open_default();
  assert_non_null(rt_kernel(rt, "copy.cl", "copy", "-DN=1", &e));
  assert_int_equal(rt_last_from_cache(rt), 1); /* second run: from the cache */
  rt_close(rt);
  /* corrupt every cached program: flip bytes in the middle */
  snprintf(cmd, sizeof cmd,
           "for f in %s/psearch/kernels/*.bin; do printf 'XXXX' | dd of=$f bs=1 seek=40 conv=notrunc 2>/dev/null; done",
           dir);
  assert_int_equal(system(cmd), 0);
  rt = open_default();
  assert_non_null(rt_kernel(rt, "copy.cl", "copy", "-DN=1", &e));
  assert_int_equal(rt_last_from_cache(rt), 0); /* detected and rebuilt */
  rt_close(rt);
  rt = open_default();
  assert_non_null(rt_kernel(rt, "copy.cl", "copy", "-DN=1", &e));
  assert_int_equal(rt_last_from_cache(rt), 1); /* and the rebuilt entry is good */
  rt_close(rt);
  /* truncate it: also detected */
  snprintf(cmd, sizeof cmd, "for f in %s/psearch/kernels/*.bin; do truncate -s 30 $f; done", dir);
  assert_int_equal(system(cmd), 0);
  rt = open_default();
  assert_non_null(rt_kernel(rt, "copy.cl", "copy", "-DN=1", &e));
  assert_int_equal(rt_last_from_cache(rt), 0);
  rt_close(rt);
  /* a blob copied to another key's name (N=1's binary as N=2's) is refused:
  ** each blob is bound to the key that named it */
  snprintf(cmd, sizeof cmd, "cp %s/psearch/kernels/*.bin %s/one.bin", dir, dir);
  assert_int_equal(system(cmd), 0);
  rt = open_default();
  assert_non_null(rt_kernel(rt, "copy.cl", "copy", "-DN=2", &e));
  assert_int_equal(rt_last_from_cache(rt), 0);
  rt_close(rt);
  snprintf(cmd, sizeof cmd, "for f in %s/psearch/kernels/*.bin; do cmp -s $f %s/one.bin || cp %s/one.bin $f; done",
           dir, dir, dir);
  assert_int_equal(system(cmd), 0);
  rt = open_default();
  assert_non_null(rt_kernel(rt, "copy.cl", "copy", "-DN=2", &e));
  assert_int_equal(rt_last_from_cache(rt), 0); /* rebuilt, not N=1's program */
  rt_close(rt);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

/* A dataset cache entry whose values are not what its case makes (here a
** [10]i32 stored under the key of [1000]i32, as a bug, an older generator or
** a writer holding the secret could leave) is a miss: made afresh. */
static void dataset_cache_shape(void **state)
{
  char dir[] = "/tmp/psearch-cache-XXXXXX", cmd[256], name[64] = "", sname[] = "s", spec[] = "[1000]i32";
  struct suite_case c = {sname, {NULL}, 0, 1, 1, 0, NULL, spec, 1, 0};
  struct data_value in[INPUT_MAX], forged = {DATA_I32, 1, {10}, NULL};
  struct cache_entry ce;
  struct ps_err e = {{0}};
  unsigned long long key;
  uint64_t digest;
  FILE *p;
  (void)state;
  assert_non_null(mkdtemp(dir));
  setenv("XDG_CACHE_HOME", dir, 1);
  assert_int_equal(input_load_case(&c, 1, in, &digest, &e), 1); /* made and stored */
  data_value_free(&in[0]);
  snprintf(cmd, sizeof cmd, "ls %s/psearch/data | grep '\\.in$'", dir);
  assert_non_null(p = popen(cmd, "r"));
  assert_non_null(fgets(name, sizeof name, p));
  pclose(p);
  assert_int_equal(sscanf(name, "%16llx.in", &key), 1);
  assert_int_equal(data_value_init(&forged, DATA_I32, 1, (int64_t[]){10}, &e), 0);
  assert_int_equal(cache_entry(CACHE_DATA, key, ".in", &ce), 0);
  assert_int_equal(cache_store(&ce, &forged, 1, &e), 0);
  data_value_free(&forged);
  assert_int_equal(input_load_case(&c, 1, in, &digest, &e), 1);
  assert_int_equal(in[0].rank, 1);
  assert_int_equal(in[0].shape[0], 1000); /* not the forged [10] */
  data_value_free(&in[0]);
  assert_int_equal(input_load_case(&c, 1, in, &digest, &e), 1); /* and the entry was rewritten */
  assert_int_equal(in[0].shape[0], 1000);
  data_value_free(&in[0]);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

static void pause_ms(long ms)
{
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* Profiled runs: fills are timed beside kernels (no launch), and a run's
** span runs from its first command's start to its last one's end, gaps
** included: a 30 ms pause between two commands is in the span, not in the
** sum of their times. */
static void profiled_span(void **state)
{
  struct ps_err e = {{0}};
  struct rt *rt = open_default();
  struct rt_kernel_time kt[4];
  struct rt_kernel_totals tot;
  uint64_t total, span;
  cl_ulong bytes = 4096;
  cl_mem a, b;
  cl_kernel k;
  int n, copy = -1, fill = -1;
  (void)state;
  a = rt_alloc(rt, bytes, &e);
  b = rt_alloc(rt, bytes, &e);
  k = rt_kernel(rt, "copy.cl", "copy", "", &e);
  assert_non_null(a);
  assert_non_null(b);
  assert_non_null(k);
  assert_int_equal(RT_ARGS(rt, k, &e, RT_ARG(a), RT_ARG(b), RT_ARG(bytes)), 0);
  /* once unprofiled: a device that compiles at the first launch does it here */
  assert_int_equal(rt_launch(rt, k, bytes / 16 + 1, 0, &e), 0);
  assert_int_equal(rt_finish(rt, &e), 0);
  rt_set_profiling(rt, 1);
  assert_int_equal(rt_zero(rt, a, 0, bytes, &e), 0);
  assert_int_equal(rt_finish(rt, &e), 0);
  pause_ms(30);
  assert_int_equal(rt_launch(rt, k, bytes / 16 + 1, 0, &e), 0);
  assert_int_equal(rt_finish(rt, &e), 0);
  rt_end_run(rt);
  pause_ms(200); /* between runs: in no span */
  assert_int_equal(rt_launch(rt, k, bytes / 16 + 1, 0, &e), 0);
  assert_int_equal(rt_finish(rt, &e), 0);
  rt_set_profiling(rt, 0);
  n = rt_take_kernel_times(rt, kt, 4, &tot);
  total = tot.ns;
  span = tot.span_ns;
  assert_int_equal(n, 2);
  assert_true(tot.launches == 2); /* the fill is no launch */
  for (int i = 0; i < n; i++) {
    if (strcmp(kt[i].name, "copy") == 0)
      copy = i;
    if (strcmp(kt[i].name, "clEnqueueFillBuffer") == 0)
      fill = i;
  }
  assert_true(copy >= 0 && fill >= 0);
  assert_true(kt[copy].is_kernel && kt[copy].launches == 2);
  assert_true(!kt[fill].is_kernel && kt[fill].launches == 1);
  assert_true(total == kt[copy].ns + kt[fill].ns);
  assert_true(total < 25000000u);
  assert_true(span >= 30000000u && span < 200000000u); /* the first run's pause, not the one after */
  rt_release(rt, a);
  rt_release(rt, b);
  rt_close(rt);
}

static void kernel_errors(void **state)
{
  struct ps_err e = {{0}};
  struct rt *rt = open_default();
  (void)state;
  rt_set_cache(rt, 0);
  rt_set_kernel_dir(rt, "/no/such/dir");
  assert_null(rt_kernel(rt, "copy.cl", "copy", "", &e));
  assert_non_null(strstr(e.msg, "/no/such/dir/copy.cl"));
  rt_set_kernel_dir(rt, NULL);
  assert_null(rt_kernel(rt, "nosuch.cl", "copy", "", &e));
  assert_non_null(strstr(e.msg, "no embedded kernel source nosuch.cl"));
  /* a build failure names the call and the CL error */
  assert_null(rt_kernel(rt, "radix1.cl", "count", "-DU=not_a_type -DFLIP=0 -DWG=256", &e));
  assert_non_null(strstr(e.msg, "CL_BUILD_PROGRAM_FAILURE"));
  assert_null(rt_kernel(rt, "copy.cl", "no_such_kernel", "", &e));
  assert_non_null(strstr(e.msg, "CL_INVALID_KERNEL_NAME"));
  { /* build options too long to keep whole are refused, not cut */
    char opts[700];
    memset(opts, ' ', sizeof opts - 1);
    opts[sizeof opts - 1] = '\0';
    assert_null(rt_kernel(rt, "copy.cl", "copy", opts, &e));
    assert_non_null(strstr(e.msg, "copy.cl: build options longer than 639 bytes"));
    opts[600] = '\0'; /* 600 bytes are kept */
    assert_non_null(rt_kernel(rt, "copy.cl", "copy", opts, &e));
  }
  rt_close(rt);
}

/* A fill that ends past 2^31 words goes by 128-byte patterns with its
** unaligned ends written (NVIDIA's fill breaks the context past 2^31 copies
** of its pattern): PSEARCH_TEST_FILL_WORDS moves that line to 16 words, and
** every word of the buffer is either the fill's or the one around it. */
static void fill_past_words(void **state)
{
  static const size_t offsets[] = {0, 4, 64, 124, 128, 132, 1000}, sizes[] = {0, 4, 60, 124, 128, 132, 268, 2000};
  struct ps_err e = {{0}};
  struct rt *rt = open_default();
  cl_uint got[1024];
  cl_mem m = rt_alloc(rt, sizeof got, &e);
  (void)state;
  if (!hook_built())
    skip();
  assert_non_null(m);
  for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++)
    for (size_t j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
      size_t o = offsets[i], n = sizes[j];
      assert_int_equal(rt_fill(rt, m, 0, sizeof got, 0x11111111u, &e), 0);
      setenv("PSEARCH_TEST_FILL_WORDS", "16", 1);
      assert_int_equal(rt_fill(rt, m, o, n, 0xabcdef01u, &e), 0);
      unsetenv("PSEARCH_TEST_FILL_WORDS");
      assert_int_equal(rt_download(rt, m, got, sizeof got, &e), 0);
      for (size_t w = 0; w < 1024; w++)
        if (got[w] != (w * 4 >= o && w * 4 < o + n ? 0xabcdef01u : 0x11111111u))
          fail_msg("fill of %zu bytes at %zu: word %zu is %08x", n, o, w, got[w]);
    }
  rt_release(rt, m);
  rt_close(rt);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(copy_agrees),      cmocka_unit_test(sorted_agrees),
    cmocka_unit_test(compare_reports_first_mismatch), cmocka_unit_test(check_inputs_message),
    cmocka_unit_test(check_inputs_two_types),
    cmocka_unit_test(selection),        cmocka_unit_test(kernel_cache), cmocka_unit_test(dataset_cache_shape),
    cmocka_unit_test(kernel_errors),    cmocka_unit_test(profiled_span),
    cmocka_unit_test(fill_past_words),  cmocka_unit_test(sizes_past_2g),
  };
  setenv("PSEARCH_NO_CACHE", "1", 1); /* tests use a private cache where they need one */
  return cmocka_run_group_tests(tests, NULL, NULL);
}
