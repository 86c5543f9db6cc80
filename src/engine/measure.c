/*
** measure.c: warm-up, initial phase, convergence phase, profiled pass, as
** steps of one call each (so that measure_interleaved can take turns), on a
** clock of the measurement's own (the time of its steps).
*/
#include "measure.h"

#include "hook.h"

#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Where a measurement is: the warm-up, the initial phase, the convergence
** phase, finished. */
enum phase { PH_WARMUP, PH_INITIAL, PH_CONV, PH_DONE };

/* One measurement in progress. */
struct session {
  const struct measure_params *p;
  struct entry_job *j;
  volatile sig_atomic_t *stop;
  measure_progress_fn progress;
  void *ctx;
  uint64_t (*clock)(void); /* the clock, ns */
  uint64_t (*preemptions)(void); /* the thread's preemptions so far */
  uint64_t away;      /* clock time spent outside this session's steps */
  uint64_t left_at;   /* when the last step ended */
  uint64_t t_start;   /* the warm-up's start, for the timeout */
  uint64_t last_draw; /* the last progress callback */
  uint64_t phase_start;
  size_t cap;         /* of r->us and r->preempted */
  int calls;          /* calls of the entry so far, the warm-up included */
  int64_t k;          /* runs a call holds (measure_params.batch; 1 off) */
  enum phase phase;
  int64_t left;       /* runs the current batch still wants */
  int64_t tried;      /* calls in the current batch */
  uint64_t deadline;  /* no call of the batch starts after it, but its first; 0: none */
  uint64_t b0, c0;    /* the initial and convergence phases' starts */
  struct measure_result *r;
};

/* The session's own clock: the clock less the time spent in others' turns. */
static uint64_t now(const struct session *ss)
{
  return ss->clock() - ss->away;
}

/* Append a run: x µs, its kernels' k µs (kept when timed), preempted or not. */
static int push(struct session *ss, double x, double k, int preempted)
{
  struct measure_result *r = ss->r;
  if (r->n == ss->cap) {
    size_t nc = ss->cap ? ss->cap * 2 : 64;
    double *nv = realloc(r->us, nc * sizeof *nv);
    unsigned char *np;
    if (nv == NULL)
      return -1;
    r->us = nv;
    if ((np = realloc(r->preempted, nc)) == NULL)
      return -1;
    r->preempted = np;
    if (ss->p->kernel_time && (nv = realloc(r->kernel_us, nc * sizeof *nv)) == NULL)
      return -1;
    r->kernel_us = ss->p->kernel_time ? nv : NULL;
    ss->cap = nc;
  }
  if (r->kernel_us != NULL)
    r->kernel_us[r->n] = k;
  r->preempted[r->n] = (unsigned char)(preempted != 0);
  r->us[r->n++] = x;
  return 0;
}

/* --kernel-time: events on for the next call (on == 1), or off again and
** the call's kernel time in µs (on == 0); 0 when not asked. */
static double kernel_events(struct session *ss, int on)
{
  struct rt *rt = ss->j->rt;
  double us = 0;
  if (!ss->p->kernel_time)
    return 0;
  if (on && rt != NULL)
    rt_set_profiling(rt, 1);
  else if (!on) {
    us = (double)(ss->p->kernel_ns != NULL ? ss->p->kernel_ns() : rt != NULL ? rt_take_kernel_ns(rt) : 0) / 1e3;
    if (rt != NULL)
      rt_set_profiling(rt, 0);
  }
  return us;
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
  uint64_t t1;
  while ((t1 = now(ss)) < t)
    ;
  return t1;
}

/* The end of a call that began at t0 and ended at t1, with what the test
** hooks add to it (PSEARCH_TEST_SLOWDOWN: PCT% of t1 - t0, which under
** --batch spans the call's K runs; PSEARCH_TEST_DELAY) spun off first. */
static uint64_t planted(struct session *ss, uint64_t t0, uint64_t t1)
{
  uint64_t extra = hook_extra_ns(ss->j->entry->name, (uint64_t)ss->calls, t1 - t0); /* test builds */
  ss->calls++;
  return extra > 0 ? spin_until(ss, t1 + extra) : t1;
}

static void draw(struct session *ss, uint64_t t1)
{
  struct measure_progress mp = {ss->r->us, ss->r->n, (double)(t1 - ss->t_start) / 1e9,
                                (double)(t1 - ss->phase_start) / 1e9, ss->phase == PH_CONV, ss->r->rse,
                                ss->r->rse_target};
  ss->progress(ss->ctx, &mp);
  ss->last_draw = now(ss);
}

/* One call of the entry, timed; its microseconds appended, unless it was
** throttled (measure_params.throttled). 0, or -1 with the error set. */
static int one_call(struct session *ss)
{
  const struct measure_params *p = ss->p;
  struct ps_err e;
  uint64_t t0, t1, c0, c1;
  double k;
  int probe = p->throttled != NULL && ss->phase != PH_WARMUP && ss->r->discarded < MEASURE_MAX_DISCARDS;
  if (*ss->stop)
    return fail(ss, "Interrupted.");
  if (p->timeout_s > 0 && now(ss) - ss->t_start > (uint64_t)p->timeout_s * 1000000000u) {
    char msg[96];
    snprintf(msg, sizeof msg, "Execution exceeded %lld seconds.", (long long)p->timeout_s);
    return fail(ss, msg);
  }
  if (p->evict != NULL && evict_run(p->evict, &e) != 0)
    return fail(ss, e.msg);
  if (probe)
    p->throttled(p->throttled_ctx, 0);
  kernel_events(ss, 1);
  c0 = ss->preemptions();
  t0 = now(ss);
  for (int64_t i = 0; i < ss->k; i++) /* batched: back to back, one sync after them */
    if (entry_run(ss->j, &e) != 0)
      return fail(ss, e.msg);
  if (entry_sync(ss->j, &e) != 0)
    return fail(ss, e.msg);
  t1 = now(ss);
  c1 = ss->preemptions();
  k = kernel_events(ss, 0);
  t1 = planted(ss, t0, t1);
  ss->tried++;
  if (probe && p->throttled(p->throttled_ctx, 1) != 0) {
    ss->r->discarded++;
    return 0;
  }
  if (push(ss, (double)(t1 - t0) / 1000.0 / (double)ss->k, k / (double)ss->k, c1 != c0) != 0)
    return fail(ss, "out of memory");
  ss->left--;
  if (ss->progress != NULL && t1 - ss->last_draw >= MEASURE_PROGRESS_NS)
    draw(ss, t1);
  return 0;
}

/* The next batch: `count` runs of phase ph, none starting after deadline. */
static void batch(struct session *ss, enum phase ph, int64_t count, uint64_t deadline)
{
  ss->phase = ph;
  ss->left = count;
  ss->tried = 0;
  ss->deadline = deadline;
}

static void rule(struct session *ss, struct stats *s)
{
  stats_compute(ss->r->us, ss->r->n, s);
  ss->r->rse = s->rse;
  ss->r->rse_target = stats_rse_target(s);
}

/* The initial runs are in. If they fail the convergence rule: throw them
** away and measure afresh, first max(n/2, runs) of them; else the end. */
static void after_initial(struct session *ss)
{
  struct measure_result *r = ss->r;
  struct stats s;
  int64_t first = (int64_t)(r->n / 2 > (size_t)ss->p->runs ? r->n / 2 : (size_t)ss->p->runs);
  if (!ss->p->convergence) {
    ss->phase = PH_DONE;
    return;
  }
  rule(ss, &s);
  if (!stats_needs_more(&s)) {
    ss->phase = PH_DONE;
    return;
  }
  ss->c0 = ss->phase_start = now(ss);
  r->n = 0;
  if (ss->j->rt != NULL)
    rt_take_kernel_ns(ss->j->rt);
  if (ss->p->max_runs > 0 && first > ss->p->max_runs)
    first = ss->p->max_runs;
  batch(ss, PH_CONV, first, 0);
}

/* Initial phase: at least p->runs runs (the first batch), then more until
** MEASURE_MIN_TIME_S of them or max_runs. */
static void next_initial(struct session *ss)
{
  double elapsed = (double)(now(ss) - ss->b0) / 1e9, per;
  int64_t more, n = (int64_t)ss->r->n;
  if (elapsed >= MEASURE_MIN_TIME_S || (ss->p->max_runs > 0 && n >= ss->p->max_runs)) {
    after_initial(ss);
    return;
  }
  per = elapsed / (double)n;
  more = (int64_t)ceil((MEASURE_MIN_TIME_S - elapsed) / (per > 0 ? per : 1e-9));
  if (more < 1)
    more = 1;
  if (more > 1000000)
    more = 1000000;
  if (ss->p->max_runs > 0 && more > ss->p->max_runs - n)
    more = ss->p->max_runs - n;
  batch(ss, PH_INITIAL, more, ss->b0 + (uint64_t)(MEASURE_MIN_TIME_S * 1e9));
}

/* Convergence phase: batches of half the runs so far until the rule passes
** or the budget (seconds of summed runtimes and of wall time) or max_runs is
** spent. */
static void next_conv(struct session *ss)
{
  struct measure_result *r = ss->r;
  struct stats s;
  double sum_s = 0, wall_s, left;
  int64_t cap = ss->p->max_runs, more = (int64_t)(r->n / 2 > 0 ? r->n / 2 : 1);
  rule(ss, &s);
  for (size_t i = 0; i < r->n; i++)
    sum_s += r->us[i] / 1e6; /* seconds, not microseconds (futhark's quirk) */
  wall_s = (double)(now(ss) - ss->c0) / 1e9;
  left = ss->p->conv_max_s - (sum_s > wall_s ? sum_s : wall_s);
  r->stop = !stats_needs_more(&s) ? MEASURE_CONVERGED : left <= 0 ? MEASURE_BUDGET
          : cap > 0 && (int64_t)r->n >= cap ? MEASURE_MAX_RUNS : MEASURE_INITIAL;
  if (r->stop != MEASURE_INITIAL) {
    ss->phase = PH_DONE;
    return;
  }
  if (cap > 0 && more > cap - (int64_t)r->n)
    more = cap - (int64_t)r->n;
  /* a batch stops when the budget's wall time is spent */
  batch(ss, PH_CONV, more, ss->c0 + (uint64_t)(ss->p->conv_max_s * 1e9));
}

/* --batch=auto: the runs a call holds so that it lasts MEASURE_BATCH_MIN_NS,
** from one run's time in µs. */
static int64_t batch_size(double us)
{
  double k = us > 0 ? ceil((double)MEASURE_BATCH_MIN_NS / 1000.0 / us) : MEASURE_BATCH_MAX;
  return k < 1 ? 1 : k > MEASURE_BATCH_MAX ? MEASURE_BATCH_MAX : (int64_t)k;
}

/* The current batch is over: choose the next, or finish. */
static void next_batch(struct session *ss)
{
  switch (ss->phase) {
  case PH_WARMUP: /* its time is thrown away; with --batch=auto the second call's chooses k */
    if (ss->p->batch < 0 && ss->r->n > 0)
      ss->k = batch_size(ss->r->us[ss->r->n - 1]);
    ss->r->batch = ss->k;
    ss->r->n = 0;
    if (ss->j->rt != NULL)
      rt_take_kernel_ns(ss->j->rt);
    ss->b0 = ss->phase_start = now(ss);
    batch(ss, PH_INITIAL, ss->p->runs, 0);
    break;
  case PH_INITIAL: next_initial(ss); break;
  case PH_CONV: next_conv(ss); break;
  case PH_DONE: break;
  }
}

/* One call, the next the protocol asks for: 0, 1 when there is none (the
** measurement is over), -1 on failure (r->error set). */
static int step(struct session *ss)
{
  int rc = 1;
  ss->away += ss->clock() - ss->left_at;
  while (ss->phase != PH_DONE &&
         (ss->left <= 0 || (ss->deadline != 0 && ss->tried > 0 && now(ss) > ss->deadline)))
    next_batch(ss);
  if (ss->phase != PH_DONE)
    rc = one_call(ss);
  ss->left_at = ss->clock();
  return rc;
}

/* Kernel-only time, from a separate untimed pass with profiling events
** (events cost host time, so the timed runs go without). */
static void profiled_pass(struct session *ss)
{
  struct rt *rt = ss->j->rt;
  struct rt_kernel_totals t;
  struct ps_err e;
  int64_t k = (int64_t)(ss->r->n < 50 ? ss->r->n : 50);
  if (rt == NULL || !rt_can_profile(rt))
    return;
  rt_take_kernel_ns(rt);
  rt_set_profiling(rt, 1);
  for (int64_t i = 0; i < k && !*ss->stop; i++) {
    /* the eviction turns profiling off for its own commands: only the entry's are timed */
    if ((ss->p->evict != NULL && evict_run(ss->p->evict, &e) != 0) || entry_run(ss->j, &e) != 0 ||
        entry_sync(ss->j, &e) != 0)
      break;
    rt_end_run(rt);
  }
  rt_set_profiling(rt, 0);
  ss->r->nktimes = rt_take_kernel_times(rt, ss->r->ktimes, MEASURE_KERNELS, &t);
  ss->r->kernel_ns = t.ns;
  ss->r->kernel_span_ns = t.span_ns;
  ss->r->kernel_runs = (size_t)k;
  if (k > 0)
    ss->r->launches = (int64_t)(t.launches / (uint64_t)k);
}

/* A session for job j, at its warm-up. */
static void begin(struct session *ss, const struct measure_params *p, struct entry_job *j,
                  volatile sig_atomic_t *stop, measure_progress_fn progress, void *ctx, struct measure_result *r)
{
  memset(ss, 0, sizeof *ss);
  memset(r, 0, sizeof *r);
  ss->p = p;
  ss->j = j;
  ss->stop = stop;
  ss->progress = progress;
  ss->ctx = ctx;
  ss->clock = p->clock_ns != NULL ? p->clock_ns : ps_now_ns;
  ss->preemptions = p->preemptions != NULL ? p->preemptions : ps_thread_preemptions;
  ss->r = r;
  r->launches = -1;
  r->stop = MEASURE_INITIAL;
  r->rse = r->rse_target = NAN;
  r->discarded = p->throttled != NULL ? 0 : -1;
  r->sync_mean_us = NAN;
  ss->k = p->batch > 0 ? p->batch : 1;
  r->batch = ss->k;
  ss->left_at = ss->clock();
  ss->t_start = now(ss);
  if (progress != NULL) {
    struct measure_progress mp = {NULL, 0, 0, 0, 0, NAN, NAN};
    progress(ctx, &mp);
  }
  batch(ss, PH_WARMUP, p->warmup + (p->batch < 0), 0);
}

/* Batched: the mean of MEASURE_SYNC_RUNS synchronous runs (each run and its
** sync timed, as without --batch, the test hooks' time too), to report beside
** the batched mean. */
static void sync_pass(struct session *ss)
{
  struct ps_err e;
  uint64_t sum = 0;
  int k = 0;
  if (ss->k <= 1)
    return;
  for (; k < MEASURE_SYNC_RUNS && !*ss->stop; k++) {
    uint64_t t0;
    if (ss->p->evict != NULL && evict_run(ss->p->evict, &e) != 0)
      break;
    t0 = now(ss);
    if (entry_run(ss->j, &e) != 0 || entry_sync(ss->j, &e) != 0)
      break;
    sum += planted(ss, t0, now(ss)) - t0;
  }
  if (k > 0)
    ss->r->sync_mean_us = (double)sum / 1000.0 / k;
}

/* The statistics at the end, the synchronous pass of a batched measurement,
** and the profiled pass. */
static void finish(struct session *ss)
{
  struct stats s;
  rule(ss, &s);
  sync_pass(ss);
  profiled_pass(ss);
}

int measure_run(const struct measure_params *p, struct entry_job *j, volatile sig_atomic_t *stop,
                measure_progress_fn progress, void *ctx, struct measure_result *r)
{
  struct session ss;
  int rc;
  begin(&ss, p, j, stop, progress, ctx, r);
  while ((rc = step(&ss)) == 0)
    ;
  if (rc < 0)
    return -1;
  finish(&ss);
  return 0;
}

/* One turn of session ss: calls until MEASURE_TURN_NS of its own time passed
** in the turn or it is over. 0, 1 (over), -1 (failed). */
static int turn(struct session *ss)
{
  uint64_t t0 = ss->clock();
  int rc;
  while ((rc = step(ss)) == 0 && ss->clock() - t0 < MEASURE_TURN_NS)
    ;
  return rc;
}

int measure_interleaved(struct measure_job *jobs, int n, volatile sig_atomic_t *stop)
{
  struct session *ss = calloc((size_t)(n > 0 ? n : 1), sizeof *ss);
  int *active = calloc((size_t)(n > 0 ? n : 1), sizeof *active), m = 0, rc = 0;
  for (int i = 0; i < n; i++) {
    jobs[i].rc = 0;
    if (ss == NULL || active == NULL) {
      memset(jobs[i].r, 0, sizeof *jobs[i].r);
      jobs[i].r->error = strdup("out of memory");
      jobs[i].rc = rc = -1;
      continue;
    }
    begin(&ss[i], jobs[i].p, jobs[i].j, stop, jobs[i].progress, jobs[i].ctx, jobs[i].r);
    active[m++] = i;
  }
  for (size_t round = 0; m > 0; round++) {
    int k = 0, first = (int)(round % (size_t)m);
    for (int t = 0; t < m; t++) { /* a turn each, from the round's first */
      int i = active[(first + t) % m], got = turn(&ss[i]);
      if (got != 0)
        jobs[i].rc = got < 0 ? -1 : 1;
    }
    for (int t = 0; t < m; t++) /* the finished drop out, the order kept */
      if (jobs[active[t]].rc == 0)
        active[k++] = active[t];
    m = k;
  }
  for (int i = 0; i < n && ss != NULL && active != NULL; i++) {
    if (jobs[i].rc > 0)
      finish(&ss[i]);
    jobs[i].rc = jobs[i].rc > 0 ? 0 : -1;
    rc = jobs[i].rc != 0 ? -1 : rc;
  }
  free(ss);
  free(active);
  return rc;
}

void measure_result_free(struct measure_result *r)
{
  free(r->us);
  free(r->preempted);
  free(r->kernel_us);
  free(r->error);
  r->us = NULL;
  r->preempted = NULL;
  r->kernel_us = NULL;
  r->error = NULL;
  r->n = 0;
}
