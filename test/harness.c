/* harness.c: see harness.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "harness.h"
#include "gen.h"
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rt *harness_rt;
struct pool *harness_pool;
struct tune harness_tuning;
int harness_slow;

static uint64_t test_start;

int harness_grid(size_t i, size_t j, size_t stride) { return harness_slow || j == i % stride; }

int harness_before(void **state)
{
  (void)state;
  test_start = ps_now_ns();
  return 0;
}

int harness_after(void **state)
{
  static const char *const hooks[] = {"PSEARCH_TEST_LOOKBACK_COUNTS", "PSEARCH_TEST_LOOKBACK_STALE",
                                      "PSEARCH_TEST_POISON"};
  harness_tune("");
  for (size_t i = 0; i < sizeof hooks / sizeof hooks[0]; i++)
    unsetenv(hooks[i]);
  fprintf(stderr, "%s: %.1f s\n", *state != NULL ? (const char *)*state : "test",
          (double)(ps_now_ns() - test_start) / 1e9);
  return 0;
}

int harness_main(int argc, char **argv, const struct CMUnitTest *tests, size_t n, int device)
{
  if (argc > 1 && strcmp(argv[1], "slow") != 0 && strcmp(argv[1], "fast") != 0) {
    fprintf(stderr, "usage: %s [fast|slow [FILTER]]\n", argv[0]);
    return 2;
  }
  harness_slow = argc > 1 && strcmp(argv[1], "slow") == 0;
  if (argc > 2)
    cmocka_set_test_filter(argv[2]);
  return _cmocka_run_group_tests(argv[0], tests, n, device ? harness_setup : NULL,
                                 device ? harness_teardown : NULL);
}

void harness_tune(const char *spec)
{
  struct ps_err e = {{0}};
  memset(&harness_tuning, 0, sizeof harness_tuning);
  if (spec[0] != '\0' && tune_parse(&harness_tuning, spec, &e) != 0)
    fail_msg("harness_tune(\"%s\"): %s", spec, e.msg);
}

int harness_setup(void **state)
{
  struct rt_select sel = {NULL, NULL, NULL};
  struct ps_err e = {{0}};
  (void)state;
  harness_rt = rt_open(&sel, &e);
  if (harness_rt == NULL) {
    fprintf(stderr, "rt_open: %s\n", e.msg);
    return -1;
  }
  harness_pool = pool_open(HARNESS_THREADS, &e);
  if (harness_pool == NULL) {
    fprintf(stderr, "pool_open: %s\n", e.msg);
    return -1;
  }
  return 0;
}

int harness_teardown(void **state)
{
  (void)state;
  rt_close(harness_rt);
  harness_rt = NULL;
  pool_close(harness_pool);
  harness_pool = NULL;
  return 0;
}

struct data_value harness_run(const char *name, enum backend b, const struct data_value *in, int nin,
                              int runs)
{
  const struct entry *en = registry_find(name);
  struct entry_job j;
  struct ps_err e = {{0}};
  struct data_value out;
  struct target t = {b, harness_rt, harness_pool, &harness_tuning};
  int ok;
  assert_non_null(en);
  j = entry_job_init(en, &t, in, nin);
  ok = entry_prepare(&j, &e) == 0;
  for (int r = 0; ok && r < runs; r++)
    ok = entry_run(&j, &e) == 0;
  if (!ok || entry_sync(&j, &e) != 0 || entry_result(&j, &e) != 0)
    fail_msg("%s on %s, %s n=%lld: %s", name, backend_name(b), data_type_name(in[0].type),
             (long long)data_value_count(&in[0]), e.msg);
  out = j.out[0];
  j.nout = 0;
  entry_release(&j);
  return out;
}

int64_t harness_get(const struct data_value *v, int64_t i)
{
  size_t sz = data_type_size(v->type);
  uint64_t x = 0;
  memcpy(&x, (const char *)v->elems + (size_t)i * sz, sz);
  if (data_type_is_signed(v->type) && sz < 8)
    return (int64_t)(x << (64 - 8 * sz)) >> (64 - 8 * sz);
  return (int64_t)x;
}

struct data_value harness_sorted(enum data_type t, int64_t n, int dup, uint64_t seed)
{
  struct data_value v;
  struct gen_bounds b;
  struct ps_err e;
  gen_bounds_default(&b);
  if (dup) {
    if (data_type_is_signed(t)) {
      b.lo[t].i = -3;
      b.hi[t].i = 3;
    } else {
      b.lo[t].u = 0;
      b.hi[t].u = 5;
    }
  }
  assert_int_equal(data_value_init(&v, t, 1, &n, &e), 0);
  assert_int_equal(gen_fill(&v, seed, &b, 1, 1, &e), 0);
  return v;
}

void harness_set_extremes(struct data_value *xs)
{
  int64_t n = (int64_t)data_value_count(xs);
  size_t sz = data_type_size(xs->type);
  struct gen_bounds b;
  gen_bounds_default(&b);
  if (n < 2)
    return;
  if (data_type_is_signed(xs->type)) {
    memcpy(xs->elems, &b.lo[xs->type].i, sz);
    memcpy((char *)xs->elems + (size_t)(n - 1) * sz, &b.hi[xs->type].i, sz);
  } else {
    memset(xs->elems, 0, sz);
    memset((char *)xs->elems + (size_t)(n - 1) * sz, 0xff, sz);
  }
}
