/*
** test_shard.c: `--shard I/N` and `auto` (Slurm's array variables with any
** minimum and step, a Kubernetes Indexed Job's index), and the assignment:
** hand-worked longest-first cases, ties, and on random costs that every
** case lands in exactly one part, the same one each time.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void parse_spellings(void **state)
{
  struct shard_spec sp = {0, 0, NULL};
  struct ps_err e = {{0}};
  (void)state;
  assert_int_equal(shard_parse("2/3", &sp, &e), 0);
  assert_int_equal(sp.index, 2);
  assert_int_equal(sp.count, 3);
  assert_string_equal(sp.from, "option");
  assert_int_equal(shard_parse("1/1", &sp, &e), 0);
  const char *bad[] = {"0/3", "4/3", "3", "a/b", "1/0", "1/5000", "-1/3", "1/3x", "/3", "1/", ""};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    assert_int_equal(shard_parse(bad[i], &sp, &e), -1);
    assert_non_null(strstr(e.msg, "--shard"));
  }
  shard_parse("0/3", &sp, &e);
  assert_non_null(strstr(e.msg, "count from 1"));
}

/* A fake environment: NAME=VALUE strings, NULL-terminated. */
static const char *const *fake_env;

static const char *fake_get(const char *name)
{
  size_t n = strlen(name);
  for (const char *const *v = fake_env; *v; v++)
    if (strncmp(*v, name, n) == 0 && (*v)[n] == '=')
      return *v + n + 1;
  return NULL;
}

static int from(const char *const *env, struct shard_spec *sp, struct ps_err *e)
{
  fake_env = env;
  return shard_from_env(fake_get, sp, e);
}

static void from_environment(void **state)
{
  struct shard_spec sp = {0, 0, NULL};
  struct ps_err e = {{0}};
  (void)state;
  /* --array=0-2: ids 0, 1, 2 */
  for (int id = 0; id < 3; id++) {
    char v[32];
    snprintf(v, sizeof v, "SLURM_ARRAY_TASK_ID=%d", id);
    assert_int_equal(from((const char *const[]){v, "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=2",
                                                "SLURM_ARRAY_TASK_COUNT=3", NULL}, &sp, &e), 0);
    assert_int_equal(sp.index, id + 1);
    assert_int_equal(sp.count, 3);
    assert_string_equal(sp.from, "SLURM_ARRAY_TASK_ID");
  }
  /* --array=5-7: id 7 is the third of three, not the eighth */
  assert_int_equal(from((const char *const[]){"SLURM_ARRAY_TASK_ID=7", "SLURM_ARRAY_TASK_MIN=5",
                                              "SLURM_ARRAY_TASK_COUNT=3", NULL}, &sp, &e), 0);
  assert_int_equal(sp.index, 3);
  /* --array=1-7:3 (ids 1, 4, 7), no COUNT: from MIN, MAX and STEP */
  assert_int_equal(from((const char *const[]){"SLURM_ARRAY_TASK_ID=4", "SLURM_ARRAY_TASK_MIN=1",
                                              "SLURM_ARRAY_TASK_MAX=7", "SLURM_ARRAY_TASK_STEP=3", NULL},
                        &sp, &e), 0);
  assert_int_equal(sp.index, 2);
  assert_int_equal(sp.count, 3);
  /* an id off the steps, a missing count, a bad number */
  assert_int_equal(from((const char *const[]){"SLURM_ARRAY_TASK_ID=5", "SLURM_ARRAY_TASK_MIN=1",
                                              "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_STEP=3", NULL},
                        &sp, &e), -1);
  assert_non_null(strstr(e.msg, "task 5"));
  assert_int_equal(from((const char *const[]){"SLURM_ARRAY_TASK_ID=1", NULL}, &sp, &e), -1);
  assert_non_null(strstr(e.msg, "SLURM_ARRAY_TASK_COUNT"));
  assert_int_equal(from((const char *const[]){"SLURM_ARRAY_TASK_ID=x", "SLURM_ARRAY_TASK_COUNT=2", NULL},
                        &sp, &e), -1);
  assert_non_null(strstr(e.msg, "SLURM_ARRAY_TASK_ID='x'"));
  /* Kubernetes: a 0-based index and the count psearch is told */
  assert_int_equal(from((const char *const[]){"JOB_COMPLETION_INDEX=1", "PSEARCH_SHARD_COUNT=4", NULL},
                        &sp, &e), 0);
  assert_int_equal(sp.index, 2);
  assert_int_equal(sp.count, 4);
  assert_string_equal(sp.from, "JOB_COMPLETION_INDEX");
  assert_int_equal(from((const char *const[]){"JOB_COMPLETION_INDEX=4", "PSEARCH_SHARD_COUNT=4", NULL},
                        &sp, &e), -1);
  assert_int_equal(from((const char *const[]){"JOB_COMPLETION_INDEX=0", NULL}, &sp, &e), -1);
  assert_non_null(strstr(e.msg, "PSEARCH_SHARD_COUNT"));
  assert_int_equal(from((const char *const[]){NULL}, &sp, &e), -1);
  assert_non_null(strstr(e.msg, "neither"));
}

static void assign_by_hand(void **state)
{
  int bin[8];
  (void)state;
  /* 5 -> 0; 4 -> 1; 3 -> 1 (4 < 5); 3 -> 0 (5 < 7); 3 -> 1 (7 < 8) */
  assert_int_equal(shard_assign((const double[]){5, 4, 3, 3, 3}, 5, 2, bin), 0);
  assert_memory_equal(bin, ((const int[]){0, 1, 1, 0, 1}), 5 * sizeof *bin);
  /* the costly one alone; the rest beside it */
  assert_int_equal(shard_assign((const double[]){1, 1, 10, 1}, 4, 2, bin), 0);
  assert_memory_equal(bin, ((const int[]){1, 1, 0, 1}), 4 * sizeof *bin);
  /* equal costs: in case order onto the parts in turn */
  assert_int_equal(shard_assign((const double[]){2, 2, 2, 2, 2, 2, 2}, 7, 3, bin), 0);
  assert_memory_equal(bin, ((const int[]){0, 1, 2, 0, 1, 2, 0}), 7 * sizeof *bin);
  /* more parts than cases: the later parts are empty */
  assert_int_equal(shard_assign((const double[]){1, 2}, 2, 5, bin), 0);
  assert_memory_equal(bin, ((const int[]){1, 0}), 2 * sizeof *bin);
  assert_int_equal(shard_assign(NULL, 0, 3, bin), 0);
  assert_int_equal(shard_assign((const double[]){1, -1}, 2, 2, bin), -1);
  assert_int_equal(shard_assign((const double[]){1}, 1, 0, bin), -1);
}

/* Random costs: every case in one part in [0, nbins), the same parts when
** assigned again, and no part more than the largest case above the mean. */
static void assign_random(void **state)
{
  enum { N = 200 };
  double cost[N], load[17];
  int bin[N], again[N];
  unsigned x = 12345;
  (void)state;
  for (int nb = 1; nb <= 17; nb++) {
    double sum = 0, big = 0;
    memset(load, 0, sizeof load);
    for (int k = 0; k < N; k++) {
      x = x * 1103515245u + 12345u;
      cost[k] = (double)(x >> 16 & 1023) / 7.0;
      sum += cost[k];
      big = cost[k] > big ? cost[k] : big;
    }
    assert_int_equal(shard_assign(cost, N, nb, bin), 0);
    assert_int_equal(shard_assign(cost, N, nb, again), 0);
    assert_memory_equal(bin, again, sizeof bin);
    for (int k = 0; k < N; k++) {
      assert_true(bin[k] >= 0 && bin[k] < nb);
      load[bin[k]] += cost[k];
    }
    for (int b = 0; b < nb; b++)
      assert_true(load[b] <= sum / nb + big);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(parse_spellings), cmocka_unit_test(from_environment),
    cmocka_unit_test(assign_by_hand), cmocka_unit_test(assign_random),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
