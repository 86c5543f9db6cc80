/*
** compare.c: match two results files by program and dataset name, test each
** pair of run samples, print a table (text, markdown or JSON) and exit with
** the gate's verdict: PS_EXIT_REGRESSION only for a significant slowdown.
*/
#include "compare.h"

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
enum sortby { SORT_NAME, SORT_SIGNIFICANT, SORT_GEOSIG, SORT_GEOALL };

static const char *const verdict_word[] = {"~", "faster", "slower", "? not judged"};
static const char *const verdict_json[] = {"same", "faster", "slower", "untestable"};
static const char *const test_json[] = {"auto", "rounds", "mann-whitney", "futhark"};

struct config {
  struct compare_rule rule; /* threshold negative until set */
  enum format format;
  enum sortby sortby;
  int best_first;
  int color;
  int strict;
};

/* One dataset present and successful in both files. */
struct row {
  const char *prog;
  const struct res_dataset *o, *n;
  struct compare_outcome c;
};

/* The rows of one program, with its sort keys. */
struct group {
  const char *name;
  struct row *rows;
  size_t nrows;
  double slower, geosig, geoall;
};

/* A growing list of note lines. */
struct notes {
  char **s;
  size_t n, cap;
};

static void note(struct notes *l, const char *fmt, ...) PS_PRINTF(2, 3);
static void note(struct notes *l, const char *fmt, ...)
{
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  for (size_t i = 0; i < l->n; i++)
    if (strcmp(l->s[i], buf) == 0)
      return;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 16;
    char **ns = realloc(l->s, cap * sizeof *ns);
    if (ns == NULL)
      return;
    l->s = ns;
    l->cap = cap;
  }
  if ((l->s[l->n] = strdup(buf)) != NULL)
    l->n++;
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void notes_free(struct notes *l)
{
  for (size_t i = 0; i < l->n; i++)
    free(l->s[i]);
  free(l->s);
}

static double mean(const double *x, size_t n) /* n > 0 */
{
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += x[i];
  return s / (double)n;
}

/* The verdict from significance and the size of the change. */
static enum compare_verdict verdict(const struct compare_rule *r, int significant, double speedup)
{
  if (significant && speedup < 1 - r->threshold)
    return CMP_SLOWER;
  if (significant && speedup > 1 + r->threshold)
    return CMP_FASTER;
  return CMP_SAME;
}

void compare_runs(const struct compare_rule *r, const double *old, size_t nold, const double *new,
                  size_t nnew, struct compare_outcome *out)
{
  double mo = mean(old, nold), mn = mean(new, nnew), u;
  int significant;
  out->test = r->test == CMP_FUTHARK ? CMP_FUTHARK : CMP_MANN_WHITNEY;
  out->mean_old = mo;
  out->mean_new = mn;
  out->speedup = mo > 0 && mn > 0 ? mo / mn : NAN;
  out->p = NAN;
  out->rounds = 0;
  if (out->test == CMP_MANN_WHITNEY) {
    if (stats_mann_whitney_min_p(nold, nnew) >= r->alpha) {
      out->verdict = CMP_UNTESTABLE;
      return;
    }
    out->p = stats_mann_whitney(old, nold, new, nnew, &u);
    significant = out->p < r->alpha;
  } else {
    double so = stats_sample_sd(old, nold), sn = stats_sample_sd(new, nnew);
    significant = fabs(mo - mn) > so / 2 + sn / 2; /* false when an sd is NaN */
  }
  out->verdict = verdict(r, significant, out->speedup);
}

void compare_rounds(const struct compare_rule *r, const double *old, size_t nold, const double *new,
                    size_t nnew, int paired, struct compare_outcome *out)
{
  double *lo = malloc((nold + 1) * sizeof *lo), *ln = malloc((nnew + 1) * sizeof *ln), so = 0, sn = 0;
  double m, t;
  out->test = CMP_ROUNDS;
  out->p = NAN;
  out->rounds = paired ? nold : (nold < nnew ? nold : nnew);
  out->verdict = CMP_UNTESTABLE;
  out->mean_old = out->mean_new = out->speedup = NAN;
  if (lo == NULL || ln == NULL || nold == 0 || nnew == 0 || (paired && nold != nnew))
    goto done;
  for (size_t i = 0; i < nold; i++)
    so += (lo[i] = log(old[i]));
  for (size_t i = 0; i < nnew; i++)
    sn += (ln[i] = log(new[i]));
  out->mean_old = exp(so / (double)nold); /* geometric means */
  out->mean_new = exp(sn / (double)nnew);
  out->speedup = out->mean_old / out->mean_new;
  if (out->rounds < COMPARE_MIN_ROUNDS)
    goto done;
  if (paired) {
    for (size_t i = 0; i < nold; i++)
      ln[i] -= lo[i]; /* log(new_i / old_i) */
    out->p = stats_ttest_1samp(ln, nold, &m, &t);
    out->speedup = exp(-m); /* = mean_old / mean_new */
  } else {
    out->p = stats_welch(ln, nnew, lo, nold, &m);
  }
  if (isnan(out->p))
    goto done;
  out->verdict = verdict(r, out->p < r->alpha, out->speedup);
done:
  free(lo);
  free(ln);
}

/* The medians of a dataset's rounds, indexed by file (NaN where a file had
** no runs of it); *n = files. NULL when out of memory. */
static double *round_medians(const struct res_dataset *d, int files)
{
  double *m = malloc(((size_t)files + 1) * sizeof *m);
  if (m == NULL)
    return NULL;
  for (int i = 0; i < files; i++)
    m[i] = NAN;
  for (size_t i = 0; i < d->nrounds; i++)
    if (d->rounds[i].n > 0 && d->rounds[i].file < files)
      m[d->rounds[i].file] = stats_median(d->runs + d->rounds[i].start, d->rounds[i].n);
  return m;
}

/* Keep the finite, positive values of x[0..n) at the front; their count. */
static size_t keep_positive(double *x, size_t n)
{
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(x[i]) && x[i] > 0)
      x[k++] = x[i];
  return k;
}

/* Judge one dataset, o from a side of fo files against n from fn files, by
** the rule's test (auto: rounds when both sides have two files or more). */
static int judge(const struct compare_rule *rule, const struct res_dataset *o,
                 const struct res_dataset *n, int fo, int fn, struct compare_outcome *out)
{
  double *mo, *mn;
  size_t ko, kn;
  if (rule->test == CMP_MANN_WHITNEY || rule->test == CMP_FUTHARK ||
      (rule->test == CMP_AUTO && (fo < 2 || fn < 2))) {
    compare_runs(rule, o->runs, o->nruns, n->runs, n->nruns, out);
    return 0;
  }
  mo = round_medians(o, fo);
  mn = round_medians(n, fn);
  if (mo == NULL || mn == NULL) {
    free(mo);
    free(mn);
    return -1;
  }
  if (fo == fn) { /* paired by position: keep the pairs where both rounds ran */
    size_t k = 0;
    for (int i = 0; i < fo; i++)
      if (isfinite(mo[i]) && mo[i] > 0 && isfinite(mn[i]) && mn[i] > 0) {
        mo[k] = mo[i];
        mn[k++] = mn[i];
      }
    compare_rounds(rule, mo, k, mn, k, 1, out);
  } else {
    ko = keep_positive(mo, (size_t)fo);
    kn = keep_positive(mn, (size_t)fn);
    compare_rounds(rule, mo, ko, mn, kn, 0, out);
  }
  free(mo);
  free(mn);
  return 0;
}

static int cmp_row(const void *a, const void *b)
{
  return strcmp(((const struct row *)a)->n->name, ((const struct row *)b)->n->name);
}

static const struct config *sort_cf;

static int cmp_group(const void *a, const void *b)
{
  const struct group *x = a, *y = b;
  int sign = sort_cf->best_first ? -1 : 1, c = 0;
  switch (sort_cf->sortby) {
  case SORT_NAME:
    break;
  case SORT_SIGNIFICANT:
    c = (x->slower < y->slower) - (x->slower > y->slower); /* most regressions first */
    break;
  case SORT_GEOSIG:
    c = (x->geosig > y->geosig) - (x->geosig < y->geosig);
    break;
  case SORT_GEOALL:
    break;
  }
  if (c == 0 && sort_cf->sortby != SORT_NAME)
    c = (x->geoall > y->geoall) - (x->geoall < y->geoall);
  if (c != 0)
    return sign * c;
  return strcmp(x->name, y->name);
}

/* Geometric mean of the finite speedups of rows (all, or the significant ones);
** 1 when there are none. */
static double geomean(const struct row *r, size_t n, int significant_only, size_t *count)
{
  double s = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(r[i].c.speedup) || (significant_only && r[i].c.verdict != CMP_SLOWER && r[i].c.verdict != CMP_FASTER))
      continue;
    s += log(r[i].c.speedup);
    k++;
  }
  if (count != NULL)
    *count = k;
  return k ? exp(s / (double)k) : 1;
}

/* The memory part of futhark benchcmp's line: new/old bytes per space, shown
** when beyond 1%. */
static void mem_part(const struct row *r, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < r->o->nbytes; i++) {
    for (size_t j = 0; j < r->n->nbytes; j++) {
      double q;
      if (strcmp(r->o->bytes[i].space, r->n->bytes[j].space) != 0 || r->o->bytes[i].bytes == 0)
        continue;
      q = r->n->bytes[j].bytes / r->o->bytes[i].bytes;
      if ((q < 0.99 || q > 1.01) && len < size)
        len += (size_t)snprintf(buf + len, size - len, "%s%4.2fx@%s", len ? ", " : " (mem: ", q,
                                r->n->bytes[j].space);
    }
  }
  if (len > 0 && len < size)
    snprintf(buf + len, size - len, ")");
}

/* futhark benchcmp shortens names to 63 characters: the first 58 minus the
** last partial word, then " [...]". */
static void short_name(const char *name, char *buf, size_t size)
{
  size_t len = strlen(name), cut = 58;
  if (len <= 63 || size < 64) {
    snprintf(buf, size, "%s", name);
    return;
  }
  while (cut > 0 && name[cut] != ' ')
    cut--;
  if (cut == 0)
    cut = 58;
  snprintf(buf, size, "%.*s [...]", (int)cut, name);
}

static void fmt_p(char *buf, size_t size, double p)
{
  if (isnan(p))
    snprintf(buf, size, "-");
  else if (p < 0.0001)
    snprintf(buf, size, "<0.0001");
  else
    snprintf(buf, size, "%.4f", p);
}

static const char *test_name(const struct config *cf)
{
  switch (cf->rule.test) {
  case CMP_ROUNDS: return "t-test of round medians";
  case CMP_FUTHARK: return "futhark benchcmp's rule";
  default: return "Mann-Whitney U";
  }
}

struct summary {
  size_t rows, slower, faster, same, untestable;
  size_t missing; /* programs and datasets in one side only */
  int rounds[2];  /* files per side */
  double geomean;
};

/* The plain sentence about what was not judged, or "" when all was. */
static void unjudged_text(const struct config *cf, const struct summary *sm, char *buf, size_t n)
{
  size_t len = 0;
  buf[0] = '\0';
  if (sm->untestable > 0)
    len += (size_t)snprintf(buf, n, "%zu dataset%s NOT JUDGED (%s)", sm->untestable,
                            sm->untestable == 1 ? "" : "s",
                            cf->rule.test == CMP_ROUNDS
                                ? "fewer than 3 rounds on a side ran them"
                                : "too few runs for the test to reach alpha");
  if (sm->missing > 0 && len < n)
    snprintf(buf + len, n - len, "%s%zu program%s or dataset%s missing on one side (notes above)",
             len ? "; " : "", sm->missing, sm->missing == 1 ? "" : "s", sm->missing == 1 ? "" : "s");
}

static void print_notes_text(const struct notes *l)
{
  for (size_t i = 0; i < l->n; i++)
    printf("%s\n", l->s[i]);
}

static void print_text(const struct config *cf, const struct group *g, size_t ng,
                       const struct notes *notes, const struct summary *sm)
{
  const char *red = cf->color ? "\033[91m" : "", *green = cf->color ? "\033[92m" : "",
             *bold = cf->color ? "\033[95m\033[1m" : "", *reset = cf->color ? "\033[0m" : "";
  print_notes_text(notes);
  for (size_t i = 0; i < ng; i++) {
    printf("\n%s%s%s\n", bold, g[i].name, reset);
    for (size_t j = 0; j < g[i].nrows; j++) {
      const struct row *r = &g[i].rows[j];
      char name[80], col[96], mem[512], p[16];
      const char *c = r->c.verdict == CMP_SLOWER ? red : r->c.verdict == CMP_FASTER ? green : "";
      short_name(r->n->name, name, sizeof name);
      snprintf(col, sizeof col, "%s:", name);
      mem_part(r, mem, sizeof mem);
      fmt_p(p, sizeof p, r->c.p);
      printf("  %-64s%s%10.2fx%s  %10.1fμs -> %10.1fμs  p=%-7s  %s%*s%s%s\n", col, c, r->c.speedup,
             reset, r->c.mean_old, r->c.mean_new, p, c, mem[0] ? -6 : 0, verdict_word[r->c.verdict], reset, mem);
    }
  }
  {
    char unj[512];
    printf("\n%s", test_name(cf));
    if (cf->rule.test == CMP_ROUNDS)
      printf(" (%d against %d rounds)", sm->rounds[0], sm->rounds[1]);
    printf(", alpha %g, threshold %g%%: %zu datasets, %zu slower, %zu faster, %zu unchanged", cf->rule.alpha,
           cf->rule.threshold * 100, sm->rows, sm->slower, sm->faster, sm->same);
    if (sm->untestable)
      printf(", %zu not judged", sm->untestable);
    printf("\nGeometric mean speedup: %.3fx\n", sm->geomean);
    unjudged_text(cf, sm, unj, sizeof unj);
    if (unj[0])
      printf("%s.%s\n", unj, cf->strict ? "" : " --strict makes this exit 5.");
  }
}

/* Markdown table cell text: pipes escaped. */
static void md_cell(const char *s)
{
  for (; *s; s++) {
    if (*s == '|')
      fputs("\\|", stdout);
    else
      putchar(*s);
  }
}

static void print_markdown(const struct config *cf, const char *oldp, const char *newp,
                           const struct group *g, size_t ng, const struct notes *notes,
                           const struct summary *sm)
{
  printf("### psearch compare: `%s` → `%s`\n\n", oldp, newp);
  printf("%s", test_name(cf));
  if (cf->rule.test == CMP_ROUNDS)
    printf(" (%d against %d rounds)", sm->rounds[0], sm->rounds[1]);
  printf(", α = %g, threshold %g%%: %s%zu slower%s, %zu faster, %zu unchanged", cf->rule.alpha,
         cf->rule.threshold * 100, sm->slower ? "**" : "", sm->slower, sm->slower ? "**" : "", sm->faster,
         sm->same);
  if (sm->untestable)
    printf(", %zu not judged", sm->untestable);
  printf("; geometric mean speedup **%.3fx** over %zu datasets.\n\n", sm->geomean, sm->rows);
  {
    char unj[512];
    unjudged_text(cf, sm, unj, sizeof unj);
    if (unj[0])
      printf("**%s.**\n\n", unj);
  }
  if (notes->n > 0) {
    for (size_t i = 0; i < notes->n; i++) {
      printf("- ");
      md_cell(notes->s[i]);
      printf("\n");
    }
    printf("\n");
  }
  printf("| Program | Dataset | Old mean (μs) | New mean (μs) | Speedup | p | Verdict |\n"
         "|---|---|---:|---:|---:|---:|---|\n");
  for (size_t i = 0; i < ng; i++) {
    for (size_t j = 0; j < g[i].nrows; j++) {
      const struct row *r = &g[i].rows[j];
      char p[16];
      fmt_p(p, sizeof p, r->c.p);
      printf("| ");
      md_cell(g[i].name);
      printf(" | ");
      md_cell(r->n->name);
      printf(" | %.1f | %.1f | %.2fx | %s | %s |\n", r->c.mean_old, r->c.mean_new, r->c.speedup, p,
             r->c.verdict == CMP_SLOWER ? "**slower**" : r->c.verdict == CMP_FASTER ? "faster" : verdict_word[r->c.verdict]);
    }
  }
}

static cJSON *notes_json(const struct notes *l)
{
  cJSON *a = cJSON_CreateArray();
  for (size_t i = 0; i < l->n; i++)
    cJSON_AddItemToArray(a, cJSON_CreateString(l->s[i]));
  return a;
}

static void print_json(const struct config *cf, const char *oldp, const char *newp,
                       const struct group *g, size_t ng, const struct notes *notes,
                       const struct summary *sm, int code)
{
  cJSON *root = cJSON_CreateObject(), *rows = cJSON_CreateArray(), *s;
  char *text;
  cJSON_AddStringToObject(root, "old", oldp);
  cJSON_AddStringToObject(root, "new", newp);
  cJSON_AddStringToObject(root, "test", test_json[cf->rule.test]);
  cJSON_AddBoolToObject(root, "strict", cf->strict);
  cJSON_AddNumberToObject(root, "alpha", cf->rule.alpha);
  cJSON_AddNumberToObject(root, "threshold", cf->rule.threshold);
  for (size_t i = 0; i < ng; i++) {
    for (size_t j = 0; j < g[i].nrows; j++) {
      const struct row *r = &g[i].rows[j];
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "program", g[i].name);
      cJSON_AddStringToObject(o, "dataset", r->n->name);
      cJSON_AddNumberToObject(o, "old_mean_us", r->c.mean_old);
      cJSON_AddNumberToObject(o, "new_mean_us", r->c.mean_new);
      cJSON_AddNumberToObject(o, "old_runs", (double)r->o->nruns);
      cJSON_AddNumberToObject(o, "new_runs", (double)r->n->nruns);
      cJSON_AddNumberToObject(o, "speedup", r->c.speedup); /* NaN prints as null */
      cJSON_AddNumberToObject(o, "p_value", r->c.p);
      if (r->c.test == CMP_ROUNDS)
        cJSON_AddNumberToObject(o, "rounds", (double)r->c.rounds);
      cJSON_AddStringToObject(o, "verdict", verdict_json[r->c.verdict]);
      cJSON_AddItemToArray(rows, o);
    }
  }
  cJSON_AddItemToObject(root, "results", rows);
  cJSON_AddItemToObject(root, "notes", notes_json(notes));
  s = cJSON_AddObjectToObject(root, "summary");
  cJSON_AddNumberToObject(s, "datasets", (double)sm->rows);
  cJSON_AddNumberToObject(s, "slower", (double)sm->slower);
  cJSON_AddNumberToObject(s, "faster", (double)sm->faster);
  cJSON_AddNumberToObject(s, "same", (double)sm->same);
  cJSON_AddNumberToObject(s, "untestable", (double)sm->untestable);
  cJSON_AddNumberToObject(s, "missing", (double)sm->missing);
  if (cf->rule.test == CMP_ROUNDS) {
    cJSON_AddNumberToObject(s, "old_rounds", sm->rounds[0]);
    cJSON_AddNumberToObject(s, "new_rounds", sm->rounds[1]);
  }
  cJSON_AddNumberToObject(s, "geomean_speedup", sm->geomean);
  cJSON_AddNumberToObject(root, "exit_code", code);
  if ((text = cJSON_Print(root)) != NULL)
    printf("%s\n", text);
  free(text);
  cJSON_Delete(root);
}

/* Missing programs and datasets of a against b, in the words of benchcmp;
** returns how many. */
static size_t missing(const struct results *a, const struct results *b, struct notes *l)
{
  size_t k = 0;
  for (size_t i = 0; i < a->nprogs; i++) {
    const struct res_program *pa = &a->progs[i], *pb = results_program(b, pa->name);
    if (pb == NULL) {
      note(l, "In %s but not %s: program %s", a->path, b->path, pa->name);
      k++;
      continue;
    }
    for (size_t j = 0; j < pa->nds; j++)
      if (results_dataset(pb, pa->ds[j].name) == NULL) {
        note(l, "In %s but not %s: program %s dataset %s", a->path, b->path, pa->name,
             pa->ds[j].name);
        k++;
      }
  }
  return k;
}

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
      if (opt_double_in("alpha", val, 1e-12, 0.5, &cf->rule.alpha) != 0)
        return PS_EXIT_USAGE;
      break;
    case O_THRESHOLD: {
      char num[64];
      size_t len = strlen(val);
      snprintf(num, sizeof num, "%s", val);
      if (len > 0 && len < sizeof num && num[len - 1] == '%')
        num[len - 1] = '\0';
      if (opt_double_in("threshold", num, 0, 1000, &cf->rule.threshold) != 0)
        return PS_EXIT_USAGE;
      cf->rule.threshold /= 100;
      break;
    }
    case O_TEST:
      if (opt_choice("test", val, (const char *const[]){"auto", "rounds", "mann-whitney", "futhark", NULL}, &k) != 0)
        return PS_EXIT_USAGE;
      cf->rule.test = (enum compare_test)k;
      break;
    case O_STRICT: cf->strict = 1; break;
    case O_FORMAT:
      if (opt_choice("format", val, (const char *const[]){"text", "markdown", "json", NULL}, &k) != 0)
        return PS_EXIT_USAGE;
      cf->format = (enum format)k;
      break;
    case O_SORTBY:
      if (opt_choice("sort-by", val,
                     (const char *const[]){"name", "significant", "geomean-significant", "geomean-all", NULL},
                     &k) != 0)
        return PS_EXIT_USAGE;
      cf->sortby = (enum sortby)k;
      break;
    case O_ORDER:
      if (opt_choice("order", val, (const char *const[]){"worst-first", "best-first", NULL}, &k) != 0)
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
      return PS_EXIT_USAGE;
    }
  }
  if (sd->n[0] == 0 || sd->n[1] == 0) {
    ps_error("compare: expected two files, OLD.json NEW.json (or --old and --new)");
    return PS_EXIT_USAGE;
  }
  if (cf->rule.threshold < 0)
    cf->rule.threshold = cf->rule.test == CMP_FUTHARK ? 0.01 : 0.02;
  return PS_EXIT_OK;
}

int compare_main(int argc, char **argv)
{
  struct config cf = {{CMP_AUTO, 0.01, -1}, FMT_TEXT, SORT_NAME, 0, 0, 0};
  struct sides sd;
  struct results *side[2] = {NULL, NULL}, *ro, *rn;
  struct notes notes = {NULL, 0, 0};
  struct row *rows = NULL;
  struct group *groups = NULL;
  struct summary sm = {0, 0, 0, 0, 0, 0, {0, 0}, 1};
  struct ps_err err = {{0}};
  size_t nrows = 0, ngroups = 0, cap = 0;
  int code, newly_failed = 0;

  memset(&sd, 0, sizeof sd);
  code = parse_args(argc, argv, &cf, &sd);
  if (code != PS_EXIT_OK) {
    code = code < 0 ? PS_EXIT_OK : code;
    goto done;
  }
  cf.color = cf.format == FMT_TEXT && isatty(1) && getenv("NO_COLOR") == NULL;
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < sd.n[k]; i++) {
      struct results *r = results_load(sd.paths[k][i], &code, &err);
      if (r == NULL) {
        ps_error("compare: %s", err.msg);
        goto done;
      }
      if (side[k] == NULL) {
        side[k] = r;
      } else if (results_pool(side[k], r) != 0) {
        ps_error("compare: out of memory");
        code = PS_EXIT_FAILED;
        goto done;
      }
    }
    if (sd.n[k] > 1) { /* name the side by its first file */
      char name[4200];
      snprintf(name, sizeof name, "%s (+%d more)", side[k]->path, sd.n[k] - 1);
      free(side[k]->path);
      side[k]->path = strdup(name);
      if (side[k]->path == NULL) {
        ps_error("compare: out of memory");
        code = PS_EXIT_FAILED;
        goto done;
      }
    }
  }
  ro = side[0];
  rn = side[1];
  code = PS_EXIT_FAILED;

  sm.missing = missing(ro, rn, &notes) + missing(rn, ro, &notes);
  sm.rounds[0] = ro->nfiles;
  sm.rounds[1] = rn->nfiles;
  if (cf.rule.test == CMP_AUTO)
    cf.rule.test = ro->nfiles >= 2 && rn->nfiles >= 2 ? CMP_ROUNDS : CMP_MANN_WHITNEY;
  if (cf.rule.test == CMP_MANN_WHITNEY && ro->nfiles == 1 && rn->nfiles == 1)
    ps_warn("compare: each side is one invocation of bench, so the test sees only the spread within "
            "a run: drift between invocations can look significant. For a gate, compare rounds "
            "(--old A1.json --old A2.json ... --new B1.json ...) or use scripts/ci-gate.sh --against");
  else if (cf.rule.test == CMP_MANN_WHITNEY && (ro->nfiles > 1 || rn->nfiles > 1))
    ps_warn("compare: --test=mann-whitney pools the runs of several invocations as if independent; "
            "--test=rounds tests the rounds");
  for (size_t i = 0; i < ro->nprogs; i++)
    cap += ro->progs[i].nds;
  if ((rows = calloc(cap + 1, sizeof *rows)) == NULL ||
      (groups = calloc(ro->nprogs + 1, sizeof *groups)) == NULL) {
    ps_error("compare: out of memory");
    goto done;
  }
  for (size_t i = 0; i < ro->nprogs; i++) {
    const struct res_program *po = &ro->progs[i], *pn = results_program(rn, po->name);
    struct group *g = &groups[ngroups];
    if (pn == NULL)
      continue;
    if (po->backend && pn->backend && strcmp(po->backend, pn->backend) != 0)
      note(&notes, "Backend changed: %s in %s, %s in %s", po->backend, ro->path, pn->backend, rn->path);
    if (po->device && pn->device && strcmp(po->device, pn->device) != 0)
      note(&notes, "Device changed: %s in %s, %s in %s", po->device, ro->path, pn->device, rn->path);
    g->name = po->name;
    g->rows = &rows[nrows];
    for (size_t j = 0; j < po->nds; j++) {
      const struct res_dataset *o = &po->ds[j], *n = results_dataset(pn, o->name);
      if (n == NULL)
        continue;
      if (o->error != NULL)
        note(&notes, "Failed in %s: program %s dataset %s: %s", ro->path, po->name, o->name, o->error);
      if (n->error != NULL) {
        note(&notes, "Failed in %s: program %s dataset %s: %s", rn->path, po->name, o->name, n->error);
        newly_failed |= o->error == NULL;
      }
      if (o->error != NULL || n->error != NULL)
        continue;
      rows[nrows] = (struct row){po->name, o, n, {CMP_AUTO, 0, 0, 0, 0, 0, CMP_SAME}};
      if (judge(&cf.rule, o, n, ro->nfiles, rn->nfiles, &rows[nrows].c) != 0) {
        ps_error("compare: out of memory");
        goto done;
      }
      sm.untestable += rows[nrows].c.verdict == CMP_UNTESTABLE;
      sm.slower += rows[nrows].c.verdict == CMP_SLOWER;
      sm.faster += rows[nrows].c.verdict == CMP_FASTER;
      sm.same += rows[nrows].c.verdict == CMP_SAME;
      nrows++;
      g->nrows++;
    }
    if (g->nrows == 0)
      continue;
    qsort(g->rows, g->nrows, sizeof *g->rows, cmp_row);
    g->geoall = geomean(g->rows, g->nrows, 0, NULL);
    g->geosig = geomean(g->rows, g->nrows, 1, NULL);
    for (size_t j = 0; j < g->nrows; j++)
      g->slower += g->rows[j].c.verdict == CMP_SLOWER;
    ngroups++;
  }
  if (notes.n > 0)
    qsort(notes.s, notes.n, sizeof *notes.s, cmp_str);
  sort_cf = &cf;
  if (ngroups > 0)
    qsort(groups, ngroups, sizeof *groups, cmp_group);
  sm.rows = nrows;
  sm.geomean = geomean(rows, nrows, 0, NULL);

  if (nrows == 0 && !newly_failed) {
    print_notes_text(&notes);
    ps_error("compare: no dataset ran in both %s and %s", ro->path, rn->path);
    goto done;
  }
  code = newly_failed ? PS_EXIT_FAILED : sm.slower > 0 ? PS_EXIT_REGRESSION : PS_EXIT_OK;
  if (code == PS_EXIT_OK && cf.strict && (sm.untestable > 0 || sm.missing > 0))
    code = PS_EXIT_UNJUDGED;
  if (sm.untestable > 0 && cf.rule.test == CMP_ROUNDS)
    ps_warn("compare: %zu of the datasets ran in fewer than %d rounds on a side; the rounds test needs %d",
            sm.untestable, COMPARE_MIN_ROUNDS, COMPARE_MIN_ROUNDS);
  else if (sm.untestable > 0)
    ps_warn("compare: %zu of the datasets have too few runs for the test to reach alpha %g; run bench with "
            "more runs (-r; at alpha 0.01, 5 runs on each side are enough)",
            sm.untestable, cf.rule.alpha);
  if (cf.format == FMT_TEXT)
    print_text(&cf, groups, ngroups, &notes, &sm);
  else if (cf.format == FMT_MARKDOWN)
    print_markdown(&cf, ro->path, rn->path, groups, ngroups, &notes, &sm);
  else
    print_json(&cf, ro->path, rn->path, groups, ngroups, &notes, &sm, code);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    ps_error("compare: cannot write the output");
    code = PS_EXIT_FAILED;
  }
done:
  free(rows);
  free(groups);
  notes_free(&notes);
  results_free(side[0]);
  results_free(side[1]);
  return code;
}
