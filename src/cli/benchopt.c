/*
** benchopt.c: bench's command line (benchopt.h).
*/
#include "benchopt.h"

#include "opt.h"
#include "suitecheck.h"

#include <string.h>

enum {
  O_RUNS = 1, O_MAXRUNS, O_ENTRY, O_EXCLUDE, O_JSON, O_TIMEOUT, O_NOCONV, O_CONVMAX, O_EXTENDED,
  O_NOVALIDATE, O_CACHE, O_FORMAT, O_MARKDOWN, O_LIST, O_VERBOSE, O_HELP, O_INTERLEAVE, O_DISCARD,
  O_KTIME
};

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
  {"interleave", 0, OPT_NONE, O_INTERLEAVE, NULL, "Measure the entries of each dataset in turns (A B C, B C A, ...)"},
  {"discard-throttled", 0, OPT_NONE, O_DISCARD, NULL, "NVIDIA GPUs: discard runs during which the GPU was throttled"},
  {"kernel-time", 0, OPT_NONE, O_KTIME, NULL, "Time every run's kernels by events too: name each outlier's cause (-x)"},
  {"format", 0, OPT_REQUIRED, O_FORMAT, "FMT", "auto (default: human on a terminal, else futhark), human or futhark"},
  {"markdown", 0, OPT_REQUIRED, O_MARKDOWN, "FILE", "Write the summary (fastest entry first) as markdown tables"},
  BENCHSHARD_ROWS,
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
  {"devices", "-d all runs every device (with --device-type=gpu: every GPU), one after another"},
  {NULL, NULL},
};

void benchopt_help(FILE *f)
{
  fputs("Usage: psearch bench [OPTIONS] [SUITE...]\n"
        "Benchmark the entry points of each suite (docs/suites.md) on their datasets.\n"
        "With no SUITE, the built-in default suites run (--list-suites shows them;\n"
        "builtin:NAME names one).\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExit codes: 0 all datasets ran and validated, 1 a dataset failed or mismatched,\n"
        "2 usage error, 3 malformed suite, 130 interrupted (the JSON keeps what completed).\n", f);
}

void benchopt_init(struct bench_config *cf)
{
  memset(cf, 0, sizeof *cf);
  cf->mp.runs = 10;
  cf->mp.max_runs = 100000;
  cf->mp.convergence = 1;
  cf->mp.conv_max_s = 300;
  cf->format = -1;
  cf->validate = 1;
  cf->use_cache = 1;
  devopt_init(&cf->dev);
}

/* Append val to list (of *n, at most BENCHOPT_MAXLIST); -1 with a message when full. */
static int append(const char **list, int *n, const char *val, const char *what)
{
  if (*n == BENCHOPT_MAXLIST) {
    ps_error("too many %s arguments (at most %d)", what, BENCHOPT_MAXLIST);
    return -1;
  }
  list[(*n)++] = val;
  return 0;
}

/* The switch a flag option (no value) turns on, or NULL. */
static int *flag_of(struct bench_config *cf, int id)
{
  switch (id) {
  case O_EXTENDED: return &cf->extended;
  case O_INTERLEAVE: return &cf->interleave;
  case O_DISCARD: return &cf->discard;
  case O_KTIME: return &cf->ktime;
  default: return NULL;
  }
}

/* The count a positive integer option sets, or NULL. */
static int64_t *count_of(struct bench_config *cf, int id)
{
  switch (id) {
  case O_RUNS: return &cf->mp.runs;
  case O_MAXRUNS: return &cf->mp.max_runs;
  case O_TIMEOUT: return &cf->mp.timeout_s;
  default: return NULL;
  }
}

int benchopt_parse(int argc, char **argv, struct bench_config *cf, const char **paths, int *npaths)
{
  struct opt_state st;
  const char *val;
  int id, got, *flag;
  int64_t *count;
  opt_init(&st, argc, argv);
  st.hints = hints;
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    if ((got = devopt_parse(&cf->dev, id, val, st.spelled)) != 0 ||
        (got = benchshard_parse(&cf->so, id, val)) != 0) {
      if (got < 0)
        return PS_EXIT_USAGE;
      continue;
    }
    if ((flag = flag_of(cf, id)) != NULL) {
      *flag = 1;
      continue;
    }
    if ((count = count_of(cf, id)) != NULL) {
      if (opt_int_in(st.spelled, val, 1, 100000000, count) != 0)
        return PS_EXIT_USAGE;
      continue;
    }
    switch (id) {
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
    case O_NOCONV: cf->mp.convergence = 0; break;
    case O_CONVMAX:
      if (opt_double_in(st.spelled, val, 0.001, 1e9, &cf->mp.conv_max_s) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_NOVALIDATE: cf->validate = 0; break;
    case O_LIST:
      suitecheck_list_builtins();
      return -1;
    case O_VERBOSE: ps_verbosity = 2; break;
    case O_HELP:
      benchopt_help(stdout);
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
  if (cf->mp.max_runs < cf->mp.runs || devopt_check(&cf->dev) != 0 || benchshard_check(&cf->so) != 0)
    return PS_EXIT_USAGE;
  return PS_EXIT_OK;
}

