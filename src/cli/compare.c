/*
** compare.c: match two results files by program and dataset name, test each
** pair of run samples, print a table (text; markdown and JSON into --markdown
** and --json FILE) and exit with the gate's verdict: PS_EXIT_REGRESSION only
** for a significant slowdown.
*/
#include "compare.h"

#include "comparison.h"
#include "help.h"
#include "ofile.h"
#include "opt.h"
#include "ps.h"
#include "results.h"
#include "stats.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXSIDE 32

/* What the command line asks for. */
struct config {
  const char *paths[2][MAXSIDE]; /* the files of each side: [0] old, [1] new */
  int n[2];
  int npos;               /* positional files so far */
  struct stats_rule rule; /* threshold negative until set */
  int test;               /* enum stats_test */
  int sortby;             /* enum comparison_order */
  int best_first;
  int strict;
  const char *json, *markdown; /* NULL, a file or "-" */
  const char *name[2];         /* --old-name, --new-name: the sides' names in titles and notes */
  int allow_changed_source;    /* judge a user kernel's program whose source changed */
};

/* OLD.json NEW.json (opt_call_fn; at is the configuration). */
static int positional(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  struct config *cf = at;
  int rc = PS_EXIT_USAGE;
  (void)d;
  (void)spelled;
  if (cf->npos == 2) {
    ps_error("compare: expected two files, OLD.json NEW.json; got a third, '%s'", val);
  } else if (cf->n[cf->npos] == MAXSIDE) {
    ps_error("compare: at most %d files on a side", MAXSIDE);
  } else {
    cf->paths[cf->npos][cf->n[cf->npos]++] = val;
    cf->npos++;
    rc = PS_EXIT_OK;
  }
  return rc;
}

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_LIST("old", 0, AT(paths[0]), AT(n[0]), MAXSIDE, "FILE", "One more OLD file: its runs are pooled with the others (repeatable)"),
  OPT_ROW_LIST("new", 0, AT(paths[1]), AT(n[1]), MAXSIDE, "FILE", "One more NEW file, pooled likewise (repeatable)"),
  OPT_ROW_DOUBLE("alpha", 0, AT(rule.alpha), "A", 1e-12, 0.5, "Significance level of the test (default 0.01)"),
  OPT_ROW_PERCENT("threshold", 't', AT(rule.threshold), 0, 1000, "Minimum change in percent to report (default 2; 1 with --test=futhark)"),
  OPT_ROW_CHOICE("test", 0, AT(test), "NAME", ((const char *const[]){"auto", "rounds", "mann-whitney", "futhark", NULL}), "auto (default), rounds, mann-whitney or futhark (see above)"),
  OPT_ROW_FLAG("strict", 0, AT(strict), "Exit 5 when a dataset cannot be judged or is missing on a side"),
  OPT_ROW_OUTPUT("json", 0, AT(json), "Write the comparison as JSON to FILE (- for standard output)"),
  OPT_ROW_OUTPUT("markdown", 0, AT(markdown), "Write the comparison as markdown (a pull-request comment) to FILE"),
  OPT_ROW_CHOICE("sort-by", 0, AT(sortby), "KEY", ((const char *const[]){"name", "significant", "geomean-significant", "geomean-all", NULL}), "name (default), significant, geomean-significant or geomean-all"),
  OPT_ROW_STRING("old-name", 0, AT(name[0]), "NAME", "Call the OLD side NAME in the title and notes (default: its first file)"),
  OPT_ROW_STRING("new-name", 0, AT(name[1]), "NAME", "Call the NEW side NAME likewise"),
  OPT_ROW_CHOICE("order", 0, AT(best_first), "ORDER", ((const char *const[]){"worst-first", "best-first", NULL}), "worst-first (default) or best-first"),
  OPT_ROW_FLAG("allow-changed-source", 0, AT(allow_changed_source), "Compare a user kernel's program although its source changed"),
  OPT_ROW_CALL(NULL, 0, 0, NULL, positional, 0, NULL),
  OPT_ROW_END,
};

#define FORMS "compare writes markdown with --markdown FILE and JSON with --json FILE (- for standard output)"

/* compare's old spelling of its forms. */
static const struct opt_hint hints[] = {{"--format", FORMS}, {"-f", FORMS}, {NULL, NULL}};

static void init(void *p)
{
  struct config *cf = p;
  cf->rule = (struct stats_rule){STATS_AUTO, 0.01, -1};
}

/* Two sides, and the threshold's default: PS_EXIT_OK, or PS_EXIT_USAGE after the message. */
static int check(void *p)
{
  struct config *cf = p;
  int rc = PS_EXIT_OK;
  cf->rule.test = (enum stats_test)cf->test;
  if (cf->rule.threshold < 0)
    cf->rule.threshold = cf->rule.test == STATS_FUTHARK ? 0.01 : 0.02;
  if (cf->n[0] == 0 || cf->n[1] == 0) {
    ps_error("compare: expected two files, OLD.json NEW.json (or --old and --new)");
    rc = PS_EXIT_USAGE;
  }
  return rc;
}

/* Load the files of side k, pooled as rounds; NULL after printing why (*code set). */
static struct results *load_side(const struct config *sd, int k, int *code)
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
  if (sd->name[k] != NULL || sd->n[k] > 1) { /* the side's name, or its first file's */
    char name[4200];
    if (sd->name[k] != NULL)
      snprintf(name, sizeof name, "%s", sd->name[k]);
    else
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

/* The warnings about the test that was chosen and what it could not judge
** (what the table says of it is in the text and the markdown). */
static void warn_about(const struct comparison *c)
{
  if (c->rule.test == STATS_MANN_WHITNEY && c->rounds[0] == 1 && c->rounds[1] == 1)
    ps_warn("compare: --test=mann-whitney: each side is one invocation of bench, so the test sees only "
            "the spread within a run: drift between invocations can look significant. This is not a gate");
  else if (c->rule.test == STATS_MANN_WHITNEY)
    ps_warn("compare: --test=mann-whitney pools the runs of several invocations as if independent; "
            "--test=rounds tests the rounds");
  if (c->untestable > 0 && c->rule.test == STATS_ROUNDS && c->rounds[0] == 1 && c->rounds[1] == 1)
    ps_warn("compare: one invocation a side: ratios shown, nothing judged (rounds: --old A1.json --old "
            "A2.json --old A3.json --new B1.json ...; scripts/ci-gate.sh runs them)");
  else if (c->untestable > 0 && c->rule.test == STATS_ROUNDS)
    ps_warn("compare: %zu of the datasets ran in fewer than %d rounds on a side; the rounds test needs %d",
            c->untestable, STATS_MIN_ROUNDS, STATS_MIN_ROUNDS);
  else if (c->untestable > 0)
    ps_warn("compare: %zu of the datasets have too few runs for the test to reach alpha %g; run bench with "
            "more runs (-r; at alpha 0.01, 5 runs on each side are enough)",
            c->untestable, c->rule.alpha);
}

/* The comparison as markdown (json 0) or JSON into path, whole or not at all. 0, or -1 after the message. */
static int write_form(const char *path, int json, const struct comparison *cmp, const struct config *cf,
                      int code)
{
  struct ps_err err = {{0}};
  struct ofile *of = ofile_open(path, &err);
  int rc = -1;
  if (of != NULL) {
    if (json)
      comparison_print_json(ofile_stream(of), cmp, cf->strict, code);
    else
      comparison_print_markdown(ofile_stream(of), cmp);
    rc = ofile_commit(of, &err);
  }
  if (rc != 0)
    ps_error("compare: --%s: %s", json ? "json" : "markdown", err.msg);
  return rc;
}

/* The text on standard output, or on standard error when a form takes
** standard output; then the forms asked for. 0, or -1 after the message. */
static int print(const struct config *cf, const struct comparison *cmp, int code)
{
  int taken = (cf->json != NULL && strcmp(cf->json, "-") == 0) ||
              (cf->markdown != NULL && strcmp(cf->markdown, "-") == 0);
  FILE *text = taken ? stderr : stdout;
  int rc = 0;
  comparison_print_text(text, cmp, isatty(fileno(text)) && getenv("NO_COLOR") == NULL, cf->strict);
  if (fflush(text) != 0 || ferror(text)) {
    ps_error("compare: cannot write the output");
    rc = -1;
  }
  if (cf->markdown != NULL && write_form(cf->markdown, 0, cmp, cf, code) != 0)
    rc = -1;
  if (cf->json != NULL && write_form(cf->json, 1, cmp, cf, code) != 0)
    rc = -1;
  return rc;
}

/* The entry point of a program's name "SUITE:ENTRY" (after its last ':'). */
static const char *entry_part(const char *name)
{
  const char *c = strrchr(name, ':');
  return c != NULL ? c + 1 : name;
}

/* Where no program ran in both: the first program of old whose entry point
** a program of new has under another name (a suite's path written another
** way), else the closest name by edit distance, as "; near: ..." into buf;
** "" when none. */
static const char *near_miss(const struct results *ro, const struct results *rn, char *buf, size_t n)
{
  const char **names = calloc(rn->nprogs + 1, sizeof *names);
  buf[0] = '\0';
  for (size_t j = 0; names != NULL && j < rn->nprogs; j++)
    names[j] = rn->progs[j].name;
  for (size_t i = 0; names != NULL && i < ro->nprogs && buf[0] == '\0'; i++) {
    const char *a = ro->progs[i].name;
    int k = -1;
    for (size_t j = 0; j < rn->nprogs && k < 0; j++)
      if (strcmp(entry_part(a), entry_part(names[j])) == 0)
        k = (int)j;
    if (k < 0)
      k = opt_closest(a, names);
    if (k >= 0)
      snprintf(buf, n, "; near: '%s' in the first, '%s' in the second (a program is its suite's path and entry "
                       "point: bench names a suite relative to the current directory when it is inside it)",
               a, names[k]);
  }
  free(names);
  return buf;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct results *ro = NULL, *rn = NULL;
  struct comparison cmp;
  int code;

  memset(&cmp, 0, sizeof cmp);
  if ((ro = load_side(cf, 0, &code)) == NULL || (rn = load_side(cf, 1, &code)) == NULL)
    goto done;
  code = PS_EXIT_FAILED;
  if (comparison_build(&cmp, ro, rn, &cf->rule, (enum comparison_order)cf->sortby, cf->best_first,
                       cf->allow_changed_source) != 0) {
    ps_error("compare: out of memory");
    goto done;
  }
  if (cmp.nrows == 0 && !cmp.newly_failed) {
    comparison_print_notes(stdout, &cmp);
    char near[600];
    ps_error("compare: no dataset ran in both %s and %s%s", ro->path, rn->path, near_miss(ro, rn, near, sizeof near));
    goto done;
  }
  code = cmp.newly_failed ? PS_EXIT_FAILED : cmp.slower > 0 ? PS_EXIT_REGRESSION : PS_EXIT_OK;
  if (code == PS_EXIT_OK && cf->strict && (cmp.untestable > 0 || cmp.missing > 0 || cmp.changed_source > 0))
    code = PS_EXIT_UNJUDGED;
  if (cmp.changed_source > 0)
    ps_warn("compare: %zu program%s not compared: a user kernel's source changed between the files (its XXH64 "
            "differs); --allow-changed-source compares them", cmp.changed_source, cmp.changed_source == 1 ? "" : "s");
  warn_about(&cmp);
  if (print(cf, &cmp, code) != 0)
    code = PS_EXIT_FAILED;
done:
  comparison_free(&cmp);
  results_free(ro);
  results_free(rn);
  return code;
}

const struct opt_cmd compare_cmd = {"compare", help_compare, opts, hints, sizeof(struct config), init, check, body, NULL};
