/*
** benchplan.c: the estimate of a bench run, its sources, and the ETA (benchplan.h).
*/
#include "benchplan.h"

#include "benchshard.h"
#include "cache.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Seconds per unit of work of one run when no earlier run of this device
** says: a GPU (an H200's searches and copies: 1e-12 to 7e-12), a CPU (PoCL or
** the host backends on 2 cores: 3e-10 to 1e-8). */
#define GPU_UNIT_S 5e-12
#define CPU_UNIT_S 2e-9
/* Seconds of a run besides its work: the launches and the sync (a GPU's
** driver: some µs; PoCL's on 2 cores: some tens). */
#define GPU_RUN_S 1e-5
#define CPU_RUN_S 2e-5
/* Seconds of a case besides its runs: kernels built or loaded, inputs
** generated, uploaded and checked against the reference (per unit of work). */
#define CASE_S 0.1
#define CASE_UNIT_S 5e-9
/* The convergence phase, as a share of the initial phase: it starts afresh
** with half the runs and grows by half until the rule passes; on a CPU
** device, plus a share of its budget: a busy host's runs of some µs rarely
** pass the rule (the README's suite on the 2-core VM: 6 of its 19 datasets
** spent the whole budget on a loaded host, none on a quiet one). */
#define CONV_SHARE 0.5
#define CPU_CONV_BUDGET_SHARE 0.15
#define CPU_CONV_CAP_S 10 /* of a budget longer than this, the share of this: measured with 5 s only */
#define PROFILED_RUNS 50 /* measure.c's profiled pass: at most this many runs */

enum source { EARLIER, MODEL };

struct item {
  const struct suite_block *bl;
  int e, c;
  uint64_t key;     /* of its time in the cache */
  double work;      /* units of work (benchshard_work) */
  double est, hi;   /* estimated and most seconds */
  double actual;    /* measured seconds; < 0: not done */
  enum source src;
};

struct benchplan {
  struct benchplan_env env;
  struct item *items;
  int n, cur;               /* cur: the running case, -1: none */
  double unit_s;            /* seconds per unit of work and run, for the model */
  int learnt;               /* unit_s from earlier runs of this device */
  uint64_t t0, cur_t0;      /* ns: the plan made, the running case started */
};

void benchplan_free(struct benchplan *p)
{
  if (p == NULL)
    return;
  free(p->items);
  free(p);
}

/* The key of case c of entry `entry`'s time on this device with these options. */
static uint64_t time_key(const struct benchplan_env *env, const char *entry, const struct suite_case *c)
{
  const struct measure_params *mp = env->mp;
  char opts[256];
  uint64_t k = cache_key_str(0, "psearch plan time 1");
  snprintf(opts, sizeof opts, "r%lld w%lld m%lld c%d b%.17g t%lld k%lld e%d kt%d", (long long)mp->runs,
           (long long)mp->warmup, (long long)mp->max_runs, mp->convergence, mp->conv_max_s,
           (long long)mp->timeout_s, (long long)mp->batch, mp->evict != NULL, mp->kernel_time);
  k = cache_key_str(k, env->device);
  k = cache_key_str(k, opts);
  k = cache_key_str(k, entry);
  k = cache_key_str(k, c->name);
  k = cache_key_str(k, c->file != NULL ? c->file : "");
  return cache_key_str(k, c->values != NULL ? c->values : "");
}

/* An earlier run's seconds and mean runtime (µs) of an item; 0, or -1 when none. */
static int time_load(const struct benchplan *p, const struct item *it, double *seconds, double *mean_us)
{
  struct cache_entry ce;
  unsigned char *buf = NULL;
  size_t len = 0;
  char text[128];
  int rc = -1;
  if (!p->env.use_cache || cache_entry(CACHE_TIMES, it->key, ".bin", &ce) != 0 ||
      cache_load_blob(&ce, &buf, &len) != 0)
    goto done;
  if (len >= sizeof text)
    goto done;
  memcpy(text, buf, len);
  text[len] = '\0';
  if (sscanf(text, "plan %lf %lf", seconds, mean_us) == 2 && isfinite(*seconds) && *seconds >= 0 &&
      isfinite(*mean_us))
    rc = 0;
done:
  free(buf);
  return rc;
}

static void time_store(const struct benchplan *p, const struct item *it, double seconds, double mean_us)
{
  struct cache_entry ce;
  struct ps_err e;
  char text[128];
  int len = snprintf(text, sizeof text, "plan %.6f %.6f\n", seconds, mean_us);
  if (p->env.use_cache && p->env.store && cache_entry(CACHE_TIMES, it->key, ".bin", &ce) == 0 &&
      cache_store_blob(&ce, text, (size_t)len, &e) != 0)
    ps_info(2, "the plan's time of a dataset not stored: %s", e.msg);
}

/* The model's seconds of an item whose runs take t seconds each: its fixed
** part, the warm-up, the initial phase, the convergence phase and the
** profiled pass, the measurement capped by --timeout, times the
** measurements a case makes; the most in *hi. */
static double model(const struct benchplan *p, const struct item *it, double t, double *hi)
{
  const struct measure_params *mp = p->env.mp;
  double fixed = CASE_S + CASE_UNIT_S * it->work, initial = (double)mp->runs * t, conv = 0, most = 0, prof;
  if (mp->max_runs > mp->runs || mp->max_runs == 0) { /* runs until 0.5 s, up to max_runs */
    initial = fmax(initial, MEASURE_MIN_TIME_S);
    if (mp->max_runs > 0)
      initial = fmin(initial, fmax((double)mp->max_runs * t, (double)mp->runs * t));
  }
  if (mp->convergence) {
    conv = fmin(mp->conv_max_s, CONV_SHARE * initial +
                (p->env.is_gpu ? 0 : CPU_CONV_BUDGET_SHARE * fmin(mp->conv_max_s, CPU_CONV_CAP_S)));
    most = mp->conv_max_s + t; /* a batch stops at the budget's end, after the run under way */
  }
  prof = p->env.profiled ? fmin(initial / (t > 0 ? t : 1e-9), PROFILED_RUNS) * t : 0;
  initial += (double)mp->warmup * t;
  most += initial;
  conv += initial;
  if (mp->timeout_s > 0) {
    conv = fmin(conv, (double)mp->timeout_s);
    most = fmin(most, (double)mp->timeout_s);
  }
  *hi = fixed + p->env.measurements * (most + prof);
  return fixed + p->env.measurements * (conv + prof);
}

/* Seconds per unit of work: the median of the earlier cases' (mean runtime
** over work), else the default for the device (a run also costs *_RUN_S). */
static void learn(struct benchplan *p, double *ratio, int k)
{
  p->unit_s = p->env.is_gpu ? GPU_UNIT_S : CPU_UNIT_S;
  if (k == 0)
    return;
  for (int i = 1; i < k; i++) /* insertion sort: a few hundred cases */
    for (int j = i; j > 0 && ratio[j - 1] > ratio[j]; j--) {
      double x = ratio[j];
      ratio[j] = ratio[j - 1];
      ratio[j - 1] = x;
    }
  p->unit_s = k % 2 ? ratio[k / 2] : (ratio[k / 2 - 1] + ratio[k / 2]) / 2;
  p->learnt = 1;
}

/* collect's walk: the plan, its filter and the items' room. */
struct walk {
  struct benchplan *p;
  benchplan_keep keep;
  const void *ctx;
  int cap;
};

/* Append the case at `at` when admitted, with its earlier time where there is
** one. 0, or -1 when out of memory. */
static int collect_one(void *wv, const struct suite_pos *at)
{
  struct walk *w = wv;
  struct benchplan *p = w->p;
  const struct suite_block *bl = at->bl;
  if (!w->keep(w->ctx, bl, at->e, at->c))
    return 0;
  if (p->n == w->cap) {
    struct item *ni = realloc(p->items, (size_t)(w->cap = 2 * w->cap + 16) * sizeof *ni);
    if (ni == NULL)
      return -1;
    p->items = ni;
  }
  p->items[p->n++] = (struct item){bl, at->e, at->c, time_key(&p->env, bl->entries[at->e], &bl->cases[at->c]),
                                   benchshard_work(bl->entries[at->e], &bl->cases[at->c]), -1, 0, -1, MODEL};
  return 0;
}

/* Append every admitted case. 0, or -1 when out of memory. */
static int collect(struct benchplan *p, struct suite *const *suites, int n, benchplan_keep keep, const void *ctx)
{
  struct walk w = {p, keep, ctx, 0};
  return suite_each(suites, n, collect_one, &w);
}

struct benchplan *benchplan_new(struct suite *const *suites, int n, benchplan_keep keep, const void *ctx,
                                const struct benchplan_env *env)
{
  struct benchplan *p = calloc(1, sizeof *p);
  double *ratio = NULL, *mean = NULL;
  int k = 0, ok = 0;
  if (p == NULL)
    goto done;
  p->env = *env;
  p->cur = -1;
  p->t0 = ps_now_ns();
  if (collect(p, suites, n, keep, ctx) != 0 || (ratio = calloc((size_t)p->n + 1, sizeof *ratio)) == NULL ||
      (mean = calloc((size_t)p->n + 1, sizeof *mean)) == NULL)
    goto done;
  for (int i = 0; i < p->n; i++) {
    struct item *it = &p->items[i];
    if (time_load(p, it, &it->est, &mean[i]) != 0)
      continue;
    it->src = EARLIER;
    it->est *= p->env.measurements; /* an earlier run's seconds, one measurement's */
    if (mean[i] > 0 && it->work > 0)
      ratio[k++] = mean[i] * 1e-6 / it->work;
  }
  learn(p, ratio, k);
  for (int i = 0; i < p->n; i++) {
    struct item *it = &p->items[i];
    double t = it->src == EARLIER && mean[i] > 0 ? mean[i] * 1e-6
             : (p->env.is_gpu ? GPU_RUN_S : CPU_RUN_S) + p->unit_s * it->work, m;
    m = model(p, it, t, &it->hi);
    if (it->src == MODEL)
      it->est = m;
    it->hi = fmax(it->hi, it->est);
  }
  ok = 1;
done:
  free(ratio);
  free(mean);
  if (!ok) {
    benchplan_free(p);
    p = NULL;
  }
  return p;
}

/* Seconds as the plan says them: "0.8 s", "42 s", else as a clock. */
static void span(double s, char *buf, size_t n)
{
  if (s < 9.95)
    snprintf(buf, n, "%.1f s", s);
  else if (s < 59.5)
    snprintf(buf, n, "%.0f s", s);
  else
    benchplan_clock(s, buf, n);
}

/* The totals: estimate, most, and the cases from each source. */
static void totals(const struct benchplan *p, double *est, double *hi, int *earlier)
{
  *est = *hi = 0;
  *earlier = 0;
  for (int i = 0; i < p->n; i++) {
    *est += p->items[i].est;
    *hi += p->items[i].hi;
    *earlier += p->items[i].src == EARLIER;
  }
}

/* "11 from earlier runs' times, 8 from the cost model (...)" into buf. */
static void sources(const struct benchplan *p, int earlier, char *buf, size_t n)
{
  char u[128] = "";
  int model = p->n - earlier;
  if (model > 0)
    snprintf(u, sizeof u, " at %.2g s per unit of work and run (%s)", p->unit_s,
             p->learnt ? "learnt from the earlier runs" : p->env.is_gpu ? "a GPU's default" : "a CPU's default");
  if (earlier > 0 && model > 0)
    snprintf(buf, n, "%d from earlier runs' times, %d from the cost model%s", earlier, model, u);
  else if (earlier > 0)
    snprintf(buf, n, "from earlier runs' times");
  else
    snprintf(buf, n, "from the cost model%s", u);
}

void benchplan_print(const struct benchplan *p, int cpu_full)
{
  const struct measure_params *mp = p->env.mp;
  double est, hi;
  int earlier;
  char a[32], b[32], src[256], rule[160];
  totals(p, &est, &hi, &earlier);
  span(est, a, sizeof a);
  span(hi, b, sizeof b);
  sources(p, earlier, src, sizeof src);
  if (mp->convergence)
    snprintf(rule, sizeof rule, "at least %lld runs and %g s, then until the mean converges, up to %g s more",
             (long long)mp->runs, MEASURE_MIN_TIME_S, mp->conv_max_s);
  else if (mp->max_runs == mp->runs)
    snprintf(rule, sizeof rule, "exactly %lld runs", (long long)mp->runs);
  else
    snprintf(rule, sizeof rule, "at least %lld runs and %g s", (long long)mp->runs, MEASURE_MIN_TIME_S);
  ps_info(1, "plan: %d datasets, each %s%s: about %s (%s); at most %s%s", p->n, rule,
          mp->timeout_s > 0 ? ", --timeout capping its runs" : "", a, src, b,
          mp->convergence ? " with every convergence budget spent" : "");
  if (cpu_full)
    ps_warn("the default suites run the seeds' full sizes ([33554431]i32): on a CPU that takes a long "
            "while (over 30 minutes on 2 cores); builtin:quick.bench is the small version");
}

void benchplan_list(const struct benchplan *p, const struct suite *const *suites, int n, FILE *f)
{
  const struct suite_block *last = NULL;
  double est, hi;
  int earlier, lastent = -1;
  char t[32], src[256];
  for (int i = 0; i < p->n; i++) {
    const struct item *it = &p->items[i];
    const struct suite_case *c = &it->bl->cases[it->c];
    if (it->bl != last || it->e != lastent) {
      const char *path = "";
      for (int s = 0; s < n; s++)
        if (it->bl >= suites[s]->blocks && it->bl < suites[s]->blocks + suites[s]->nblocks)
          path = suites[s]->path;
      fprintf(f, "%s%s:%s\n", i > 0 ? "\n" : "", path, it->bl->entries[it->e]);
      last = it->bl;
      lastent = it->e;
    }
    span(it->est, t, sizeof t);
    fprintf(f, "  %-40s %12.0f elements  %8s  %s\n", c->name, benchshard_elements(c), t,
            it->src == EARLIER ? "earlier run" : "cost model");
  }
  totals(p, &est, &hi, &earlier);
  span(est, t, sizeof t);
  sources(p, earlier, src, sizeof src);
  fprintf(f, "%s%d datasets: about %s (%s)\n", p->n > 0 ? "\n" : "", p->n, t, src);
}

/* The item of case c of entry e of bl, or -1. */
static int find(const struct benchplan *p, const struct suite_block *bl, int e, int c)
{
  for (int i = 0; i < p->n; i++)
    if (p->items[i].bl == bl && p->items[i].e == e && p->items[i].c == c)
      return i;
  return -1;
}

void benchplan_start(struct benchplan *p, const struct suite_block *bl, int e, int c)
{
  if (p == NULL)
    return;
  p->cur = find(p, bl, e, c);
  p->cur_t0 = ps_now_ns();
}

void benchplan_done(struct benchplan *p, const struct suite_block *bl, int e, int c, double seconds, double mean_us)
{
  int i = p != NULL ? find(p, bl, e, c) : -1;
  if (i < 0)
    return;
  p->items[i].actual = seconds;
  if (mean_us > 0)
    time_store(p, &p->items[i], seconds, mean_us);
  if (p->cur == i)
    p->cur = -1;
}

double benchplan_elapsed(const struct benchplan *p)
{
  return p != NULL ? (double)(ps_now_ns() - p->t0) / 1e9 : 0;
}

double benchplan_left(const struct benchplan *p)
{
  double done_est = 0, done_actual = 0, left = 0, k = 1, run;
  if (p == NULL)
    return 0;
  for (int i = 0; i < p->n; i++)
    if (p->items[i].actual >= 0) {
      done_est += p->items[i].est;
      done_actual += p->items[i].actual;
    } else {
      left += p->items[i].est;
    }
  if (done_est > 0)
    k = done_actual / done_est;
  left *= k;
  if (p->cur >= 0) { /* what the running case has taken is no longer ahead */
    run = (double)(ps_now_ns() - p->cur_t0) / 1e9;
    left -= fmin(run, p->items[p->cur].est * k);
  }
  return fmax(left, 0);
}

void benchplan_clock(double s, char *buf, size_t n)
{
  long long t = (long long)(s + 0.5);
  if (!isfinite(s) || s < 0)
    t = 0;
  if (t >= 3600)
    snprintf(buf, n, "%lld:%02lld:%02lld", t / 3600, t / 60 % 60, t % 60);
  else
    snprintf(buf, n, "%lld:%02lld", t / 60, t % 60);
}
