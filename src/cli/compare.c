/*
** compare.c: match two results files by program and dataset name, test each
** pair of run samples, print a table (text, markdown or JSON) and exit with
** the gate's verdict: PS_EXIT_REGRESSION only for a significant slowdown.
*/
#include "compare.h"

#include "comparison.h"
#include "opt.h"
#include "ps.h"
#include "results.h"
#include "stats.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { O_OLD = 1, O_NEW, O_ALPHA, O_THRESHOLD, O_TEST, O_STRICT, O_FORMAT, O_SORTBY, O_ORDER, O_HELP };

static const struct opt_def opts[] = {
  {"old", 0, OPT_REQUIRED, O_OLD, "FILE", "One more OLD file: its runs are pooled with the others (repeatable)"},
  {"new", 0, OPT_REQUIRED, O_NEW, "FILE", "One more NEW file, pooled likewise (repeatable)"},
  {"alpha", 0, OPT_REQUIRED, O_ALPHA, "A", "Significance level of the test (default 0.01)"},
  {"threshold", 't', OPT_REQUIRED, O_THRESHOLD, "PCT", "Minimum change in percent to report (default 2; 1 with --test=futhark)"},
  {"test", 0, OPT_REQUIRED, O_TEST, "NAME", "auto (default), rounds, mann-whitney or futhark (see above)"},
  {"strict", 0, OPT_NONE, O_STRICT, NULL, "Exit 5 when a dataset cannot be judged or is missing on a side"},
  {"format", 'f', OPT_REQUIRED, O_FORMAT, "FMT", "text (default), markdown or json"},
  {"sort-by", 0, OPT_REQUIRED, O_SORTBY, "KEY", "name (default), significant, geomean-significant or geomean-all"},
  {"order", 0, OPT_REQUIRED, O_ORDER, "ORDER", "worst-first (default) or best-first"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void compare_help(FILE *f)
{
  fputs("Usage: psearch compare [OPTIONS] OLD.json NEW.json\n"
        "       psearch compare [OPTIONS] --old A1.json --old A2.json ... --new B1.json ...\n"
        "Compare two results files of psearch bench or futhark bench (--json). For each\n"
        "dataset in both: old and new mean runtime, the speedup mean(old)/mean(new), and\n"
        "a verdict: 'slower' or 'faster' when the change is both significant by the\n"
        "test and larger than the threshold, '~' otherwise, '?' (not judged) when there\n"
        "are too few runs or rounds for the test.\n\n"
        "Tests: with several files on each side (rounds: separate invocations of bench,\n"
        "e.g. the interleaved old/new rounds of scripts/ci-gate.sh --against), 'rounds'\n"
        "summarises each file's runs of a dataset by their median and tests the log ratios\n"
        "of paired rounds (the i-th files) with a t-test (Welch's when the counts differ;\n"
        "at least 3 rounds): the noise is the spread between invocations. With one file a\n"
        "side, 'mann-whitney' tests the runs (it sees only the spread within one\n"
        "invocation: drift between invocations can look significant). 'auto' picks rounds\n"
        "when both sides have two files or more. 'futhark' is benchcmp's rule.\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExit codes: 0 no significant regression, 1 a dataset that ran in OLD failed in\n"
        "NEW, or no dataset in common, or a file cannot be read, 2 usage error, 3 a file\n"
        "is not results JSON, 4 a significant regression, 5 (--strict only) a dataset\n"
        "could not be judged or a program or dataset is missing on one side.\n"
        "Improvements never fail.\n", f);
}

enum format { FMT_TEXT, FMT_MARKDOWN, FMT_JSON };

struct config {
  struct stats_rule rule; /* threshold negative until set */
  enum format format;
  enum comparison_order sortby;
  int best_first;
  int color;
  int strict;
};

#define MAXSIDE 32

/* The files of each side: paths[0][..] old, paths[1][..] new. */
struct sides {
  const char *paths[2][MAXSIDE];
  int n[2];
};

static int add_path(struct sides *sd, int side, const char *path)
{
  if (sd->n[side] == MAXSIDE) {
    ps_error("compare: at most %d files on a side", MAXSIDE);
    return -1;
  }
  sd->paths[side][sd->n[side]++] = path;
  return 0;
}

static int parse_args(int argc, char **argv, struct config *cf, struct sides *sd)
{
  struct opt_state st;
  const char *val;
  int id, k, npos = 0;
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    switch (id) {
    case O_ALPHA:
      if (opt_double_in(st.spelled, val, 1e-12, 0.5, &cf->rule.alpha) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_THRESHOLD: {
      char num[64];
      size_t len = strlen(val);
      snprintf(num, sizeof num, "%s", val);
      if (len > 0 && len < sizeof num && num[len - 1] == '%')
        num[len - 1] = '\0';
      if (opt_double_in(st.spelled, num, 0, 1000, &cf->rule.threshold) != 0)
        return PS_EXIT_USAGE;
      cf->rule.threshold /= 100;
      break;
    }
    case O_TEST:
      if (opt_choice(st.spelled, val, (const char *const[]){"auto", "rounds", "mann-whitney", "futhark", NULL}, &k) != 0)
        return PS_EXIT_USAGE;
      cf->rule.test = (enum stats_test)k;
      break;
    case O_STRICT: cf->strict = 1; break;
    case O_FORMAT:
      if (opt_choice(st.spelled, val, (const char *const[]){"text", "markdown", "json", NULL}, &k) != 0)
        return PS_EXIT_USAGE;
      cf->format = (enum format)k;
      break;
    case O_SORTBY:
      if (opt_choice(st.spelled, val,
                     (const char *const[]){"name", "significant", "geomean-significant", "geomean-all", NULL},
                     &k) != 0)
        return PS_EXIT_USAGE;
      cf->sortby = (enum comparison_order)k;
      break;
    case O_ORDER:
      if (opt_choice(st.spelled, val, (const char *const[]){"worst-first", "best-first", NULL}, &k) != 0)
        return PS_EXIT_USAGE;
      cf->best_first = k;
      break;
    case O_HELP:
      compare_help(stdout);
      return -1;
    case O_OLD:
    case O_NEW:
      if (add_path(sd, id == O_NEW, val) != 0)
        return PS_EXIT_USAGE;
      break;
    case OPT_POSITIONAL:
      if (npos == 2) {
        ps_error("compare: expected two files, OLD.json NEW.json; got a third, '%s'", val);
        return PS_EXIT_USAGE;
      }
      if (add_path(sd, npos++, val) != 0)
        return PS_EXIT_USAGE;
      break;
    default:
      fputs("Try 'psearch help compare'.\n", stderr);
      return PS_EXIT_USAGE;
    }
  }
  if (sd->n[0] == 0 || sd->n[1] == 0) {
    ps_error("compare: expected two files, OLD.json NEW.json (or --old and --new)");
    return PS_EXIT_USAGE;
  }
  if (cf->rule.threshold < 0)
    cf->rule.threshold = cf->rule.test == STATS_FUTHARK ? 0.01 : 0.02;
  return PS_EXIT_OK;
}

/* Load the files of side k, pooled as rounds; NULL after printing why (*code set). */
static struct results *load_side(const struct sides *sd, int k, int *code)
{
  struct results *side = NULL;
  struct ps_err err;
  for (int i = 0; i < sd->n[k]; i++) {
    struct results *r = results_load(sd->paths[k][i], code, &err);
    if (r == NULL) {
      ps_error("compare: %s", err.msg);
      results_free(side);
      return NULL;
    }
    if (side == NULL) {
      side = r;
    } else if (results_pool(side, r) != 0) {
      *code = PS_EXIT_FAILED;
      goto oom;
    }
  }
  if (sd->n[k] > 1) { /* name the side by its first file */
    char name[4200];
    snprintf(name, sizeof name, "%s (+%d more)", side->path, sd->n[k] - 1);
    free(side->path);
    if ((side->path = strdup(name)) == NULL)
      goto oom;
  }
  return side;
oom:
  ps_error("compare: out of memory");
  *code = PS_EXIT_FAILED;
  results_free(side);
  return NULL;
}

/* The warnings about the test that was chosen and what it could not judge. */
static void warn_about(const struct comparison *c)
{
  if (c->rule.test == STATS_MANN_WHITNEY && c->rounds[0] == 1 && c->rounds[1] == 1)
    ps_warn("compare: each side is one invocation of bench, so the test sees only the spread within "
            "a run: drift between invocations can look significant. For a gate, compare rounds "
            "(--old A1.json --old A2.json ... --new B1.json ...) or use scripts/ci-gate.sh --against");
  else if (c->rule.test == STATS_MANN_WHITNEY)
    ps_warn("compare: --test=mann-whitney pools the runs of several invocations as if independent; "
            "--test=rounds tests the rounds");
  if (c->untestable > 0 && c->rule.test == STATS_ROUNDS)
    ps_warn("compare: %zu of the datasets ran in fewer than %d rounds on a side; the rounds test needs %d",
            c->untestable, STATS_MIN_ROUNDS, STATS_MIN_ROUNDS);
  else if (c->untestable > 0)
    ps_warn("compare: %zu of the datasets have too few runs for the test to reach alpha %g; run bench with "
            "more runs (-r; at alpha 0.01, 5 runs on each side are enough)",
            c->untestable, c->rule.alpha);
}

int compare_main(int argc, char **argv)
{
  struct config cf = {{STATS_AUTO, 0.01, -1}, FMT_TEXT, COMPARISON_BY_NAME, 0, 0, 0};
  struct sides sd;
  struct results *ro = NULL, *rn = NULL;
  struct comparison cmp;
  int code;

  memset(&sd, 0, sizeof sd);
  memset(&cmp, 0, sizeof cmp);
  code = parse_args(argc, argv, &cf, &sd);
  if (code != PS_EXIT_OK)
    return code < 0 ? PS_EXIT_OK : code;
  cf.color = cf.format == FMT_TEXT && isatty(1) && getenv("NO_COLOR") == NULL;
  if ((ro = load_side(&sd, 0, &code)) == NULL || (rn = load_side(&sd, 1, &code)) == NULL)
    goto done;
  code = PS_EXIT_FAILED;
  if (comparison_build(&cmp, ro, rn, &cf.rule, cf.sortby, cf.best_first) != 0) {
    ps_error("compare: out of memory");
    goto done;
  }
  if (cmp.nrows == 0 && !cmp.newly_failed) {
    comparison_print_notes(stdout, &cmp);
    ps_error("compare: no dataset ran in both %s and %s", ro->path, rn->path);
    goto done;
  }
  code = cmp.newly_failed ? PS_EXIT_FAILED : cmp.slower > 0 ? PS_EXIT_REGRESSION : PS_EXIT_OK;
  if (code == PS_EXIT_OK && cf.strict && (cmp.untestable > 0 || cmp.missing > 0))
    code = PS_EXIT_UNJUDGED;
  warn_about(&cmp);
  if (cf.format == FMT_TEXT)
    comparison_print_text(stdout, &cmp, cf.color, cf.strict);
  else if (cf.format == FMT_MARKDOWN)
    comparison_print_markdown(stdout, &cmp);
  else
    comparison_print_json(stdout, &cmp, cf.strict, code);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    ps_error("compare: cannot write the output");
    code = PS_EXIT_FAILED;
  }
done:
  comparison_free(&cmp);
  results_free(ro);
  results_free(rn);
  return code;
}
