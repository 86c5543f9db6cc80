/* harness.c: see harness.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "harness.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

struct rt *harness_rt;
struct pool *harness_pool;
struct tune harness_tuning;

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
