/*
** test_measure.c: the measurement protocol (engine/measure.c) on a fake entry
** whose calls take prescribed times: the warm-up is thrown away, the initial
** phase does at least -r runs and the minimum time, max-runs caps it, the
** convergence phase stops converged, on its budget or at max-runs as the runs
** say, timeouts and the stop flag end it with futhark's messages, and the
** progress callback is called at most every MEASURE_PROGRESS_NS. Time is
** simulated (measure_params.clock_ns), so every count below is exact however
** loaded the host is. Interleaved measurements rotate their turns and give
** each job exactly the runs it gets alone; throttled runs (a fake probe) are
** discarded, exactly those, up to the cap.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hook.h"
#include "measure.h"
#include "report.h"
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <math.h>
#include <string.h>

/* The simulated clock (ns), and the fake entry: call k (0 the warm-up)
** advances it by us_of(k) microseconds. */
static uint64_t sim_ns = 1000000000u;
static int sim_tick; /* each read of the clock advances it 1 ns (what a spin needs) */
static uint64_t sim_clock(void) { return sim_tick ? sim_ns++ : sim_ns; }
static double (*us_of)(uint64_t k);
static uint64_t calls;
static double (*kernel_us_of)(uint64_t k); /* the kernels' part of call k, when set */
static uint64_t sim_kernel_ns;              /* of the last call */
static uint64_t sim_kernel(void) { return sim_kernel_ns; }

static int fake_prepare(struct entry_job *j, struct ps_err *e) { (void)j; (void)e; return 0; }
static int fake_result(struct entry_job *j, struct ps_err *e) { (void)j; (void)e; return 0; }
static void fake_release(struct entry_job *j) { (void)j; }
static int fake_run(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  (void)e;
  if (kernel_us_of != NULL)
    sim_kernel_ns = (uint64_t)(kernel_us_of(calls) * 1000);
  sim_ns += (uint64_t)(us_of(calls++) * 1000);
  return 0;
}

static const struct entry fake = {.name = "fake", .desc = "", .nin = 0,
                                  .impl = {{fake_prepare, fake_run, fake_result, fake_release},
                                           {fake_prepare, fake_run, fake_result, fake_release}}};

static const struct target host = {BACKEND_C, NULL, NULL, NULL};

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
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 1, .runs = 30}, &no_stop, &r), 0);
  assert_int_equal(r.n, 30);
  assert_int_equal(calls, 31);
  for (size_t i = 0; i < r.n; i++)
    assert_true(r.us[i] == 20000);
  assert_int_equal(r.stop, MEASURE_INITIAL);
  measure_result_free(&r);
  /* -r 3: runs are added until 0.5 s: 25 of 20 ms */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 1, .runs = 3}, &no_stop, &r), 0);
  assert_int_equal(r.n, 25);
  measure_result_free(&r);
  /* max-runs caps the initial phase of a tiny call (2 us: 0.5 s would be 250000 runs) */
  assert_int_equal(measure(tiny, (struct measure_params){.warmup = 1, .runs = 10, .max_runs = 777}, &no_stop, &r), 0);
  assert_int_equal(r.n, 777);
  measure_result_free(&r);
  /* --warmup 3: three discarded calls before the runs; --warmup 0: none */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 3, .runs = 30}, &no_stop, &r), 0);
  assert_int_equal(r.n, 30);
  assert_int_equal(calls, 33);
  measure_result_free(&r);
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 0, .runs = 30}, &no_stop, &r), 0);
  assert_int_equal(r.n, 30);
  assert_int_equal(calls, 30);
  measure_result_free(&r);
  /* --exact: -r 3 with --max-runs 3 and no convergence phase is 3 runs, not 0.5 s of them */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 1, .runs = 3, .max_runs = 3}, &no_stop, &r), 0);
  assert_int_equal(r.n, 3);
  measure_result_free(&r);
}

static void convergence_phase(void **state)
{
  struct measure_result r;
  struct measure_params p = {.warmup = 1, .runs = 10, .convergence = 1, .conv_max_s = 0.3};
  (void)state;
  /* steady runs: the rule holds after the initial phase; nothing more */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 1, .runs = 30, .convergence = 1, .conv_max_s = 5},
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
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 1, .runs = 1000, .timeout_s = 1}, &no_stop, &r), -1);
  assert_string_equal(r.error, "Execution exceeded 1 seconds.");
  measure_result_free(&r);
  assert_int_equal(measure(tiny, (struct measure_params){.warmup = 1, .runs = 10}, &stop_now, &r), -1);
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
  struct measure_params p = {.warmup = 1, .runs = 10, .clock_ns = sim_clock};
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

/* Fake entries of their own, for interleaving: each with its call times and
** its own call count; every call is logged by the entry's letter. */
struct own {
  double (*f)(uint64_t k);
  uint64_t calls;
  char letter;
};
static char order[4096];
static size_t norder;

static int own_run(struct entry_job *j, struct ps_err *e)
{
  struct own *o = (struct own *)j->entry->aux;
  (void)e;
  if (norder < sizeof order - 1)
    order[norder++] = o->letter;
  sim_ns += (uint64_t)(o->f(o->calls++) * 1000);
  return 0;
}

#define OWN(nm, o) {.name = nm, .desc = "", .nin = 0, .aux = o, \
                      .impl = {{fake_prepare, own_run, fake_result, fake_release}, \
                               {fake_prepare, own_run, fake_result, fake_release}}}

static double steady_30ms(uint64_t k) { (void)k; return 30000; }

static void interleave_rotates(void **state)
{
  struct own oa = {steady_20ms, 0, 'A'}, ob = {steady_20ms, 0, 'B'}, oc = {steady_30ms, 0, 'C'};
  const struct entry ea = OWN("a", &oa), eb = OWN("b", &ob), ec = OWN("c", &oc);
  struct measure_params p = {.warmup = 1, .runs = 10, .clock_ns = sim_clock};
  struct entry_job j[3] = {entry_job_init(&ea, &host, NULL, 0), entry_job_init(&eb, &host, NULL, 0),
                           entry_job_init(&ec, &host, NULL, 0)};
  struct measure_result r[3];
  struct measure_job mj[3];
  (void)state;
  norder = 0;
  for (int i = 0; i < 3; i++)
    mj[i] = (struct measure_job){&p, &j[i], NULL, NULL, &r[i], 7};
  assert_int_equal(measure_interleaved(mj, 3, &no_stop), 0);
  order[norder] = '\0';
  /* calls of 20 and 30 ms: one a turn; A and B stop at 25 runs (0.5 s), C at 17 */
  assert_int_equal(r[0].n, 25);
  assert_int_equal(r[2].n, 17);
  if (strncmp(order, "ABCBCACAB" "ABCBCACAB", 18) != 0)
    fail_msg("order %s", order);
  assert_int_equal(norder, 26 + 26 + 18);
  /* C's 18 calls took 18 rounds; then it dropped out, and A and B alternate who is first */
  assert_null(strchr(order + 54, 'C'));
  assert_string_equal(order + 54, "ABBAABBAABBAABBA");
  for (int i = 0; i < 3; i++) {
    assert_int_equal(mj[i].rc, 0);
    measure_result_free(&r[i]);
  }
}

/* Each job interleaved gets exactly the runs, times and ending it gets alone. */
static void interleave_same_as_alone(void **state)
{
  struct own o[3] = {{steady_20ms, 0, 'A'}, {tiny, 0, 'B'}, {sawtooth, 0, 'C'}};
  const struct entry en[3] = {OWN("a", &o[0]), OWN("b", &o[1]), OWN("c", &o[2])};
  const struct measure_params p[3] = {{.warmup = 1, .runs = 3, .clock_ns = sim_clock},
                                      {.warmup = 1, .runs = 10, .max_runs = 20000, .clock_ns = sim_clock},
                                      {.warmup = 1, .runs = 10, .convergence = 1, .conv_max_s = 0.3, .clock_ns = sim_clock}};
  struct entry_job j[3];
  struct measure_result alone[3], r[3];
  struct measure_job mj[3];
  (void)state;
  for (int i = 0; i < 3; i++) {
    j[i] = entry_job_init(&en[i], &host, NULL, 0);
    o[i].calls = 0;
    assert_int_equal(measure_run(&p[i], &j[i], &no_stop, NULL, NULL, &alone[i]), 0);
    o[i].calls = 0;
    mj[i] = (struct measure_job){&p[i], &j[i], NULL, NULL, &r[i], 0};
  }
  norder = 0;
  assert_int_equal(measure_interleaved(mj, 3, &no_stop), 0);
  assert_int_equal(alone[1].n, 20000);          /* B: the cap, 2 us a run: 5000 runs a turn */
  assert_int_equal(alone[2].stop, MEASURE_BUDGET); /* C: the convergence phase's budget */
  for (int i = 0; i < 3; i++) {
    assert_int_equal(r[i].n, alone[i].n);
    assert_int_equal(r[i].stop, alone[i].stop);
    assert_memory_equal(r[i].us, alone[i].us, r[i].n * sizeof *r[i].us);
    measure_result_free(&r[i]);
    measure_result_free(&alone[i]);
  }
}

/* The fake probe: call k of the fake entry is throttled when k % 3 == 1 (or
** always); such calls take 50 ms, the others 20. */
static int throttle_all;
static int every_third(void *ctx, int after)
{
  (void)ctx;
  return after && (throttle_all || (calls - 1) % 3 == 1);
}
static double slow_when_throttled(uint64_t k) { return k % 3 == 1 ? 50000 : 20000; }

static void discard_throttled(void **state)
{
  struct measure_result r;
  struct measure_params p = {.warmup = 1, .runs = 10, .max_runs = 10, .throttled = every_third};
  (void)state;
  throttle_all = 0;
  /* calls 1..15 after the warm-up: 2, 5, 8, 11, 14 throttled, 10 kept */
  assert_int_equal(measure(slow_when_throttled, p, &no_stop, &r), 0);
  assert_int_equal(r.n, 10);
  assert_int_equal(r.discarded, 5);
  assert_int_equal(calls, 16);
  for (size_t i = 0; i < r.n; i++)
    assert_true(r.us[i] == 20000);
  measure_result_free(&r);
  /* throttled throughout: the cap, then every run kept */
  throttle_all = 1;
  assert_int_equal(measure(slow_when_throttled, p, &no_stop, &r), 0);
  assert_int_equal(r.discarded, MEASURE_MAX_DISCARDS);
  assert_int_equal(r.n, 10);
  measure_result_free(&r);
  /* no probe: nothing checked */
  p.throttled = NULL;
  assert_int_equal(measure(slow_when_throttled, p, &no_stop, &r), 0);
  assert_int_equal(r.discarded, -1);
  measure_result_free(&r);
}

/* Preemption: a fake count of the thread's preemptions that the fake entry
** advances in calls 4, 7, 9 and 12 (calls 4, 7, 9 and 15 take 60 ms, the
** others 20 ms): the runs are flagged exactly, and the report names 3 of the
** 4 slow outliers as preempted (call 15 was slow on its own; call 12 was
** preempted but not slow). */
static uint64_t sim_preempts;
static uint64_t sim_preemptions(void) { return sim_preempts; }
static double slow_some(uint64_t k)
{
  if (k == 4 || k == 7 || k == 9 || k == 12)
    sim_preempts++;
  return k == 4 || k == 7 || k == 9 || k == 15 ? 60000 : 20000;
}

static void preemption(void **state)
{
  struct measure_result r;
  struct report_dataset d;
  (void)state;
  sim_preempts = 0;
  assert_int_equal(measure(slow_some, (struct measure_params){.warmup = 1, .runs = 30, .max_runs = 30,
                                                              .preemptions = sim_preemptions},
                           &no_stop, &r),
                   0);
  assert_int_equal(r.n, 30);
  for (size_t i = 0; i < r.n; i++) /* run i is call i + 1: the warm-up is call 0 */
    assert_int_equal(r.preempted[i], i + 1 == 4 || i + 1 == 7 || i + 1 == 9 || i + 1 == 12);
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_int_equal(d.s.out_hi, 4);
  assert_int_equal(d.out_hi_preempted, 3);
  assert_int_equal(d.preempted, 4);
  measure_result_free(&r);
}

/* --kernel-time: calls take 20 ms, 18 of them in the kernels, but for the
** slow calls 4 and 7 (their kernels 40 ms slower: the device), 9 and 15 (the
** kernels at 18 ms: the host), 12 (slow and preempted) and the fast calls 20
** (kernels 10 ms faster) and 22 (kernels as usual). Every run's kernel time is
** kept, and each outlier is named by where its difference from the median went. */
static double causes_wall(uint64_t k)
{
  if (k == 12)
    sim_preempts++;
  return k == 4 || k == 7 || k == 9 || k == 12 || k == 15 ? 60000 : k == 20 || k == 22 ? 10000 : 20000;
}
static double causes_kernels(uint64_t k)
{
  return k == 4 || k == 7 ? 58000 : k == 20 ? 8000 : k == 12 ? 58000 : 18000;
}

static void outlier_causes(void **state)
{
  struct measure_result r;
  struct report_dataset d;
  struct measure_params p = {.warmup = 1, .runs = 30, .max_runs = 30, .preemptions = sim_preemptions,
                             .kernel_time = 1, .kernel_ns = sim_kernel};
  (void)state;
  sim_preempts = 0;
  kernel_us_of = causes_kernels;
  assert_int_equal(measure(causes_wall, p, &no_stop, &r), 0);
  kernel_us_of = NULL;
  assert_int_equal(r.n, 30);
  assert_non_null(r.kernel_us);
  for (size_t i = 0; i < r.n; i++)
    assert_true(r.kernel_us[i] == causes_kernels(i + 1));
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_int_equal(d.s.out_hi, 5);
  assert_int_equal(d.out_hi_preempted, 1);
  assert_int_equal(d.out_hi_kernels, 2);
  assert_int_equal(d.out_hi_host, 2);
  assert_int_equal(d.s.out_lo, 2);
  assert_int_equal(d.out_lo_kernels, 1);
  assert_int_equal(d.out_lo_host, 1);
  assert_true(d.ks.median == 18000);
  measure_result_free(&r);
  /* not asked: no kernel times, no causes */
  p.kernel_time = 0;
  assert_int_equal(measure(causes_wall, p, &no_stop, &r), 0);
  assert_null(r.kernel_us);
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_null(d.kernel_runs_us);
  assert_int_equal(d.out_hi_kernels + d.out_hi_host, 0);
  measure_result_free(&r);
}

/* -x: the kernel time per run of the profiled pass (a separate one, of up
** to 50 runs) against the timed runs' median wall time (20 ms here): above
** 1.1x it is flagged, as bench's warning and the JSON say; at or below, not. */
static void kernel_over_wall(void **state)
{
  struct measure_result r;
  struct report_dataset d;
  (void)state;
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 1, .runs = 10, .max_runs = 10}, &no_stop, &r), 0);
  r.kernel_runs = 50;
  r.kernel_ns = 50 * (uint64_t)30000000; /* 30 ms a run: a few profiled runs were slow */
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_true(d.s.median == 20000);
  assert_true(d.kernel_us == 30000);
  assert_int_equal(d.kernel_over_wall, 1);
  r.kernel_ns = 50 * (uint64_t)22000000; /* 1.1x: not above it */
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_int_equal(d.kernel_over_wall, 0);
  r.kernel_ns = 50 * (uint64_t)22100000;
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_int_equal(d.kernel_over_wall, 1);
  r.kernel_ns = 50 * (uint64_t)18000000; /* the usual: kernels inside the wall time */
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_int_equal(d.kernel_over_wall, 0);
  /* batched: runs overlap their neighbours' launches, so the kernels are set
  ** beside the synchronous mean (25 ms), not the batched median (20 ms) */
  r.batch = 4;
  r.sync_mean_us = 25000;
  r.kernel_ns = 50 * (uint64_t)24000000;
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_int_equal(d.kernel_over_wall, 0);
  r.kernel_ns = 50 * (uint64_t)28000000;
  report_summarize(&d, &r, NULL, &fake, NULL, 0);
  assert_int_equal(d.kernel_over_wall, 1);
  measure_result_free(&r);
}

static double alternating(uint64_t k) { return k % 2 ? 30 : 10; }

/* --batch: a call holds K runs back to back (one sync), each reported time
** the call's mean; fixed K, and K chosen from the second warm-up call so that
** a call lasts at least MEASURE_BATCH_MIN_NS; the synchronous runs after. */
static void batched(void **state)
{
  struct measure_result r;
  (void)state;
  /* K = 2 over runs of 10 and 30 us: every time 20; 2 warm-up runs, 5 x 2 timed, 20 synchronous */
  assert_int_equal(measure(alternating, (struct measure_params){.warmup = 1, .runs = 5, .max_runs = 5, .batch = 2}, &no_stop, &r),
                   0);
  assert_int_equal(r.n, 5);
  assert_int_equal(r.batch, 2);
  for (size_t i = 0; i < r.n; i++)
    assert_true(r.us[i] == 20);
  assert_int_equal(calls, 2 + 10 + MEASURE_SYNC_RUNS);
  assert_true(r.sync_mean_us == 20);
  measure_result_free(&r);
  /* auto: runs of 2 us make batches of 500 (1 ms); two warm-up calls of one run */
  assert_int_equal(measure(tiny, (struct measure_params){.warmup = 1, .runs = 3, .max_runs = 3, .batch = -1}, &no_stop, &r), 0);
  assert_int_equal(r.batch, 500);
  assert_int_equal(calls, 2 + 3 * 500 + MEASURE_SYNC_RUNS);
  assert_true(r.us[0] == 2 && r.us[2] == 2);
  measure_result_free(&r);
  /* auto on long runs: no batch (1), and no synchronous pass */
  assert_int_equal(measure(steady_20ms, (struct measure_params){.warmup = 1, .runs = 3, .max_runs = 3, .batch = -1}, &no_stop, &r),
                   0);
  assert_int_equal(r.batch, 1);
  assert_int_equal(calls, 2 + 3);
  assert_true(isnan(r.sync_mean_us));
  measure_result_free(&r);
}

/* PSEARCH_TEST_SLOWDOWN under --batch (a test build): each reported run, the
** mean of a call's K runs, and the synchronous mean after them are PCT% longer
** than unplanted; so is each run without --batch. The clock ticks 1 ns a read
** (the spin reads it), so each call's time is its runs' plus 1 ns. */
static void slowdown_batched(void **state)
{
  static const struct measure_params ps[] = {{.warmup = 1, .runs = 5, .max_runs = 5, .batch = 2},
                                             {.warmup = 1, .runs = 5, .max_runs = 5}};
  (void)state;
  if (!hook_built())
    skip();
  sim_tick = 1;
  for (size_t k = 0; k < sizeof ps / sizeof ps[0]; k++) {
    for (int plant = 0; plant < 2; plant++) {
      struct measure_result r;
      double call_us = ps[k].batch == 2 ? 40.001 : 0; /* batched: 10 + 30 us, and the clock's 1 ns */
      if (plant)
        setenv("PSEARCH_TEST_SLOWDOWN", "fake:5", 1);
      assert_int_equal(measure(alternating, ps[k], &no_stop, &r), 0);
      unsetenv("PSEARCH_TEST_SLOWDOWN");
      assert_int_equal(r.n, 5);
      for (size_t i = 0; i < r.n; i++) {
        double want = ps[k].batch == 2 ? floor(call_us * 1000 * (plant ? 1.05 : 1)) / 1000 / 2
                    : (i % 2 ? 10.001 : 30.001) * (plant ? 1.05 : 1); /* unbatched: call i + 1 of 10, 30, ... */
        if (fabs(r.us[i] - want) > 1e-3)
          fail_msg("%s, %s: run %zu took %g us, not %g", ps[k].batch ? "batched" : "unbatched",
                   plant ? "planted 5%" : "unplanted", i, r.us[i], want);
      }
      if (ps[k].batch == 2 && fabs(r.sync_mean_us - 20.001 * (plant ? 1.05 : 1)) > 1e-3)
        fail_msg("%s: the synchronous mean is %g us", plant ? "planted 5%" : "unplanted", r.sync_mean_us);
      measure_result_free(&r);
    }
  }
  sim_tick = 0;
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(batched), cmocka_unit_test(slowdown_batched),
    cmocka_unit_test(initial_phase), cmocka_unit_test(convergence_phase), cmocka_unit_test(failures),
    cmocka_unit_test(progress_on_a_clock), cmocka_unit_test(progress_off_a_terminal),
    cmocka_unit_test(interleave_rotates), cmocka_unit_test(interleave_same_as_alone),
    cmocka_unit_test(discard_throttled), cmocka_unit_test(preemption), cmocka_unit_test(outlier_causes),
    cmocka_unit_test(kernel_over_wall),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
