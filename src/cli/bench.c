/*
** bench.c: `psearch bench [SUITE...]`: the options parsed (benchopt.h); every suite loaded and
** checked before anything runs; then, for each suite, block, entry point and
** dataset: the inputs (input.h, untimed), the entry prepared, measured
** (measure.h) and validated against a reference backend (reference.h); the result
** line printed and the JSON collected (report.h, results.h).
*/
#include "bench.h"

#include "benchio.h"
#include "benchplan.h"
#include "benchopt.h"
#include "benchpar.h"
#include "benchrun.h"
#include "benchsetup.h"
#include "benchshard.h"
#include "copy.h"
#include "devopt.h"
#include "digest.h"
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
#include "user.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted;
static int started; /* datasets started, for [k/N] */
static int unrecorded; /* datasets whose results the JSON could not take (out of memory) */
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

/* What bench.c's datasets are measured with (benchrun.h). */
static struct benchrun_env env_of(const struct bench_config *cf)
{
  return (struct benchrun_env){&cf->tg, &cf->ref, cf->mp, cf->validate, cf->use_cache, cf->nvml,
                               &interrupted, t_program, cf->peer};
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

/* b for block bl, whose names are padded to width (name_width). */
static int block_init(struct block_inputs *b, const struct suite_block *bl, int width)
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
  b->maxlen = width;
  for (int c = 0; c < bl->ncases; c++)
    b->nin[c] = -1;
  return 0;
}

/* Load case c's inputs unless loaded; the seconds it took (0: loaded before). */
static double block_load(const struct bench_config *cf, struct block_inputs *b, const struct suite_case *sc, int c)
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
  return (double)(ps_now_ns() - t0) / 1e9;
}

static int excluded(const struct bench_config *cf, const struct suite_case *c)
{
  if (suite_case_has_tag(c, "nobench") || suite_case_has_tag(c, "disable"))
    return 1;
  for (int i = 0; i < cf->nexclude; i++)
    if (suite_case_has_tag(c, cf->exclude[i]))
      return 1;
  return 0;
}

static int wanted(const struct bench_config *cf, const char *entry)
{
  if (cf->nentries == 0)
    return 1;
  for (int i = 0; i < cf->nentries; i++)
    if (registry_matches(cf->entries[i], entry))
      return 1;
  return 0;
}

/* Dataset name's results j (NULL: out of memory) into dsets: 0, or 1 (a
** failed dataset) when they cannot go there: the failure is said in their
** place, else the dataset counts as unrecorded (bench then writes no JSON,
** which would lack it unsaid). The suite parser refuses a name twice for an
** entry, so names are new here. */
static int record(cJSON *dsets, const char *name, cJSON *j)
{
  if (j != NULL && cJSON_AddItemToObject(dsets, name, j))
    return 0;
  cJSON_Delete(j);
  ps_error("out of memory: the results of %s could not be recorded", name);
  if ((j = cJSON_CreateString("out of memory: the results could not be recorded")) == NULL ||
      !cJSON_AddItemToObject(dsets, name, j)) {
    cJSON_Delete(j);
    unrecorded++;
  }
  return 1;
}

/* Case c of entry e of block bl of suite path: run, print, record; returns 1 if it failed. */
static int bench_case(const struct bench_config *cf, const char *path, const struct suite_block *bl, int e,
                      struct block_inputs *b, int c, cJSON *dsets, struct benchrun_outcome *pre)
{
  const struct entry *en = registry_find(bl->entries[e]);
  const struct suite_case *sc = &bl->cases[c];
  int namelen = (int)strlen(sc->name), pad = b->maxlen - (namelen > 40 ? 40 : namelen), failed;
  struct progress pg = {.entry = en->name, .desc = sc->name, .pad = pad, .index = ++started,
                        .total = cf->planned, .runs = cf->mp.runs, .budget_s = cf->mp.conv_max_s,
                        .fancy = cf->fancy, .plan = cf->plan};
  struct report_dataset d;
  struct benchrun_outcome o;
  char what[1200];
  uint64_t t0 = ps_now_ns();
  double load_s;
  if (pre == NULL)
    benchplan_start(cf->plan, bl, e, c);
  load_s = block_load(cf, b, sc, c);
  if (!cf->fancy) {
    printf("%s: %*s", sc->name, pad, "");
    fflush(stdout);
  }
  if (pre != NULL) { /* measured already (--interleave): o takes it over */
    o = *pre;
    memset(pre, 0, sizeof *pre);
  } else if (cf->peer != NULL) { /* --concurrent: in step with the other devices, a failed load too */
    struct benchrun_env env = env_of(cf);
    snprintf(what, sizeof what, "%s:%s %s", path, en->name, sc->name);
    benchrun_concurrent(&env, what, en, b->in[c], b->nin[c], b->digest[c], b->error[c], &pg, &o);
  } else if (b->error[c] != NULL) {
    memset(&o, 0, sizeof o);
    o.error = strdup(b->error[c]);
  } else {
    struct benchrun_env env = env_of(cf);
    benchrun_alone(&env, en, b->in[c], b->nin[c], b->digest[c], &pg, &o);
  }
  o.phase_s[PHASE_LOAD] += load_s;
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
  d.tuning = &o.tuning;
  d.concurrent = o.con.devices > 0 ? &o.con : NULL;
  memcpy(d.gpu, o.gpu, sizeof d.gpu);
  memcpy(d.phase_s, o.phase_s, sizeof d.phase_s);
  report_print_line(stdout, &d, cf->fmt, cf->headline, cf->fancy);
  report_print_concurrent(stdout, &d);
  if (cf->extended)
    report_print_extended(stdout, &d, cf->copy_gbs);
  snprintf(what, sizeof what, "%s %s", en->name, sc->name);
  report_warn(&d, what, cf->mp.conv_max_s);
  if (cf->verbose)
    report_details(&d, what, cf->extended);
  digest_add(cf->digest, &d, what, cf->extended);
  failed = d.error != NULL;
  failed |= record(dsets, sc->name, results_dataset_json(&d));
  snprintf(what, sizeof what, "%s%s", en->name, cf->devkey); /* -d all: devices side by side */
  if (!failed && d.s.n > 0 &&
      summary_add(cf->summary, registry_rank_family(en), en->out_desc, what, sc->name, &d) != 0) {
    ps_error("out of memory: %s %s left out of the summary", en->name, sc->name);
    failed = 1;
  }
  benchio_stdout_gone(); /* before the plan's store, which may set errno */
  if (pre == NULL)
    benchplan_done(cf->plan, bl, e, c, (double)(ps_now_ns() - t0) / 1e9, failed ? 0 : d.s.mean);
  benchrun_outcome_free(&o);
  return failed;
}

/* A user kernel's identity in its program's context ctx: the kernel_source
** condition (compare names a change, and refuses to judge one) and the
** rest. 0, or -1 when out of memory. */
static int user_context(const struct entry *en, cJSON *ctx)
{
  const char *hash = user_source_hash(en);
  cJSON *u = NULL;
  if (hash == NULL) /* not a user kernel */
    return 0;
  if ((u = user_json(en)) == NULL || !cJSON_AddItemToObject(ctx, "user_kernel", u)) {
    cJSON_Delete(u);
    return -1;
  }
  return cJSON_AddStringToObject(ctx, "kernel_source", hash) == NULL ? -1 : 0;
}

/* The datasets object of program `key` of entry en (created with its context
** when new); NULL when out of memory. */
static cJSON *program(const struct bench_config *cf, cJSON *root, const char *key, const struct entry *en)
{
  cJSON *prog = cJSON_GetObjectItemCaseSensitive(root, key), *c = NULL;
  if (prog == NULL) {
    struct results_context ctx = {backend_name(cf->dev.backend), cf->tg.rt ? rt_info(cf->tg.rt) : NULL,
                                  cf->tg.pool ? pool_threads(cf->tg.pool) : 0, cf->mp.runs,
                                  cf->mp.max_runs, cf->mp.convergence, cf->mp.conv_max_s,
                                  evict_bytes(cf->mp.evict), cf->nvml != NULL, cf->interleave,
                                  cf->mp.throttled != NULL, cf->mp.kernel_time, cf->tg.tune,
                                  cf->validate, cf->dev.kernels, cf->mp.batch, cf->nvml ? &cf->gpu_id : NULL,
                                  cf->peer != NULL ? cf->concurrent : 0};
    if ((prog = cJSON_AddObjectToObject(root, key)) == NULL || cJSON_AddObjectToObject(prog, "datasets") == NULL ||
        (c = results_context_json(&ctx)) == NULL || !cJSON_AddItemToObject(prog, "psearch_context", c) ||
        benchshard_context(cf->shard, c) != 0 || user_context(en, c) != 0) {
      if (prog != NULL && cJSON_GetObjectItemCaseSensitive(prog, "psearch_context") != c)
        cJSON_Delete(c);
      cJSON_DeleteItemFromObjectCaseSensitive(root, key);
      return NULL;
    }
  }
  return cJSON_GetObjectItemCaseSensitive(prog, "datasets");
}

/* --interleave: the wanted entries of a block measured together on each case
** (benchrun_interleaved); entry i's outcome on case c at [i * ncases + c],
** marked done, for bench_case to print. NULL when out of memory. */
static struct benchrun_outcome *interleave_block(const struct bench_config *cf, const struct suite_block *bl,
                                                 struct block_inputs *b)
{
  size_t nc = (size_t)bl->ncases, ne = (size_t)bl->nentries;
  struct benchrun_outcome *pre = calloc(ne * nc + 1, sizeof *pre), *o = calloc(ne, sizeof *o);
  const struct entry **en = calloc(ne, sizeof *en);
  struct progress *pg = calloc(ne, sizeof *pg);
  int *which = calloc(ne, sizeof *which), sets = 0;
  struct benchrun_env env = env_of(cf);
  for (int c = 0; c < bl->ncases && !interrupted && pre && o && en && pg && which; c++) {
    const struct suite_case *sc = &bl->cases[c];
    int k = 0, len = (int)strlen(sc->name), pad = b->maxlen - (len > 40 ? 40 : len);
    uint64_t t0;
    double load_s;
    if (excluded(cf, sc))
      continue;
    for (int i = 0; i < bl->nentries; i++)
      if (wanted(cf, bl->entries[i]) && benchshard_mine(cf->shard, bl, i, c)) {
        en[k] = registry_find(bl->entries[i]);
        pg[k] = (struct progress){.entry = en[k]->name, .desc = sc->name, .pad = pad, .index = ++sets,
                                  .total = cf->planned, .runs = cf->mp.runs, .budget_s = cf->mp.conv_max_s,
                                  .fancy = cf->fancy, .plan = cf->plan};
        which[k++] = i;
      }
    if (k == 0) /* no entry of this shard runs it */
      continue;
    benchplan_start(cf->plan, bl, which[0], c);
    t0 = ps_now_ns();
    load_s = block_load(cf, b, sc, c);
    if (b->error[c] == NULL)
      benchrun_interleaved(&env, en, k, b->in[c], b->nin[c], b->digest[c], pg, o);
    for (int t = 0; t < k; t++) /* their seconds shared: not stored for a plan */
      benchplan_done(cf->plan, bl, which[t], c, (double)(ps_now_ns() - t0) / 1e9 / k, 0);
    for (int t = 0; t < k; t++) {
      if (b->error[c] != NULL)
        o[t].error = strdup(b->error[c]);
      o[t].phase_s[PHASE_LOAD] = t == 0 ? load_s : 0; /* counted for the first entry */
      o[t].done = 1;
      pre[(size_t)which[t] * nc + (size_t)c] = o[t];
      memset(&o[t], 0, sizeof o[t]);
    }
  }
  if (o == NULL || en == NULL || pg == NULL || which == NULL) {
    free(pre);
    pre = NULL;
  }
  free(o);
  free(en);
  free(pg);
  free(which);
  return pre;
}

/* Every wanted entry of a block on every case; returns the failures, -1 if out of memory. */
static int bench_block(const struct bench_config *cf, const struct suite *s,
                       const struct suite_block *bl, cJSON *root)
{
  struct block_inputs b;
  struct benchrun_outcome *pre = NULL; /* --interleave: measured first, printed here */
  size_t nc = (size_t)bl->ncases;
  int failures = 0;
  if (block_init(&b, bl, cf->namew) != 0)
    return -1;
  if (cf->interleave && (pre = interleave_block(cf, bl, &b)) == NULL) {
    block_free(&b);
    return -1;
  }
  for (int i = 0; i < bl->nentries && (pre != NULL || !interrupted); i++) {
    const struct entry *en = registry_find(bl->entries[i]);
    char key[1200];
    cJSON *dsets;
    if (!wanted(cf, en->name) || !benchshard_mine(cf->shard, bl, i, -1))
      continue;
    snprintf(key, sizeof key, "%s:%s%s", s->path, en->name, cf->devkey);
    printf("\nResults for %s:\n", key);
    if ((dsets = program(cf, root, key, en)) == NULL) {
      failures = -1;
      break;
    }
    for (int c = 0; c < bl->ncases && (pre != NULL || !interrupted); c++)
      if (!excluded(cf, &bl->cases[c]) && benchshard_mine(cf->shard, bl, i, c) &&
          (pre == NULL || pre[(size_t)i * nc + (size_t)c].done))
        failures += bench_case(cf, s->path, bl, i, &b, c, dsets, pre ? &pre[(size_t)i * nc + (size_t)c] : NULL);
  }
  for (size_t k = 0; pre != NULL && k < (size_t)bl->nentries * nc; k++)
    benchrun_outcome_free(&pre[k]);
  free(pre);
  block_free(&b);
  return failures;
}

/* ============================== Setup =================================== */

/* bench's filters, for the shard plan. */
static int keep_case(const void *cf, const char *entry, const struct suite_case *c)
{
  return wanted(cf, entry) && !excluded(cf, c);
}

/* The width result lines pad names to: the longest name of a dataset the run
** measures, up to 40 characters, so that lines align across blocks. */
static int name_width(const struct bench_config *cf, struct suite *const *suites, int n)
{
  int w = 0;
  for (int i = 0; i < n; i++)
    for (int b = 0; b < suites[i]->nblocks; b++) {
      const struct suite_block *bl = &suites[i]->blocks[b];
      for (int e = 0; e < bl->nentries; e++)
        for (int c = 0; wanted(cf, bl->entries[e]) && c < bl->ncases; c++) {
          int len = (int)strlen(bl->cases[c].name);
          if (!excluded(cf, &bl->cases[c]) && (len > 40 ? 40 : len) > w)
            w = len > 40 ? 40 : len;
        }
    }
  return w;
}

/* The datasets a run will measure. */
static int count_datasets(const struct bench_config *cf, struct suite *const *suites, int n)
{
  int k = 0;
  if (cf->shard != NULL)
    return benchshard_count(cf->shard);
  for (int i = 0; i < n; i++)
    for (int b = 0; b < suites[i]->nblocks; b++) {
      const struct suite_block *bl = &suites[i]->blocks[b];
      for (int e = 0; e < bl->nentries; e++)
        for (int c = 0; wanted(cf, bl->entries[e]) && c < bl->ncases; c++)
          k += !excluded(cf, &bl->cases[c]);
    }
  return k;
}

/* bench's filters and this part's cases, for the plan. */
static int plan_keep(const void *ctx, const struct suite_block *bl, int e, int c)
{
  const struct bench_config *cf = ctx;
  return wanted(cf, bl->entries[e]) && !excluded(cf, &bl->cases[c]) && benchshard_mine(cf->shard, bl, e, c);
}

/* The plan of the open device's cases; NULL when out of memory. */
static struct benchplan *plan_device(const struct bench_config *cf, struct suite *const *suites, int n)
{
  const struct rt *rt = cf->tg.rt;
  char device[600];
  struct benchplan_env env = {&cf->mp, device, rt != NULL && rt_info(rt)->is_gpu,
                              rt != NULL && rt_can_profile(rt), cf->use_cache, !cf->interleave && !cf->concurrent,
                              cf->peer != NULL ? cf->concurrent + 1 : 1};
  if (rt != NULL)
    snprintf(device, sizeof device, "%s|%s|%s", rt_info(rt)->name, rt_info(rt)->platform, rt_info(rt)->driver);
  else
    snprintf(device, sizeof device, "%s|%d", backend_name(cf->tg.backend),
             cf->tg.pool != NULL ? pool_threads(cf->tg.pool) : 1);
  return benchplan_new(suites, n, plan_keep, cf, &env);
}

/* Every suite on device k of -d all (the one device without): the device and
** what goes with it opened, the header, the blocks, all closed again. The
** failures; -1 (the message printed) when the device could not be opened,
** -2 when out of memory. */
static int bench_device(struct bench_config *cf, int k, struct suite *const *suites, int nsuites,
                        int defaults, cJSON *root)
{
  struct ps_err err;
  int failures = -1;
  if (devopt_open_nth(&cf->dev, k, &cf->tg, cf->devkey, sizeof cf->devkey, &err) != 0 ||
      reference_target(&cf->tg, &cf->ref, &err) != 0 || benchsetup_extras(cf, &err) != 0) {
    ps_error("%s", err.msg);
    goto done;
  }
  if ((cf->plan = plan_device(cf, suites, nsuites)) == NULL) {
    ps_error("out of memory");
    goto done;
  }
  if (cf->dry_run) {
    benchplan_list(cf->plan, (const struct suite *const *)suites, nsuites, stdout);
    failures = 0;
    goto done;
  }
  if (cf->extended)
    cf->copy_gbs = copy_bandwidth(&cf->tg);
  benchplan_print(cf->plan, defaults && (cf->tg.rt == NULL || !rt_info(cf->tg.rt)->is_gpu));
  benchsetup_header(cf);
  failures = 0;
  for (int si = 0; si < nsuites && !interrupted; si++)
    for (int b = 0; b < suites[si]->nblocks && !interrupted; b++) {
      int f = bench_block(cf, suites[si], &suites[si]->blocks[b], root);
      if (f < 0) {
        ps_error("out of memory");
        failures = -2;
        goto done;
      }
      failures += f;
    }
done:
  benchplan_free(cf->plan);
  cf->plan = NULL;
  evict_close(cf->mp.evict);
  nvml_close(cf->nvml);
  reference_target_close(&cf->ref);
  devopt_close(&cf->tg);
  cf->mp.evict = NULL;
  cf->nvml = NULL;
  return failures;
}

/* --tune checked against every entry's parameters, the suites' user kernels'
** included, and their rows that disagree with it left out (--tune WG=256
** pins WG). 0, or -1 with e set. */
static int pin(const struct bench_config *cf, struct suite *const *suites, int n, struct ps_err *e)
{
  if (cf->dev.tune.n == 0)
    return 0;
  if (registry_check_tune(&cf->dev.tune, e) != 0)
    return -1;
  for (int i = 0; i < n; i++)
    if (user_pin(suites[i], &cf->dev.tune, e) != 0)
      return -1;
  return 0;
}

/* catch: SIGINT, SIGTERM and SIGHUP stop bench after the current run (a
** closed session is SIGTERM's twin, but nohup's ignoring it holds), SIGPIPE
** is ignored (a closed standard output is benchio_stdout_gone's, not fatal);
** the old actions into old. Else old put back. */
static void signals(struct sigaction old[4], int catch)
{
  static const int sig[4] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 4; i++) {
    if (!catch) {
      sigaction(sig[i], &old[i], NULL);
      continue;
    }
    sigaction(sig[i], NULL, &old[i]);
    sa.sa_handler = sig[i] == SIGPIPE ? SIG_IGN : on_interrupt;
    if (!(sig[i] == SIGHUP && old[i].sa_handler == SIG_IGN))
      sigaction(sig[i], &sa, NULL);
  }
}

/* The run from the shard plan to the files: devices first .. first + ndev - 1
** of -d all (the one device without it) into one results tree, then the
** summary, the markdown and the JSON written. A device that does not open
** leaves the others be (-d all). The exit code. */
static int measure_devices(struct bench_config *cf, struct suite *const *suites, int nsuites, int defaults,
                           int first, int ndev)
{
  struct ps_err err;
  cJSON *root = NULL;
  int rc = PS_EXIT_FAILED, failures = 0, lost = 0;
  if (cf->so.sp.count > 0 &&
      (cf->shard = benchshard_plan(&cf->so, suites, nsuites, keep_case, cf, &rc, &err)) == NULL) {
    ps_error("%s", err.msg);
    return rc;
  }
  rc = PS_EXIT_FAILED;
  cf->planned = ndev * count_datasets(cf, suites, nsuites);
  cf->namew = name_width(cf, suites, nsuites);
  if ((root = cJSON_CreateObject()) == NULL) {
    ps_error("out of memory");
    goto done;
  }
  for (int k = first; k < first + ndev && !interrupted; k++) {
    int f = bench_device(cf, k, suites, nsuites, defaults, root);
    if (f == -2 || (f == -1 && ndev == 1))
      goto done;
    lost += f == -1;
    failures += f < 0 ? 0 : f;
  }
  if (lost > 0)
    ps_error("-d all: %d of %d devices did not open (named above); the results are the others'", lost, ndev);
  failures += lost;
  benchio_stdout_gone();
  rc = interrupted ? 130 : failures ? PS_EXIT_FAILED : PS_EXIT_OK;
  if (interrupted)
    ps_error("interrupted; results of the completed datasets are kept");
  if (unrecorded > 0) {
    ps_error("out of memory: %d datasets are not in the results%s", unrecorded, cf->json ? "; --json not written" : "");
    cf->json = NULL;
    rc = PS_EXIT_FAILED;
  }
  if (!cf->dry_run) /* --dry-run: no results, so no digest, summary or files */
    digest_print(cf->digest, cf->headline, cf->verbose);
  if (!cf->dry_run && benchio_write(cf->summary, cf->markdown, cf->json, root) != 0 && rc == PS_EXIT_OK)
    rc = PS_EXIT_FAILED;
done:
  cJSON_Delete(root);
  return rc;
}

/* What a --parallel worker starts from. */
struct par {
  struct bench_config *cf;
  struct suite *const *suites;
  int nsuites, defaults;
};

static void on_stop(int sig)
{
  (void)sig;
  interrupted = 1;
}

/* A --parallel worker (benchpar_work): part k + 1 of n on device k; or a
** --concurrent one (peer): every dataset on device k in step with the other
** n - 1. Stopped by BENCHPAR_STOP as by a first Ctrl-C. */
static int par_work(void *ctx, int k, int n, const char *json, struct benchcon_peer *peer)
{
  const struct par *p = ctx;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_stop;
  sigaction(BENCHPAR_STOP, &sa, NULL);
  if (peer == NULL)
    p->cf->so.sp = (struct shard_spec){k + 1, n, "parallel"};
  p->cf->peer = peer;
  p->cf->concurrent = peer != NULL ? n : 0;
  p->cf->json = json;
  p->cf->fancy = 0; /* its standard output is a file */
  return measure_devices(p->cf, p->suites, p->nsuites, p->defaults, k, 1);
}

int bench_run(const struct bench_config *given)
{
  struct bench_config cf = *given;
  struct suite *suites[BENCHOPT_MAXLIST] = {NULL};
  struct summary summary = {0};
  struct digest digest = {0};
  struct ps_err err;
  const char **paths = cf.paths, *term = getenv("TERM");
  int npaths = cf.npaths, nsuites = 0, rc, ndev = 1;
  struct sigaction old[4];
  t_program = ps_now_ns();
  cf.summary = &summary;
  cf.digest = &digest;
  hook_announce();
  benchsetup_announce(&cf);
  if ((rc = benchio_check(cf.json, cf.markdown)) != PS_EXIT_OK)
    return rc;
  if ((cf.json != NULL && strcmp(cf.json, "-") == 0 && benchio_to_stdout(&cf.json, "--json") != 0) ||
      (cf.markdown != NULL && strcmp(cf.markdown, "-") == 0 && benchio_to_stdout(&cf.markdown, "--markdown") != 0))
    return PS_EXIT_FAILED;
  if (benchsetup_upkeep(&cf) != 0)
    return PS_EXIT_USAGE;
  if ((nsuites = suitecheck_load(paths, npaths, BENCHOPT_MAXLIST, suites)) < 0)
    return nsuites == -2 ? PS_EXIT_FAILED : PS_EXIT_BADDATA;
  suitecheck_tags(cf.exclude, cf.nexclude, suites, nsuites);
  if (suitecheck_entries(cf.entries, cf.nentries, suites, nsuites, &err) != 0 || pin(&cf, suites, nsuites, &err) != 0) {
    ps_error("%s", err.msg);
    rc = PS_EXIT_USAGE;
    goto done;
  }
  if ((rc = cf.parallel ? benchshard_readable(&cf.so) : PS_EXIT_OK) != PS_EXIT_OK)
    goto done;
  rc = PS_EXIT_FAILED;
  /* --parallel's and --concurrent's workers: their parent lists the devices in a child */
  if (!cf.parallel && !cf.concurrent && (ndev = devopt_count(&cf.dev, &err)) < 0) {
    ps_error("%s", err.msg);
    goto done;
  }
  cf.fancy = isatty(1) && !(term != NULL && strcmp(term, "dumb") == 0);
  cf.fmt = cf.format != BENCHOPT_AUTO ? (enum report_format)cf.format : isatty(1) ? REPORT_HUMAN : REPORT_FUTHARK;
  setvbuf(stdout, NULL, _IOLBF, 0);
  signals(old, 1);
  if (cf.parallel || cf.concurrent)
    rc = benchpar_run(&cf.dev, par_work, &(struct par){&cf, suites, nsuites, npaths == 0}, cf.json, &interrupted,
                      cf.concurrent);
  else
    rc = measure_devices(&cf, suites, nsuites, npaths == 0, 0, ndev);
  signals(old, 0);
done:
  summary_free(&summary);
  benchshard_free(cf.shard);
  for (int i = 0; i < nsuites; i++)
    suite_free(suites[i]);
  return rc;
}
