/*
** measure.c: warm-up, initial phase, convergence phase, profiled pass.
*/
#include "measure.h"

#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One measurement in progress. */
struct session {
  const struct measure_params *p;
  struct entry_job *j;
  volatile sig_atomic_t *stop;
  measure_progress_fn progress;
  void *ctx;
  uint64_t (*now)(void); /* the clock, ns */
  uint64_t t_start;   /* the warm-up's start, for the timeout */
  uint64_t last_draw; /* the last progress callback */
  uint64_t phase_start;
  size_t cap;         /* of r->us */
  int calls;          /* calls of the entry so far, the warm-up included */
  struct measure_result *r;
};

static int push(struct session *ss, double x)
{
  struct measure_result *r = ss->r;
  if (r->n == ss->cap) {
    size_t nc = ss->cap ? ss->cap * 2 : 64;
    double *nv = realloc(r->us, nc * sizeof *nv);
    if (nv == NULL)
      return -1;
    r->us = nv;
    ss->cap = nc;
  }
  r->us[r->n++] = x;
  return 0;
}

static int fail(struct session *ss, const char *msg)
{
  free(ss->r->error);
  ss->r->error = strdup(msg);
  return -1;
}

/* Busy-wait until the clock reaches t (test hooks: exact, unlike sleep). */
static uint64_t spin_until(const struct session *ss, uint64_t t)
{
  uint64_t now;
  while ((now = ss->now()) < t)
    ;
  return now;
}

/* Do `count` timed runs, appending microseconds, stopping early at the
** wall-clock deadline (ns, 0: none). 0, or -1 with the error set. */
static int timed_runs(struct session *ss, int64_t count, uint64_t deadline, int conv)
{
  const struct measure_params *p = ss->p;
  struct ps_err e;
  for (int64_t i = 0; i < count; i++) {
    uint64_t t0, t1;
    if (deadline != 0 && i > 0 && ss->now() > deadline)
      break;
    if (*ss->stop)
      return fail(ss, "Interrupted.");
    if (p->timeout_s > 0 && ss->now() - ss->t_start > (uint64_t)p->timeout_s * 1000000000u) {
      char msg[96];
      snprintf(msg, sizeof msg, "Execution exceeded %lld seconds.", (long long)p->timeout_s);
      return fail(ss, msg);
    }
    if (p->evict != NULL && evict_run(p->evict, &e) != 0)
      return fail(ss, e.msg);
    t0 = ss->now();
    if (entry_run(ss->j, &e) != 0 || entry_sync(ss->j, &e) != 0)
      return fail(ss, e.msg);
    t1 = ss->now();
    if (p->delay_ns != NULL) {
      uint64_t d = p->delay_ns(ss->j->entry->name, (uint64_t)ss->calls);
      if (d > 0)
        t1 = spin_until(ss, t1 + d);
    }
    ss->calls++;
    if (p->slowdown_pct > 0)
      t1 = spin_until(ss, t1 + (uint64_t)((double)(t1 - t0) * p->slowdown_pct / 100));
    if (push(ss, (double)(t1 - t0) / 1000.0) != 0)
      return fail(ss, "out of memory");
    if (ss->progress != NULL && t1 - ss->last_draw >= MEASURE_PROGRESS_NS) {
      struct measure_progress mp = {ss->r->us, ss->r->n, (double)(t1 - ss->t_start) / 1e9,
                                    (double)(t1 - ss->phase_start) / 1e9, conv, ss->r->rse, ss->r->rse_target};
      ss->progress(ss->ctx, &mp);
      ss->last_draw = ss->now();
    }
  }
  return 0;
}

/* At least p->runs runs, then more until MEASURE_MIN_TIME_S of them. */
static int initial_phase(struct session *ss)
{
  uint64_t b0 = ss->now();
  double elapsed;
  ss->phase_start = b0;
  if (timed_runs(ss, ss->p->runs, 0, 0) != 0)
    return -1;
  while ((elapsed = (double)(ss->now() - b0) / 1e9) < MEASURE_MIN_TIME_S &&
         !(ss->p->max_runs > 0 && (int64_t)ss->r->n >= ss->p->max_runs)) {
    double per = elapsed / (double)ss->r->n;
    int64_t more = (int64_t)ceil((MEASURE_MIN_TIME_S - elapsed) / (per > 0 ? per : 1e-9));
    if (more < 1)
      more = 1;
    if (more > 1000000)
      more = 1000000;
    if (ss->p->max_runs > 0 && more > ss->p->max_runs - (int64_t)ss->r->n)
      more = ss->p->max_runs - (int64_t)ss->r->n;
    if (timed_runs(ss, more, b0 + (uint64_t)(MEASURE_MIN_TIME_S * 1e9), 0) != 0)
      return -1;
  }
  return 0;
}

/* If the initial runs fail the convergence rule: throw them away and measure
** afresh, in batches of half the runs so far, until the rule passes or the
** budget (in seconds of summed runtimes and of wall time) is spent. */
static int convergence_phase(struct session *ss)
{
  struct measure_result *r = ss->r;
  struct stats s;
  size_t initial = r->n;
  uint64_t c0;
  int64_t cap = ss->p->max_runs;
  stats_compute(r->us, r->n, &s);
  r->rse = s.rse;
  r->rse_target = stats_rse_target(&s);
  if (!stats_needs_more(&s))
    return 0;
  c0 = ss->phase_start = ss->now();
  r->n = 0;
  if (ss->j->rt != NULL)
    rt_take_kernel_ns(ss->j->rt);
  {
    int64_t first = (int64_t)(initial / 2 > (size_t)ss->p->runs ? initial / 2 : (size_t)ss->p->runs);
    if (cap > 0 && first > cap)
      first = cap;
    if (timed_runs(ss, first, 0, 1) != 0)
      return -1;
  }
  for (;;) {
    double sum_s = 0, wall_s, left;
    int64_t more = (int64_t)(r->n / 2 > 0 ? r->n / 2 : 1);
    stats_compute(r->us, r->n, &s);
    r->rse = s.rse;
    r->rse_target = stats_rse_target(&s);
    for (size_t i = 0; i < r->n; i++)
      sum_s += r->us[i] / 1e6; /* seconds, not microseconds (futhark's quirk) */
    wall_s = (double)(ss->now() - c0) / 1e9;
    left = ss->p->conv_max_s - (sum_s > wall_s ? sum_s : wall_s);
    r->stop = !stats_needs_more(&s) ? MEASURE_CONVERGED : left <= 0 ? MEASURE_BUDGET
            : cap > 0 && (int64_t)r->n >= cap ? MEASURE_MAX_RUNS : MEASURE_INITIAL;
    if (r->stop != MEASURE_INITIAL)
      return 0;
    if (cap > 0 && more > cap - (int64_t)r->n)
      more = cap - (int64_t)r->n;
    /* a batch stops when the budget's wall time is spent */
    if (timed_runs(ss, more, c0 + (uint64_t)(ss->p->conv_max_s * 1e9), 1) != 0)
      return -1;
  }
}

/* Kernel-only time, from a separate untimed pass with profiling events
** (events cost host time, so the timed runs go without). */
static void profiled_pass(struct session *ss)
{
  struct rt *rt = ss->j->rt;
  struct ps_err e;
  int64_t k = (int64_t)(ss->r->n < 50 ? ss->r->n : 50);
  if (rt == NULL || !rt_can_profile(rt))
    return;
  rt_take_kernel_ns(rt);
  rt_set_profiling(rt, 1);
  for (int64_t i = 0; i < k && !*ss->stop; i++) {
    /* the eviction's own fill is not an event of rt's: only kernels are timed */
    if ((ss->p->evict != NULL && evict_run(ss->p->evict, &e) != 0) || entry_run(ss->j, &e) != 0 ||
        entry_sync(ss->j, &e) != 0)
      break;
  }
  rt_set_profiling(rt, 0);
  ss->r->nktimes = rt_take_kernel_times(rt, ss->r->ktimes, MEASURE_KERNELS, &ss->r->kernel_ns);
  ss->r->kernel_runs = (size_t)k;
  if (k > 0) {
    uint64_t launches = 0;
    for (int i = 0; i < ss->r->nktimes; i++)
      launches += ss->r->ktimes[i].launches;
    ss->r->launches = (int64_t)(launches / (uint64_t)k);
  }
}

int measure_run(const struct measure_params *p, struct entry_job *j, volatile sig_atomic_t *stop,
                measure_progress_fn progress, void *ctx, struct measure_result *r)
{
  struct session ss = {p, j, stop, progress, ctx, p->clock_ns != NULL ? p->clock_ns : ps_now_ns,
                       0, 0, 0, 0, 0, r};
  memset(r, 0, sizeof *r);
  r->launches = -1;
  r->stop = MEASURE_INITIAL;
  r->rse = r->rse_target = NAN;
  ss.t_start = ss.now();
  if (progress != NULL) {
    struct measure_progress mp = {NULL, 0, 0, 0, 0, NAN, NAN};
    progress(ctx, &mp);
  }
  /* the warm-up, inside the timeout; its time is thrown away */
  if (timed_runs(&ss, 1, 0, 0) != 0)
    return -1;
  r->n = 0;
  if (j->rt != NULL)
    rt_take_kernel_ns(j->rt);
  if (initial_phase(&ss) != 0 || (p->convergence && convergence_phase(&ss) != 0))
    return -1;
  {
    struct stats s;
    stats_compute(r->us, r->n, &s);
    r->rse = s.rse;
    r->rse_target = stats_rse_target(&s);
  }
  profiled_pass(&ss);
  return 0;
}

void measure_result_free(struct measure_result *r)
{
  free(r->us);
  free(r->error);
  r->us = NULL;
  r->error = NULL;
  r->n = 0;
}
