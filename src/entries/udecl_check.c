/*
** udecl_check.c: a declaration's checks at the end of its block (udecl.h):
** every name declared, buffers passed whole, sizes that can be computed
** before the runs, element types the engine's entries can take, and the
** number of combinations of the params.
*/
#include "udecl.h"

#include "opt.h"

#include <stdarg.h>
#include <string.h>

/* Where a check is: the declaration, its file, the line it names. */
struct ck {
  struct udecl *d;
  const char *path;
  int line;
  struct ps_err *e;
};

static int fail(struct ck *p, const char *fmt, ...) PS_PRINTF(2, 3);
static int fail(struct ck *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ps_vfail_at(p->e, p->path, p->line, fmt, ap);
  va_end(ap);
  return -1;
}

/* An undeclared name: where it was first used, and the declared name closest to it. */
static int undeclared(struct ck *p, int i)
{
  const char *names[UEXPR_MAX_NAMES + 1];
  int n = 0, k;
  for (int j = 0; j < p->d->pool.nnames; j++)
    if (p->d->sym[j] != UDECL_SYM_NONE)
      names[n++] = p->d->pool.name[j];
  names[n] = NULL;
  k = opt_closest(p->d->pool.name[i], names);
  p->line = p->d->sym_line[i];
  return fail(p, "'%s' is not declared%s%s%s: a name is an input's length (input xs: [n]i32), a param, a loop "
                 "variable, a buffer, " UDECL_COMPUTE_UNITS " or " UDECL_MAX_WG,
              p->d->pool.name[i], k >= 0 ? " (did you mean '" : "", k >= 0 ? names[k] : "", k >= 0 ? "'?)" : "");
}

/* Whether x reads a name of kind k; its index into *which. */
static int reads_kind(const struct udecl *d, struct uexpr x, enum udecl_sym k, int *which)
{
  for (int i = 0; i < d->pool.nnames; i++)
    if (d->sym[i] == k && uexpr_reads(&d->pool, x, i)) {
      *which = i;
      return 1;
    }
  return 0;
}

/* A launch's arguments: a lone name of a buffer passes the buffer; no other expression reads one. */
static int check_args(struct ck *p, struct udecl_step *st)
{
  struct udecl *d = p->d;
  int i;
  p->line = st->line;
  for (int a = 0; a < st->nargs; a++) {
    struct udecl_arg *g = &st->args[a];
    const struct uexpr_step *s0 = &d->pool.step[g->x.start];
    if (g->kind == UDECL_ARG_SCALAR && g->ctype == UDECL_LONG && g->x.n == 1 && s0->op == UEXPR_NAME &&
        d->sym[s0->v] == UDECL_SYM_BUF) {
      g->kind = UDECL_ARG_BUF;
      g->buf = d->sym_index[s0->v];
    } else if (reads_kind(d, g->x, UDECL_SYM_BUF, &i)) {
      return fail(p, "launch %s: argument %d: '%s' is a buffer: pass it alone (its length has a name: [n])",
                  st->kernel, a + 1, udecl_name(d, i));
    }
  }
  if (reads_kind(d, st->global, UDECL_SYM_BUF, &i) || (st->has_local && reads_kind(d, st->local, UDECL_SYM_BUF, &i)))
    return fail(p, "launch %s: '%s' is a buffer, not a size", st->kernel, udecl_name(d, i));
  return 0;
}

/* Lengths and bytes read lengths, params and (lengths) the device's names; a count is an integer scratch. */
static int check_sizes(struct ck *p)
{
  struct udecl *d = p->d;
  int i;
  for (int b = 0; b < d->nbufs; b++) {
    struct udecl_buf *u = &d->bufs[b];
    p->line = u->line;
    if ((u->kind == UDECL_OUTPUT || u->kind == UDECL_SCRATCH) && u->rank == 1 &&
        (reads_kind(d, u->len, UDECL_SYM_LOOP, &i) || reads_kind(d, u->len, UDECL_SYM_BUF, &i)))
      return fail(p, "%s: its length cannot read '%s' (lengths read inputs' lengths, params, " UDECL_COMPUTE_UNITS
                     " and " UDECL_MAX_WG ")", udecl_name(d, u->sym), udecl_name(d, i));
    if (u->count >= 0) {
      const struct udecl_buf *c = d->sym[u->count] == UDECL_SYM_BUF ? &d->bufs[d->sym_index[u->count]] : NULL;
      if (c == NULL || c->kind != UDECL_SCRATCH || c->generic || data_type_is_float(c->type) || c->type == DATA_BOOL)
        return fail(p, "output %s: count %s: a count is a scratch buffer of an integer type (scratch %s: [1]u32 "
                       "zeroed)", udecl_name(d, u->sym), udecl_name(d, u->count), udecl_name(d, u->count));
      u->count = d->sym_index[u->count];
    }
  }
  p->line = d->line;
  if (d->has_bytes && (reads_kind(d, d->bytes, UDECL_SYM_LOOP, &i) || reads_kind(d, d->bytes, UDECL_SYM_DEVICE, &i) ||
                       reads_kind(d, d->bytes, UDECL_SYM_BUF, &i)))
    return fail(p, "bytes: cannot read '%s' (bytes reads inputs' lengths and params)", udecl_name(d, i));
  return 0;
}

/* The element types: t is the first input's; the dataset's values share it, or are bool. */
static int check_types(struct ck *p)
{
  struct udecl *d = p->d;
  const struct udecl_buf *b0 = &d->bufs[0];
  int generic = 0;
  for (int b = 0; b < d->nbufs; b++)
    generic |= d->bufs[b].generic;
  p->line = b0->line;
  if (b0->generic && d->types == 0)
    return fail(p, "input %s: [..]t needs 'types: ...', the element types t may take (types: i32 u32)",
                udecl_name(d, b0->sym));
  if (!b0->generic && d->types != 0)
    return fail(p, "types: is for a first input of type t; %s is %s", udecl_name(d, b0->sym), data_type_name(b0->type));
  if (!b0->generic && generic)
    d->types = 1u << b0->type;
  for (int b = 1; b < d->nbufs; b++) {
    const struct udecl_buf *u = &d->bufs[b], *f = u->kind == UDECL_DERIVED ? &d->bufs[u->from] : b0;
    p->line = u->line;
    if (u->kind == UDECL_INPUT && !(u->generic == b0->generic && (u->generic || u->type == b0->type)) &&
        !(!u->generic && u->type == DATA_BOOL))
      return fail(p, "input %s: the dataset's values have the first one's element type, or bool (flags)",
                  udecl_name(d, u->sym));
    if (u->kind == UDECL_DERIVED && (u->generic != f->generic || (!u->generic && u->type != f->type)))
      return fail(p, "input %s: keys drawn from %s have its element type", udecl_name(d, u->sym), udecl_name(d, f->sym));
    if (u->kind == UDECL_DERIVED && u->dim != f->dim)
      return fail(p, "input %s: random_keys(%s) draws as many keys as %s has elements: write [%s]", udecl_name(d, u->sym),
                  udecl_name(d, f->sym), udecl_name(d, f->sym), udecl_name(d, f->dim));
  }
  return 0;
}

int udecl_check(struct udecl *d, const char *path, int open_for, struct ps_err *e)
{
  struct ck ck = {d, path, d->line, e}, *p = &ck;
  int launches = 0;
  p->line = d->line;
  if (d->name[0] == '\0')
    return fail(p, "this declaration has no 'entry: NAME'");
  if (d->answer[0] == '\0')
    return fail(p, "%s: no 'answer:': name the built-in entry whose reference defines the right output "
                   "(answer: bench_binary_search_random), or write 'answer: none' (timed only, unvalidated)", d->name);
  if (d->ninputs == 0 || d->noutputs == 0)
    return fail(p, "%s: a declaration needs an input (input xs: [n]i32) and an output (output out: [n]i64)", d->name);
  if (open_for > 0) {
    p->line = open_for;
    return fail(p, "for: no 'end' closes this loop");
  }
  for (int i = 0; i < d->pool.nnames; i++)
    if (d->sym[i] == UDECL_SYM_NONE)
      return undeclared(p, i);
  for (int s = 0; s < d->nsteps; s++)
    if (d->steps[s].kind == UDECL_LAUNCH && (++launches, check_args(p, &d->steps[s]) != 0))
      return -1;
  if (launches == 0) {
    p->line = d->line;
    return fail(p, "%s: no 'launch KERNEL(ARG, ...) global SIZE' line", d->name);
  }
  if (check_sizes(p) != 0 || check_types(p) != 0)
    return -1;
  d->ncombos = 1;
  for (int k = 0; k < d->nparams; k++)
    if ((d->ncombos *= d->params[k].nvalues) > UDECL_MAX_COMBOS) {
      p->line = d->params[k].line;
      return fail(p, "param: the params' values make more than %d combinations", UDECL_MAX_COMBOS);
    }
  return 0;
}

void udecl_combo(const struct udecl *d, int k, int64_t *v)
{
  for (int i = d->nparams - 1; i >= 0; i--) {
    v[i] = d->params[i].values[k % d->params[i].nvalues];
    k /= d->params[i].nvalues;
  }
}

