/*
** test_measure.c: the measurement protocol (engine/measure.c) on a fake entry
** whose calls take prescribed times: the warm-up is thrown away, the initial
** phase does at least -r runs and the minimum time, max-runs caps it, the
** convergence phase stops converged, on its budget or at max-runs as the runs
** say, timeouts and the stop flag end it with futhark's messages, and the
** progress callback is called at most every MEASURE_PROGRESS_NS. Time is
** simulated (measure_params.clock_ns), so every count below is exact however
** loaded the host is.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "measure.h"
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <math.h>
#include <string.h>

/* The simulated clock (ns), and the fake entry: call k (0 the warm-up)
** advances it by us_of(k) microseconds. */
static uint64_t sim_ns = 1000000000u;
static uint64_t sim_clock(void) { return sim_ns; }
static double (*us_of)(uint64_t k);
static uint64_t calls;

static int fake_prepare(struct entry_job *j, struct ps_err *e) { (void)j; (void)e; return 0; }
static int fake_result(struct entry_job *j, struct ps_err *e) { (void)j; (void)e; return 0; }
static void fake_release(struct entry_job *j) { (void)j; }
static int fake_run(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  (void)e;
  sim_ns += (uint64_t)(us_of(calls++) * 1000);
  return 0;
}

static const struct entry fake = {.name = "fake", .desc = "", .nin = 0,
                                  .impl = {{fake_prepare, fake_run, fake_result, fake_release},
                                           {fake_prepare, fake_run, fake_result, fake_release}}};

static const struct target host = {BACKEND_C, NULL, NULL};

static double steady_20ms(uint64_t k) { return k == 0 ? 200000 : 20000; }
static double tiny(uint64_t k) { (void)k; return 2; }
static double sawtooth(uint64_t k) { return 100 + (double)(k % 100) * 10; } /* r1 near 1, RSD ~0.5 */

static volatile sig_atomic_t no_stop, stop_now = 1;

static int measure(double (*f)(uint64_t), struct measure_params p, volatile sig_atomic_t *stop,
                   struct measure_result *r)
{
  struct entry_job j = entry_job_init(&fake, &host, NULL, 0);
  us_of = f;
  calls = 0;
  p.clock_ns = sim_clock;
  return measure_run(&p, &j, stop, NULL, NULL, r);
}

static void initial_phase(void **state)
{
  struct measure_result r;
  (void)state;
  /* 20 ms a run, -r 30: 0.6 s > the minimum time, so exactly 30 runs; the 200 ms warm-up is not among them */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.runs = 30}, &no_stop, &r), 0);
  assert_int_equal(r.n, 30);
  assert_int_equal(calls, 31);
  for (size_t i = 0; i < r.n; i++)
    assert_true(r.us[i] == 20000);
  assert_int_equal(r.stop, MEASURE_INITIAL);
  measure_result_free(&r);
  /* -r 3: runs are added until 0.5 s: 25 of 20 ms */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.runs = 3}, &no_stop, &r), 0);
  assert_int_equal(r.n, 25);
  measure_result_free(&r);
  /* max-runs caps the initial phase of a tiny call (2 us: 0.5 s would be 250000 runs) */
  assert_int_equal(measure(tiny, (struct measure_params){.runs = 10, .max_runs = 777}, &no_stop, &r), 0);
  assert_int_equal(r.n, 777);
  measure_result_free(&r);
}

static void convergence_phase(void **state)
{
  struct measure_result r;
  struct measure_params p = {.runs = 10, .convergence = 1, .conv_max_s = 0.3};
  (void)state;
  /* steady runs: the rule holds after the initial phase; nothing more */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.runs = 30, .convergence = 1, .conv_max_s = 5},
                           &no_stop, &r), 0);
  assert_int_equal(r.stop, MEASURE_INITIAL);
  assert_true(r.rse <= r.rse_target);
  measure_result_free(&r);
  /* a sawtooth of 100 to 1090 us: correlated and spread, so the rule fails; the budget ends it */
  assert_int_equal(measure(sawtooth, p, &no_stop, &r), 0);
  assert_int_equal(r.stop, MEASURE_BUDGET);
  assert_true(r.rse > r.rse_target && r.rse_target <= 0.0015); /* r1 near 0.94: the 0.75 row */
  measure_result_free(&r);
  /* ... or max-runs, first */
  p.conv_max_s = 60;
  p.max_runs = 400;
  assert_int_equal(measure(sawtooth, p, &no_stop, &r), 0);
  assert_int_equal(r.stop, MEASURE_MAX_RUNS);
  assert_int_equal(r.n, 400);
  measure_result_free(&r);
}

static void failures(void **state)
{
  struct measure_result r;
  (void)state;
  assert_int_equal(measure(steady_20ms, (struct measure_params){.runs = 1000, .timeout_s = 1}, &no_stop, &r), -1);
  assert_string_equal(r.error, "Execution exceeded 1 seconds.");
  measure_result_free(&r);
  assert_int_equal(measure(tiny, (struct measure_params){.runs = 10}, &stop_now, &r), -1);
  assert_string_equal(r.error, "Interrupted.");
  measure_result_free(&r);
}

static int draws;
static uint64_t last_draw, min_gap = UINT64_MAX;
static void count_draws(void *ctx, const struct measure_progress *p)
{
  uint64_t now = sim_clock();
  (void)ctx, (void)p;
  if (draws++ > 1 && now - last_draw < min_gap)
    min_gap = now - last_draw;
  last_draw = now;
}

static void progress_on_a_clock(void **state)
{
  struct measure_result r;
  struct measure_params p = {.runs = 10, .clock_ns = sim_clock};
  struct entry_job j = entry_job_init(&fake, &host, NULL, 0);
  (void)state;
  us_of = tiny;
  calls = 0;
  assert_int_equal(measure_run(&p, &j, &no_stop, count_draws, NULL, &r), 0);
  /* 0.5 s of 2 us runs: 250000 runs; one callback before the warm-up, then one
  ** every 100 ms from the first run (at 0, 100, ..., 500 ms), never closer */
  assert_int_equal(r.n, 250000);
  assert_int_equal(draws, 7);
  assert_true(min_gap >= MEASURE_PROGRESS_NS);
  measure_result_free(&r);
}

/* Off a terminal: a stderr line once a dataset has run PROGRESS_LOG_S, then
** at most that often; none before. */
static void progress_off_a_terminal(void **state)
{
  struct progress pg = {.entry = "scan", .desc = "[100]i32", .index = 3, .total = 7, .runs = 10,
                        .budget_s = 300};
  double us[3] = {10, 11, 12};
  struct measure_progress p = {us, 3, 5, 5, 0, NAN, NAN};
  char path[] = "/tmp/psearch-progress-XXXXXX", text[512] = "";
  int fd = mkstemp(path), saved = dup(2);
  FILE *f;
  size_t n;
  (void)state;
  assert_true(fd >= 0 && saved >= 0);
  dup2(fd, 2);
  progress_update(&pg, &p); /* 5 s: nothing */
  p.elapsed_s = p.phase_s = 31;
  progress_update(&pg, &p); /* 31 s: a line */
  p.elapsed_s = p.phase_s = 40;
  progress_update(&pg, &p); /* 9 s later: nothing */
  p.elapsed_s = p.phase_s = 62;
  p.conv = 1;
  p.rse = 0.0116;
  p.rse_target = 0.01;
  progress_update(&pg, &p); /* converging: a line with the RSE and its target */
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  f = fdopen(fd, "r");
  rewind(f);
  n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose(f);
  unlink(path);
  if (strstr(text, "psearch: [3/7] scan [100]i32: 31 s, 3 runs\n") == NULL ||
      strstr(text, "psearch: [3/7] scan [100]i32: converging, 62/300 s, RSE ") == NULL ||
      strstr(text, "-> 0.0100, 3 runs\n") == NULL || strstr(text, " 40 s") != NULL)
    fail_msg("progress lines: '%s'", text);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(initial_phase), cmocka_unit_test(convergence_phase), cmocka_unit_test(failures),
    cmocka_unit_test(progress_on_a_clock), cmocka_unit_test(progress_off_a_terminal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
