/*
** bench.c: `psearch bench [SUITE...]`: the options; every suite loaded and
** checked before anything runs; then, for each suite, block, entry point and
** dataset: the inputs (input.h, untimed), the entry prepared, measured
** (measure.h) and validated against a reference backend (reference.h); the result
** line printed and the JSON collected (report.h, results.h).
*/
#include "bench.h"

#include "benchio.h"
#include "cache.h"
#include "devopt.h"
#include "hook.h"
#include "input.h"
#include "measure.h"
#include "nvml.h"
#include "progress.h"
#include "ofile.h"
#include "reference.h"
#include "registry.h"
#include "report.h"
#include "results.h"
#include "suite.h"
#include "suitecheck.h"
#include "summary.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  O_RUNS = 1, O_MAXRUNS, O_ENTRY, O_EXCLUDE, O_JSON, O_TIMEOUT, O_NOCONV, O_CONVMAX, O_EXTENDED,
  O_NOVALIDATE, O_CACHE, O_FORMAT, O_MARKDOWN, O_LIST, O_VERBOSE, O_HELP
};

#define DEFAULT_MAX_RUNS 100000

static const struct opt_def opts[] = {
  {"runs", 'r', OPT_REQUIRED, O_RUNS, "N", "Minimum number of timed runs per dataset (default 10)"},
  {"max-runs", 0, OPT_REQUIRED, O_MAXRUNS, "N", "At most N runs per phase of a dataset (default 100000)"},
  {"entry-point", 'e', OPT_REQUIRED, O_ENTRY, "NAME", "Only this entry point; repeatable"},
  {"exclude-case", 0, OPT_REQUIRED, O_EXCLUDE, "TAG", "Skip cases with this tag; repeatable (nobench, disable always)"},
  {"json", 0, OPT_REQUIRED, O_JSON, "FILE", "Write results as JSON (futhark bench's schema) to FILE"},
  {"timeout", 0, OPT_REQUIRED, O_TIMEOUT, "SECONDS", "Fail a dataset that runs longer (warm-up and runs)"},
  {"no-convergence-phase", 0, OPT_NONE, O_NOCONV, NULL, "Do not add runs until the mean converges"},
  {"convergence-max-seconds", 0, OPT_REQUIRED, O_CONVMAX, "S", "Time budget of the convergence phase (default 300)"},
  {"extended", 'x', OPT_NONE, O_EXTENDED, NULL, "Also print median, 95% CI, throughput and GB/s"},
  {"no-validate", 0, OPT_NONE, O_NOVALIDATE, NULL, "Do not check results against the reference backend"},
  {"cache", 0, OPT_REQUIRED, O_CACHE, "MODE", "hot (default) or cold: evict the device's last-level cache before each run"},
  {"format", 0, OPT_REQUIRED, O_FORMAT, "FMT", "auto (default: human on a terminal, else futhark), human or futhark"},
  {"markdown", 0, OPT_REQUIRED, O_MARKDOWN, "FILE", "Write the summary (fastest entry first) as markdown tables"},
  DEVOPT_ROWS,
  {"list-suites", 0, OPT_NONE, O_LIST, NULL, "List the built-in suites and exit"},
  {"verbose", 'v', OPT_NONE, O_VERBOSE, NULL, "Log the phases of each dataset on stderr, with times since start"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

/* Options of the tools psearch users know (hyperfine, futhark bench, Google
** Benchmark, nvbench), and what psearch does instead. */
static const struct opt_hint hints[] = {
  {"warmup", "psearch does one discarded warm-up run per dataset, always (futhark bench's rule)"},
  {"export-json", "psearch writes JSON with --json FILE"},
  {"export-markdown", "psearch writes the summary as markdown with --markdown FILE"},
  {"min-runs", "the minimum number of runs is -r N"},
  {"max-time", "--convergence-max-seconds S bounds the convergence phase; --timeout S fails a dataset"},
  {"concurrency", "kernels are built once per device and cached; runs are never concurrent"},
  {"benchmark_filter", "choose entry points with -e NAME"},
  {"benchmark_repetitions", "the minimum number of runs is -r N"},
  {"benchmark_out", "psearch writes JSON with --json FILE"},
  {"min-time", "the initial phase lasts at least 0.5 s; --convergence-max-seconds bounds the rest"},
  {"timeout-sec", "--timeout SECONDS fails a dataset that runs longer"},
  {NULL, NULL},
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

struct config {
  struct measure_params mp; /* runs, max runs, convergence, budget, timeout (hooks per entry) */
  int format;               /* -1: auto; else enum report_format */
  enum report_format fmt;   /* the format chosen */
  const char *entries[MAXLIST];
  int nentries;
  const char *exclude[MAXLIST];
  int nexclude;
  const char *json, *markdown;
  struct summary *summary; /* of the datasets that ran */
  int extended, validate, use_cache;
  int cold;        /* --cache=cold: mp.evict is opened with the device */
  struct nvml *nvml; /* an NVIDIA GPU's clocks; NULL elsewhere */
  int fancy;       /* progress bar on a terminal */
  int planned;     /* datasets to run */
  double copy_gbs; /* measured copy bandwidth for --extended, 0 if unknown */
  struct devopt dev;
  struct target tg;  /* where the entries run */
  struct target ref; /* where references are computed (multicore unless that is measured) */
};

static volatile sig_atomic_t interrupted;
static int started; /* datasets started, for [k/N] */
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

/* ============================== One dataset ============================= */

/* What became of one dataset: its measurement and, on failure, why. */
struct outcome {
  struct measure_result m;
  char *error;             /* owned; NULL when it ran and validated */
  const char *validation;
  int has_peak;
  uint64_t peak;
  double phase_s[PHASE_COUNT];
  int has_gpu;                /* clocks sampled before [0] and after [1] the runs */
  struct nvml_sample gpu[2];
};

/* Seconds since *t0, which moves to now. */
static double lap(uint64_t *t0)
{
  uint64_t t = ps_now_ns(), d = t - *t0;
  *t0 = t;
  return (double)d / 1e9;
}

static void fail_with(struct outcome *o, const char *msg)
{
  if (o->error == NULL)
    o->error = strdup(msg);
}

/* Check a finished job's result against the reference digest (test hook:
** corrupt it first). */
static void validate(const struct config *cf, struct entry_job *j, uint64_t want, struct outcome *o)
{
  struct ps_err e;
  if (hook_corrupt(j->entry->name) && j->nout > 0 && j->out[0].elems != NULL)
    ((unsigned char *)j->out[0].elems)[0] ^= 1; /* test hook: tests of validation */
  if (reference_check(j, want, &cf->ref, &e) != 0)
    fail_with(o, e.msg);
  o->validation = o->error ? "mismatch" : "ok";
}

/* Prepare entry en on the inputs, measure it, take and validate its result. */
static void run_dataset(const struct config *cf, const struct entry *en,
                        const struct data_value *in, int nin, uint64_t digest, struct progress *pg,
                        struct outcome *o)
{
  struct rt *rt = cf->tg.rt;
  struct entry_job j = entry_job_init(en, &cf->tg, in, nin);
  struct measure_params mp = cf->mp;
  struct ps_err e;
  uint64_t t0 = ps_now_ns(), want = 0;
  memset(o, 0, sizeof *o);
  o->validation = "skipped";
  if (entry_check_inputs(en, in, nin, &e) != 0) {
    fail_with(o, e.msg);
    return;
  }
  if (cf->validate && reference_digest(en, in, nin, digest, cf->use_cache, &cf->ref, &want, &e) != 0) {
    fail_with(o, e.msg);
    o->validation = "mismatch";
    return;
  }
  o->phase_s[PHASE_VALIDATE] = lap(&t0);
  mp.slowdown_pct = hook_slowdown_pct(en->name);
  mp.delay_ns = hook_delay_ns(en->name, 1) > 0 ? hook_delay_ns : NULL;
  if (rt != NULL)
    rt_reset_peak(rt);
  if (entry_prepare(&j, &e) != 0) {
    fail_with(o, e.msg);
    goto done;
  }
  o->phase_s[PHASE_PREPARE] = lap(&t0);
  vlog("prepared (inputs on the device, kernels built)", pg->desc);
  o->has_gpu = cf->nvml != NULL && nvml_sample(cf->nvml, &o->gpu[0]) == 0;
  if (measure_run(&mp, &j, &interrupted, progress_update, pg, &o->m) != 0)
    goto done;
  o->has_gpu = o->has_gpu && nvml_sample(cf->nvml, &o->gpu[1]) == 0;
  o->phase_s[PHASE_RUNS] = lap(&t0);
  vlog("measured", pg->desc);
  o->has_peak = rt != NULL;
  o->peak = rt != NULL ? rt_peak_bytes(rt) - evict_bytes(mp.evict) : 0; /* the scratch is in use throughout */
  if (entry_result(&j, &e) != 0) {
    fail_with(o, e.msg);
    goto done;
  }
  o->phase_s[PHASE_RESULT] = lap(&t0);
  entry_release_state(&j); /* device buffers go before the check */
  if (cf->validate)
    validate(cf, &j, want, o);
  o->phase_s[PHASE_VALIDATE] += lap(&t0);
done:
  entry_release(&j);
}

/* ============================== Blocks ================================== */

/* The inputs of a block's cases, loaded once (untimed) when first needed. */
struct block_inputs {
  struct data_value (*in)[INPUT_MAX];
  int *nin;        /* -1: not loaded yet */
  char **error;    /* why loading failed */
  uint64_t *digest;
  int ncases, maxlen;
};

static void block_free(struct block_inputs *b)
{
  for (int c = 0; c < b->ncases && b->nin != NULL; c++) {
    for (int i = 0; i < b->nin[c]; i++)
      data_value_free(&b->in[c][i]);
    free(b->error[c]);
  }
  free(b->in);
  free(b->nin);
  free(b->error);
  free(b->digest);
}

static int block_init(struct block_inputs *b, const struct suite_block *bl)
{
  size_t n = (size_t)bl->ncases + 1;
  memset(b, 0, sizeof *b);
  b->in = calloc(n, sizeof *b->in);
  b->nin = calloc(n, sizeof *b->nin);
  b->error = calloc(n, sizeof *b->error);
  b->digest = calloc(n, sizeof *b->digest);
  if (b->in == NULL || b->nin == NULL || b->error == NULL || b->digest == NULL) {
    block_free(b);
    return -1;
  }
  b->ncases = bl->ncases;
  for (int c = 0; c < bl->ncases; c++) {
    int len = (int)strlen(bl->cases[c].name);
    b->nin[c] = -1;
    if (len > 40)
      len = 40; /* names are padded to the longest, up to 40 characters */
    if (len > b->maxlen)
      b->maxlen = len;
  }
  return 0;
}

/* Load case c's inputs unless loaded; the seconds it took (0: loaded before). */
static double block_load(const struct config *cf, struct block_inputs *b, const struct suite_case *sc, int c)
{
  struct ps_err e;
  uint64_t t0 = ps_now_ns();
  if (b->nin[c] >= 0)
    return 0;
  vlog("loading the inputs", sc->name);
  b->nin[c] = input_load_case(sc, cf->use_cache, b->in[c], &b->digest[c], &e);
  if (b->nin[c] < 0) {
    b->nin[c] = 0;
    b->error[c] = strdup(e.msg);
  }
  return lap(&t0);
}

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

/* One dataset of one entry: run, print, record; returns 1 if it failed. */
static int bench_case(const struct config *cf, const struct entry *en,
                      struct block_inputs *b, const struct suite_case *sc, int c, cJSON *dsets)
{
  int namelen = (int)strlen(sc->name), pad = b->maxlen - (namelen > 40 ? 40 : namelen), failed;
  struct progress pg = {.entry = en->name, .desc = sc->name, .pad = pad, .index = ++started,
                        .total = cf->planned, .runs = cf->mp.runs, .budget_s = cf->mp.conv_max_s,
                        .fancy = cf->fancy};
  struct report_dataset d;
  struct outcome o;
  double load_s = block_load(cf, b, sc, c);
  if (!cf->fancy) {
    printf("%s: %*s", sc->name, pad, "");
    fflush(stdout);
  }
  if (b->error[c] != NULL) {
    memset(&o, 0, sizeof o);
    o.error = strdup(b->error[c]);
  } else {
    run_dataset(cf, en, b->in[c], b->nin[c], b->digest[c], &pg, &o);
  }
  o.phase_s[PHASE_LOAD] = load_s;
  ps_info(2, "%s: seconds: load %.3f, prepare %.3f, runs %.3f, result %.3f, validate %.3f", sc->name,
          o.phase_s[PHASE_LOAD], o.phase_s[PHASE_PREPARE], o.phase_s[PHASE_RUNS], o.phase_s[PHASE_RESULT],
          o.phase_s[PHASE_VALIDATE]);
  if (cf->fancy) /* rewrite the progress line */
    printf("\r\033[K%s: %*s", sc->name, pad, "");
  report_summarize(&d, &o.m, o.error, en, b->in[c], b->nin[c]);
  d.validation = o.validation ? o.validation : "skipped";
  d.has_peak = o.has_peak;
  d.peak_bytes = o.peak;
  d.has_gpu = o.has_gpu;
  memcpy(d.gpu, o.gpu, sizeof d.gpu);
  memcpy(d.phase_s, o.phase_s, sizeof d.phase_s);
  report_print_line(stdout, &d, cf->fmt, cf->fancy);
  if (cf->extended)
    report_print_extended(stdout, &d, cf->copy_gbs);
  {
    char what[1200];
    snprintf(what, sizeof what, "%s %s", en->name, sc->name);
    report_warn(&d, what, cf->mp.conv_max_s);
  }
  failed = d.error != NULL;
  if (!failed && d.s.n > 0 &&
      summary_add(cf->summary, registry_family(en), en->out_desc, en->name, sc->name, d.s.mean,
                  d.s.sd / sqrt((double)d.s.n)) != 0)
    ps_error("out of memory: %s %s left out of the summary", en->name, sc->name);
  cJSON_DeleteItemFromObjectCaseSensitive(dsets, sc->name);
  cJSON_AddItemToObject(dsets, sc->name, results_dataset_json(&d));
  measure_result_free(&o.m);
  free(o.error);
  return failed;
}

/* The JSON object of program `key` (created with its context when new). */
static cJSON *program(const struct config *cf, cJSON *root, const char *key)
{
  cJSON *prog = cJSON_GetObjectItemCaseSensitive(root, key);
  if (prog == NULL) {
    struct results_context ctx = {backend_name(cf->dev.backend), cf->tg.rt ? rt_info(cf->tg.rt) : NULL,
                                  cf->tg.pool ? pool_threads(cf->tg.pool) : 0, cf->mp.runs,
                                  cf->mp.max_runs, cf->mp.convergence, cf->mp.conv_max_s,
                                  evict_bytes(cf->mp.evict), cf->nvml != NULL};
    prog = cJSON_AddObjectToObject(root, key);
    cJSON_AddObjectToObject(prog, "datasets");
    cJSON_AddItemToObject(prog, "psearch_context", results_context_json(&ctx));
  }
  return cJSON_GetObjectItemCaseSensitive(prog, "datasets");
}

/* Every wanted entry of a block on every case; returns the failures, -1 if out of memory. */
static int bench_block(const struct config *cf, const struct suite *s,
                       const struct suite_block *bl, cJSON *root)
{
  struct block_inputs b;
  int failures = 0;
  if (block_init(&b, bl) != 0)
    return -1;
  for (int i = 0; i < bl->nentries && !interrupted; i++) {
    const struct entry *en = registry_find(bl->entries[i]);
    char key[1200];
    cJSON *dsets;
    if (!wanted(cf, en->name))
      continue;
    snprintf(key, sizeof key, "%s:%s", s->path, en->name);
    printf("\nResults for %s:\n", key);
    dsets = program(cf, root, key);
    for (int c = 0; c < bl->ncases && !interrupted; c++)
      if (!excluded(cf, &bl->cases[c]))
        failures += bench_case(cf, en, &b, &bl->cases[c], c, dsets);
  }
  block_free(&b);
  return failures;
}

/* ============================== Setup =================================== */

/* Append val to list (of *n, at most MAXLIST); -1 with a message when full. */
static int append(const char **list, int *n, const char *val, const char *what)
{
  if (*n == MAXLIST) {
    ps_error("too many %s arguments (at most %d)", what, MAXLIST);
    return -1;
  }
  list[(*n)++] = val;
  return 0;
}

/* Parse the command line into cf and the suite paths; PS_EXIT_OK to go on,
** -1 when done (help, list), else the exit code. */
static int parse_args(int argc, char **argv, struct config *cf, const char **paths, int *npaths)
{
  struct opt_state st;
  const char *val;
  int id, got;
  opt_init(&st, argc, argv);
  st.hints = hints;
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    if ((got = devopt_parse(&cf->dev, id, val, st.spelled)) != 0) {
      if (got < 0)
        return PS_EXIT_USAGE;
      continue;
    }
    switch (id) {
    case O_RUNS:
      if (opt_int_in(st.spelled, val, 1, 100000000, &cf->mp.runs) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_MAXRUNS:
      if (opt_int_in(st.spelled, val, 1, 100000000, &cf->mp.max_runs) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_CACHE:
      if (opt_choice(st.spelled, val, (const char *const[]){"hot", "cold", NULL}, &cf->cold) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_FORMAT: {
      int k;
      if (opt_choice(st.spelled, val, (const char *const[]){"futhark", "human", "auto", NULL}, &k) != 0)
        return PS_EXIT_USAGE;
      cf->format = k == 2 ? -1 : k;
      break;
    }
    case O_ENTRY:
      if (append(cf->entries, &cf->nentries, val, "-e") != 0)
        return PS_EXIT_USAGE;
      break;
    case O_EXCLUDE:
      if (append(cf->exclude, &cf->nexclude, val, "--exclude-case") != 0)
        return PS_EXIT_USAGE;
      break;
    case O_JSON: cf->json = val; break;
    case O_MARKDOWN: cf->markdown = val; break;
    case O_TIMEOUT:
      if (opt_int_in(st.spelled, val, 1, 100000000, &cf->mp.timeout_s) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_NOCONV: cf->mp.convergence = 0; break;
    case O_CONVMAX:
      if (opt_double_in(st.spelled, val, 0.001, 1e9, &cf->mp.conv_max_s) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_EXTENDED: cf->extended = 1; break;
    case O_NOVALIDATE: cf->validate = 0; break;
    case O_LIST:
      suitecheck_list_builtins();
      return -1;
    case O_VERBOSE: ps_verbosity = 2; break;
    case O_HELP:
      bench_help(stdout);
      return -1;
    case OPT_POSITIONAL:
      if (append(paths, npaths, val, "suite") != 0)
        return PS_EXIT_USAGE;
      break;
    default:
      fputs("Try 'psearch help bench'.\n", stderr);
      return PS_EXIT_USAGE;
    }
  }
  cf->use_cache = !cf->dev.no_cache;
  if (cf->mp.max_runs < cf->mp.runs)
    ps_error("--max-runs %lld is below -r %lld", (long long)cf->mp.max_runs, (long long)cf->mp.runs);
  if (cf->mp.max_runs < cf->mp.runs || devopt_check(&cf->dev) != 0)
    return PS_EXIT_USAGE;
  return PS_EXIT_OK;
}

/* Measure the device's copy bandwidth (GB/s, read + write) on 64 MiB. */
static double copy_bandwidth(const struct target *tg)
{
  struct data_value v;
  struct entry_job j;
  struct ps_err e;
  int64_t n = 16 << 20;
  double best = 0;
  if (data_value_init(&v, DATA_I32, 1, &n, &e) != 0)
    return 0;
  j = entry_job_init(registry_find("bench_copy"), tg, &v, 1);
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

/* The datasets a run will measure. */
static int count_datasets(const struct config *cf, struct suite *const *suites, int n)
{
  int k = 0;
  for (int i = 0; i < n; i++)
    for (int b = 0; b < suites[i]->nblocks; b++) {
      const struct suite_block *bl = &suites[i]->blocks[b];
      for (int e = 0; e < bl->nentries; e++)
        for (int c = 0; wanted(cf, bl->entries[e]) && c < bl->ncases; c++)
          k += !excluded(cf, &bl->cases[c]);
    }
  return k;
}

static void print_header(const struct config *cf)
{
  const struct rt *rt = cf->tg.rt;
  if (rt != NULL)
    printf("Device: %s (%s, driver %s).\n", rt_info(rt)->name, rt_info(rt)->platform, rt_info(rt)->driver);
  else if (cf->tg.backend == BACKEND_MULTICORE)
    printf("Backend: multicore, %d threads on the host CPU.\n", pool_threads(cf->tg.pool));
  else
    printf("Backend: c, the sequential reference on the host CPU.\n");
  printf("Reporting arithmetic mean runtime of at least %lld runs for each dataset (min 0.5s).\n",
         (long long)cf->mp.runs);
  if (cf->mp.convergence)
    printf("More runs automatically performed for up to %gs to ensure accurate measurement.\n",
           cf->mp.conv_max_s);
  printf("Each line: mean (RSD: relative standard deviation; min, max: relative to the mean).\n");
  if (cf->mp.evict != NULL)
    printf("Cold cache: %.0f MiB written before each run, outside the timed region.\n",
           (double)evict_bytes(cf->mp.evict) / (1 << 20));
  if (cf->extended && cf->copy_gbs > 0)
    printf("Copy bandwidth of this device (bench_copy, 64 MiB): %.1f GB/s.\n", cf->copy_gbs);
}

/* With the device open: --cache=cold's scratch, and the GPU's clocks where
** NVML has them (-v says why not). 0, or -1 with e set. */
static int open_extras(struct config *cf, struct ps_err *e)
{
  const char *why;
  if (cf->cold && (cf->mp.evict = evict_open(&cf->tg, e)) == NULL)
    return -1;
  if (cf->tg.rt != NULL && (cf->nvml = nvml_open(rt_info(cf->tg.rt), &why)) == NULL)
    ps_info(2, "no GPU clocks recorded: %s", why);
  return 0;
}

/* Remove dead writers' temporaries and keep the cache under its cap. */
static int cache_upkeep_now(const struct config *cf)
{
  struct ps_err e;
  uint64_t limit;
  if (!cf->use_cache)
    return 0;
  if (cache_limit(&limit, &e) != 0) {
    ps_error("%s", e.msg);
    return -1;
  }
  cache_upkeep(limit, NULL);
  return 0;
}

int bench_main(int argc, char **argv)
{
  struct config cf = {.mp = {.runs = 10, .max_runs = DEFAULT_MAX_RUNS, .convergence = 1, .conv_max_s = 300},
                      .format = -1, .validate = 1, .use_cache = 1};
  struct suite *suites[MAXLIST] = {NULL};
  struct summary summary = {0};
  struct ps_err err;
  cJSON *root = NULL;
  const char *paths[MAXLIST], *term = getenv("TERM");
  int npaths = 0, nsuites = 0, rc, failures = 0;
  struct sigaction sa, old_int, old_term;
  t_program = ps_now_ns();
  cf.summary = &summary;
  devopt_init(&cf.dev);
  rc = parse_args(argc, argv, &cf, paths, &npaths);
  if (rc != PS_EXIT_OK)
    return rc < 0 ? PS_EXIT_OK : rc;
  hook_announce();
  if ((rc = benchio_check(cf.json, cf.markdown)) != PS_EXIT_OK)
    return rc;
  if (cf.json != NULL && strcmp(cf.json, "-") == 0 && benchio_json_to_stdout(&cf.json) != 0)
    return PS_EXIT_FAILED;
  if (cache_upkeep_now(&cf) != 0)
    return PS_EXIT_USAGE;
  if ((nsuites = suitecheck_load(paths, npaths, MAXLIST, suites)) < 0)
    return PS_EXIT_BADDATA;
  if (suitecheck_entries(cf.entries, cf.nentries, suites, nsuites, &err) != 0) {
    ps_error("%s", err.msg);
    rc = PS_EXIT_USAGE;
    goto done;
  }
  rc = PS_EXIT_FAILED;
  if (devopt_open(&cf.dev, &cf.tg, &err) != 0 || reference_target(&cf.tg, &cf.ref, &err) != 0 ||
      open_extras(&cf, &err) != 0) {
    ps_error("%s", err.msg);
    goto done;
  }
  cf.fancy = isatty(1) && !(term != NULL && strcmp(term, "dumb") == 0);
  cf.fmt = cf.format >= 0 ? (enum report_format)cf.format : isatty(1) ? REPORT_HUMAN : REPORT_FUTHARK;
  setvbuf(stdout, NULL, _IOLBF, 0);
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  if (cf.extended)
    cf.copy_gbs = copy_bandwidth(&cf.tg);
  cf.planned = count_datasets(&cf, suites, nsuites);
  progress_plan(cf.planned, cf.mp.runs, cf.mp.convergence, cf.mp.conv_max_s,
                npaths == 0 && (cf.tg.rt == NULL || !rt_info(cf.tg.rt)->is_gpu));
  print_header(&cf);
  root = cJSON_CreateObject();
  for (int si = 0; si < nsuites && !interrupted; si++)
    for (int b = 0; b < suites[si]->nblocks && !interrupted; b++) {
      int f = bench_block(&cf, suites[si], &suites[si]->blocks[b], root);
      if (f < 0) {
        ps_error("out of memory");
        goto done;
      }
      failures += f;
    }
  rc = interrupted ? 130 : failures ? PS_EXIT_FAILED : PS_EXIT_OK;
  if (interrupted)
    ps_error("interrupted; results of the completed datasets are kept");
  if (benchio_write(cf.fmt, cf.summary, cf.markdown, cf.json, root) != 0 && rc == PS_EXIT_OK)
    rc = PS_EXIT_FAILED;
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
done:
  cJSON_Delete(root);
  summary_free(&summary);
  for (int i = 0; i < nsuites; i++)
    suite_free(suites[i]);
  evict_close(cf.mp.evict);
  nvml_close(cf.nvml);
  reference_target_close(&cf.ref);
  devopt_close(&cf.tg);
  return rc;
}
