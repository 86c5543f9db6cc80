/*
** bench.c: `psearch bench [SUITE...]`. For each suite, block, entry point
** and case: load the inputs (untimed), prepare the entry (upload, build), one
** discarded warm-up, then timed runs of entry + device sync, with futhark
** bench's minimum-time and convergence phases; validate the result against
** the c backend (cached); print the RSD line; collect JSON.
*/
#include "bench.h"
#include "registry.h"

#include "cache.h"
#include "entry.h"
#include "gen.h"
#include "hook.h"
#include "ofile.h"
#include "opt.h"
#include "ps_version.h"
#include "search.h"
#include "stats.h"
#include "suite.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
  O_RUNS = 1, O_BACKEND, O_ENTRY, O_EXCLUDE, O_JSON, O_TIMEOUT, O_NOCONV, O_CONVMAX,
  O_EXTENDED, O_NOVALIDATE, O_PLATFORM, O_DEVICE, O_DEVTYPE, O_KERNELS, O_NOCACHE, O_LIST, O_VERBOSE,
  O_HELP
};

static const struct opt_def opts[] = {
  {"runs", 'r', OPT_REQUIRED, O_RUNS, "N", "Minimum number of timed runs per dataset (default 10)"},
  {"backend", 0, OPT_REQUIRED, O_BACKEND, "NAME", "opencl (default) or c"},
  {"entry-point", 'e', OPT_REQUIRED, O_ENTRY, "NAME", "Only this entry point; repeatable"},
  {"exclude-case", 0, OPT_REQUIRED, O_EXCLUDE, "TAG", "Skip cases with this tag; repeatable (nobench, disable always)"},
  {"json", 0, OPT_REQUIRED, O_JSON, "FILE", "Write results as JSON (futhark bench's schema) to FILE"},
  {"timeout", 0, OPT_REQUIRED, O_TIMEOUT, "SECONDS", "Fail a dataset that runs longer (warm-up and runs)"},
  {"no-convergence-phase", 0, OPT_NONE, O_NOCONV, NULL, "Do not add runs until the mean converges"},
  {"convergence-max-seconds", 0, OPT_REQUIRED, O_CONVMAX, "S", "Time budget of the convergence phase (default 300)"},
  {"extended", 'x', OPT_NONE, O_EXTENDED, NULL, "Also print median, 95% CI, throughput and GB/s"},
  {"no-validate", 0, OPT_NONE, O_NOVALIDATE, NULL, "Do not check results against the c backend"},
  {"platform", 'p', OPT_REQUIRED, O_PLATFORM, "P", "OpenCL platform: index or name substring"},
  {"device", 'd', OPT_REQUIRED, O_DEVICE, "D", "OpenCL device: index or name substring"},
  {"device-type", 0, OPT_REQUIRED, O_DEVTYPE, "TYPE", "cpu, gpu or all"},
  {"kernels", 0, OPT_REQUIRED, O_KERNELS, "DIR", "Read kernel sources from DIR"},
  {"no-cache", 0, OPT_NONE, O_NOCACHE, NULL, "Do not use the kernel and dataset caches"},
  {"list-suites", 0, OPT_NONE, O_LIST, NULL, "List the built-in suites and exit"},
  {"verbose", 'v', OPT_NONE, O_VERBOSE, NULL, "Log the phases of each dataset on stderr, with times since start"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void bench_help(FILE *f)
{
  fputs("Usage: psearch bench [OPTIONS] [SUITE...]\n"
        "Benchmark the entry points of each suite (docs/suites.md) on their datasets.\n"
        "With no SUITE, the built-in default suites run (--list-suites shows them;\n"
        "builtin:NAME names one).\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExit codes: 0 all datasets ran and validated, 1 a dataset failed or mismatched,\n"
        "2 usage error, 3 malformed suite, 130 interrupted (the JSON keeps what completed).\n", f);
}

#define MAXLIST 32
#define MAXIN 16
#define MIN_TIME_S 0.5

struct config {
  int64_t runs;
  enum backend backend;
  const char *entries[MAXLIST];
  int nentries;
  const char *exclude[MAXLIST];
  int nexclude;
  const char *json;
  int64_t timeout; /* seconds; 0 = none */
  int convergence;
  double conv_max;
  int extended, validate, use_cache;
  int fancy;       /* progress bar on a terminal */
  double copy_gbs; /* measured copy bandwidth for --extended, 0 if unknown */
};

static volatile sig_atomic_t interrupted;
static uint64_t t_program; /* start of bench, for -v timestamps */

static void vlog(const char *what, const char *name)
{
  ps_info(2, "[%.3f s] %s: %s", (double)(ps_now_ns() - t_program) / 1e9, name, what);
}

static void on_interrupt(int sig)
{
  if (interrupted) { /* a second Ctrl-C: stop now */
    ofile_remove_temporaries();
    signal(sig, SIG_DFL);
    raise(sig);
  }
  interrupted = 1;
}

/* ============================== Inputs ================================== */

/* The dataset cache key of a random case: a digest of everything that
** determines its bytes: the generator's and the layout's versions, the items
** (types with shapes, or constants) in order, the seeds (1 + item index),
** the default bounds, sortedness and layout. Never the case's display name:
** two cases may share a name and differ in what they generate. */
static uint64_t random_case_key(const struct suite_case *c)
{
  char buf[64];
  char *items = strdup(c->values), *tok, *save = NULL;
  struct gen_bounds b;
  uint64_t key;
  snprintf(buf, sizeof buf, "random-case gen=%d layout=%d sorted=%d eytzinger=%d", GEN_VERSION,
           SEARCH_LAYOUT_VERSION, c->sorted, c->eytzinger);
  key = cache_key_str(0, buf);
  gen_bounds_default(&b);
  key = cache_key_bytes(key, &b, sizeof b);
  if (items == NULL)
    return cache_key_str(key, c->values); /* still distinct per text */
  for (tok = strtok_r(items, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save))
    key = cache_key_str(key, tok); /* seed 1 + k follows from the position */
  free(items);
  return key;
}

/* Load the inputs of case c into in[]; returns the count or -1 (message in e). */
static int load_case(const struct config *cf, const struct suite_case *c, struct data_value *in,
                     uint64_t *digest, struct ps_err *e)
{
  int n = 0;
  *digest = 0;
  if (c->file != NULL) {
    FILE *f = fopen(c->file, "rb");
    struct data_reader *r;
    int got = 0;
    if (f == NULL)
      return ps_fail(e, "%s: cannot open: %s", c->file, strerror(errno));
    r = data_reader_file(f, c->file);
    while (r != NULL && n < MAXIN && (got = data_read(r, &in[n], e)) == 1)
      n++;
    data_reader_close(r);
    fclose(f);
    if (got < 0)
      goto fail;
  } else if (!c->random) {
    struct data_reader *r = data_reader_mem(c->values, strlen(c->values), c->name);
    int got = 0;
    while (r != NULL && n < MAXIN && (got = data_read(r, &in[n], e)) == 1)
      n++;
    data_reader_close(r);
    if (got < 0)
      goto fail;
  } else { /* random items, each seed 1 + k; cached */
    char *items = strdup(c->values), *tok, *save = NULL, path[4200];
    int cached, have_path;
    if (items == NULL)
      return ps_fail(e, "out of memory");
    have_path = cf->use_cache && cache_path("data", random_case_key(c), ".in", path, sizeof path) == 0;
    if (have_path && (cached = cache_load(path, in, MAXIN)) > 0) {
      ps_info(2, "%s: dataset cache hit %s", c->name, path);
      free(items);
      n = cached;
      goto done;
    }
    if (have_path)
      ps_info(2, "%s: dataset cache miss %s", c->name, path);
    for (tok = strtok_r(items, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
      enum data_type t;
      int rank;
      int64_t shape[DATA_MAX_RANK];
      struct gen_bounds b;
      if (n == MAXIN) {
        free(items);
        ps_fail(e, "%s: more than %d inputs", c->name, MAXIN);
        goto fail;
      }
      gen_bounds_default(&b);
      if (gen_parse_type(tok, strlen(tok), &t, &rank, shape) == 0) {
        if (data_value_init(&in[n], t, rank, shape, e) != 0 ||
            gen_fill(&in[n], 1 + (uint64_t)n, &b, c->sorted, ps_ncpus(), e) != 0) {
          data_value_free(&in[n]);
          free(items);
          goto fail;
        }
        if (c->eytzinger && rank == 1 && search_layout_eytzinger(&in[n], e) != 0) {
          data_value_free(&in[n]);
          free(items);
          goto fail;
        }
      } else {
        struct data_reader *r = data_reader_mem(tok, strlen(tok), c->name);
        struct data_value extra;
        int got = r ? data_read(r, &in[n], e) : -1;
        if (got == 1 && data_read(r, &extra, e) != 0) { /* the whole item is one constant */
          data_value_free(&extra);
          data_value_free(&in[n]);
          got = -1;
        }
        data_reader_close(r);
        if (got != 1) {
          ps_fail(e, "random input: '%s' is not a type ([N]i32) or a constant", tok);
          free(items); /* tok points into it */
          goto fail;
        }
      }
      n++;
    }
    free(items);
    if (have_path && cache_store(path, in, n, e) != 0)
      ps_warn("dataset cache: %s", e->msg);
  }
done:
  for (int i = 0; i < n; i++)
    *digest = cache_value_digest(&in[i], *digest);
  return n;
fail:
  for (int i = 0; i < n; i++)
    data_value_free(&in[i]);
  return -1;
}

/* ============================== Progress ================================ */

/* Redraw the progress line at most this often (ns): drawing costs host time
** between runs, and a terminal must measure what a pipe measures. */
#define PROGRESS_NS 100000000u

/* The progress line of one dataset on a terminal, fed from running moments
** (Welford) so that a redraw costs O(new runs), never O(all runs). */
struct progress {
  const char *desc;
  int pad;
  uint64_t last_ns; /* last redraw */
  size_t seen;      /* runs folded into mean and m2 */
  double mean, m2;
  int step;         /* spinner */
};

static void progress_draw(const struct config *cf, struct progress *pg, const double *us, size_t n,
                          double elapsed, int conv)
{
  static const char *const cells[] = {" ", "\u258f", "\u258e", "\u258d", "\u258d", "\u258c",
                                      "\u258b", "\u258a", "\u2589", "\u2588"};
  static const char *const spin[] = {"\u280b", "\u2819", "\u2839", "\u2838", "\u283c",
                                     "\u2834", "\u2826", "\u2827", "\u2807", "\u280f"};
  double p = fmin(elapsed / MIN_TIME_S, (double)n / (double)cf->runs), rse;
  if (!cf->fancy)
    return;
  if (n < pg->seen) /* the samples were restarted (convergence phase) */
    pg->seen = 0, pg->mean = pg->m2 = 0;
  for (; pg->seen < n; pg->seen++) {
    double d = us[pg->seen] - pg->mean;
    pg->mean += d / (double)(pg->seen + 1);
    pg->m2 += d * (us[pg->seen] - pg->mean);
  }
  rse = n > 0 && pg->mean > 0 ? sqrt(pg->m2 / (double)n) / sqrt((double)n) / pg->mean : 0;
  printf("\r%s: %*s", pg->desc, pg->pad, "");
  if (n == 0) {
    printf("             |          | ");
  } else if (!conv) {
    printf("%10.0f\u03bcs |", pg->mean);
    for (int i = 1; i <= 10; i++) {
      int idx = (int)floor((p - (i - 1) * 0.1) * 10 / 0.1);
      if (i * 0.1 <= p)
        fputs("\u2588", stdout);
      else
        fputs(idx >= 0 && idx < 10 ? cells[idx] : " ", stdout);
    }
    printf("| %zu runs ", n);
  } else {
    printf("%10.0f\u03bcs %s (RSE of mean: %2.4f; %4zu runs) ", pg->mean, spin[pg->step++ % 10], rse, n);
  }
  fflush(stdout);
  pg->last_ns = ps_now_ns();
}

/* ============================== Running ================================= */

/* Kernels named in the by-kernel breakdown of an outcome. */
#define OUTCOME_KERNELS 6

struct outcome {
  double *us;  /* reported runtimes */
  size_t n;
  uint64_t kernel_ns;  /* event-profiled kernel time of kernel_runs extra runs */
  size_t kernel_runs;
  struct rt_kernel_time ktimes[OUTCOME_KERNELS]; /* the same by kernel, most first */
  int nktimes;
  uint64_t peak;
  char *error; /* set when the dataset failed */
  const char *validation;
};

/* The runtimes (µs) of one dataset, growing. */
struct samples {
  double *us;
  size_t n, cap;
};

static int push(struct samples *sm, double x)
{
  if (sm->n == sm->cap) {
    size_t nc = sm->cap ? sm->cap * 2 : 64;
    double *nv = realloc(sm->us, nc * sizeof *nv);
    if (nv == NULL)
      return -1;
    sm->us = nv;
    sm->cap = nc;
  }
  sm->us[sm->n++] = x;
  return 0;
}

static char *dup_msg(const char *fmt, const char *arg)
{
  char buf[1200];
  snprintf(buf, sizeof buf, fmt, arg);
  return strdup(buf);
}

/* One dataset's measurement in progress. */
struct session {
  const struct config *cf;
  struct entry_job *j;
  uint64_t t_start;    /* first call, for --timeout */
  struct samples sm;
  struct progress pg;
  int calls;           /* calls of the entry so far (warm-up included) */
  double slowdown;     /* test hooks (hook.h) */
  uint64_t delay_ns, delay_first_ns;
};

/* Busy-wait until ps_now_ns() reaches t (test hooks: exact, unlike sleep). */
static uint64_t spin_until(uint64_t t)
{
  uint64_t now;
  while ((now = ps_now_ns()) < t)
    ;
  return now;
}

/* Do `count` timed runs, appending microseconds to the samples, stopping
** early at the wall-clock deadline (ns, 0: none). 0, or -1 with o->error set.
** The timed region is the entry's run and its sync, nothing else. */
static int timed_runs(struct session *ss, int64_t count, uint64_t deadline, int conv,
                      struct outcome *o)
{
  const struct config *cf = ss->cf;
  struct ps_err e;
  for (int64_t i = 0; i < count; i++) {
    uint64_t t0, t1;
    if (deadline != 0 && i > 0 && ps_now_ns() > deadline)
      break;
    if (interrupted) {
      o->error = strdup("Interrupted.");
      return -1;
    }
    if (cf->timeout > 0 && ps_now_ns() - ss->t_start > (uint64_t)cf->timeout * 1000000000u) {
      char s[64];
      snprintf(s, sizeof s, "%lld", (long long)cf->timeout);
      o->error = dup_msg("Execution exceeded %s seconds.", s);
      return -1;
    }
    t0 = ps_now_ns();
    if (entry_run(ss->j, &e) != 0 || entry_sync(ss->j, &e) != 0) {
      o->error = strdup(e.msg);
      return -1;
    }
    t1 = ps_now_ns();
    if (ss->delay_ns > 0 || ss->delay_first_ns > 0)
      t1 = spin_until(t1 + (ss->calls == 0 ? ss->delay_first_ns : ss->delay_ns));
    ss->calls++;
    if (ss->slowdown > 0)
      t1 = spin_until(t1 + (uint64_t)((double)(t1 - t0) * ss->slowdown / 100));
    if (push(&ss->sm, (double)(t1 - t0) / 1000.0) != 0) {
      o->error = strdup("out of memory");
      return -1;
    }
    if (cf->fancy && t1 - ss->pg.last_ns >= PROGRESS_NS)
      progress_draw(cf, &ss->pg, ss->sm.us, ss->sm.n, (double)(t1 - ss->t_start) / 1e9, conv);
  }
  return 0;
}

/* XXH64 of this executable's file, computed once: reference outputs depend
** on the code that made them, so any rebuild must miss the cache. Falls back
** to the version and commit if the file cannot be read. */
static uint64_t exe_digest(void)
{
  static uint64_t d;
  static int done;
  if (!done) {
    FILE *f = fopen("/proc/self/exe", "rb");
    struct data_value v = {DATA_U8, 1, {0}, NULL};
    unsigned char *buf = NULL;
    size_t n = 0, cap = 0, got;
    done = 1;
    while (f != NULL) {
      if (n == cap) {
        unsigned char *nb = realloc(buf, cap = cap ? 2 * cap : 1 << 20);
        if (nb == NULL)
          break;
        buf = nb;
      }
      if ((got = fread(buf + n, 1, cap - n, f)) == 0)
        break;
      n += got;
    }
    if (f != NULL && !ferror(f) && n > 0) {
      v.shape[0] = (int64_t)n;
      v.elems = buf;
      d = cache_value_digest(&v, 0);
    } else {
      d = cache_key_str(0, PS_VERSION " " PS_GIT);
    }
    if (f != NULL)
      fclose(f);
    free(buf);
  }
  return d;
}

/* Reference outputs from the c backend, cached by input digest, entry and
** executable. */
static int reference(const struct config *cf, const struct entry *en, const struct data_value *in,
                     int nin, uint64_t digest, struct data_value *ref, int *nref, struct ps_err *e)
{
  struct entry_job j;
  char path[4200];
  uint64_t key = cache_key_str(digest ^ exe_digest(), en->name);
  int have_path, rc = -1;
  have_path = cf->use_cache && cache_path("ref", key, ".in", path, sizeof path) == 0;
  if (have_path && (*nref = cache_load(path, ref, ENTRY_MAX_IO)) > 0)
    return 0;
  memset(&j, 0, sizeof j);
  j.entry = en;
  j.backend = BACKEND_C;
  j.in = in;
  j.nin = nin;
  if (entry_prepare(&j, e) == 0 && entry_run(&j, e) == 0 && entry_result(&j, e) == 0) {
    *nref = j.nout;
    for (int i = 0; i < j.nout; i++)
      ref[i] = j.out[i];
    j.nout = 0;
    rc = 0;
    if (have_path && cache_store(path, ref, *nref, e) != 0)
      ps_warn("reference cache: %s", e->msg);
  }
  entry_release(&j);
  return rc;
}

static void run_dataset(const struct config *cf, struct rt *rt, const struct entry *en,
                        const struct data_value *in, int nin, uint64_t digest, const char *desc,
                        int pad, struct outcome *o)
{
  struct entry_job j;
  struct ps_err e = {{0}};
  struct session ss;
  int prepared = 0;
  memset(o, 0, sizeof *o);
  memset(&j, 0, sizeof j);
  memset(&ss, 0, sizeof ss);
  ss.cf = cf;
  ss.j = &j;
  ss.pg.desc = desc;
  ss.pg.pad = pad;
  ss.slowdown = hook_slowdown_pct(en->name);
  ss.delay_ns = hook_delay_ns(en->name, 0);
  ss.delay_first_ns = hook_delay_ns(en->name, 1);
  if (entry_check_inputs(en, in, nin, &e) != 0) {
    o->error = strdup(e.msg);
    goto done;
  }
  j.entry = en;
  j.backend = cf->backend;
  j.rt = rt;
  j.in = in;
  j.nin = nin;
  if (rt != NULL)
    rt_reset_peak(rt);
  prepared = 1;
  if (entry_prepare(&j, &e) != 0) {
    o->error = strdup(e.msg);
    goto done;
  }
  vlog("prepared (inputs on the device, kernels built)", desc);
  progress_draw(cf, &ss.pg, NULL, 0, 0, 0);
  ss.t_start = ps_now_ns();
  /* warm-up, inside the timeout; its time is thrown away */
  if (timed_runs(&ss, 1, 0, 0, o) != 0)
    goto done;
  ss.sm.n = 0;
  vlog("warm-up done; first timed run", desc);
  if (rt != NULL)
    rt_take_kernel_ns(rt);
  { /* initial phase: -r runs, then more until MIN_TIME_S of runs */
    uint64_t b0 = ps_now_ns();
    double elapsed;
    if (timed_runs(&ss, cf->runs, 0, 0, o) != 0)
      goto done;
    while ((elapsed = (double)(ps_now_ns() - b0) / 1e9) < MIN_TIME_S) {
      double per = elapsed / (double)ss.sm.n;
      int64_t more = (int64_t)ceil((MIN_TIME_S - elapsed) / (per > 0 ? per : 1e-9));
      if (more < 1)
        more = 1;
      if (more > 1000000)
        more = 1000000;
      if (timed_runs(&ss, more, b0 + (uint64_t)(MIN_TIME_S * 1e9), 0, o) != 0)
        goto done;
    }
  }
  if (cf->convergence) {
    struct stats s;
    stats_compute(ss.sm.us, ss.sm.n, &s);
    if (stats_needs_more(&s)) {
      /* throw the initial runs away; measure afresh until converged or out of budget */
      size_t initial = ss.sm.n;
      uint64_t c0 = ps_now_ns();
      double sum_s = 0;
      ss.sm.n = 0;
      if (rt != NULL)
        rt_take_kernel_ns(rt);
      if (timed_runs(&ss, (int64_t)(initial / 2 > (size_t)cf->runs ? initial / 2 : (size_t)cf->runs),
                     0, 1, o) != 0)
        goto done;
      for (;;) {
        stats_compute(ss.sm.us, ss.sm.n, &s);
        sum_s = 0;
        for (size_t i = 0; i < ss.sm.n; i++)
          sum_s += ss.sm.us[i] / 1e6; /* seconds, not microseconds (futhark's quirk) */
        {
          double wall_s = (double)(ps_now_ns() - c0) / 1e9;
          double left = cf->conv_max - (sum_s > wall_s ? sum_s : wall_s);
          int64_t more = (int64_t)(ss.sm.n / 2 > 0 ? ss.sm.n / 2 : 1);
          if (!stats_needs_more(&s) || left <= 0)
            break;
          /* a batch stops when the budget's wall time is spent */
          if (timed_runs(&ss, more, c0 + (uint64_t)(cf->conv_max * 1e9), 1, o) != 0)
            goto done;
        }
      }
    }
  }
  if (rt != NULL && rt_can_profile(rt)) {
    /* kernel-only time, from a separate untimed pass with profiling events
    ** (events cost host time, so the timed runs go without) */
    int64_t k = (int64_t)(ss.sm.n < 50 ? ss.sm.n : 50);
    rt_take_kernel_ns(rt);
    rt_set_profiling(rt, 1);
    for (int64_t i = 0; i < k && !interrupted; i++)
      if (entry_run(&j, &e) != 0 || entry_sync(&j, &e) != 0)
        break;
    rt_set_profiling(rt, 0);
    o->nktimes = rt_take_kernel_times(rt, o->ktimes, OUTCOME_KERNELS, &o->kernel_ns);
    o->kernel_runs = (size_t)k;
  }
  if (rt != NULL)
    o->peak = rt_peak_bytes(rt);
  if (entry_result(&j, &e) != 0) {
    o->error = strdup(e.msg);
    goto done;
  }
  if (hook_corrupt(en->name) && j.nout > 0 && j.out[0].elems != NULL)
    ((unsigned char *)j.out[0].elems)[0] ^= 1; /* test hook: tests of validation */
  o->validation = "skipped";
  if (cf->validate && cf->backend != BACKEND_C) {
    struct data_value ref[ENTRY_MAX_IO];
    int nref = 0;
    if (reference(cf, en, in, nin, digest, ref, &nref, &e) != 0) {
      o->error = dup_msg("computing the c reference failed: %s", e.msg);
      goto done;
    }
    if (nref != j.nout) {
      o->error = strdup("the result has a different number of values than the c reference");
    } else if (entry_compare(ref, j.out, nref, &e) != 0) {
      o->error = dup_msg("result does not match the c reference:\n%s", e.msg);
    }
    for (int i = 0; i < nref; i++)
      data_value_free(&ref[i]);
    o->validation = o->error ? "mismatch" : "ok";
  } else if (cf->backend == BACKEND_C) {
    o->validation = "reference";
  }
done:
  if (prepared)
    entry_release(&j);
  if (o->error != NULL) {
    free(ss.sm.us);
    ss.sm.us = NULL;
    ss.sm.n = 0;
  }
  o->us = ss.sm.us;
  o->n = ss.sm.n;
}

/* ============================== Reporting =============================== */

/* The result part of a dataset's line (after "NAME: " and padding), and
** with --extended a second line. */
static void print_result(const struct config *cf, const struct entry *en, const struct data_value *in,
                         int nin, const struct outcome *o)
{
  struct stats s;
  if (o->error != NULL) {
    printf("\n%s%s%s\n", cf->fancy ? "\033[31m" : "", o->error, cf->fancy ? "\033[0m" : "");
    return;
  }
  stats_compute(o->us, o->n, &s);
  printf("%10.0f\u03bcs (RSD: %.3f; min: %3.0f%%; max: %+3.0f%%)\n", s.mean, s.rsd, s.min_pct,
         s.max_pct);
  if (cf->extended) {
    double lo, hi;
    uint64_t elems = nin > 0 ? data_value_count(&in[0]) : 0;
    size_t esz = nin > 0 ? data_type_size(in[0].type) : 0;
    double gbs = en->bytes ? (double)en->bytes(elems, esz) / (s.mean * 1e3) : 0;
    stats_bootstrap_ci(o->us, o->n, 2000, &lo, &hi);
    printf("    %zu runs; median %.1f\u03bcs; 95%% CI of mean [%.1f, %.1f]\u03bcs; %.3g elements/s; "
           "%.1f GB/s",
           o->n, s.median, lo, hi, (double)elems / (s.mean * 1e-6), gbs);
    if (cf->copy_gbs > 0)
      printf(" (%.0f%% of copy bandwidth)", 100 * gbs / cf->copy_gbs);
    if (o->kernel_ns > 0) {
      printf("; kernel time %.1f\u03bcs/run", (double)o->kernel_ns / 1e3 / (double)o->kernel_runs);
      for (int i = 0; i < o->nktimes && o->nktimes > 1; i++)
        printf("%s%s %.0f%%", i ? ", " : " (", o->ktimes[i].name,
               100.0 * (double)o->ktimes[i].ns / (double)o->kernel_ns);
      if (o->nktimes > 1)
        printf(")");
    }
    printf("\n");
  }
}

static cJSON *json_result(const struct config *cf, const struct entry *en, const struct data_value *in,
                          int nin, const struct outcome *o)
{
  cJSON *d, *rt, *bytes, *ps, *full;
  struct stats s;
  double lo, hi;
  if (o->error != NULL)
    return cJSON_CreateString(o->error);
  d = cJSON_CreateObject();
  rt = cJSON_AddArrayToObject(d, "runtimes");
  full = cJSON_CreateArray();
  for (size_t i = 0; i < o->n; i++) {
    cJSON_AddItemToArray(rt, cJSON_CreateNumber(floor(o->us[i] + 0.5)));
    cJSON_AddItemToArray(full, cJSON_CreateNumber(o->us[i]));
  }
  bytes = cJSON_AddObjectToObject(d, "bytes");
  if (cf->backend == BACKEND_OPENCL)
    cJSON_AddNumberToObject(bytes, "space 'device'", (double)o->peak);
  ps = cJSON_AddObjectToObject(d, "psearch");
  cJSON_AddItemToObject(ps, "runtimes_us", full);
  stats_compute(o->us, o->n, &s);
  stats_bootstrap_ci(o->us, o->n, 2000, &lo, &hi);
  cJSON_AddNumberToObject(ps, "runs", (double)o->n);
  cJSON_AddNumberToObject(ps, "mean_us", s.mean);
  cJSON_AddNumberToObject(ps, "median_us", s.median);
  cJSON_AddNumberToObject(ps, "stddev_us", s.sd);
  cJSON_AddNumberToObject(ps, "rsd", s.rsd);
  cJSON_AddNumberToObject(ps, "min_us", s.min);
  cJSON_AddNumberToObject(ps, "max_us", s.max);
  cJSON_AddNumberToObject(ps, "rse", s.rse);
  if (!isnan(s.r1))
    cJSON_AddNumberToObject(ps, "autocorrelation", s.r1);
  {
    cJSON *ci = cJSON_AddArrayToObject(ps, "ci95_us");
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(lo));
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(hi));
  }
  if (o->kernel_ns > 0) {
    cJSON *ks = NULL;
    cJSON_AddNumberToObject(ps, "kernel_us_mean", (double)o->kernel_ns / 1e3 / (double)o->kernel_runs);
    if (o->nktimes > 0 && (ks = cJSON_AddObjectToObject(ps, "kernels_us_mean")) != NULL)
      for (int i = 0; i < o->nktimes; i++)
        cJSON_AddNumberToObject(ks, o->ktimes[i].name,
                                (double)o->ktimes[i].ns / 1e3 / (double)o->kernel_runs);
  }
  if (nin > 0) {
    uint64_t elems = data_value_count(&in[0]);
    cJSON_AddNumberToObject(ps, "elements", (double)elems);
    if (en->bytes)
      cJSON_AddNumberToObject(ps, "min_bytes", (double)en->bytes(elems, data_type_size(in[0].type)));
  }
  cJSON_AddStringToObject(ps, "validation", o->validation ? o->validation : "skipped");
  return d;
}

static cJSON *json_context(const struct config *cf, const struct rt *rt)
{
  cJSON *c = cJSON_CreateObject();
  char host[256] = "", date[64];
  time_t now = time(NULL);
  struct tm tm;
  gethostname(host, sizeof host - 1);
  gmtime_r(&now, &tm);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
  cJSON_AddStringToObject(c, "backend", backend_name(cf->backend));
  if (rt != NULL) {
    const struct rt_device_info *d = rt_info(rt);
    cJSON_AddStringToObject(c, "device", d->name);
    cJSON_AddStringToObject(c, "platform", d->platform);
    cJSON_AddStringToObject(c, "driver", d->driver);
    cJSON_AddStringToObject(c, "opencl_version", d->version);
  } else {
    cJSON_AddStringToObject(c, "device", "host CPU (sequential c backend)");
  }
  cJSON_AddStringToObject(c, "psearch_version", PS_VERSION);
  cJSON_AddStringToObject(c, "psearch_commit", PS_GIT);
  cJSON_AddStringToObject(c, "date", date);
  cJSON_AddStringToObject(c, "host", host);
  cJSON_AddNumberToObject(c, "runs", (double)cf->runs);
  cJSON_AddBoolToObject(c, "convergence_phase", cf->convergence);
  {
    const char *names[8], *values[8];
    int k = hook_active(names, values, 8);
    if (k > 0) { /* results made under a test hook say so */
      cJSON *h = cJSON_AddObjectToObject(c, "test_hooks");
      for (int i = 0; i < k; i++)
        cJSON_AddStringToObject(h, names[i], values[i]);
    }
  }
  return c;
}

static int write_json(const char *path, cJSON *root)
{
  struct ps_err e;
  struct ofile *o;
  char *s = cJSON_Print(root);
  if (s == NULL) {
    ps_error("--json: out of memory");
    return -1;
  }
  o = ofile_open(path, &e);
  if (o == NULL) {
    ps_error("--json: %s", e.msg);
    free(s);
    return -1;
  }
  fputs(s, ofile_stream(o));
  fputc('\n', ofile_stream(o));
  free(s);
  if (ofile_commit(o, &e) != 0) {
    ps_error("--json: %s", e.msg);
    return -1;
  }
  return 0;
}

/* ============================== Driver ================================== */

static int excluded(const struct config *cf, const struct suite_case *c)
{
  if (suite_case_has_tag(c, "nobench") || suite_case_has_tag(c, "disable"))
    return 1;
  for (int i = 0; i < cf->nexclude; i++)
    if (suite_case_has_tag(c, cf->exclude[i]))
      return 1;
  return 0;
}

static int wanted(const struct config *cf, const char *entry)
{
  if (cf->nentries == 0)
    return 1;
  for (int i = 0; i < cf->nentries; i++)
    if (strcmp(cf->entries[i], entry) == 0)
      return 1;
  return 0;
}

/* Check every entry name of a suite before running anything. */
static int check_suite(const struct suite *s, struct ps_err *e)
{
  for (int b = 0; b < s->nblocks; b++)
    for (int i = 0; i < s->blocks[b].nentries; i++)
      if (registry_find(s->blocks[b].entries[i]) == NULL)
        return ps_fail(e, "%s: unknown entry point '%s' ('psearch list' shows them)", s->path,
                       s->blocks[b].entries[i]);
  return 0;
}

static struct suite *builtin(const char *name, struct ps_err *e)
{
  for (const struct suite_builtin *b = suite_builtins; b->name; b++) {
    if (strcmp(b->name, name) == 0) {
      char key[256];
      snprintf(key, sizeof key, "datasets/%s", b->name);
      return suite_parse(b->text, b->len, key, NULL, e);
    }
  }
  ps_fail(e, "no built-in suite '%s' (psearch bench --list-suites)", name);
  return NULL;
}

/* Measure the device's copy bandwidth (GB/s, read + write) on 64 MiB. */
static double copy_bandwidth(struct rt *rt)
{
  struct data_value v;
  struct entry_job j;
  struct ps_err e;
  int64_t n = 16 << 20;
  double best = 0;
  if (data_value_init(&v, DATA_I32, 1, &n, &e) != 0)
    return 0;
  memset(&j, 0, sizeof j);
  j.entry = registry_find("bench_copy");
  j.backend = rt ? BACKEND_OPENCL : BACKEND_C;
  j.rt = rt;
  j.in = &v;
  j.nin = 1;
  if (entry_prepare(&j, &e) == 0) {
    for (int i = 0; i < 20; i++) {
      uint64_t t0 = ps_now_ns(), t1;
      if (entry_run(&j, &e) != 0 || entry_sync(&j, &e) != 0)
        break;
      t1 = ps_now_ns();
      if (i > 0 && (best == 0 || (double)(t1 - t0) < best))
        best = (double)(t1 - t0);
    }
  }
  entry_release(&j);
  data_value_free(&v);
  return best > 0 ? 2.0 * (double)n * 4 / best : 0;
}

int bench_main(int argc, char **argv)
{
  struct config cf;
  struct opt_state st;
  struct rt_select sel = {NULL, NULL, NULL};
  struct suite *suites[MAXLIST] = {NULL};
  struct ps_err err;
  struct rt *rt = NULL;
  cJSON *root = NULL;
  const char *val, *paths[MAXLIST], *kdir = NULL;
  int npaths = 0, nsuites = 0, id, rc = PS_EXIT_USAGE, failures = 0;
  struct sigaction sa, old_int, old_term;

  t_program = ps_now_ns();
  memset(&cf, 0, sizeof cf);
  cf.runs = 10;
  cf.backend = BACKEND_OPENCL;
  cf.convergence = 1;
  cf.conv_max = 300;
  cf.validate = 1;
  cf.use_cache = 1;
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    switch (id) {
    case O_RUNS:
      if (opt_int_in("runs", val, 1, 100000000, &cf.runs) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_BACKEND:
      if (backend_parse(val, &cf.backend) != 0) {
        ps_error("option --backend: '%s' is not a backend (c, opencl)", val);
        return PS_EXIT_USAGE;
      }
      break;
    case O_ENTRY:
    case O_EXCLUDE: {
      const char **list = id == O_ENTRY ? cf.entries : cf.exclude;
      int *cnt = id == O_ENTRY ? &cf.nentries : &cf.nexclude;
      if (*cnt == MAXLIST) {
        ps_error("too many -e/--exclude-case options");
        return PS_EXIT_USAGE;
      }
      list[(*cnt)++] = val;
      break;
    }
    case O_JSON: cf.json = val; break;
    case O_TIMEOUT:
      if (opt_int_in("timeout", val, 1, 100000000, &cf.timeout) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_NOCONV: cf.convergence = 0; break;
    case O_CONVMAX:
      if (opt_double_in("convergence-max-seconds", val, 0.001, 1e9, &cf.conv_max) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_EXTENDED: cf.extended = 1; break;
    case O_NOVALIDATE: cf.validate = 0; break;
    case O_PLATFORM: sel.platform = val; break;
    case O_DEVICE: sel.device = val; break;
    case O_DEVTYPE:
      if (rt_select_type(&sel, val) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_KERNELS: kdir = val; break;
    case O_NOCACHE: cf.use_cache = 0; break;
    case O_LIST:
      for (const struct suite_builtin *b = suite_builtins; b->name; b++) {
        int def = 0;
        for (const char *const *d = suite_defaults; *d; d++)
          def |= strcmp(*d, b->name) == 0;
        printf("builtin:%s%s\n", b->name, def ? " (default)" : "");
      }
      return PS_EXIT_OK;
    case O_VERBOSE: ps_verbosity = 2; break;
    case O_HELP:
      bench_help(stdout);
      return PS_EXIT_OK;
    case OPT_POSITIONAL:
      if (npaths == MAXLIST) {
        ps_error("too many suites");
        return PS_EXIT_USAGE;
      }
      paths[npaths++] = val;
      break;
    default:
      fputs("Try 'psearch help bench'.\n", stderr);
      return PS_EXIT_USAGE;
    }
  }

  hook_announce();
  if (cf.use_cache) { /* remove dead writers' temporaries, keep the cap */
    uint64_t limit;
    if (cache_limit(&limit, &err) != 0) {
      ps_error("%s", err.msg);
      goto done;
    }
    cache_upkeep(limit, NULL);
  }

  /* suites: all parsed and checked before anything runs */
  rc = PS_EXIT_BADDATA;
  if (npaths == 0)
    for (const char *const *d = suite_defaults; *d && npaths < MAXLIST; d++)
      paths[npaths++] = NULL;
  for (int i = 0; i < npaths; i++) {
    const char *p = paths[i];
    struct suite *s;
    if (p == NULL)
      s = builtin(suite_defaults[i], &err);
    else if (strncmp(p, "builtin:", 8) == 0)
      s = builtin(p + 8, &err);
    else
      s = suite_load(p, &err);
    if (s == NULL || check_suite(s, &err) != 0) {
      ps_error("%s", err.msg);
      suite_free(s);
      goto done;
    }
    suites[nsuites++] = s;
  }

  rc = PS_EXIT_FAILED;
  if (cf.backend == BACKEND_OPENCL) {
    rt = rt_open(&sel, &err);
    if (rt == NULL) {
      ps_error("%s", err.msg);
      goto done;
    }
    if (kdir != NULL)
      rt_set_kernel_dir(rt, kdir);
    if (!cf.use_cache)
      rt_set_cache(rt, 0);
    ps_info(1, "device: %s (%s, driver %s)", rt_info(rt)->name, rt_info(rt)->platform,
            rt_info(rt)->driver);
  } else {
    ps_info(1, "backend c: sequential reference on the host CPU");
  }
  {
    const char *term = getenv("TERM");
    cf.fancy = isatty(1) && !(term != NULL && strcmp(term, "dumb") == 0);
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  if (cf.extended)
    cf.copy_gbs = copy_bandwidth(rt);

  printf("Reporting arithmetic mean runtime of at least %lld runs for each dataset (min 0.5s).\n",
         (long long)cf.runs);
  if (cf.convergence)
    printf("More runs automatically performed for up to %gs to ensure accurate measurement.\n",
           cf.conv_max);
  printf("Each line: mean (RSD: relative standard deviation; min, max: relative to the mean).\n");
  if (cf.extended && cf.copy_gbs > 0)
    printf("Copy bandwidth of this device (bench_copy, 64 MiB): %.1f GB/s.\n", cf.copy_gbs);

  root = cJSON_CreateObject();
  for (int si = 0; si < nsuites && !interrupted; si++) {
    struct suite *s = suites[si];
    for (int b = 0; b < s->nblocks && !interrupted; b++) {
      struct suite_block *bl = &s->blocks[b];
      struct data_value (*inputs)[MAXIN] = calloc((size_t)bl->ncases, sizeof *inputs);
      int *nin = calloc((size_t)bl->ncases, sizeof *nin);
      char **loaderr = calloc((size_t)bl->ncases, sizeof *loaderr);
      uint64_t *digest = calloc((size_t)bl->ncases, sizeof *digest);
      int maxlen = 0;
      if (inputs == NULL || nin == NULL || loaderr == NULL || digest == NULL) {
        ps_error("out of memory");
        free(inputs); free(nin); free(loaderr); free(digest);
        goto done;
      }
      for (int c = 0; c < bl->ncases; c++) {
        int len = (int)strlen(bl->cases[c].name);
        nin[c] = -1; /* not loaded yet */
        if (len > 40)
          len = 40;
        if (len > maxlen)
          maxlen = len;
      }
      for (int en_i = 0; en_i < bl->nentries && !interrupted; en_i++) {
        const struct entry *en = registry_find(bl->entries[en_i]);
        char key[1200];
        cJSON *prog, *dsets;
        if (!wanted(&cf, en->name))
          continue;
        snprintf(key, sizeof key, "%s:%s", s->path, en->name);
        printf("\nResults for %s:\n", key);
        prog = cJSON_GetObjectItemCaseSensitive(root, key);
        if (prog == NULL) {
          prog = cJSON_AddObjectToObject(root, key);
          cJSON_AddObjectToObject(prog, "datasets");
          cJSON_AddItemToObject(prog, "psearch_context", json_context(&cf, rt));
        }
        dsets = cJSON_GetObjectItemCaseSensitive(prog, "datasets");
        for (int c = 0; c < bl->ncases && !interrupted; c++) {
          const struct suite_case *sc = &bl->cases[c];
          struct outcome o;
          int pad;
          if (excluded(&cf, sc))
            continue;
          pad = maxlen - (int)(strlen(sc->name) > 40 ? 40 : strlen(sc->name));
          if (nin[c] < 0) { /* load once per block, untimed */
            vlog("loading the inputs", sc->name);
            nin[c] = load_case(&cf, sc, inputs[c], &digest[c], &err);
            if (nin[c] < 0) {
              nin[c] = 0;
              loaderr[c] = strdup(err.msg);
            }
          }
          if (!cf.fancy) {
            printf("%s: %*s", sc->name, pad, "");
            fflush(stdout);
          }
          if (loaderr[c] != NULL) {
            memset(&o, 0, sizeof o);
            o.error = strdup(loaderr[c]);
          } else {
            run_dataset(&cf, rt, en, inputs[c], nin[c], digest[c], sc->name, pad, &o);
          }
          if (cf.fancy) /* rewrite the progress line */
            printf("\r\033[K%s: %*s", sc->name, pad, "");
          print_result(&cf, en, inputs[c], nin[c], &o);
          if (o.error != NULL)
            failures++;
          cJSON_DeleteItemFromObjectCaseSensitive(dsets, sc->name);
          cJSON_AddItemToObject(dsets, sc->name, json_result(&cf, en, inputs[c], nin[c], &o));
          free(o.error);
          free(o.us);
        }
      }
      for (int c = 0; c < bl->ncases; c++) {
        for (int i = 0; i < nin[c]; i++)
          data_value_free(&inputs[c][i]);
        free(loaderr[c]);
      }
      free(inputs);
      free(nin);
      free(loaderr);
      free(digest);
    }
  }
  rc = interrupted ? 130 : failures ? PS_EXIT_FAILED : PS_EXIT_OK;
  if (interrupted)
    ps_error("interrupted; results of the completed datasets are kept");
  if (cf.json != NULL && write_json(cf.json, root) != 0 && rc == PS_EXIT_OK)
    rc = PS_EXIT_FAILED;
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
done:
  cJSON_Delete(root);
  for (int i = 0; i < nsuites; i++)
    suite_free(suites[i]);
  rt_close(rt);
  return rc;
}
