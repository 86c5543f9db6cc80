/*
** benchshard.c: bench's cases costed, split by shard_assign, and looked up
** while the suites run.
*/
#include "benchshard.h"

#include "input.h"
#include "registry.h"
#include "results.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Seconds a dataset takes besides its elements: the 0.5 s minimum of the
** runs, the warm-up, kernel builds. */
#define FIXED_S 0.5
/* Seconds per element and unit of work: generation, upload, the
** reference and the runs, roughly, on a host-bound run. */
#define ELEMENT_S 5e-9

struct item {
  const struct suite_block *bl;
  int e, c;
  double cost; /* seconds, estimated or from --balance-from */
  int bin;
};

struct benchshard {
  struct shard_spec sp;
  struct item *items;
  int n, mine;
};

void benchshard_free(struct benchshard *p)
{
  if (p == NULL)
    return;
  free(p->items);
  free(p);
}

double benchshard_elements(const struct suite_case *c)
{
  struct data_value v[INPUT_MAX];
  struct ps_err e;
  struct stat st;
  double n = 0;
  int k;
  if (c->random && (k = input_case_types(c, v, &e)) > 0) {
    for (int i = 0; i < k; i++) {
      n += (double)data_value_count(&v[i]);
      data_value_free(&v[i]);
    }
  } else if (c->file != NULL) {
    n = stat(c->file, &st) == 0 ? (double)st.st_size / 4 : 0;
  } else if (c->values != NULL) {
    n = 1;
    for (const char *s = c->values; *s; s++)
      n += *s == ',';
  }
  return n;
}

double benchshard_work(const char *entry, const struct suite_case *c)
{
  const struct entry *en = registry_find(entry);
  double n = benchshard_elements(c), f = 1;
  if (en != NULL && en->work != NULL) {
    if (strstr(en->work, "log") != NULL)
      f *= log2(n + 2);
    if (strstr(en->work, " w") != NULL)
      f *= 4;
  }
  return n * f;
}

/* The cost model's estimate of a case: FIXED_S, plus ELEMENT_S per unit of work. */
static double estimate(const char *entry, const struct suite_case *c)
{
  return FIXED_S + ELEMENT_S * benchshard_work(entry, c);
}

/* An earlier results file, read (its schema checked). */
struct earlier {
  struct results *r;
};

/* A case's time in an earlier results file: the seconds of its phases
** (psearch's phase_seconds: loading, runs, checking), else FIXED_S plus its
** runs (futhark bench's files); -1 when the file has no runs of it. */
static double measured(const struct earlier *f, const char *suite, const char *entry, const char *dataset)
{
  char key[1200];
  const struct res_program *p;
  const struct res_dataset *d;
  struct res_summary s;
  snprintf(key, sizeof key, "%s:%s", suite, entry);
  if ((p = results_program(f->r, key)) == NULL || (d = results_dataset(p, dataset)) == NULL ||
      d->error != NULL)
    return -1;
  if (d->seconds > 0)
    return d->seconds;
  if (results_summary(d, &s) != 0)
    return FIXED_S;
  return FIXED_S + s.mean * (double)s.runs / 1e6; /* every run, not only those the file kept */
}

/* Read the file of --balance-from into f. 0, or -1 with e and *code set. */
static int earlier_load(const char *path, struct earlier *f, int *code, struct ps_err *e)
{
  f->r = results_load(path, code, e);
  return f->r != NULL ? 0 : -1;
}

/* collect's walk: the shards, their filter, the earlier file and the items' room. */
struct walk {
  struct benchshard *p;
  benchshard_keep keep;
  const void *ctx;
  const struct earlier *r;
  struct suite *const *suites;
  int cap;
};

/* Append the case at `at` when keep admits it, costed. 0, or -1 when out of memory. */
static int collect_one(void *wv, const struct suite_pos *at)
{
  struct walk *w = wv;
  struct benchshard *p = w->p;
  const char *en = at->bl->entries[at->e];
  const struct suite_case *sc = &at->bl->cases[at->c];
  struct item *it;
  if (!w->keep(w->ctx, en, sc))
    return 0;
  if (p->n == w->cap) {
    struct item *ni = realloc(p->items, (size_t)(w->cap = 2 * w->cap + 16) * sizeof *ni);
    if (ni == NULL)
      return -1;
    p->items = ni;
  }
  it = &p->items[p->n++];
  *it = (struct item){at->bl, at->e, at->c, -1, 0};
  if (w->r->r != NULL)
    it->cost = measured(w->r, w->suites[at->si]->path, en, sc->name);
  if (it->cost < 0)
    it->cost = estimate(en, sc);
  return 0;
}

/* Append every case keep admits to p->items, costed. 0, or -1 when out of memory. */
static int collect(struct benchshard *p, struct suite *const *suites, int n, benchshard_keep keep,
                   const void *ctx, const struct earlier *r)
{
  struct walk w = {p, keep, ctx, r, suites, 0};
  return suite_each(suites, n, collect_one, &w);
}

/* Give every case its part; count this part's. 0, or -1 when out of memory. */
static int split(struct benchshard *p)
{
  double *cost = malloc(((size_t)p->n + 1) * sizeof *cost), mine = 0, all = 0;
  int *bin = malloc(((size_t)p->n + 1) * sizeof *bin), rc = -1;
  if (cost == NULL || bin == NULL)
    goto done;
  for (int k = 0; k < p->n; k++)
    cost[k] = p->items[k].cost;
  if (shard_assign(cost, p->n, p->sp.count, bin) != 0)
    goto done;
  for (int k = 0; k < p->n; k++) {
    p->items[k].bin = bin[k];
    all += cost[k];
    if (bin[k] == p->sp.index - 1) {
      p->mine++;
      mine += cost[k];
    }
  }
  ps_info(1, "shard %d/%d (%s): %d of %d datasets, %.0f%% of the estimated time", p->sp.index,
          p->sp.count, p->sp.from, p->mine, p->n, all > 0 ? 100 * mine / all : 0);
  rc = 0;
done:
  free(cost);
  free(bin);
  return rc;
}

int benchshard_row(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  struct ps_err e;
  int rc = PS_EXIT_OK;
  (void)d;
  (void)spelled;
  if (shard_parse(val, at, &e) != 0) {
    ps_error("%s", e.msg);
    rc = PS_EXIT_USAGE;
  }
  return rc;
}

int benchshard_check(const struct benchshard_opts *o, int parallel)
{
  if (o->balance_from != NULL && o->sp.count == 0 && !parallel) {
    ps_error("--balance-from is for --shard and --parallel: it balances the parts");
    return -1;
  }
  return 0;
}

int benchshard_readable(const struct benchshard_opts *o)
{
  struct earlier f = {NULL};
  struct ps_err e;
  int code = PS_EXIT_OK;
  if (o->balance_from != NULL && earlier_load(o->balance_from, &f, &code, &e) != 0)
    ps_error("--balance-from: %s", e.msg);
  results_free(f.r);
  return code;
}

struct benchshard *benchshard_plan(const struct benchshard_opts *o, struct suite *const *suites, int n,
                                   benchshard_keep keep, const void *ctx, int *code, struct ps_err *e)
{
  struct benchshard *p = calloc(1, sizeof *p);
  struct earlier f = {NULL};
  int ok = 0;
  *code = PS_EXIT_FAILED;
  if (p == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  p->sp = o->sp;
  if (o->balance_from != NULL && earlier_load(o->balance_from, &f, code, e) != 0) {
    ps_err_prefix(e, "--balance-from");
    goto done;
  }
  *code = PS_EXIT_FAILED;
  if (collect(p, suites, n, keep, ctx, &f) != 0 || split(p) != 0) {
    ps_fail(e, "out of memory");
    goto done;
  }
  ok = 1;
done:
  results_free(f.r);
  if (!ok) {
    benchshard_free(p);
    p = NULL;
  }
  return p;
}

int benchshard_mine(const struct benchshard *p, const struct suite_block *bl, int e, int c)
{
  if (p == NULL)
    return 1;
  for (int k = 0; k < p->n; k++) {
    const struct item *it = &p->items[k];
    if (it->bl == bl && it->e == e && (c < 0 || it->c == c) && it->bin == p->sp.index - 1)
      return 1;
  }
  return 0;
}

int benchshard_count(const struct benchshard *p)
{
  return p != NULL ? p->mine : 0;
}

int benchshard_context(const struct benchshard *p, cJSON *ctx)
{
  cJSON *o;
  if (p == NULL)
    return 0;
  return (o = cJSON_AddObjectToObject(ctx, "shard")) != NULL && cJSON_AddNumberToObject(o, "index", p->sp.index) &&
                 cJSON_AddNumberToObject(o, "count", p->sp.count) && cJSON_AddStringToObject(o, "from", p->sp.from)
             ? 0
             : -1;
}
