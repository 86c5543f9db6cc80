/*
** resread.c: results files read back (results.h): the text into a jtree once,
** its schema checked into struct results with the statistics bench printed,
** at most RESULTS_MAX_RUNS recorded runs kept a dataset; files pooled; names
** looked up in hash tables.
*/
#include "results.h"

#include "stats.h"
#include "table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Results files are runtimes and names; anything bigger is not one. */
#define RESULTS_MAX_BYTES ((size_t)1 << 30)

/* What reading one file needs: the error, whether it ran out of memory,
** whether the statistics a file does not state are computed (not where the
** tree is kept: merge needs the check alone), and whether every runtime is
** kept, taken from the tree (export --csv), or a sample of RESULTS_MAX_RUNS. */
struct reader {
  struct ps_err *e;
  int oom;
  int stats;
  int every_run;
  struct jtree *t; /* the file's tree */
};

static int nomem(struct reader *rd)
{
  rd->oom = 1;
  return ps_fail(rd->e, "out of memory");
}

static void free_dataset(struct res_dataset *d)
{
  free(d->name);
  free(d->error);
  free(d->runs);
  free(d->rounds);
  for (size_t i = 0; i < d->nbytes; i++)
    free(d->bytes[i].space);
  free(d->bytes);
}

void results_free(struct results *r)
{
  if (r == NULL)
    return;
  for (size_t i = 0; i < r->nprogs; i++) {
    struct res_program *p = &r->progs[i];
    for (size_t j = 0; j < p->nds; j++)
      free_dataset(&p->ds[j]);
    free(p->ds);
    free(p->name);
    for (int c = 0; c < RES_NCOND; c++)
      free(p->cond[c]);
    free(p->backend);
    free(p->device);
    free(p->date);
    free(p->host);
    strmap_free(&p->dsidx);
  }
  free(r->progs);
  free(r->path);
  strmap_free(&r->progidx);
  free(r);
}

/* ================================ Lookups =============================== */

const struct res_program *results_program(const struct results *r, const char *name)
{
  size_t i;
  return strmap_get(&r->progidx, name, strlen(name), &i) ? &r->progs[i] : NULL;
}

const struct res_dataset *results_dataset(const struct res_program *p, const char *name)
{
  size_t i;
  if (p->dsidx.cap > 0)
    return strmap_get(&p->dsidx, name, strlen(name), &i) ? &p->ds[i] : NULL;
  for (i = 0; i < p->nds; i++) /* few datasets: no table */
    if (strcmp(p->ds[i].name, name) == 0)
      return &p->ds[i];
  return NULL;
}

/* p->ds[p->nds - 1], just added, into p's table (made once there are more
** than RESULTS_LINEAR). 0, or -1 when out of memory. */
static int index_dataset(struct res_program *p)
{
  size_t k = p->nds - 1;
  if (p->dsidx.cap == 0 && p->nds <= RESULTS_LINEAR)
    return 0;
  if (p->dsidx.cap == 0)
    for (size_t i = 0; i < k; i++)
      if (strmap_put(&p->dsidx, p->ds[i].name, strlen(p->ds[i].name), i, NULL) < 0) {
        strmap_free(&p->dsidx);
        return -1;
      }
  return strmap_put(&p->dsidx, p->ds[k].name, strlen(p->ds[k].name), k, NULL) < 0 ? -1 : 0;
}

/* =============================== Statistics ============================= */

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The k-th smallest of x[0, n) (0-based), non-negative finite numbers,
** without a copy: their IEEE bit patterns order as they do, so a 16-bit
** digit at a time (most significant first) is counted among the numbers
** whose higher digits are those chosen so far. Four passes over x. */
static double kth(const double *x, size_t n, size_t k)
{
  static size_t count[1 << 16];
  uint64_t prefix = 0, mask = 0;
  for (int shift = 48; shift >= 0; shift -= 16) {
    size_t d = 0;
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < n; i++) {
      uint64_t b;
      memcpy(&b, &x[i], sizeof b);
      if ((b & mask) == prefix)
        count[b >> shift & 0xFFFF]++;
    }
    while (k >= count[d]) /* the digit of the k-th among those left */
      k -= count[d++];
    prefix |= (uint64_t)d << shift;
    mask |= (uint64_t)0xFFFF << shift;
  }
  {
    double v;
    memcpy(&v, &prefix, sizeof v);
    return v;
  }
}

/* Quantile q of x[0, n) as stats_quantile has it, through kth. */
static double quantile(const double *x, size_t n, double q)
{
  double pos = q * (double)(n - 1), lo = kth(x, n, (size_t)pos);
  size_t i = (size_t)pos;
  return i + 1 < n && pos > (double)i ? lo + (pos - (double)i) * (kth(x, n, i + 1) - lo) : lo;
}

/* The statistics of x[0, n) that r lacks (NaN), over all of x (left as it
** is): the quartiles of a few thousand from a sorted copy, of more by kth,
** which needs no memory. 0, or -1 when out of memory. */
static int fill_computed(struct res_round *r, const double *x, size_t n)
{
  double sum = 0, ss = 0, lo = x[0], hi = x[0], *s;
  for (size_t i = 0; i < n; i++) {
    sum += x[i];
    lo = fmin(lo, x[i]);
    hi = fmax(hi, x[i]);
  }
  for (size_t i = 0; i < n; i++)
    ss += (x[i] - sum / (double)n) * (x[i] - sum / (double)n);
  r->mean = isnan(r->mean) ? sum / (double)n : r->mean;
  r->sd = isnan(r->sd) ? sqrt(ss / (double)n) : r->sd;
  r->min = isnan(r->min) ? lo : r->min;
  r->max = isnan(r->max) ? hi : r->max;
  if (!isnan(r->median) && !isnan(r->q1) && !isnan(r->q3))
    return 0;
  if (n > RESULTS_MAX_RUNS) {
    r->median = isnan(r->median) ? quantile(x, n, 0.5) : r->median;
    r->q1 = isnan(r->q1) ? quantile(x, n, 0.25) : r->q1;
    r->q3 = isnan(r->q3) ? quantile(x, n, 0.75) : r->q3;
    return 0;
  }
  if ((s = malloc(n * sizeof *s)) == NULL)
    return -1;
  memcpy(s, x, n * sizeof *s);
  qsort(s, n, sizeof *s, cmp_double);
  r->median = isnan(r->median) ? stats_quantile(s, n, 0.5) : r->median;
  r->q1 = isnan(r->q1) ? stats_quantile(s, n, 0.25) : r->q1;
  r->q3 = isnan(r->q3) ? stats_quantile(s, n, 0.75) : r->q3;
  free(s);
  return 0;
}

int results_summary(const struct res_dataset *d, struct res_summary *s)
{
  double sum = 0, ss = 0, *x;
  memset(s, 0, sizeof *s);
  s->min = INFINITY;
  s->max = -INFINITY;
  for (size_t i = 0; i < d->nrounds; i++) {
    const struct res_round *r = &d->rounds[i];
    s->runs += r->runs;
    sum += r->mean * (double)r->runs;
    ss += (r->sd * r->sd + r->mean * r->mean) * (double)r->runs;
    s->min = fmin(s->min, r->min);
    s->max = fmax(s->max, r->max);
  }
  s->mean = s->runs > 0 ? sum / (double)s->runs : NAN;
  s->sd = s->runs > 0 ? sqrt(fmax(0, ss / (double)s->runs - s->mean * s->mean)) : NAN;
  s->rsd = s->sd / s->mean;
  if (d->nrounds == 1) {
    s->median = d->rounds[0].median;
    s->q1 = d->rounds[0].q1;
    s->q3 = d->rounds[0].q3;
    s->sd = d->rounds[0].sd; /* as stored, not through the sums */
    s->rsd = s->sd / s->mean;
    return 0;
  }
  if (d->nruns == 0 || (x = malloc(d->nruns * sizeof *x)) == NULL)
    return d->nruns == 0 ? 0 : -1;
  memcpy(x, d->runs, d->nruns * sizeof *x);
  qsort(x, d->nruns, sizeof *x, cmp_double);
  s->median = stats_quantile(x, d->nruns, 0.5);
  s->q1 = stats_quantile(x, d->nruns, 0.25);
  s->q3 = stats_quantile(x, d->nruns, 0.75);
  free(x);
  return 0;
}

/* ================================ Datasets ============================== */

/* Whether a is an array of runtimes: numbers in [0, RESULTS_MAX_US], at least one. */
static int runtimes_ok(const struct jtree_node *a)
{
  if (a == NULL || a->kind != JTREE_NUMBERS)
    return 0;
  for (size_t i = 0; i < a->n; i++)
    if (!(a->u.nums[i] >= 0 && a->u.nums[i] <= RESULTS_MAX_US))
      return 0;
  return 1;
}

/* r->runs from psearch's "runs" (ps may be NULL; the recorded ones when
** absent), and where the file keeps a sample of more runs, the statistics it
** stores of every run into r (q1 and q3 may be absent; NaN); else all NaN:
** the recorded runs are every run, and give the same numbers. */
static int read_stored(struct reader *rd, const struct jtree_node *ps, size_t recorded, struct res_round *r,
                       const char *where)
{
  static const char *const key[] = {"mean_us", "stddev_us", "median_us", "min_us", "max_us", "q1_us", "q3_us"};
  double *at[] = {&r->mean, &r->sd, &r->median, &r->min, &r->max, &r->q1, &r->q3};
  const struct jtree_node *v = jtree_get(ps, "runs");
  r->runs = recorded;
  if (v != NULL && !(v->kind == JTREE_NUMBER && v->u.num >= (double)recorded && v->u.num <= 1e15 &&
                     v->u.num == floor(v->u.num)))
    return ps_fail(rd->e, "%s: psearch.runs is not a whole number of runs, at least the %zu recorded", where,
                   recorded);
  if (v != NULL)
    r->runs = (size_t)v->u.num;
  for (int k = 0; k < 7; k++) {
    *at[k] = NAN;
    if (r->runs == recorded || (v = jtree_get(ps, key[k])) == NULL)
      continue;
    if (v->kind != JTREE_NUMBER || !(v->u.num >= 0 && v->u.num <= RESULTS_MAX_US))
      return ps_fail(rd->e, "%s: psearch.%s is not a number in [0, %g]", where, key[k], RESULTS_MAX_US);
    *at[k] = v->u.num;
  }
  for (int k = 0; k < 5 && r->runs > recorded; k++)
    if (isnan(*at[k]))
      return ps_fail(rd->e, "%s: psearch.runs says %zu runs, more than the %zu recorded, but psearch.%s "
                            "(of every run) is missing", where, r->runs, recorded, key[k]);
  return 0;
}

/* The runs of d from array a (its recorded runs, or an even sample of at most
** RESULTS_MAX_RUNS), and the statistics the file does not state from all of a. */
static int keep_runs(struct reader *rd, struct jtree_node *a, struct res_dataset *d)
{
  size_t n = a->n, k = n < RESULTS_MAX_RUNS || rd->every_run ? n : RESULTS_MAX_RUNS;
  if (rd->every_run && (d->runs = jtree_take_numbers(rd->t, a)) != NULL) {
    d->nruns = n; /* the tree's array itself: no copy of the file's numbers */
  } else {
    if ((d->runs = malloc(k * sizeof *d->runs)) == NULL)
      return nomem(rd);
    for (size_t i = 0; i < n; i++)
      if (rd->every_run || results_recorded(i, n, RESULTS_MAX_RUNS))
        d->runs[d->nruns++] = a->u.nums[i];
  }
  if (!rd->stats) /* the tree is kept, for the check alone (merge) */
    d->rounds[0].n = d->nruns;
  if (!rd->stats)
    return 0;
  if (d->rounds[0].runs == n && fill_computed(&d->rounds[0], a->u.nums, n) != 0)
    return nomem(rd);
  if (d->rounds[0].runs > n && fill_computed(&d->rounds[0], d->runs, d->nruns) != 0)
    return nomem(rd); /* a sample: its quartiles, where the file lacks them */
  d->rounds[0].n = d->nruns;
  return 0;
}

/* "bytes" of a dataset: peak bytes by memory space. */
static int read_bytes(struct reader *rd, const struct jtree_node *b, struct res_dataset *d, const char *where)
{
  if (b == NULL || b->n == 0)
    return b == NULL || b->kind == JTREE_OBJECT ? 0 : ps_fail(rd->e, "%s: \"bytes\" is not an object", where);
  if (b->kind != JTREE_OBJECT)
    return ps_fail(rd->e, "%s: \"bytes\" is not an object", where);
  if ((d->bytes = calloc(b->n, sizeof *d->bytes)) == NULL)
    return nomem(rd);
  for (const struct jtree_node *x = b->u.child; x != NULL; x = x->next) {
    char name[160];
    if (x->kind != JTREE_NUMBER || !(x->u.num >= 0 && x->u.num <= RESULTS_MAX_BYTES_FIELD))
      return ps_fail(rd->e, "%s: \"bytes\".\"%s\" is not a number in [0, %g]", where,
                     table_term(x->key, name, sizeof name), RESULTS_MAX_BYTES_FIELD);
    d->bytes[d->nbytes].bytes = x->u.num;
    if ((d->bytes[d->nbytes++].space = strdup(x->key)) == NULL)
      return nomem(rd);
  }
  return 0;
}

static int read_dataset(struct reader *rd, struct jtree_node *v, struct res_dataset *d, const char *where)
{
  struct jtree_node *rt, *us;
  const struct jtree_node *ps, *ph;
  if (v->kind == JTREE_STRING)
    return (d->error = strdup(v->u.str)) != NULL ? 0 : nomem(rd);
  if (v->kind != JTREE_OBJECT)
    return ps_fail(rd->e, "%s: neither an object with runtimes nor an error string", where);
  rt = (struct jtree_node *)jtree_get(v, "runtimes");
  if (!runtimes_ok(rt))
    return ps_fail(rd->e, "%s: \"runtimes\" is not a non-empty array of non-negative numbers (µs, at most %g)",
                   where, RESULTS_MAX_US);
  ps = jtree_get(v, "psearch");
  ps = ps != NULL && ps->kind == JTREE_OBJECT ? ps : NULL;
  us = (struct jtree_node *)jtree_get(ps, "runtimes_us"); /* psearch's full precision, the same runs */
  if (runtimes_ok(us) && us->n == rt->n)
    rt = us;
  if ((d->rounds = calloc(1, sizeof *d->rounds)) == NULL)
    return nomem(rd);
  d->nrounds = 1;
  if (read_stored(rd, ps, rt->n, &d->rounds[0], where) != 0 || keep_runs(rd, rt, d) != 0)
    return -1;
  for (ph = (ph = jtree_get(ps, "phase_seconds")) != NULL && ph->kind == JTREE_OBJECT ? ph->u.child : NULL;
       ph != NULL; ph = ph->next)
    d->seconds += ph->kind == JTREE_NUMBER && ph->u.num > 0 && ph->u.num < 1e9 ? ph->u.num : 0;
  return read_bytes(rd, jtree_get(v, "bytes"), d, where);
}

/* ================================ Programs ============================== */

static const struct jtree_node *context_value(const struct jtree_node *prog, const char *key)
{
  const struct jtree_node *c = jtree_get(prog, "psearch_context");
  const char *dot = strchr(key, '.');
  char outer[64];
  if (dot != NULL && (size_t)(dot - key) < sizeof outer) { /* "identity.uuid": a key of an object in the context */
    snprintf(outer, sizeof outer, "%.*s", (int)(dot - key), key);
    c = c != NULL && c->kind == JTREE_OBJECT ? jtree_get(c, outer) : NULL;
    key = dot + 1;
  }
  return c != NULL && c->kind == JTREE_OBJECT ? jtree_get(c, key) : NULL;
}

/* *out = a copy of the context's string key, or NULL when absent; -1 when out of memory. */
static int context_dup(const struct jtree_node *prog, const char *key, char **out)
{
  const struct jtree_node *v = context_value(prog, key);
  *out = v != NULL && v->kind == JTREE_STRING ? strdup(v->u.str) : NULL;
  return v != NULL && v->kind == JTREE_STRING && *out == NULL ? -1 : 0;
}

const char *const results_conditions[RES_NCOND] = {"backend", "device", "threads", "cache",
                                                   "kernel_time", "discard_throttled", "test_hooks",
                                                   "validation", "kernels", "tuning", "psearch_commit", "batch",
                                                   "kernel_source", "identity.uuid", "concurrent"};
const char *const results_said[RES_NCOND] = {"Backend", "Device", "Threads", "Cache mode (bench --cache)",
                                             "Kernel time (bench --kernel-time)",
                                             "Throttled runs discarded (bench --discard-throttled)",
                                             "Test hooks", "Validation (bench --no-validate)",
                                             "Kernel sources (bench --kernels)", "Tuning parameters (bench --tune)",
                                             "psearch's build", "Batched runs (bench --batch)",
                                             "The user kernel's source (its XXH64)",
                                             "Device UUID (another device, whatever its name)",
                                             "Devices run at once (bench --concurrent)"};
const char *const results_neutral[RES_NCOND] = {NULL, NULL, NULL, "hot", "false", "false", "{}",
                                                "true", "embedded", "{}", NULL, "off", NULL, NULL, "0"};

int results_condition_differs(const struct res_program *a, const struct res_program *b, int c)
{
  const char *x = a->cond[c], *y = b->cond[c], *neutral = results_neutral[c];
  if (x != NULL && y != NULL)
    return strcmp(x, y) != 0;
  if (x == NULL && y == NULL)
    return 0;
  return neutral != NULL && strcmp(x != NULL ? x : y, neutral) != 0;
}

/* The context's key as text: a string as it is, a number (%g), true or
** false, an object or array as compact JSON; NULL when absent. *oom on failure. */
static char *context_text(const struct jtree_node *prog, const char *key, int *oom)
{
  const struct jtree_node *v = context_value(prog, key);
  char *s = NULL;
  size_t n;
  FILE *f;
  if (v == NULL)
    return NULL;
  if (v->kind == JTREE_STRING) {
    s = strdup(v->u.str);
  } else if ((f = open_memstream(&s, &n)) != NULL) {
    if (v->kind == JTREE_NUMBER)
      fprintf(f, "%g", v->u.num);
    else
      jtree_print_compact(f, v);
    if (fclose(f) != 0) {
      free(s);
      s = NULL;
    }
  }
  *oom |= s == NULL;
  return s;
}

static int read_context(struct reader *rd, const struct jtree_node *v, struct res_program *p)
{
  const struct jtree_node *cb = context_value(v, "device_cache_bytes");
  int oom = 0;
  if (context_dup(v, "backend", &p->backend) != 0 || context_dup(v, "device", &p->device) != 0 ||
      context_dup(v, "date", &p->date) != 0 || context_dup(v, "host", &p->host) != 0)
    return nomem(rd);
  p->cache_bytes = cb != NULL && cb->kind == JTREE_NUMBER && cb->u.num > 0 ? cb->u.num : 0;
  for (int c = 0; c < RES_NCOND; c++)
    p->cond[c] = context_text(v, results_conditions[c], &oom);
  return oom ? nomem(rd) : 0;
}

static int read_program(struct reader *rd, struct jtree_node *v, struct res_program *p)
{
  struct jtree_node *dss = (struct jtree_node *)jtree_get(v, "datasets"), *x;
  char where[1024], pn[400], dn[400];
  table_term(p->name, pn, sizeof pn);
  if (v->kind != JTREE_OBJECT || dss == NULL || dss->kind != JTREE_OBJECT)
    return ps_fail(rd->e, "program \"%s\": no \"datasets\" object", pn);
  if (read_context(rd, v, p) != 0)
    return -1;
  if ((p->ds = calloc(dss->n + 1, sizeof *p->ds)) == NULL)
    return nomem(rd);
  for (x = dss->u.child; x != NULL; x = x->next) { /* the keys are distinct: jtree refuses a duplicate */
    struct res_dataset *d = &p->ds[p->nds];
    snprintf(where, sizeof where, "program \"%s\" dataset \"%s\"", pn, table_term(x->key, dn, sizeof dn));
    if ((d->name = strdup(x->key)) == NULL)
      return nomem(rd);
    p->nds++;
    if (index_dataset(p) != 0)
      return nomem(rd);
    if (read_dataset(rd, x, d, where) != 0)
      return -1;
  }
  return 0;
}

/* The results in tree t (read from path). */
static struct results *from_tree(struct reader *rd, struct jtree *t, const char *path)
{
  struct jtree_node *root = jtree_root(t), *x;
  struct results *r = calloc(1, sizeof *r);
  int ok = 0;
  if (r == NULL || (r->path = strdup(path)) == NULL) {
    nomem(rd);
    goto done;
  }
  r->nfiles = 1;
  if (root->kind != JTREE_OBJECT) {
    ps_fail(rd->e, "not benchmark results: the top level is not an object of programs");
    goto done;
  }
  if ((r->progs = calloc(root->n + 1, sizeof *r->progs)) == NULL) {
    nomem(rd);
    goto done;
  }
  for (x = root->u.child; x != NULL; x = x->next) {
    struct res_program *p = &r->progs[r->nprogs];
    if ((p->name = strdup(x->key)) == NULL ||
        strmap_put(&r->progidx, p->name, strlen(p->name), r->nprogs, NULL) < 0) {
      free(p->name);
      p->name = NULL;
      nomem(rd);
      goto done;
    }
    r->nprogs++;
    if (read_program(rd, x, p) != 0)
      goto done;
  }
  ok = 1;
done:
  if (!ok) {
    results_free(r);
    r = NULL;
  }
  return r;
}

/* 1-based line and column of byte offset off. */
static void line_col(const char *text, size_t off, size_t *line, size_t *col)
{
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < off; i++) {
    *col = text[i] == '\n' ? 1 : *col + 1;
    *line += text[i] == '\n';
  }
}

/* Parse text into a tree, and the results in it; *tree kept when tree is not NULL. */
static struct results *parse(char **owned, const char *text, size_t len, const char *path, struct jtree **tree,
                             int every_run, int *code, struct ps_err *e)
{
  struct reader rd = {e, 0, tree == NULL, every_run && tree == NULL, NULL};
  struct jtree *t = NULL;
  struct results *r = NULL;
  size_t bad = ps_utf8_invalid(text, len), line, col;
  if (bad < len) { /* JSON text is UTF-8 (RFC 8259) */
    line_col(text, bad, &line, &col);
    ps_fail(e, "%s:%zu:%zu: not UTF-8 (byte 0x%02x); JSON text must be UTF-8", path, line, col,
            (unsigned)(unsigned char)text[bad]);
  } else if ((rd.t = t = jtree_parse(text, len, path, &rd.oom, e)) != NULL) {
    if (owned != NULL) { /* the tree has all of it: the text goes before the results are made */
      free(*owned);
      *owned = NULL;
    }
    if ((r = from_tree(&rd, t, path)) == NULL)
      ps_err_prefix(e, "%s", path);
  }
  *code = r != NULL ? PS_EXIT_OK : rd.oom ? PS_EXIT_FAILED : PS_EXIT_BADDATA;
  if (tree != NULL && r != NULL)
    *tree = t;
  else
    jtree_free(t);
  return r;
}

struct results *results_parse_code(const char *text, size_t len, const char *path, int *code,
                                   struct ps_err *e)
{
  int c;
  return parse(NULL, text, len, path, NULL, 0, code != NULL ? code : &c, e);
}

struct results *results_parse_tree(const char *text, size_t len, const char *path, struct jtree **tree,
                                   int *code, struct ps_err *e)
{
  *tree = NULL;
  return parse(NULL, text, len, path, tree, 0, code, e);
}

struct results *results_parse(const char *text, size_t len, const char *path, struct ps_err *e)
{
  return results_parse_code(text, len, path, NULL, e);
}

/* The file at path read and parsed (parse's tree and every_run). */
static struct results *load(const char *path, struct jtree **tree, int every_run, int *code, struct ps_err *e)
{
  char *text = NULL;
  size_t len;
  struct results *r = NULL;
  *code = PS_EXIT_FAILED;
  if (tree != NULL)
    *tree = NULL;
  if (ps_read_file(path, RESULTS_MAX_BYTES, &text, &len, e) == 0)
    r = parse(&text, text, len, path, tree, every_run, code, e);
  free(text);
  return r;
}

struct results *results_load_tree(const char *path, struct jtree **tree, int *code, struct ps_err *e)
{
  return load(path, tree, 0, code, e);
}

struct results *results_load(const char *path, int *code, struct ps_err *e)
{
  return load(path, NULL, 0, code, e);
}

struct results *results_load_every_run(const char *path, int *code, struct ps_err *e)
{
  return load(path, NULL, 1, code, e);
}

/* ================================ Pooling =============================== */

/* Renumber the rounds of d as coming after `files` earlier files. */
static void shift_rounds(struct res_dataset *d, int files)
{
  for (size_t i = 0; i < d->nrounds; i++)
    d->rounds[i].file += files;
}

/* Append runs and rounds of d to into (d's files numbered after `files`
** earlier ones), or take its error. */
static int pool_dataset(struct res_dataset *into, struct res_dataset *d, int files)
{
  double *nr;
  struct res_round *rr;
  if (into->error != NULL)
    return 0;
  if (d->error != NULL) {
    free(into->error);
    into->error = d->error;
    d->error = NULL;
    return 0;
  }
  if ((nr = realloc(into->runs, (into->nruns + d->nruns) * sizeof *nr)) == NULL)
    return -1;
  into->runs = nr;
  if ((rr = realloc(into->rounds, (into->nrounds + d->nrounds) * sizeof *rr)) == NULL)
    return -1;
  into->rounds = rr;
  memcpy(nr + into->nruns, d->runs, d->nruns * sizeof *nr);
  for (size_t i = 0; i < d->nrounds; i++) {
    rr[into->nrounds + i] = d->rounds[i];
    rr[into->nrounds + i].start += into->nruns;
    rr[into->nrounds + i].file += files;
  }
  into->nrounds += d->nrounds;
  into->nruns += d->nruns;
  return 0;
}

/* Each failed dataset's error prefixed with the file it came from, so that a
** pooled side still says which of its files failed. 0, or -1 out of memory. */
static int errors_name_file(struct results *r)
{
  for (size_t i = 0; i < r->nprogs; i++)
    for (size_t j = 0; j < r->progs[i].nds; j++) {
      struct res_dataset *d = &r->progs[i].ds[j];
      size_t len;
      char *s;
      if (d->error == NULL)
        continue;
      len = strlen(r->path) + strlen(d->error) + 3;
      if ((s = malloc(len)) == NULL)
        return -1;
      snprintf(s, len, "%s: %s", r->path, d->error);
      free(d->error);
      d->error = s;
    }
  return 0;
}

/* Dataset j of pb into pa, where pa has room: pooled with pa's of its name, or moved. */
static int pool_into(struct res_program *pa, struct res_program *pb, size_t j, int files)
{
  struct res_dataset *da = (struct res_dataset *)results_dataset(pa, pb->ds[j].name);
  if (da != NULL)
    return pool_dataset(da, &pb->ds[j], files);
  shift_rounds(&pb->ds[j], files);
  pa->ds[pa->nds++] = pb->ds[j];
  memset(&pb->ds[j], 0, sizeof pb->ds[j]);
  return index_dataset(pa);
}

int results_pool(struct results *a, struct results *b)
{
  struct res_program *np = realloc(a->progs, (a->nprogs + b->nprogs + 1) * sizeof *np);
  int rc = -1;
  if (np == NULL)
    goto done;
  a->progs = np;
  if ((a->nfiles == 1 && errors_name_file(a) != 0) || (b->nfiles == 1 && errors_name_file(b) != 0))
    goto done;
  for (size_t i = 0; i < b->nprogs; i++) {
    struct res_program *pb = &b->progs[i], *pa = (struct res_program *)results_program(a, pb->name);
    struct res_dataset *nd;
    if (pa == NULL) { /* move the whole program */
      if (strmap_put(&a->progidx, pb->name, strlen(pb->name), a->nprogs, NULL) < 0)
        goto done;
      for (size_t j = 0; j < pb->nds; j++)
        shift_rounds(&pb->ds[j], a->nfiles);
      a->progs[a->nprogs++] = *pb;
      memset(pb, 0, sizeof *pb);
      continue;
    }
    if ((nd = realloc(pa->ds, (pa->nds + pb->nds + 1) * sizeof *nd)) == NULL)
      goto done;
    pa->ds = nd;
    for (size_t j = 0; j < pb->nds; j++)
      if (pool_into(pa, pb, j, a->nfiles) != 0)
        goto done;
  }
  a->nfiles += b->nfiles;
  rc = 0;
done:
  results_free(b);
  return rc;
}
