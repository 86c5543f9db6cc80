/*
** benchopt.c: bench's command line (benchopt.h).
*/
#include "benchopt.h"

#include "bench.h"
#include "help.h"
#include "suitecheck.h"

#include <string.h>

#define AT(f) offsetof(struct bench_config, f)

static const struct opt_def opts[] = {
  OPT_ROW_INT("runs", 'r', AT(mp.runs), "N", 1, 100000000, "Minimum number of timed runs per dataset (default 10)"),
  OPT_ROW_FLAG("exact", 0, AT(exact), "Exactly -r N runs: no 0.5 s minimum, no convergence phase"),
  OPT_ROW_INT("warmup", 0, AT(mp.warmup), "N", 0, 1000000, "Discarded warm-up runs before the timed ones (default 1)"),
  OPT_ROW_INT("max-runs", 0, AT(mp.max_runs), "N", 1, 100000000, "At most N runs per phase of a dataset (default 100000)"),
  OPT_ROW_LIST("entry-point", 'e', AT(entries), AT(nentries), BENCHOPT_MAXLIST, "NAME", "Only this entry point; repeatable"),
  OPT_ROW_LIST("exclude-case", 0, AT(exclude), AT(nexclude), BENCHOPT_MAXLIST, "TAG", "Skip cases with this tag; repeatable (nobench, disable always)"),
  OPT_ROW_OUTPUT("json", 0, AT(json), "Write results as JSON (futhark bench's schema) to FILE (- for standard output)"),
  OPT_ROW_INT("timeout", 0, AT(mp.timeout_s), "SECONDS", 1, 100000000, "Fail a dataset that runs longer (warm-up and runs)"),
  OPT_ROW_NOFLAG("no-convergence-phase", 0, AT(mp.convergence), "Do not add runs until the mean converges"),
  OPT_ROW_DOUBLE("convergence-max-seconds", 0, AT(mp.conv_max_s), "S", 0.001, 1e9, "Time budget of the convergence phase (default 300)"),
  OPT_ROW_FLAG("extended", 'x', AT(extended), "Also print median, 95% CI, throughput and GB/s"),
  OPT_ROW_NOFLAG("no-validate", 0, AT(validate), "Do not check results against the reference backend"),
  OPT_ROW_CHOICE("cache", 0, AT(cold), "MODE", ((const char *const[]){"hot", "cold", NULL}), "hot (default) or cold: evict the device's last-level cache before each run"),
  OPT_ROW_FLAG("interleave", 0, AT(interleave), "Measure the entries of each dataset in turns (A B C, B C A, ...)"),
  OPT_ROW_FLAG("discard-throttled", 0, AT(discard), "NVIDIA GPUs: discard runs during which the GPU was throttled"),
  OPT_ROW_FLAG("kernel-time", 0, AT(ktime), "Time every run's kernels by events too: name each outlier's cause (-x)"),
  OPT_ROW_FLAG("batch", 0, AT(batch), "Time runs in batches of back-to-back runs (a batch of at least 1 ms, one sync): each reported run the batch's mean"),
  OPT_ROW_INT("batch-size", 0, AT(batch_size), "K", 1, 100000, "--batch with K runs a batch"),
  OPT_ROW_CHOICE("format", 0, AT(format), "FMT", ((const char *const[]){"futhark", "human", "auto", NULL}), "auto (default: human on a terminal, else futhark), human or futhark"),
  OPT_ROW_CHOICE("headline", 0, AT(headline), "STAT", ((const char *const[]){"mean", "median", NULL}), "The figure each line prints: mean (default, futhark bench's) or median"),
  OPT_ROW_FLAG("dry-run", 0, AT(dry_run), "Print the datasets a run would measure, their sizes and estimated times, and exit"),
  OPT_ROW_OUTPUT("markdown", 0, AT(markdown), "Write the summary (fastest entry first) as markdown tables to FILE"),
  BENCHSHARD_ROWS(AT(so)),
  OPT_ROW_FLAG("parallel", 0, AT(parallel), "-d all: every device at once, a worker process each, the datasets split among them"),
  OPT_ROW_FLAG("concurrent", 0, AT(concurrent), "-d all: every dataset on every device alone, then on all at once: the interference"),
  DEVOPT_ROWS(AT(dev)),
  OPT_ROW_FLAG("list-suites", 0, AT(list_suites), "List the built-in suites and exit"),
  OPT_ROW_FLAG("verbose", 'v', AT(verbose), "Log the phases of each dataset on stderr, with times since start"),
  OPT_ROW_LIST(NULL, 0, AT(paths), AT(npaths), BENCHOPT_MAXLIST, "SUITE", NULL),
  OPT_ROW_END,
};

/* Options of the tools psearch users know (hyperfine, futhark bench, Google
** Benchmark, nvbench), and what psearch does instead. */
static const struct opt_hint hints[] = {
  {"--export-json", "psearch writes JSON with --json FILE"},
  {"--export-markdown", "psearch writes the summary as markdown with --markdown FILE"},
  {"--min-runs", "the minimum number of runs is -r N (exactly N: -r N --exact)"},
  {"--runs", "-r N is the minimum number of runs; exactly N: -r N --exact"},
  {"--list", "bench --dry-run lists the datasets a run would measure"},
  {"--max-time", "--convergence-max-seconds S bounds the convergence phase; --timeout S fails a dataset"},
  {"--concurrency", "kernels are built once per device and cached; -d all --concurrent runs the devices at once"},
  {"--benchmark_filter", "choose entry points with -e NAME, a glob: -e 'bench_*search*'"},
  {"--benchmark_repetitions", "exactly N runs: -r N --exact"},
  {"--benchmark_list_tests", "bench --dry-run lists the datasets a run would measure"},
  {"--benchmark_out", "psearch writes JSON with --json FILE"},
  {"--min-time", "the initial phase lasts at least 0.5 s; --convergence-max-seconds bounds the rest"},
  {"--timeout-sec", "--timeout SECONDS fails a dataset that runs longer"},
  {"--devices", "-d all runs every device (with --device-type=gpu: every GPU), one after another; -d all --parallel at once"},
  {"--param", "--tune NAME=V pins a parameter, a user kernel's param as psearch's own (psearch list --tuning)"},
  {NULL, NULL},
};

static void init(void *p)
{
  struct bench_config *cf = p;
  cf->mp.runs = 10;
  cf->mp.warmup = 1;
  cf->mp.max_runs = 100000;
  cf->mp.convergence = 1;
  cf->mp.conv_max_s = 300;
  cf->format = BENCHOPT_AUTO;
  cf->validate = 1;
  cf->use_cache = 1;
  devopt_init(&cf->dev);
  cf->dev.tune_later = 1; /* bench_run: after the suites' user kernels */
}

/* What the options say together: PS_EXIT_OK, or PS_EXIT_USAGE after the message. */
static int check(void *p)
{
  struct bench_config *cf = p;
  int rc = PS_EXIT_USAGE;
  cf->use_cache = !cf->dev.no_cache;
  if (cf->verbose)
    ps_verbosity = 2;
  cf->mp.batch = cf->batch_size > 0 ? cf->batch_size : cf->batch ? -1 : 0;
  if (cf->exact) { /* -r N runs and no more: the rule's phases off */
    cf->mp.max_runs = cf->mp.runs;
    cf->mp.convergence = 0;
  }
  if (cf->mp.max_runs < cf->mp.runs)
    ps_error("--max-runs %lld is below -r %lld", (long long)cf->mp.max_runs, (long long)cf->mp.runs);
  else if (cf->parallel && !cf->dev.all)
    ps_error("--parallel runs the devices of -d all at once: add -d all (with --device-type=gpu: every GPU)");
  else if (cf->parallel && cf->so.sp.count > 0)
    ps_error("--parallel splits the datasets among the devices itself: leave out --shard");
  else if (cf->parallel && cf->markdown != NULL)
    ps_error("--parallel: each worker summarises its own part; write --json and 'psearch export --markdown' it");
  else if (cf->concurrent && cf->parallel)
    ps_error("--concurrent and --parallel: one or the other (every dataset on every device at once, or a part a device)");
  else if (cf->concurrent && !cf->dev.all)
    ps_error("--concurrent runs the devices of -d all at once: add -d all (with --device-type=gpu: every GPU)");
  else if (cf->concurrent && (cf->so.sp.count > 0 || cf->interleave || cf->markdown != NULL))
    ps_error("--concurrent: not with %s", cf->so.sp.count > 0 ? "--shard" : cf->interleave ? "--interleave"
                                                                  : "--markdown ('psearch export --markdown' the JSON)");
  else if (devopt_check(&cf->dev) == 0 && benchshard_check(&cf->so, cf->parallel) == 0)
    rc = PS_EXIT_OK;
  return rc;
}

/* --list-suites, or the benchmark. */
static int body(void *p)
{
  const struct bench_config *cf = p;
  int rc = PS_EXIT_OK;
  if (cf->list_suites)
    suitecheck_list_builtins();
  else
    rc = bench_run(cf);
  return rc;
}

const struct opt_cmd bench_cmd = {"bench", help_bench, opts, hints, sizeof(struct bench_config), init, check, body, NULL};
