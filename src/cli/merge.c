/*
** merge.c: results files joined program by program and dataset by dataset;
** a dataset in two inputs is refused, naming both; every part's context is
** kept in the program's psearch_context.parts. Each input is read once into
** a jtree (its schema checked by the results reader), names are looked up in
** hash tables, and the output is printed from the trees, in cJSON_Print's
** layout, into a file that appears whole or not at all.
*/
#include "merge.h"

#include "help.h"
#include "ofile.h"
#include "ps.h"
#include "results.h"
#include "table.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* One input's program: its node in the input's tree, and the input. */
struct part {
  const struct jtree_node *prog;
  const char *path;
};

/* A program of the output: its parts in input order, and (once it has more
** than RESULTS_LINEAR datasets) its dataset names to the part that has each. */
struct merge_prog {
  const char *name;
  struct part *parts;
  size_t nparts, nds;
  struct strmap ds;
};

void merge_free(struct merge *m)
{
  if (m == NULL)
    return;
  for (int i = 0; i < m->ntrees; i++)
    jtree_free(m->trees[i]);
  free(m->trees);
  for (size_t i = 0; i < m->nprogs; i++) {
    free(m->progs[i].parts);
    strmap_free(&m->progs[i].ds);
  }
  free(m->progs);
  strmap_free(&m->idx);
  memset(m, 0, sizeof *m);
}

static const struct jtree_node *datasets_of(const struct jtree_node *prog)
{
  return jtree_get(prog, "datasets");
}

/* The part of mp that holds dataset name: 1 with *k set, 0 when none, -1 out of memory. */
static int holder(struct merge_prog *mp, const char *name, size_t *k)
{
  const struct jtree_node *d;
  if (mp->ds.cap > 0 || mp->nds > RESULTS_LINEAR) { /* the table, made at its first need */
    for (size_t i = 0; mp->ds.cap == 0 && i < mp->nparts; i++)
      for (d = datasets_of(mp->parts[i].prog)->u.child; d != NULL; d = d->next)
        if (strmap_put(&mp->ds, d->key, strlen(d->key), i, NULL) < 0) {
          strmap_free(&mp->ds);
          return -1;
        }
    return strmap_get(&mp->ds, name, strlen(name), k);
  }
  for (size_t i = 0; i < mp->nparts; i++)
    for (d = datasets_of(mp->parts[i].prog)->u.child; d != NULL; d = d->next)
      if (strcmp(d->key, name) == 0) {
        *k = i;
        return 1;
      }
  return 0;
}

/* The file of the part p that has dataset name: one of its own parts' (an
** input merged before), else p's. */
static const char *owner(const struct part *p, const char *name)
{
  const struct jtree_node *ctx = jtree_get(p->prog, "psearch_context"), *had = jtree_get(ctx, "parts"), *q, *d;
  for (q = had != NULL && had->kind == JTREE_ARRAY ? had->u.child : NULL; q != NULL; q = q->next)
    for (d = (d = jtree_get(q, "datasets")) != NULL && d->kind == JTREE_ARRAY ? d->u.child : NULL; d; d = d->next)
      if (d->kind == JTREE_STRING && strcmp(d->u.str, name) == 0 && jtree_get(q, "file") != NULL &&
          jtree_get(q, "file")->kind == JTREE_STRING)
        return jtree_get(q, "file")->u.str;
  return p->path;
}

/* Program prog of input path into m: a new program, or a part of one with
** none of its datasets. PS_EXIT_OK, or the exit code with e set. */
static int add_program(struct merge *m, const struct jtree_node *prog, const char *path, struct ps_err *e)
{
  size_t k, had;
  struct merge_prog *mp;
  struct part *np;
  const struct jtree_node *d;
  int in = strmap_put(&m->idx, prog->key, strlen(prog->key), m->nprogs, &k);
  if (in < 0)
    return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
  if (in == 0) { /* new: m->progs has room (merge_file) */
    m->progs[m->nprogs] = (struct merge_prog){prog->key, NULL, 0, 0, {0}};
    k = m->nprogs++;
  }
  mp = &m->progs[k];
  for (d = datasets_of(prog)->u.child; in == 1 && d != NULL; d = d->next) {
    int got = holder(mp, d->key, &had);
    char pn[300], dn[300], on[300];
    if (got < 0)
      return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
    if (got == 1)
      return ps_fail(e, "%s: program \"%s\" dataset \"%s\" is also in %s; merge joins disjoint parts (shards "
                        "of one run, other devices), so leave one of them out", path,
                     table_term(prog->key, pn, sizeof pn), table_term(d->key, dn, sizeof dn),
                     table_term(owner(&mp->parts[had], d->key), on, sizeof on)), PS_EXIT_BADDATA;
  }
  if ((np = realloc(mp->parts, (mp->nparts + 1) * sizeof *np)) == NULL)
    return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
  mp->parts = np;
  mp->parts[mp->nparts++] = (struct part){prog, path};
  mp->nds += datasets_of(prog)->n;
  for (d = datasets_of(prog)->u.child; mp->ds.cap > 0 && d != NULL; d = d->next)
    if (strmap_put(&mp->ds, d->key, strlen(d->key), mp->nparts - 1, NULL) < 0)
      return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
  return PS_EXIT_OK;
}

int merge_add(struct merge *m, struct jtree *t, const char *path, struct ps_err *e)
{
  struct jtree **nt;
  const struct jtree_node *prog;
  int rc;
  if ((nt = realloc(m->trees, ((size_t)m->ntrees + 1) * sizeof *nt)) == NULL) {
    jtree_free(t);
    return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
  }
  (m->trees = nt)[m->ntrees++] = t;
  if (m->nprogs + jtree_root(t)->n > m->cap) {
    size_t cap = 2 * (m->nprogs + jtree_root(t)->n);
    struct merge_prog *np = realloc(m->progs, cap * sizeof *np);
    if (np == NULL)
      return ps_fail(e, "out of memory"), PS_EXIT_FAILED;
    m->progs = np;
    m->cap = cap;
  }
  for (prog = jtree_root(t)->u.child; prog != NULL; prog = prog->next)
    if ((rc = add_program(m, prog, path, e)) != PS_EXIT_OK)
      return rc;
  return PS_EXIT_OK;
}

/* Results file path into m (its tree kept). PS_EXIT_OK, or the exit code with e set. */
static int merge_file(struct merge *m, const char *path, struct ps_err *e)
{
  struct jtree *t = NULL;
  int rc;
  struct results *r = results_load_tree(path, &t, &rc, e); /* the schema checked, with positions */
  results_free(r);
  return r == NULL ? rc : merge_add(m, t, path, e);
}

/* ================================ Output ================================ */

/* The separator before an object's next member and its indentation. */
static void member(FILE *f, int *first, int depth, const char *key)
{
  fputs(*first ? "" : ",\n", f);
  *first = 0;
  for (int i = 0; i < depth; i++)
    fputc('\t', f);
  jtree_print_string(f, key);
  fputs(":\t", f);
}

static void close_object(FILE *f, int first, int depth)
{
  fputs(first ? "" : "\n", f);
  for (int i = 0; i < depth; i++)
    fputc('\t', f);
  fputc('}', f);
}

/* Part p's own entry of "parts": {file, context, datasets}, at depth. */
static void print_part(FILE *f, const struct part *p, const struct jtree_node *ctx, int depth)
{
  int first = 1, any = 0;
  fputs("{\n", f);
  member(f, &first, depth + 1, "file");
  jtree_print_string(f, p->path);
  if (ctx != NULL && ctx->kind == JTREE_OBJECT) {
    member(f, &first, depth + 1, "context");
    jtree_print(f, ctx, depth + 1);
  }
  member(f, &first, depth + 1, "datasets");
  fputc('[', f);
  for (const struct jtree_node *d = datasets_of(p->prog)->u.child; d != NULL; d = d->next, any = 1) {
    fputs(any ? ", " : "", f);
    jtree_print_string(f, d->key);
  }
  fputc(']', f);
  close_object(f, first, depth);
}

/* The output program's psearch_context at depth: the first part's (its parts and
** shard left out), then "parts": every part's own parts, or its entry. */
static void print_context(FILE *f, const struct merge_prog *mp, int depth)
{
  const struct jtree_node *ctx = jtree_get(mp->parts[0].prog, "psearch_context"), *c;
  int first = 1, any = 0;
  fputs("{\n", f);
  for (c = ctx != NULL && ctx->kind == JTREE_OBJECT ? ctx->u.child : NULL; c != NULL; c = c->next)
    if (strcmp(c->key, "parts") != 0 && strcmp(c->key, "shard") != 0) { /* each part says which it was */
      member(f, &first, depth + 1, c->key);
      jtree_print(f, c, depth + 1);
    }
  member(f, &first, depth + 1, "parts");
  fputc('[', f);
  for (size_t i = 0; i < mp->nparts; i++) {
    const struct jtree_node *pc = jtree_get(mp->parts[i].prog, "psearch_context"), *had = jtree_get(pc, "parts");
    if (had != NULL && had->kind == JTREE_ARRAY) {
      for (c = had->u.child; c != NULL; c = c->next, any = 1) {
        fputs(any ? ", " : "", f);
        jtree_print(f, c, depth + 2);
      }
    } else {
      fputs(any ? ", " : "", f);
      print_part(f, &mp->parts[i], pc, depth + 2);
      any = 1;
    }
  }
  fputc(']', f);
  close_object(f, first, depth);
}

/* One output program at depth: the first part's members, its datasets
** joined with the other parts', its context as print_context says. */
static void print_program(FILE *f, const struct merge_prog *mp, int depth)
{
  const struct jtree_node *c, *ctx = jtree_get(mp->parts[0].prog, "psearch_context");
  int first = 1;
  fputs("{\n", f);
  for (c = mp->parts[0].prog->u.child; c != NULL; c = c->next) {
    if (strcmp(c->key, "psearch_context") == 0 && c->kind != JTREE_OBJECT)
      continue; /* not an object: replaced at the end */
    member(f, &first, depth + 1, c->key);
    if (strcmp(c->key, "psearch_context") == 0) {
      print_context(f, mp, depth + 1);
    } else if (strcmp(c->key, "datasets") == 0) {
      int dfirst = 1;
      fputs("{\n", f);
      for (size_t i = 0; i < mp->nparts; i++)
        for (const struct jtree_node *d = datasets_of(mp->parts[i].prog)->u.child; d != NULL; d = d->next) {
          member(f, &dfirst, depth + 2, d->key);
          jtree_print(f, d, depth + 2);
        }
      close_object(f, dfirst, depth + 1);
    } else {
      jtree_print(f, c, depth + 1);
    }
  }
  if (ctx == NULL || ctx->kind != JTREE_OBJECT) {
    member(f, &first, depth + 1, "psearch_context");
    print_context(f, mp, depth + 1);
  }
  close_object(f, first, depth);
}

void merge_print(FILE *f, const struct merge *m)
{
  int first = 1;
  fputs("{\n", f);
  for (size_t i = 0; i < m->nprogs; i++) {
    member(f, &first, 1, m->progs[i].name);
    print_program(f, &m->progs[i], 1);
  }
  close_object(f, first, 0);
  fputc('\n', f);
}

/* The merged results into path ("-": standard output), whole or not at all. */
static int write_merged(const struct merge *m, const char *path, struct ps_err *e)
{
  struct ofile *o = ofile_open(path, e);
  if (o == NULL)
    return -1;
  merge_print(ofile_stream(o), m);
  return ofile_commit(o, e);
}

struct config {
  const char **in; /* the inputs, as many as there are arguments */
  int nin;
  const char *json; /* NULL or "-": standard output */
};

/* A results file to merge (opt_call_fn; at is the configuration). */
static int input_row(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  struct config *cf = at;
  const char **in = realloc(cf->in, ((size_t)cf->nin + 1) * sizeof *in);
  (void)d;
  (void)spelled;
  if (in == NULL)
    ps_error("out of memory");
  else
    (cf->in = in)[cf->nin++] = val;
  return in != NULL ? PS_EXIT_OK : PS_EXIT_FAILED;
}

static const struct opt_def opts[] = {
  OPT_ROW_OUTPUT("json", 0, offsetof(struct config, json), "Write the merged results to FILE, atomically (default: standard output)"),
  OPT_ROW_CALL(NULL, 0, 0, "RESULTS.json", input_row, 0, NULL),
  OPT_ROW_END,
};

#define OUTPUT "merge writes the merged results with --json FILE (default: standard output)"

/* merge's old spelling of its output. */
static const struct opt_hint hints[] = {{"--output", OUTPUT}, {"-o", OUTPUT}, {NULL, NULL}};

static int check(void *p)
{
  const struct config *cf = p;
  if (cf->nin == 0)
    ps_error("merge needs results files: psearch merge --json ALL.json A.json B.json ...");
  return cf->nin > 0 ? PS_EXIT_OK : PS_EXIT_USAGE;
}

static void fini(void *p)
{
  free(((struct config *)p)->in);
}

static int body(void *p)
{
  const struct config *cf = p;
  struct merge m;
  struct ps_err e;
  int rc = PS_EXIT_FAILED;
  memset(&m, 0, sizeof m);
  for (int i = 0; i < cf->nin; i++)
    if ((rc = merge_file(&m, cf->in[i], &e)) != PS_EXIT_OK) {
      ps_error("%s", e.msg);
      goto done;
    }
  rc = PS_EXIT_FAILED;
  if (write_merged(&m, cf->json != NULL ? cf->json : "-", &e) != 0) {
    ps_error("merge: %s", e.msg);
    goto done;
  }
  ps_info(1, "merged %d files: %zu programs", cf->nin, m.nprogs);
  rc = PS_EXIT_OK;
done:
  merge_free(&m);
  return rc;
}

const struct opt_cmd merge_cmd = {"merge", help_merge, opts, hints, sizeof(struct config), NULL, check, body, fini};
