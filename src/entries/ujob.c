/*
** ujob.c: the phases of a user row (ujob.h). Every size comes from an
** expression of the declaration, evaluated with checks and held against the
** device's limits before anything is allocated; every loop is walked once,
** counted, before the first launch, so that no declaration makes a run that
** never ends; the first run is a trial with the declaration's timeout.
*/
#include "ujob.h"

#include "keys.h"

#include <stdlib.h>
#include <string.h>

#define UJOB_MAX_STEPS 100000           /* launches and loop turns of one run */
#define UJOB_MAX_GLOBAL ((int64_t)1 << 40) /* work-items of one launch */

struct ustate {
  cl_mem mem[UDECL_MAX_BUFS];
  size_t bytes[UDECL_MAX_BUFS];          /* its elements' */
  int64_t len[UDECL_MAX_BUFS];           /* elements */
  struct data_value keys[UDECL_MAX_BUFS]; /* derived inputs, on the host */
  cl_kernel k[UDECL_MAX_STEPS];
  struct uexpr_env env;
  int64_t hi[UDECL_MAX_STEPS];           /* for: the bound of the loop being run */
};

static const struct urow *row_of(const struct entry_job *j) { return j->entry->aux; }

/* e prefixed with the declaration's file and line: -1. */
static int at_line(const struct entry_job *j, int line, struct ps_err *e)
{
  ps_err_prefix(e, "%s:%d", row_of(j)->file->path, line);
  return -1;
}

/* A buffer's element size: t is the first input's type. */
static size_t elem_size(const struct udecl_buf *u, const struct data_value *in)
{
  return data_type_size(u->generic ? in[0].type : u->type);
}

static size_t padded(size_t bytes) { return bytes < 4 ? 4 : (bytes + 3) / 4 * 4; }

/* The names known before the runs: the inputs' lengths (inputs of one
** dimension must agree), the params, and the device's (rt not NULL). */
static int bind(const struct urow *r, const struct data_value *in, int nin, const struct rt *rt,
                struct uexpr_env *env, struct ps_err *e)
{
  const struct udecl *d = r->d;
  memset(env, 0, sizeof *env);
  env->tsize = nin > 0 ? (int64_t)data_type_size(in[0].type) : 0;
  for (int b = 0; b < d->ninputs && b < nin; b++) {
    int s = d->bufs[b].dim;
    int64_t n = (int64_t)data_value_count(&in[b]);
    if (env->set[s] && env->value[s] != n)
      return ps_fail(e, "input %s has %lld elements, but [%s] is %lld (the length of an input before it)",
                     udecl_name(d, d->bufs[b].sym), (long long)n, udecl_name(d, s), (long long)env->value[s]);
    env->value[s] = n;
    env->set[s] = 1;
  }
  for (int k = 0; k < d->nparams; k++) {
    env->value[d->params[k].sym] = r->values[k];
    env->set[d->params[k].sym] = 1;
  }
  if (rt != NULL) { /* names 0 and 1 (udecl.c) */
    env->value[0] = rt_info(rt)->compute_units;
    env->value[1] = (int64_t)rt_info(rt)->max_wg;
    env->set[0] = env->set[1] = 1;
  }
  return 0;
}

/* Each buffer's length and bytes, held against the device's largest allocation. */
static int sizes(struct entry_job *j, struct ustate *s, struct ps_err *e)
{
  const struct udecl *d = row_of(j)->d;
  uint64_t most = rt_info(j->rt)->max_alloc;
  char why[200];
  for (int b = 0; b < d->nbufs; b++) {
    const struct udecl_buf *u = &d->bufs[b];
    int64_t len = u->kind == UDECL_INPUT     ? (int64_t)data_value_count(&j->in[b])
                  : u->kind == UDECL_DERIVED ? (int64_t)data_value_count(&j->in[u->from])
                  : u->rank == 0             ? 1 : -1;
    size_t bytes;
    if (len < 0 && uexpr_eval(&d->pool, u->len, &s->env, &len, why, sizeof why) != 0) {
      ps_fail(e, "%s: its length: %s", udecl_name(d, u->sym), why);
      return at_line(j, u->line, e);
    }
    if (len < 0 || ps_mul_size((size_t)len, elem_size(u, j->in), &bytes) != 0 || (most > 0 && bytes > most)) {
      ps_fail(e, "%s: %lld elements%s, more than the device's largest allocation (%llu bytes)", udecl_name(d, u->sym),
              (long long)len, len < 0 ? " (a negative length)" : "", (unsigned long long)most);
      return at_line(j, u->line, e);
    }
    s->len[b] = len;
    s->bytes[b] = bytes;
  }
  return 0;
}

/* The device buffers: inputs uploaded, derived inputs drawn and uploaded, the rest zeroed. */
static int buffers(struct entry_job *j, struct ustate *s, struct ps_err *e)
{
  const struct udecl *d = row_of(j)->d;
  for (int b = 0; b < d->nbufs; b++) {
    const struct udecl_buf *u = &d->bufs[b];
    const void *from = u->kind == UDECL_INPUT ? j->in[b].elems : NULL;
    if ((s->mem[b] = rt_alloc(j->rt, padded(s->bytes[b]), e)) == NULL)
      return at_line(j, u->line, e);
    if (u->kind == UDECL_DERIVED) {
      if (keys_random(&j->in[u->from], u->derive == UDECL_RANDOM_KEYS_EYTZINGER, &s->keys[b], e) != 0)
        return at_line(j, u->line, e);
      from = s->keys[b].elems;
    }
    if (from != NULL ? rt_upload(j->rt, s->mem[b], from, s->bytes[b], e) != 0
                     : rt_zero(j->rt, s->mem[b], 0, padded(s->bytes[b]), e) != 0)
      return at_line(j, u->line, e);
  }
  return 0;
}

/* The outputs on the host, as long as declared (a count cuts them later). */
static int outputs(struct entry_job *j, struct ustate *s, struct ps_err *e)
{
  const struct udecl *d = row_of(j)->d;
  j->nout = 0;
  for (int b = 0; b < d->nbufs; b++) {
    const struct udecl_buf *u = &d->bufs[b];
    if (u->kind == UDECL_OUTPUT &&
        data_value_init(&j->out[j->nout++], u->generic ? j->in[0].type : u->type, u->rank, &s->len[b], e) != 0)
      return -1;
  }
  return 0;
}

/* Each launch's kernel, built from the user's file with the row's options. */
static int kernels(struct entry_job *j, struct ustate *s, struct ps_err *e)
{
  const struct urow *r = row_of(j);
  char opts[sizeof r->options + 256];
  if (r->d->types != 0) /* t: -DT, -DU, -DFLIP as psearch's kernels have them */
    entry_type_options(j->in[0].type, r->options, opts, sizeof opts);
  else
    snprintf(opts, sizeof opts, "%s", r->options);
  for (int i = 0; i < r->d->nsteps; i++) {
    const struct udecl_step *st = &r->d->steps[i];
    if (st->kind == UDECL_LAUNCH &&
        (s->k[i] = rt_kernel_file(j->rt, r->file->path, r->file->text, r->file->len, st->kernel, opts, e)) == NULL) {
      ps_err_prefix(e, "launch %s", st->kernel);
      return at_line(j, st->line, e);
    }
  }
  return 0;
}

/* What a failed clSetKernelArg or launch most likely means, after e's message. */
static void hint(struct ps_err *e)
{
  const char *h = strstr(e->msg, "CL_INVALID_ARG_SIZE") != NULL
                      ? " (a scalar is passed as a long unless written int(X), uint(X) or ulong(X))"
                  : strstr(e->msg, "CL_INVALID_ARG_INDEX") != NULL ? " (the kernel takes fewer arguments)"
                  : strstr(e->msg, "CL_INVALID_KERNEL_ARGS") != NULL ? " (the kernel takes more arguments)"
                                                                      : "";
  size_t n = strlen(e->msg);
  snprintf(e->msg + n, sizeof e->msg - n, "%s", h);
}

/* Argument a of launch step st. */
static int set_arg(struct entry_job *j, struct ustate *s, const struct udecl_step *st, cl_kernel k, int a,
                   struct ps_err *e)
{
  const struct udecl_arg *g = &st->args[a];
  const struct udecl *d = row_of(j)->d;
  char why[200];
  int64_t v;
  if (g->kind == UDECL_ARG_BUF)
    return rt_args_at(j->rt, k, a, sizeof(cl_mem), &s->mem[g->buf], e);
  if (uexpr_eval(&d->pool, g->x, &s->env, &v, why, sizeof why) != 0)
    return ps_fail(e, "argument %d: %s", a + 1, why);
  if (g->kind == UDECL_ARG_LOCAL) {
    uint64_t most = rt_info(j->rt)->local_mem;
    if (v < 1 || (most > 0 && (uint64_t)v > most))
      return ps_fail(e, "argument %d: local(%lld): the device has 1 to %llu bytes of local memory", a + 1, (long long)v,
                     (unsigned long long)most);
    return rt_args_at(j->rt, k, a, (size_t)v, NULL, e);
  }
  if ((g->ctype == UDECL_INT && (v < INT32_MIN || v > INT32_MAX)) || (g->ctype == UDECL_UINT && (v < 0 || v > UINT32_MAX)) ||
      (g->ctype == UDECL_ULONG && v < 0))
    return ps_fail(e, "argument %d: %lld does not fit its type (%s)", a + 1, (long long)v,
                   g->ctype == UDECL_INT ? "int" : g->ctype == UDECL_UINT ? "uint" : "ulong");
  if (g->ctype == UDECL_INT || g->ctype == UDECL_UINT) {
    cl_uint w = (cl_uint)(uint64_t)v;
    return rt_args_at(j->rt, k, a, sizeof w, &w, e);
  }
  {
    cl_ulong w = (cl_ulong)v;
    return rt_args_at(j->rt, k, a, sizeof w, &w, e);
  }
}

/* Launch step i: its arguments, its sizes (held against the device's), the launch. */
static int launch(struct entry_job *j, struct ustate *s, int i, struct ps_err *e)
{
  const struct udecl *d = row_of(j)->d;
  const struct udecl_step *st = &d->steps[i];
  size_t most = rt_info(j->rt)->max_wg;
  int64_t g, l = 0;
  char why[200];
  int rc = 0;
  for (int a = 0; a < st->nargs && rc == 0; a++)
    rc = set_arg(j, s, st, s->k[i], a, e);
  if (rc == 0 && (uexpr_eval(&d->pool, st->global, &s->env, &g, why, sizeof why) != 0 ||
                  (st->has_local && uexpr_eval(&d->pool, st->local, &s->env, &l, why, sizeof why) != 0)))
    rc = ps_fail(e, "%s", why);
  else if (rc == 0 && (g < 0 || g > UJOB_MAX_GLOBAL))
    rc = ps_fail(e, "global %lld: from 0 to 2^40 work-items", (long long)g);
  else if (rc == 0 && st->has_local && (l < 1 || (uint64_t)l > most))
    rc = ps_fail(e, "local %lld: the device's work-groups hold 1 to %zu work-items (max_wg)", (long long)l, most);
  else if (rc == 0)
    rc = rt_launch(j->rt, s->k[i], (size_t)g, (size_t)l, e);
  if (rc != 0) {
    hint(e);
    ps_err_prefix(e, "launch %s", st->kernel);
    return at_line(j, st->line, e);
  }
  return 0;
}

/* The steps in order, loops turned (go: launching; else only counting).
** At most UJOB_MAX_STEPS launches and loop turns. */
static int walk(struct entry_job *j, struct ustate *s, int go, struct ps_err *e)
{
  const struct udecl *d = row_of(j)->d;
  int64_t count = 0, lo;
  char why[200];
  for (int pc = 0; pc < d->nsteps;) {
    const struct udecl_step *st = &d->steps[pc];
    if (++count > UJOB_MAX_STEPS) {
      ps_fail(e, "one run would take more than %d launches and loop turns", UJOB_MAX_STEPS);
      return at_line(j, st->line, e);
    }
    if (st->kind == UDECL_LAUNCH) {
      if (go && launch(j, s, pc, e) != 0)
        return -1;
      pc++;
    } else if (st->kind == UDECL_FOR) {
      if (uexpr_eval(&d->pool, st->lo, &s->env, &lo, why, sizeof why) != 0 ||
          uexpr_eval(&d->pool, st->hi, &s->env, &s->hi[pc], why, sizeof why) != 0) {
        ps_fail(e, "for %s: %s", udecl_name(d, st->var), why);
        return at_line(j, st->line, e);
      }
      s->env.value[st->var] = lo;
      s->env.set[st->var] = lo < s->hi[pc];
      pc = lo < s->hi[pc] ? pc + 1 : st->jump + 1;
    } else {
      const struct udecl_step *f = &d->steps[st->jump];
      int again = s->env.value[f->var] + 1 < s->hi[st->jump];
      s->env.value[f->var] += again;
      s->env.set[f->var] = (unsigned char)again;
      pc = again ? st->jump + 1 : pc + 1;
    }
  }
  return 0;
}

static int cl_run(struct entry_job *j, struct ps_err *e)
{
  struct ustate *s = j->state;
  const struct udecl *d = row_of(j)->d;
  for (int b = 0; b < d->nbufs; b++)
    if (d->bufs[b].zeroed && rt_zero(j->rt, s->mem[b], 0, padded(s->bytes[b]), e) != 0)
      return at_line(j, d->bufs[b].line, e);
  return walk(j, s, 1, e);
}

static void cl_release(struct entry_job *j)
{
  struct ustate *s = j->state;
  if (s == NULL)
    return;
  for (int b = 0; b < UDECL_MAX_BUFS; b++) {
    rt_release(j->rt, s->mem[b]);
    data_value_free(&s->keys[b]);
  }
  free(s);
  j->state = NULL;
}

static int cl_prepare(struct entry_job *j, struct ps_err *e)
{
  const struct urow *r = row_of(j);
  struct ustate *s = calloc(1, sizeof *s);
  if ((j->state = s) == NULL)
    return ps_fail(e, "out of memory");
  for (int k = 0; k < r->d->nparams; k++) /* the combination's values, as the results record them */
    tune_used_set(&j->used, udecl_name(r->d, r->d->params[k].sym), r->values[k]);
  if (bind(r, j->in, j->nin, j->rt, &s->env, e) != 0 || sizes(j, s, e) != 0 || walk(j, s, 0, e) != 0 ||
      outputs(j, s, e) != 0 || buffers(j, s, e) != 0 || kernels(j, s, e) != 0)
    return -1;
  if (cl_run(j, e) != 0 || rt_finish_within(j->rt, (uint64_t)r->d->timeout_s * 1000000000u, e) != 0) {
    ps_err_prefix(e, "%s: the trial run before the timed ones (timeout: %lld s)", j->entry->name,
                  (long long)r->d->timeout_s);
    return -1;
  }
  return 0;
}

/* A count buffer's element 0, as a signed value. */
static int count_of(struct entry_job *j, struct ustate *s, int c, int64_t *v, struct ps_err *e)
{
  const struct udecl_buf *u = &row_of(j)->d->bufs[c];
  unsigned char b[8] = {0};
  size_t sz = data_type_size(u->type);
  uint64_t w = 0;
  if (rt_download(j->rt, s->mem[c], b, sz, e) != 0)
    return -1;
  memcpy(&w, b, sz); /* little-endian, as the devices psearch runs on */
  if (data_type_is_signed(u->type) && sz < 8 && (w >> (8 * sz - 1)) & 1)
    w |= ~(uint64_t)0 << (8 * sz);
  *v = (int64_t)w;
  return 0;
}

static int cl_result(struct entry_job *j, struct ps_err *e)
{
  struct ustate *s = j->state;
  const struct udecl *d = row_of(j)->d;
  int k = 0;
  for (int b = 0; b < d->nbufs; b++) {
    const struct udecl_buf *u = &d->bufs[b];
    struct data_value *v = &j->out[k];
    int64_t len = s->len[b];
    if (u->kind != UDECL_OUTPUT)
      continue;
    k++;
    if (u->count >= 0 && count_of(j, s, u->count, &len, e) != 0)
      return at_line(j, u->line, e);
    if (len < 0 || len > s->len[b]) {
      ps_fail(e, "output %s: its count %s[0] is %lld, outside 0..%lld", udecl_name(d, u->sym),
              udecl_name(d, d->bufs[u->count].sym), (long long)len, (long long)s->len[b]);
      return at_line(j, u->line, e);
    }
    if (u->rank == 1)
      v->shape[0] = len;
    if (rt_download(j->rt, s->mem[b], v->elems, (size_t)len * elem_size(u, j->in), e) != 0)
      return at_line(j, u->line, e);
  }
  return 0;
}

const struct entry_impl ujob_opencl = {cl_prepare, cl_run, cl_result, cl_release};

static int host_prepare(struct entry_job *j, struct ps_err *e)
{
  return ps_fail(e, "%s is a user kernel: it runs on an OpenCL device (--backend=opencl); the %s backend computes "
                    "its reference", j->entry->name, backend_name(j->backend));
}

static int host_none(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  return ps_fail(e, "a user kernel runs on an OpenCL device only");
}

static void host_release(struct entry_job *j) { (void)j; }

const struct entry_impl ujob_host = {host_prepare, host_none, host_none, host_release};

uint64_t ujob_bytes(const struct entry *en, const struct data_value *in, int nin)
{
  const struct urow *r = en->aux;
  struct uexpr_env env;
  struct ps_err e;
  char why[200];
  int64_t v;
  if (!r->d->has_bytes || bind(r, in, nin, NULL, &env, &e) != 0 ||
      uexpr_eval(&r->d->pool, r->d->bytes, &env, &v, why, sizeof why) != 0 || v < 0)
    return 0;
  return (uint64_t)v;
}
