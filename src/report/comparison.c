/*
** comparison.c: judging two sides of results dataset by dataset, and the
** comparison's text, markdown and JSON.
*/
#include "comparison.h"

#include "table.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const verdict_word[] = {"~", "faster", "slower", "? not judged"};
static const char *const verdict_json[] = {"same", "faster", "slower", "untestable"};
static const char *const test_json[] = {"auto", "rounds", "mann-whitney", "futhark"};

/* ================================ Building ============================== */

static void note(struct comparison *c, const char *fmt, ...) PS_PRINTF(2, 3);
static void note(struct comparison *c, const char *fmt, ...)
{
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (c->notes.n == c->notes.cap) { /* duplicates go after sorting: notes_sort_unique */
    size_t cap = c->notes.cap ? 2 * c->notes.cap : 16;
    char **ns = realloc(c->notes.s, cap * sizeof *ns);
    if (ns == NULL)
      return;
    c->notes.s = ns;
    c->notes.cap = cap;
  }
  if ((c->notes.s[c->notes.n] = strdup(buf)) != NULL)
    c->notes.n++;
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The notes sorted, each once (O(n log n) for any number of datasets). */
static void notes_sort_unique(struct comparison *c)
{
  size_t k = 0;
  if (c->notes.n == 0)
    return;
  qsort(c->notes.s, c->notes.n, sizeof *c->notes.s, cmp_str);
  for (size_t i = 0; i < c->notes.n; i++) {
    if (k > 0 && strcmp(c->notes.s[k - 1], c->notes.s[i]) == 0)
      free(c->notes.s[i]);
    else
      c->notes.s[k++] = c->notes.s[i];
  }
  c->notes.n = k;
}

/* ============ Statistics of every run (results files keep a sample) ============ */

/* The runs of d measured, over its rounds (the recorded ones may be fewer). */
static size_t runs_measured(const struct res_dataset *d)
{
  size_t n = 0;
  for (size_t i = 0; i < d->nrounds; i++)
    n += d->rounds[i].runs;
  return n;
}

/* d's mean and sample standard deviation over every run (NaN when out of memory). */
static void every_run(const struct res_dataset *d, double *mean, double *sd)
{
  struct res_summary s;
  *mean = *sd = NAN;
  if (results_summary(d, &s) == 0) {
    *mean = s.mean;
    *sd = s.runs > 1 ? s.sd * sqrt((double)s.runs / (double)(s.runs - 1)) : NAN;
  }
}

void comparison_judge_runs(const struct stats_rule *rule, const struct res_dataset *o, const struct res_dataset *n,
                           struct stats_judgement *out)
{
  struct stats_given g;
  every_run(o, &g.mean_old, &g.sd_old);
  every_run(n, &g.mean_new, &g.sd_new);
  stats_judge_sample(rule, o->runs, o->nruns, n->runs, n->nruns, &g, out);
}


/* Missing programs and datasets of a against b, in the words of benchcmp;
** returns how many. */
static size_t missing(const struct results *a, const struct results *b, struct comparison *c)
{
  size_t k = 0;
  for (size_t i = 0; i < a->nprogs; i++) {
    const struct res_program *pa = &a->progs[i], *pb = results_program(b, pa->name);
    if (pb == NULL) {
      note(c, "In %s but not %s: program %s", a->path, b->path, pa->name);
      k++;
      continue;
    }
    for (size_t j = 0; j < pa->nds; j++)
      if (results_dataset(pb, pa->ds[j].name) == NULL) {
        note(c, "In %s but not %s: program %s dataset %s", a->path, b->path, pa->name,
             pa->ds[j].name);
        k++;
      }
  }
  return k;
}

/* The medians of a dataset's rounds (of every run: the file's statistics),
** indexed by file (NaN where a file had no runs of it); *n = files. NULL
** when out of memory. */
static double *round_medians(const struct res_dataset *d, int files)
{
  double *m = malloc(((size_t)files + 1) * sizeof *m);
  if (m == NULL)
    return NULL;
  for (int i = 0; i < files; i++)
    m[i] = NAN;
  for (size_t i = 0; i < d->nrounds; i++)
    if (d->rounds[i].n > 0 && d->rounds[i].file < files)
      m[d->rounds[i].file] = d->rounds[i].median;
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
** the rule's test (auto: rounds; fewer than STATS_MIN_ROUNDS a side: not judged). */
static int judge(const struct stats_rule *rule, const struct res_dataset *o,
                 const struct res_dataset *n, int fo, int fn, struct stats_judgement *out)
{
  double *mo, *mn;
  size_t ko, kn;
  int rc;
  if (rule->test == STATS_MANN_WHITNEY || rule->test == STATS_FUTHARK) {
    comparison_judge_runs(rule, o, n, out);
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
    rc = stats_judge_rounds(rule, mo, k, mn, k, 1, out);
  } else {
    ko = keep_positive(mo, (size_t)fo);
    kn = keep_positive(mn, (size_t)fn);
    rc = stats_judge_rounds(rule, mo, ko, mn, kn, 0, out);
  }
  free(mo);
  free(mn);
  return rc;
}

static int cmp_row(const void *a, const void *b)
{
  return ps_natcmp(((const struct comparison_row *)a)->n->name, ((const struct comparison_row *)b)->n->name);
}

/* qsort has no context argument: the order of the sort in progress. */
static enum comparison_order sort_order;
static int sort_best_first;

static int cmp_group(const void *a, const void *b)
{
  const struct comparison_group *x = a, *y = b;
  int sign = sort_best_first ? -1 : 1, c = 0;
  switch (sort_order) {
  case COMPARISON_BY_NAME:
    break;
  case COMPARISON_BY_SIGNIFICANT:
    c = (x->slower < y->slower) - (x->slower > y->slower); /* most regressions first */
    break;
  case COMPARISON_BY_GEOMEAN_SIGNIFICANT:
    c = (x->geosig > y->geosig) - (x->geosig < y->geosig);
    break;
  case COMPARISON_BY_GEOMEAN_ALL:
    break;
  }
  if (c == 0 && sort_order != COMPARISON_BY_NAME)
    c = (x->geoall > y->geoall) - (x->geoall < y->geoall);
  if (c != 0)
    return sign * c;
  return strcmp(x->name, y->name);
}

/* Geometric mean of the finite speedups of rows (all, or the significant ones);
** 1 when there are none. */
static double geomean(const struct comparison_row *r, size_t n, int significant_only, size_t *count)
{
  double s = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(r[i].c.speedup) || (significant_only && r[i].c.verdict != STATS_SLOWER && r[i].c.verdict != STATS_FASTER))
      continue;
    s += log(r[i].c.speedup);
    k++;
  }
  if (count != NULL)
    *count = k;
  return k ? exp(s / (double)k) : 1;
}


/* The rows of program po (old) against pn (new) into group g; -1 when out of memory. */
static int judge_program(struct comparison *c, const struct results *ro, const struct results *rn,
                         const struct res_program *po, const struct res_program *pn,
                         struct comparison_group *g)
{
  if (!c->allow_changed_source && po->cond[RES_KERNEL_SOURCE] != NULL && pn->cond[RES_KERNEL_SOURCE] != NULL &&
      strcmp(po->cond[RES_KERNEL_SOURCE], pn->cond[RES_KERNEL_SOURCE]) != 0) {
    c->changed_source++;
    note(c, "Not the same program: %s: its kernel's source changed (%s in %s, %s in %s): not compared "
            "(compare --allow-changed-source compares them)", po->name, po->cond[RES_KERNEL_SOURCE], ro->path,
         pn->cond[RES_KERNEL_SOURCE], rn->path);
    return 0;
  }
  for (int k = 0; k < RES_NCOND; k++) /* a condition that differs: times not comparable */
    if (results_condition_differs(po, pn, k))
      note(c, "%s changed: %s in %s, %s in %s", results_said[k], po->cond[k] ? po->cond[k] : "not recorded",
           ro->path, pn->cond[k] ? pn->cond[k] : "not recorded", rn->path);
  g->name = po->name;
  g->rows = &c->rows[c->nrows];
  for (size_t j = 0; j < po->nds; j++) {
    const struct res_dataset *o = &po->ds[j], *n = results_dataset(pn, o->name);
    struct comparison_row *r = &c->rows[c->nrows];
    if (n == NULL)
      continue;
    if (o->error != NULL)
      note(c, "Failed in %s: program %s dataset %s: %s", ro->path, po->name, o->name, o->error);
    if (n->error != NULL) {
      note(c, "Failed in %s: program %s dataset %s: %s", rn->path, po->name, o->name, n->error);
      c->newly_failed |= o->error == NULL;
    }
    if (o->error != NULL || n->error != NULL)
      continue;
    *r = (struct comparison_row){po->name, o, n, {STATS_AUTO, 0, 0, 0, 0, 0, STATS_SAME}};
    if (judge(&c->rule, o, n, ro->nfiles, rn->nfiles, &r->c) != 0)
      return -1;
    c->untestable += r->c.verdict == STATS_UNTESTABLE;
    c->slower += r->c.verdict == STATS_SLOWER;
    c->faster += r->c.verdict == STATS_FASTER;
    c->same += r->c.verdict == STATS_SAME;
    c->nrows++;
    g->nrows++;
  }
  if (g->nrows > 0) {
    qsort(g->rows, g->nrows, sizeof *g->rows, cmp_row);
    g->geoall = geomean(g->rows, g->nrows, 0, NULL);
    g->geosig = geomean(g->rows, g->nrows, 1, NULL);
    for (size_t j = 0; j < g->nrows; j++)
      g->slower += g->rows[j].c.verdict == STATS_SLOWER;
  }
  return 0;
}

int comparison_build(struct comparison *c, const struct results *ro, const struct results *rn,
                     const struct stats_rule *rule, enum comparison_order order, int best_first,
                     int allow_changed_source)
{
  size_t cap = 0;
  memset(c, 0, sizeof *c);
  c->allow_changed_source = allow_changed_source;
  c->rule = *rule;
  c->old_path = ro->path;
  c->new_path = rn->path;
  c->rounds[0] = ro->nfiles;
  c->rounds[1] = rn->nfiles;
  if (c->rule.test == STATS_AUTO)
    c->rule.test = STATS_ROUNDS;
  c->missing = missing(ro, rn, c) + missing(rn, ro, c);
  for (size_t i = 0; i < ro->nprogs; i++)
    cap += ro->progs[i].nds;
  if ((c->rows = calloc(cap + 1, sizeof *c->rows)) == NULL ||
      (c->groups = calloc(ro->nprogs + 1, sizeof *c->groups)) == NULL)
    return -1;
  for (size_t i = 0; i < ro->nprogs; i++) {
    const struct res_program *pn = results_program(rn, ro->progs[i].name);
    if (pn == NULL)
      continue;
    if (judge_program(c, ro, rn, &ro->progs[i], pn, &c->groups[c->ngroups]) != 0)
      return -1;
    if (c->groups[c->ngroups].nrows > 0)
      c->ngroups++;
  }
  notes_sort_unique(c);
  sort_order = order;
  sort_best_first = best_first;
  if (c->ngroups > 0)
    qsort(c->groups, c->ngroups, sizeof *c->groups, cmp_group);
  c->geomean = geomean(c->rows, c->nrows, 0, NULL);
  return 0;
}

void comparison_free(struct comparison *c)
{
  for (size_t i = 0; i < c->notes.n; i++)
    free(c->notes.s[i]);
  free(c->notes.s);
  free(c->rows);
  free(c->groups);
  memset(c, 0, sizeof *c);
}

/* ================================ Printing ============================== */

/* The memory part of futhark benchcmp's line: new/old bytes per space, shown
** when beyond 1%. */
static void mem_part(const struct comparison_row *r, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < r->o->nbytes; i++) {
    for (size_t j = 0; j < r->n->nbytes; j++) {
      double q;
      char space[128];
      if (strcmp(r->o->bytes[i].space, r->n->bytes[j].space) != 0 || r->o->bytes[i].bytes == 0)
        continue;
      q = r->n->bytes[j].bytes / r->o->bytes[i].bytes;
      if ((q < 0.99 || q > 1.01) && len < size)
        len += (size_t)snprintf(buf + len, size - len, "%s%4.2fx@%s", len ? ", " : " (mem: ", q,
                                table_term(r->n->bytes[j].space, space, sizeof space));
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

static const char *test_name(const struct comparison *c)
{
  switch (c->rule.test) {
  case STATS_ROUNDS: return "t-test of round medians";
  case STATS_FUTHARK: return "futhark benchcmp's rule";
  default: return "Mann-Whitney U";
  }
}

/* The plain sentence about what was not judged, or "" when all was. */
static void unjudged_text(const struct comparison *sm, char *buf, size_t n)
{
  size_t len = 0;
  buf[0] = '\0';
  if (sm->untestable > 0 && sm->rule.test == STATS_ROUNDS && sm->rounds[0] < STATS_MIN_ROUNDS &&
      sm->rounds[1] < STATS_MIN_ROUNDS && sm->rounds[0] + sm->rounds[1] == 2)
    len += (size_t)snprintf(buf, n, "NOT JUDGED: one invocation a side, whose runs cannot tell a change "
                                    "from the drift between invocations; a gate compares rounds (psearch "
                                    "compare --old A1.json --old A2.json --old A3.json --new B1.json ..., "
                                    "or scripts/ci-gate.sh)");
  else if (sm->untestable > 0)
    len += (size_t)snprintf(buf, n, "%zu dataset%s NOT JUDGED (%s)", sm->untestable,
                            sm->untestable == 1 ? "" : "s",
                            sm->rule.test == STATS_ROUNDS
                                ? "fewer than 3 rounds on a side ran them"
                                : "too few runs for the test to reach alpha");
  if (sm->missing > 0 && len < n)
    len += (size_t)snprintf(buf + len, n - len, "%s%zu program%s or dataset%s missing on one side (notes above)",
                            len ? "; " : "", sm->missing, sm->missing == 1 ? "" : "s", sm->missing == 1 ? "" : "s");
  if (sm->changed_source > 0 && len < n)
    snprintf(buf + len, n - len, "%s%zu program%s NOT COMPARED: the user kernel's source changed "
                                 "(--allow-changed-source compares them)", len ? "; " : "", sm->changed_source,
             sm->changed_source == 1 ? "" : "s");
}

void comparison_print_notes(FILE *f, const struct comparison *c)
{
  for (size_t i = 0; i < c->notes.n; i++) {
    table_term_text(f, c->notes.s[i]); /* names and messages from the files: no escape sequence passes */
    fputc('\n', f);
  }
}

void comparison_print_text(FILE *f, const struct comparison *sm, int color, int strict)
{
  const char *red = color ? "\033[91m" : "", *green = color ? "\033[92m" : "",
             *bold = color ? "\033[95m\033[1m" : "", *reset = color ? "\033[0m" : "";
  const struct comparison_group *g = sm->groups;
  size_t ng = sm->ngroups;
  comparison_print_notes(f, sm);
  for (size_t i = 0; i < ng; i++) {
    fprintf(f, "\n%s", bold);
    table_term_text(f, g[i].name);
    fprintf(f, "%s\n", reset);
    for (size_t j = 0; j < g[i].nrows; j++) {
      const struct comparison_row *r = &g[i].rows[j];
      char name[80], col[96], mem[512], p[16], term[400];
      const char *c = r->c.verdict == STATS_SLOWER ? red : r->c.verdict == STATS_FASTER ? green : "";
      short_name(table_term(r->n->name, term, sizeof term), name, sizeof name);
      snprintf(col, sizeof col, "%s:", name);
      mem_part(r, mem, sizeof mem);
      fmt_p(p, sizeof p, r->c.p);
      fprintf(f, "  %-64s%s%10.2fx%s  %10.1fμs -> %10.1fμs  p=%-7s  %s%*s%s%s\n", col, c, r->c.speedup,
             reset, r->c.mean_old, r->c.mean_new, p, c, mem[0] ? -6 : 0, verdict_word[r->c.verdict], reset, mem);
    }
  }
  {
    char unj[512];
    fprintf(f, "\n%s", test_name(sm));
    if (sm->rule.test == STATS_ROUNDS)
      fprintf(f, " (%d against %d rounds)", sm->rounds[0], sm->rounds[1]);
    fprintf(f, ", alpha %g, threshold %g%%: %zu datasets, %zu slower, %zu faster, %zu unchanged", sm->rule.alpha,
           sm->rule.threshold * 100, sm->nrows, sm->slower, sm->faster, sm->same);
    if (sm->untestable)
      fprintf(f, ", %zu not judged", sm->untestable);
    fprintf(f, "\nGeometric mean speedup: %.3fx\n", sm->geomean);
    unjudged_text(sm, unj, sizeof unj);
    if (unj[0])
      fprintf(f, "%s.%s\n", unj, strict ? "" : " --strict makes this exit 5.");
  }
}

/* The markdown's first lines: the files, the test and the counts, the
** unjudged datasets, the notes as a list. */
static void markdown_heading(FILE *f, const struct comparison *sm)
{
  char unj[512];
  fputs("### psearch compare: ", f);
  table_md_text(f, sm->old_path);
  fputs(" → ", f);
  table_md_text(f, sm->new_path);
  fprintf(f, "\n\n%s", test_name(sm));
  if (sm->rule.test == STATS_ROUNDS)
    fprintf(f, " (%d against %d rounds)", sm->rounds[0], sm->rounds[1]);
  fprintf(f, ", α = %g, threshold %g%%: %s%zu slower%s, %zu faster, %zu unchanged", sm->rule.alpha,
         sm->rule.threshold * 100, sm->slower ? "**" : "", sm->slower, sm->slower ? "**" : "", sm->faster,
         sm->same);
  if (sm->untestable)
    fprintf(f, ", %zu not judged", sm->untestable);
  if (sm->slower + sm->faster > 0)
    fprintf(f, "; geometric mean speedup **%.3fx** over %zu datasets.\n\n", sm->geomean, sm->nrows);
  else
    fprintf(f, "; geometric mean speedup %.3fx over %zu datasets (no change significant).\n\n", sm->geomean,
            sm->nrows);
  unjudged_text(sm, unj, sizeof unj);
  if (unj[0])
    fprintf(f, "**%s.**\n\n", unj);
  for (size_t i = 0; i < sm->notes.n; i++) {
    fputs("- ", f);
    table_md_text(f, sm->notes.s[i]);
    fputs(i + 1 == sm->notes.n ? "\n\n" : "\n", f);
  }
}

void comparison_print_markdown(FILE *f, const struct comparison *sm)
{
  static const char *const rounds_head[] = {"Program", "Dataset", "Old (μs)", "New (μs)", "Speedup", "p",
                                            "Verdict"};
  static const char *const runs_head[] = {"Program", "Dataset", "Old mean (μs)", "New mean (μs)", "Speedup", "p",
                                          "Verdict"};
  const struct comparison_group *g = sm->groups;
  markdown_heading(f, sm);
  if (sm->rule.test == STATS_ROUNDS)
    fputs("Old and New: the geometric mean of each side's round medians (a round is one invocation of "
          "bench).\n\n", f);
  table_md_head(f, 7, sm->rule.test == STATS_ROUNDS ? rounds_head : runs_head, "llrrrrl");
  for (size_t i = 0; i < sm->ngroups; i++) {
    for (size_t j = 0; j < g[i].nrows; j++) {
      const struct comparison_row *r = &g[i].rows[j];
      enum stats_verdict v = r->c.verdict;
      char p[16], om[32], nm[32], sp[32];
      fmt_p(p, sizeof p, r->c.p);
      snprintf(om, sizeof om, "%.1f", r->c.mean_old);
      snprintf(nm, sizeof nm, "%.1f", r->c.mean_new);
      snprintf(sp, sizeof sp, "%.2fx", r->c.speedup);
      table_md_row(f, 7, (const char *const[]){g[i].name, r->n->name, om, nm, sp, p,
                                               v == STATS_SLOWER ? "**slower**" : verdict_word[v]});
    }
  }
}

static cJSON *notes_json(const struct comparison *c)
{
  cJSON *a = cJSON_CreateArray();
  for (size_t i = 0; i < c->notes.n; i++)
    cJSON_AddItemToArray(a, cJSON_CreateString(c->notes.s[i]));
  return a;
}

void comparison_print_json(FILE *f, const struct comparison *sm, int strict, int code)
{
  const struct comparison_group *g = sm->groups;
  size_t ng = sm->ngroups;
  cJSON *root = cJSON_CreateObject(), *rows = cJSON_CreateArray(), *s;
  char *text;
  cJSON_AddStringToObject(root, "old", sm->old_path);
  cJSON_AddStringToObject(root, "new", sm->new_path);
  cJSON_AddStringToObject(root, "test", test_json[sm->rule.test]);
  cJSON_AddBoolToObject(root, "strict", strict);
  cJSON_AddNumberToObject(root, "alpha", sm->rule.alpha);
  cJSON_AddNumberToObject(root, "threshold", sm->rule.threshold);
  for (size_t i = 0; i < ng; i++) {
    for (size_t j = 0; j < g[i].nrows; j++) {
      const struct comparison_row *r = &g[i].rows[j];
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "program", g[i].name);
      cJSON_AddStringToObject(o, "dataset", r->n->name);
      cJSON_AddNumberToObject(o, "old_mean_us", r->c.mean_old);
      cJSON_AddNumberToObject(o, "new_mean_us", r->c.mean_new);
      cJSON_AddNumberToObject(o, "old_runs", (double)runs_measured(r->o));
      cJSON_AddNumberToObject(o, "new_runs", (double)runs_measured(r->n));
      cJSON_AddNumberToObject(o, "speedup", r->c.speedup); /* NaN prints as null */
      cJSON_AddNumberToObject(o, "p_value", r->c.p);
      if (r->c.test == STATS_ROUNDS)
        cJSON_AddNumberToObject(o, "rounds", (double)r->c.rounds);
      cJSON_AddStringToObject(o, "verdict", verdict_json[r->c.verdict]);
      cJSON_AddItemToArray(rows, o);
    }
  }
  cJSON_AddItemToObject(root, "results", rows);
  cJSON_AddItemToObject(root, "notes", notes_json(sm));
  s = cJSON_AddObjectToObject(root, "summary");
  cJSON_AddNumberToObject(s, "datasets", (double)sm->nrows);
  cJSON_AddNumberToObject(s, "slower", (double)sm->slower);
  cJSON_AddNumberToObject(s, "faster", (double)sm->faster);
  cJSON_AddNumberToObject(s, "same", (double)sm->same);
  cJSON_AddNumberToObject(s, "untestable", (double)sm->untestable);
  cJSON_AddNumberToObject(s, "missing", (double)sm->missing);
  if (sm->changed_source > 0) /* programs not judged: a user kernel's source changed */
    cJSON_AddNumberToObject(s, "changed_source", (double)sm->changed_source);
  if (sm->rule.test == STATS_ROUNDS) {
    cJSON_AddNumberToObject(s, "old_rounds", sm->rounds[0]);
    cJSON_AddNumberToObject(s, "new_rounds", sm->rounds[1]);
  }
  cJSON_AddNumberToObject(s, "geomean_speedup", sm->geomean);
  cJSON_AddNumberToObject(root, "exit_code", code);
  if ((text = cJSON_Print(root)) != NULL)
    fprintf(f, "%s\n", text);
  free(text);
  cJSON_Delete(root);
}

