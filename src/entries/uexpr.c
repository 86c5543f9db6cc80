/*
** uexpr.c: a declaration's integer expressions (uexpr.h): a recursive
** descent parser, bounded in depth and in steps, into postfix steps, and
** their checked evaluation.
*/
#include "uexpr.h"

#include "data.h"
#include "opt.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct px {
  struct uexpr_pool *p;
  const char *s, *end;
  int depth, start;
  char *why;
  size_t nwhy;
};

static int fail(struct px *x, const char *fmt, ...) PS_PRINTF(2, 3);
static int fail(struct px *x, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x->why, x->nwhy, fmt, ap);
  va_end(ap);
  return -1;
}

/* Where x is, for messages: "at 'TEXT'" (printable ASCII only) or "at the end". */
static const char *where(const struct px *x, char *buf, size_t n)
{
  size_t k = 0;
  while (x->s + k < x->end && k < 12 && x->s[k] >= ' ' && x->s[k] < 127)
    k++;
  if (x->s >= x->end)
    snprintf(buf, n, "at the end");
  else if (k == 0)
    snprintf(buf, n, "at byte 0x%02x", (unsigned)(unsigned char)*x->s);
  else
    snprintf(buf, n, "at '%.*s'", (int)k, x->s);
  return buf;
}

static void ws(struct px *x)
{
  while (x->s < x->end && (*x->s == ' ' || *x->s == '\t' || *x->s == '\r'))
    x->s++;
}

static int emit(struct px *x, unsigned char op, int64_t v)
{
  if (x->p->n >= UEXPR_POOL)
    return fail(x, "the declaration's expressions are too long (%d steps in all at most)", UEXPR_POOL);
  if (x->p->n - x->start >= UEXPR_MAX_STEPS)
    return fail(x, "an expression of more than %d steps", UEXPR_MAX_STEPS);
  x->p->step[x->p->n].v = v;
  x->p->step[x->p->n++].op = op;
  return 0;
}

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

int uexpr_name(struct uexpr_pool *p, const char *name, size_t len)
{
  if (len == 0 || len >= UEXPR_NAME_MAX)
    return -1;
  for (int i = 0; i < p->nnames; i++)
    if (strlen(p->name[i]) == len && memcmp(p->name[i], name, len) == 0)
      return i;
  if (p->nnames == UEXPR_MAX_NAMES)
    return -1;
  memcpy(p->name[p->nnames], name, len);
  p->name[p->nnames][len] = '\0';
  return p->nnames++;
}

static int expr(struct px *x);

static const struct {
  const char *name;
  int arity;
  unsigned char op;
} funcs[] = {{"min", 2, UEXPR_MIN},           {"max", 2, UEXPR_MAX},          {"log2", 1, UEXPR_LOG2},
             {"pow2", 1, UEXPR_POW2},         {"ceil_div", 2, UEXPR_CEIL_DIV}, {"round_up", 2, UEXPR_ROUND_UP},
             {"sizeof", 1, UEXPR_TSIZE}};
#define NFUNCS (sizeof funcs / sizeof funcs[0])

/* sizeof(TYPE): a constant, or sizeof(t) from the environment; after "sizeof(". */
static int sizeof_type(struct px *x)
{
  const char *w = x->s;
  enum data_type t;
  char at[40];
  while (x->s < x->end && (is_alpha(*x->s) || is_digit(*x->s)))
    x->s++;
  if (x->s - w == 1 && *w == 't')
    return emit(x, UEXPR_TSIZE, 0);
  if (x->s == w || data_type_parse(w, (size_t)(x->s - w), &t) != 0) {
    x->s = w;
    return fail(x, "sizeof takes a type (i8 ... u64, f16, f32, f64, bool, or t) %s", where(x, at, sizeof at));
  }
  return emit(x, UEXPR_CONST, (int64_t)data_type_size(t));
}

/* name(ARGS): after the name and '('. */
static int call(struct px *x, const char *name, size_t len)
{
  size_t f = 0;
  char at[40];
  while (f < NFUNCS && !(strlen(funcs[f].name) == len && memcmp(funcs[f].name, name, len) == 0))
    f++;
  if (f == NFUNCS)
    return fail(x, "unknown function '%.*s' (min, max, log2, pow2, ceil_div, round_up, sizeof)", (int)len, name);
  ws(x);
  if (funcs[f].op == UEXPR_TSIZE ? sizeof_type(x) != 0 : expr(x) != 0)
    return -1;
  for (int k = 1; k < funcs[f].arity; k++) {
    ws(x);
    if (x->s >= x->end || *x->s != ',')
      return fail(x, "%s takes %d arguments: expected ',' %s", funcs[f].name, funcs[f].arity, where(x, at, sizeof at));
    x->s++;
    if (expr(x) != 0)
      return -1;
  }
  ws(x);
  if (x->s >= x->end || *x->s != ')')
    return fail(x, "%s takes %d argument%s: expected ')' %s", funcs[f].name, funcs[f].arity,
                funcs[f].arity > 1 ? "s" : "", where(x, at, sizeof at));
  x->s++;
  return funcs[f].op == UEXPR_TSIZE ? 0 : emit(x, funcs[f].op, 0);
}

/* A decimal integer (at most 19 digits, checked). */
static int number(struct px *x)
{
  const char *d = x->s;
  char buf[24];
  int64_t v;
  while (x->s < x->end && is_digit(*x->s))
    x->s++;
  if (x->s - d > 19 || is_alpha(x->s < x->end ? *x->s : ' '))
    return fail(x, "'%.*s%s' is not an integer of at most 19 digits", (int)(x->s - d > 20 ? 20 : x->s - d), d,
                x->s - d > 20 ? "..." : "");
  snprintf(buf, sizeof buf, "%.*s", (int)(x->s - d), d);
  if (opt_parse_i64(buf, &v) != 0)
    return fail(x, "%s does not fit a 64-bit integer", buf);
  return emit(x, UEXPR_CONST, v);
}

static int primary(struct px *x)
{
  char at[40];
  ws(x);
  if (x->s < x->end && is_digit(*x->s))
    return number(x);
  if (x->s < x->end && *x->s == '(') {
    x->s++;
    if (expr(x) != 0)
      return -1;
    ws(x);
    if (x->s >= x->end || *x->s != ')')
      return fail(x, "expected ')' %s", where(x, at, sizeof at));
    x->s++;
    return 0;
  }
  if (x->s < x->end && is_alpha(*x->s)) {
    const char *w = x->s;
    size_t len;
    int i;
    while (x->s < x->end && (is_alpha(*x->s) || is_digit(*x->s)))
      x->s++;
    len = (size_t)(x->s - w);
    ws(x);
    if (x->s < x->end && *x->s == '(') {
      x->s++;
      return call(x, w, len);
    }
    if ((i = uexpr_name(x->p, w, len)) < 0)
      return fail(x, "'%.*s': a name of at most %d characters, and at most %d names in a declaration",
                  (int)(len > 40 ? 40 : len), w, UEXPR_NAME_MAX - 1, UEXPR_MAX_NAMES);
    return emit(x, UEXPR_NAME, i);
  }
  return fail(x, "expected a number, a name or '(' %s", where(x, at, sizeof at));
}

/* unary := '-' unary | primary ['**' unary] (so -2**2 is -(2**2)). */
static int unary(struct px *x)
{
  int rc;
  if (++x->depth > UEXPR_MAX_DEPTH)
    return fail(x, "an expression nested more than %d deep", UEXPR_MAX_DEPTH);
  ws(x);
  if (x->s < x->end && *x->s == '-') {
    x->s++;
    rc = unary(x) != 0 ? -1 : emit(x, UEXPR_NEG, 0);
  } else if ((rc = primary(x)) == 0) {
    ws(x);
    if (x->end - x->s >= 2 && x->s[0] == '*' && x->s[1] == '*') {
      x->s += 2;
      rc = unary(x) != 0 ? -1 : emit(x, UEXPR_POW, 0);
    }
  }
  x->depth--;
  return rc;
}

static int term(struct px *x)
{
  if (unary(x) != 0)
    return -1;
  for (;;) {
    unsigned char op;
    ws(x);
    if (x->s >= x->end || (*x->s != '*' && *x->s != '/' && *x->s != '%') ||
        (x->end - x->s >= 2 && x->s[0] == '*' && x->s[1] == '*'))
      return 0;
    op = *x->s == '*' ? UEXPR_MUL : *x->s == '/' ? UEXPR_DIV : UEXPR_MOD;
    x->s++;
    if (unary(x) != 0 || emit(x, op, 0) != 0)
      return -1;
  }
}

static int expr(struct px *x)
{
  int rc = 0;
  if (++x->depth > UEXPR_MAX_DEPTH)
    return fail(x, "an expression nested more than %d deep", UEXPR_MAX_DEPTH);
  if (term(x) != 0)
    rc = -1;
  while (rc == 0) {
    unsigned char op;
    ws(x);
    if (x->s >= x->end || (*x->s != '+' && *x->s != '-'))
      break;
    op = *x->s == '+' ? UEXPR_ADD : UEXPR_SUB;
    x->s++;
    if (term(x) != 0 || emit(x, op, 0) != 0)
      rc = -1;
  }
  x->depth--;
  return rc;
}

int uexpr_parse(struct uexpr_pool *p, const char **s, const char *end, struct uexpr *x, char *why,
                size_t nwhy)
{
  struct px px = {p, *s, end, 0, p->n, why, nwhy};
  int n0 = p->n;
  if (expr(&px) != 0) {
    p->n = n0;
    return -1;
  }
  x->start = (uint16_t)n0;
  x->n = (uint16_t)(p->n - n0);
  *s = px.s;
  return 0;
}

/* ---- evaluation ---- */

static int efail(char *why, size_t n, const char *msg, const struct uexpr_pool *p, int name)
{
  snprintf(why, n, "%s%s%s", name >= 0 ? p->name[name] : "", name >= 0 ? ": " : "", msg);
  return -1;
}

/* a ** b, checked. */
static int power(int64_t a, int64_t b, int64_t *r)
{
  int64_t v = 1;
  if (b < 0)
    return -1;
  if (a == 0 || a == 1)
    *r = b == 0 ? 1 : a;
  else if (a == -1)
    *r = b % 2 ? -1 : 1;
  else {
    for (int64_t k = 0; k < b; k++)
      if (__builtin_mul_overflow(v, a, &v))
        return -1;
    *r = v;
  }
  return 0;
}

/* One two-operand step: r = a OP b; a message in *msg on failure. */
static int binary(unsigned char op, int64_t a, int64_t b, int64_t *r, const char **msg)
{
  int bad = 0;
  *msg = "overflows a 64-bit integer";
  switch (op) {
  case UEXPR_ADD: bad = __builtin_add_overflow(a, b, r); break;
  case UEXPR_SUB: bad = __builtin_sub_overflow(a, b, r); break;
  case UEXPR_MUL: bad = __builtin_mul_overflow(a, b, r); break;
  case UEXPR_MIN: *r = a < b ? a : b; break;
  case UEXPR_MAX: *r = a > b ? a : b; break;
  case UEXPR_POW:
    *msg = "** overflows a 64-bit integer, or has a negative exponent";
    bad = power(a, b, r);
    break;
  case UEXPR_DIV:
  case UEXPR_MOD:
    *msg = b == 0 ? "division by zero" : "overflows a 64-bit integer";
    bad = b == 0 || (a == INT64_MIN && b == -1);
    if (!bad)
      *r = op == UEXPR_DIV ? a / b : a % b;
    break;
  default: /* ceil_div, round_up */
    *msg = "ceil_div and round_up take a >= 0 and b > 0";
    bad = a < 0 || b <= 0;
    if (!bad)
      *r = a / b + (a % b != 0);
    if (!bad && op == UEXPR_ROUND_UP) {
      *msg = "round_up overflows a 64-bit integer";
      bad = __builtin_mul_overflow(*r, b, r);
    }
  }
  return bad ? -1 : 0;
}

/* One step of one operand (neg, log2, pow2) on *v. */
static int unary_step(unsigned char op, int64_t *v)
{
  if (op == UEXPR_NEG)
    return *v == INT64_MIN ? -1 : (*v = -*v, 0);
  if (op == UEXPR_LOG2) {
    *v = *v < 2 ? 0 : 63 - __builtin_clzll((unsigned long long)*v);
    return 0;
  }
  if (*v > ((int64_t)1 << 62))
    return -1;
  *v = *v < 2 ? 1 : (int64_t)((uint64_t)1 << (64 - __builtin_clzll((unsigned long long)(*v - 1))));
  return 0;
}

int uexpr_eval(const struct uexpr_pool *p, struct uexpr x, const struct uexpr_env *env, int64_t *out,
               char *why, size_t nwhy)
{
  int64_t st[UEXPR_MAX_STEPS];
  int sp = 0;
  const char *msg = "";
  if (x.n == 0 || x.n > UEXPR_MAX_STEPS || (int)x.start + x.n > p->n)
    return efail(why, nwhy, "no expression", p, -1);
  for (int i = x.start; i < x.start + x.n; i++) {
    const struct uexpr_step *s = &p->step[i];
    if (s->op <= UEXPR_TSIZE) {
      if (s->op == UEXPR_NAME && (s->v < 0 || s->v >= p->nnames || !env->set[s->v]))
        return efail(why, nwhy, "has no value here", p, s->v >= 0 && s->v < p->nnames ? (int)s->v : -1);
      st[sp++] = s->op == UEXPR_CONST ? s->v : s->op == UEXPR_TSIZE ? env->tsize : env->value[s->v];
    } else if (s->op <= UEXPR_POW2) {
      if (sp < 1 || unary_step(s->op, &st[sp - 1]) != 0)
        return efail(why, nwhy, sp < 1 ? "a malformed expression" : "overflows a 64-bit integer", p, -1);
    } else {
      if (sp < 2 || binary(s->op, st[sp - 2], st[sp - 1], &st[sp - 2], &msg) != 0)
        return efail(why, nwhy, sp < 2 ? "a malformed expression" : msg, p, -1);
      sp--;
    }
  }
  if (sp != 1)
    return efail(why, nwhy, "a malformed expression", p, -1);
  *out = st[0];
  return 0;
}

int uexpr_reads(const struct uexpr_pool *p, struct uexpr x, int i)
{
  for (int k = x.start; k < x.start + x.n && k < p->n; k++)
    if (p->step[k].op == UEXPR_NAME && p->step[k].v == i)
      return 1;
  return 0;
}
