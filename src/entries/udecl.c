/*
** udecl.c: the declaration parser (udecl.h). The file's text is scanned for
** blocks opened by a comment whose first word is "psearch:"; each block is
** read a line at a time, each line one statement, into a struct udecl; the
** block's names, types and loops are checked together at its end.
*/
#include "udecl.h"

#include "opt.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The parser's place: the declaration, the file, the line being read. */
struct dp {
  struct udecl *d;
  const char *path;
  int line;
  const char *s, *end; /* the rest of the line */
  struct ps_err *e;
  int open[UDECL_MAX_DEPTH]; /* the for steps not yet ended */
  int depth;
};

static int fail(struct dp *p, const char *fmt, ...) PS_PRINTF(2, 3);
static int fail(struct dp *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  ps_vfail_at(p->e, p->path, p->line, fmt, ap);
  va_end(ap);
  return -1;
}

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_alnum(char c) { return is_alpha(c) || (c >= '0' && c <= '9'); }

static void ws(struct dp *p)
{
  while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\r'))
    p->s++;
}

/* An identifier at the cursor into buf (n bytes); its length, 0 when none or too long. */
static size_t ident(struct dp *p, char *buf, size_t n)
{
  const char *w;
  ws(p);
  w = p->s;
  buf[0] = '\0';
  if (p->s >= p->end || !is_alpha(*p->s))
    return 0;
  while (p->s < p->end && is_alnum(*p->s))
    p->s++;
  if ((size_t)(p->s - w) >= n) {
    p->s = w;
    return 0;
  }
  memcpy(buf, w, (size_t)(p->s - w));
  buf[p->s - w] = '\0';
  return (size_t)(p->s - w);
}

/* The character c next (after blanks): consumed, 1; else 0. */
static int accept(struct dp *p, char c)
{
  ws(p);
  if (p->s < p->end && *p->s == c) {
    p->s++;
    return 1;
  }
  return 0;
}

/* The word w next (a whole word): consumed, 1; else 0. */
static int accept_word(struct dp *p, const char *w)
{
  size_t n = strlen(w);
  ws(p);
  if ((size_t)(p->end - p->s) >= n && memcmp(p->s, w, n) == 0 && (p->s + n == p->end || !is_alnum(p->s[n]))) {
    p->s += n;
    return 1;
  }
  return 0;
}

/* What is at the cursor, for messages: "'TEXT'" (printable ASCII only) or "the end of the line". */
static const char *here(const struct dp *p, char *buf, size_t n)
{
  size_t k = 0;
  while (p->s + k < p->end && k < 20 && p->s[k] >= ' ' && p->s[k] < 127)
    k++;
  if (p->s >= p->end)
    snprintf(buf, n, "the end of the line");
  else if (k == 0)
    snprintf(buf, n, "byte 0x%02x", (unsigned)(unsigned char)*p->s);
  else
    snprintf(buf, n, "'%.*s'", (int)k, p->s);
  return buf;
}

static int end_of_line(struct dp *p, const char *what)
{
  char at[48];
  ws(p);
  return p->s < p->end ? fail(p, "%s: unexpected %s at the end of the line", what, here(p, at, sizeof at)) : 0;
}

const char *udecl_name(const struct udecl *d, int i)
{
  return i >= 0 && i < d->pool.nnames ? d->pool.name[i] : "?";
}

/* ---- names ---- */

/* Record where names first appear (those added since `before`). */
static void first_used(struct dp *p, int before)
{
  for (int i = before; i < p->d->pool.nnames; i++)
    if (p->d->sym_line[i] == 0)
      p->d->sym_line[i] = p->line;
}

/* Declare name (an identifier) as kind; a dimension may be bound again, a
** loop variable again once its loop has ended. Its index, or -1. */
static int declare(struct dp *p, const char *name, enum udecl_sym kind)
{
  struct udecl *d = p->d;
  int i = uexpr_name(&d->pool, name, strlen(name));
  if (i < 0)
    return fail(p, "'%s': at most %d names in a declaration, each of at most %d characters", name, UEXPR_MAX_NAMES,
                UEXPR_NAME_MAX - 1);
  if (strcmp(name, "t") == 0)
    return fail(p, "'t' names the element type; choose another name");
  if (d->sym[i] == UDECL_SYM_DEVICE || (d->sym[i] != UDECL_SYM_NONE && !(d->sym[i] == kind && kind == UDECL_SYM_DIM) &&
                                        !(d->sym[i] == kind && kind == UDECL_SYM_LOOP)))
    return fail(p, "'%s' is already declared (line %d); every name is one thing", name, d->sym_line[i]);
  if (d->sym[i] == UDECL_SYM_NONE && d->sym_line[i] != 0 && kind == UDECL_SYM_LOOP)
    return fail(p, "'%s' is used on line %d, outside its loop", name, d->sym_line[i]);
  if (d->sym[i] == UDECL_SYM_NONE || kind != UDECL_SYM_DIM)
    d->sym_line[i] = p->line;
  d->sym[i] = (unsigned char)kind;
  return i;
}

/* Whether loop variable i is inside an open loop. */
static int loop_open(const struct dp *p, int i)
{
  for (int k = 0; k < p->depth; k++)
    if (p->d->steps[p->open[k]].var == i)
      return 1;
  return 0;
}

/* An expression at the cursor into *x; its names' first use recorded, and a
** loop variable outside its loop refused. 0, or -1 with e set. */
static int expression(struct dp *p, struct uexpr *x, const char *what)
{
  char why[200];
  int before = p->d->pool.nnames;
  if (uexpr_parse(&p->d->pool, &p->s, p->end, x, why, sizeof why) != 0)
    return fail(p, "%s: %s", what, why);
  first_used(p, before);
  for (int i = 0; i < p->d->pool.nnames; i++)
    if (p->d->sym[i] == UDECL_SYM_LOOP && uexpr_reads(&p->d->pool, *x, i) && !loop_open(p, i))
      return fail(p, "%s: the loop variable '%s' is used outside its loop", what, udecl_name(p->d, i));
  return 0;
}

/* ---- types ---- */

/* TYPE at the cursor: t (generic) or a type name. */
static int elem_type(struct dp *p, struct udecl_buf *b)
{
  char w[16], at[48];
  const char *s0 = p->s;
  if (ident(p, w, sizeof w) == 1 && w[0] == 't') {
    b->generic = 1;
    return 0;
  }
  if (w[0] != '\0' && data_type_parse(w, strlen(w), &b->type) == 0)
    return 0;
  p->s = s0;
  ws(p);
  return fail(p, "expected an element type (i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64, bool, or t for "
                 "the first input's) at %s", here(p, at, sizeof at));
}

/* A new buffer `NAME:` of kind k, its name declared. */
static struct udecl_buf *new_buf(struct dp *p, enum udecl_buf_kind k, const char *stmt)
{
  char name[UEXPR_NAME_MAX], at[48];
  struct udecl_buf *b;
  int sym;
  if (p->d->nbufs == UDECL_MAX_BUFS) {
    fail(p, "at most %d inputs, outputs and scratch buffers", UDECL_MAX_BUFS);
    return NULL;
  }
  if (ident(p, name, sizeof name) == 0) {
    fail(p, "%s: expected a name at %s: %s NAME: [LENGTH]TYPE", stmt, here(p, at, sizeof at), stmt);
    return NULL;
  }
  if ((sym = declare(p, name, UDECL_SYM_BUF)) < 0)
    return NULL;
  if (!accept(p, ':')) {
    fail(p, "%s %s: expected ':' at %s: %s %s: [LENGTH]TYPE", stmt, name, here(p, at, sizeof at), stmt, name);
    return NULL;
  }
  b = &p->d->bufs[p->d->nbufs];
  memset(b, 0, sizeof *b);
  b->sym = sym;
  b->kind = k;
  b->rank = 1;
  b->count = -1;
  b->line = p->line;
  p->d->sym_index[sym] = p->d->nbufs++;
  return b;
}

/* input NAME: [DIM]TYPE [sorted | eytzinger] [= random_keys(INPUT) | random_keys_eytzinger(INPUT)] */
static int st_input(struct dp *p)
{
  struct udecl_buf *b = new_buf(p, UDECL_INPUT, "input");
  char dim[UEXPR_NAME_MAX], w[32], at[48];
  if (b == NULL)
    return -1;
  if (!accept(p, '[') || ident(p, dim, sizeof dim) == 0 || !accept(p, ']'))
    return fail(p, "input: expected [NAME] (the name of its length: input xs: [n]i32) at %s", here(p, at, sizeof at));
  if ((b->dim = declare(p, dim, UDECL_SYM_DIM)) < 0 || elem_type(p, b) != 0)
    return -1;
  while (accept_word(p, "sorted") || accept_word(p, "eytzinger")) {
    if (p->d->nbufs != 1)
      return fail(p, "input: only the first input may be sorted or eytzinger (as a suite's random sorted input)");
    p->d->layout |= p->s[-1] == 'd' ? UDECL_SORTED : UDECL_EYTZINGER;
  }
  if (accept(p, '=')) {
    b->kind = UDECL_DERIVED;
    if (ident(p, w, sizeof w) == 0 || (strcmp(w, "random_keys") != 0 && strcmp(w, "random_keys_eytzinger") != 0) ||
        !accept(p, '('))
      return fail(p, "input: a derived input is random_keys(INPUT) or random_keys_eytzinger(INPUT) (the keys "
                     "psearch's *_random searches draw)");
    b->derive = strcmp(w, "random_keys") == 0 ? UDECL_RANDOM_KEYS : UDECL_RANDOM_KEYS_EYTZINGER;
    b->from = -1;
    if (ident(p, w, sizeof w) > 0)
      for (int i = 0; i < p->d->nbufs - 1; i++)
        if (p->d->bufs[i].kind == UDECL_INPUT && strcmp(udecl_name(p->d, p->d->bufs[i].sym), w) == 0)
          b->from = i;
    if (b->from < 0 || !accept(p, ')'))
      return fail(p, "input: %s(INPUT) names an input declared above it", w);
  } else if (p->d->ninputs++ == UDECL_MAX_INPUTS) {
    return fail(p, "input: at most %d dataset values", UDECL_MAX_INPUTS);
  }
  if (b->kind == UDECL_INPUT && p->d->ninputs != p->d->nbufs)
    return fail(p, "input: the dataset's values come first, before derived inputs, outputs and scratch");
  return end_of_line(p, "input");
}

/* output NAME: [LENGTH]TYPE [zeroed] [count SCRATCH] | output NAME: TYPE [zeroed];
** scratch NAME: [LENGTH]TYPE [zeroed] */
static int st_buffer(struct dp *p, enum udecl_buf_kind k)
{
  const char *stmt = k == UDECL_OUTPUT ? "output" : "scratch";
  struct udecl_buf *b = new_buf(p, k, stmt);
  char at[48], cnt[UEXPR_NAME_MAX];
  if (b == NULL)
    return -1;
  if (k == UDECL_OUTPUT && ++p->d->noutputs > UDECL_MAX_OUTPUTS)
    return fail(p, "output: at most %d outputs", UDECL_MAX_OUTPUTS);
  if (accept(p, '[')) {
    const char *s0 = p->s;
    if (expression(p, &b->len, stmt) != 0)
      return -1;
    while (s0 < p->s && (*s0 == ' ' || *s0 == '\t'))
      s0++;
    snprintf(b->len_text, sizeof b->len_text, "%.*s", (int)(p->s - s0), s0);
    if (!accept(p, ']'))
      return fail(p, "%s: expected ']' after the length at %s", stmt, here(p, at, sizeof at));
  } else if (k == UDECL_OUTPUT) {
    b->rank = 0;
  } else {
    return fail(p, "scratch: expected [LENGTH] at %s: scratch tmp: [n]i32", here(p, at, sizeof at));
  }
  if (elem_type(p, b) != 0)
    return -1;
  for (;;) {
    if (accept_word(p, "zeroed"))
      b->zeroed = 1;
    else if (k == UDECL_OUTPUT && b->rank == 1 && accept_word(p, "count")) {
      if (ident(p, cnt, sizeof cnt) == 0)
        return fail(p, "output: count names a scratch buffer whose element 0 is the output's length");
      b->count = uexpr_name(&p->d->pool, cnt, strlen(cnt));
      first_used(p, b->count < 0 ? p->d->pool.nnames : b->count);
      if (b->count < 0)
        return fail(p, "output: '%s': too many names", cnt);
    } else
      break;
  }
  return end_of_line(p, stmt);
}

/* param NAME = V, V, ... */
static int st_param(struct dp *p)
{
  struct udecl_param *q = &p->d->params[p->d->nparams];
  char name[UEXPR_NAME_MAX], at[48];
  if (p->d->nparams == UDECL_MAX_PARAMS)
    return fail(p, "param: at most %d params", UDECL_MAX_PARAMS);
  if (ident(p, name, sizeof name) == 0 || !accept(p, '='))
    return fail(p, "param: expected NAME = VALUE, VALUE, ... (param WG = 64, 128, 256)");
  memset(q, 0, sizeof *q);
  if ((q->sym = declare(p, name, UDECL_SYM_PARAM)) < 0)
    return -1;
  q->line = p->line;
  do {
    const char *d = p->s;
    char num[24];
    ws(p);
    d = p->s;
    while (p->s < p->end && (is_alnum(*p->s) || *p->s == '-'))
      p->s++;
    snprintf(num, sizeof num, "%.*s", (int)(p->s - d < 23 ? p->s - d : 23), d);
    if (q->nvalues == UDECL_MAX_VALUES)
      return fail(p, "param %s: at most %d values", name, UDECL_MAX_VALUES);
    if (opt_parse_i64(num, &q->values[q->nvalues]) != 0 || p->s - d > 20) {
      p->s = d;
      return fail(p, "param %s: expected an integer at %s", name, here(p, at, sizeof at));
    }
    for (int i = 0; i < q->nvalues; i++)
      if (q->values[i] == q->values[q->nvalues])
        return fail(p, "param %s: the value %lld is given twice", name, (long long)q->values[i]);
    q->nvalues++;
  } while (accept(p, ','));
  p->d->sym_index[q->sym] = p->d->nparams++;
  return end_of_line(p, "param");
}

/* One launch argument: a buffer's name, local(BYTES), int(X), uint(X), long(X), ulong(X), or X (long). */
static int launch_arg(struct dp *p, struct udecl_arg *a)
{
  static const char *const casts[] = {"long", "ulong", "int", "uint", "local"};
  const char *s0;
  ws(p);
  s0 = p->s;
  a->kind = UDECL_ARG_SCALAR;
  a->ctype = UDECL_LONG;
  for (int c = 0; c < 5; c++)
    if (accept_word(p, casts[c]) && accept(p, '(')) {
      a->kind = c == 4 ? UDECL_ARG_LOCAL : UDECL_ARG_SCALAR;
      a->ctype = c == 4 ? UDECL_LONG : (enum udecl_ctype)c;
      if (expression(p, &a->x, "launch") != 0)
        return -1;
      return accept(p, ')') ? 0 : fail(p, "launch: expected ')' after %s(...)", casts[c]);
    } else {
      p->s = s0;
    }
  return expression(p, &a->x, "launch"); /* a single name of a buffer becomes a buffer argument at the end */
}

/* launch KERNEL(ARG, ...) global SIZE [local SIZE] */
static int st_launch(struct dp *p, struct udecl_step *st)
{
  char at[48];
  if (ident(p, st->kernel, sizeof st->kernel) == 0)
    return fail(p, "launch: expected the kernel's name at %s: launch KERNEL(ARG, ...) global SIZE [local SIZE]",
                here(p, at, sizeof at));
  if (!accept(p, '('))
    return fail(p, "launch %s: expected '(' and its arguments at %s", st->kernel, here(p, at, sizeof at));
  if (!accept(p, ')'))
    do {
      if (st->nargs == UDECL_MAX_ARGS)
        return fail(p, "launch %s: at most %d arguments", st->kernel, UDECL_MAX_ARGS);
      if (launch_arg(p, &st->args[st->nargs++]) != 0)
        return -1;
    } while (accept(p, ','));
  else
    p->s--;
  if (!accept(p, ')'))
    return fail(p, "launch %s: expected ',' or ')' at %s", st->kernel, here(p, at, sizeof at));
  if (!accept_word(p, "global"))
    return fail(p, "launch %s: expected 'global SIZE' (the work-items) at %s", st->kernel, here(p, at, sizeof at));
  if (expression(p, &st->global, "launch global") != 0)
    return -1;
  if (accept_word(p, "local")) {
    st->has_local = 1;
    if (expression(p, &st->local, "launch local") != 0)
      return -1;
  }
  return end_of_line(p, "launch");
}

/* for VAR in LO..HI (HI excluded) */
static int st_for(struct dp *p, struct udecl_step *st)
{
  char var[UEXPR_NAME_MAX];
  if (p->depth == UDECL_MAX_DEPTH)
    return fail(p, "for: loops nest at most %d deep", UDECL_MAX_DEPTH);
  if (ident(p, var, sizeof var) == 0 || !accept_word(p, "in"))
    return fail(p, "for: expected 'for VAR in LO..HI' (HI excluded: for pass in 0..4 runs 0, 1, 2, 3)");
  if (expression(p, &st->lo, "for") != 0)
    return -1;
  if (!accept(p, '.') || p->s >= p->end || *p->s++ != '.')
    return fail(p, "for %s: expected LO..HI", var);
  if (expression(p, &st->hi, "for") != 0 || (st->var = declare(p, var, UDECL_SYM_LOOP)) < 0)
    return -1; /* bounds that read var itself: var used before its loop (declare) */
  p->open[p->depth++] = p->d->nsteps - 1;
  return end_of_line(p, "for");
}

/* launch, for, end: a step. */
static int st_step(struct dp *p, enum udecl_step_kind k)
{
  struct udecl_step *st = &p->d->steps[p->d->nsteps];
  if (p->d->nsteps == UDECL_MAX_STEPS)
    return fail(p, "at most %d launches, for and end lines", UDECL_MAX_STEPS);
  memset(st, 0, sizeof *st);
  st->kind = k;
  st->line = p->line;
  p->d->nsteps++;
  if (k == UDECL_LAUNCH)
    return st_launch(p, st);
  if (k == UDECL_FOR)
    return st_for(p, st);
  if (p->depth == 0)
    return fail(p, "end: no loop is open");
  st->jump = p->open[--p->depth];
  p->d->steps[st->jump].jump = p->d->nsteps - 1;
  return end_of_line(p, "end");
}

/* ---- key: value statements ---- */

/* The rest of the line into buf (n bytes): printable ASCII (or UTF-8 for desc) only. */
static int rest(struct dp *p, const char *key, char *buf, size_t n, int options)
{
  size_t len;
  ws(p);
  len = (size_t)(p->end - p->s);
  if (len == 0)
    return fail(p, "%s: expected a value after '%s:'", key, key);
  if (len >= n)
    return fail(p, "%s: at most %zu characters", key, n - 1);
  for (size_t i = 0; i < len; i++)
    if ((unsigned char)p->s[i] < ' ' || p->s[i] == 127 ||
        (options && ((unsigned char)p->s[i] > 126 || strchr("\"'`\\$;|&<>", p->s[i]) != NULL)))
      return fail(p, "%s: byte 0x%02x is not allowed here%s", key, (unsigned)(unsigned char)p->s[i],
                  options ? " (build options are words such as -DX=1 -cl-fast-relaxed-math)" : "");
  memcpy(buf, p->s, len);
  buf[len] = '\0';
  p->s = p->end;
  return 0;
}

/* types: TYPE [TYPE...] (commas optional) */
static int st_types(struct dp *p)
{
  struct udecl_buf b;
  if (p->d->types != 0)
    return fail(p, "types: given twice");
  do {
    memset(&b, 0, sizeof b);
    if (elem_type(p, &b) != 0)
      return -1;
    if (b.generic)
      return fail(p, "types: lists the types t may take (types: i32 u32)");
    p->d->types |= 1u << b.type;
    accept(p, ',');
    ws(p);
  } while (p->s < p->end);
  return 0;
}

static int st_timeout(struct dp *p)
{
  char num[24];
  ws(p);
  snprintf(num, sizeof num, "%.*s", (int)(p->end - p->s < 23 ? p->end - p->s : 23), p->s);
  if (p->end - p->s > 20 || opt_parse_i64(num, &p->d->timeout_s) != 0 || p->d->timeout_s < 1 ||
      p->d->timeout_s > 86400)
    return fail(p, "timeout: expected whole seconds from 1 to 86400 (the longest one run may take)");
  p->s = p->end;
  return 0;
}

/* work:, span: (text), bytes: (an expression; its text kept too) */
static int st_cost(struct dp *p, const char *key, char *text)
{
  const char *s0;
  if (text[0] != '\0')
    return fail(p, "%s: given twice", key);
  ws(p);
  s0 = p->s;
  if (rest(p, key, text, UDECL_TEXT_MAX, 0) != 0)
    return -1;
  p->s = s0;
  if (strcmp(key, "bytes") == 0) {
    p->d->has_bytes = 1;
    return expression(p, &p->d->bytes, key) != 0 ? -1 : end_of_line(p, key);
  }
  {
    struct uexpr x; /* work and span are shown as written, but must read as expressions */
    return expression(p, &x, key) != 0 ? -1 : end_of_line(p, key);
  }
}

/* entry:, answer:, desc:, types:, build:, work:, span:, bytes:, timeout: */
static int st_key(struct dp *p, const char *key)
{
  struct udecl *d = p->d;
  char at[48];
  if (strcmp(key, "entry") == 0 || strcmp(key, "answer") == 0) {
    char *into = key[0] == 'e' ? d->name : d->answer;
    if (into[0] != '\0')
      return fail(p, "%s: given twice", key);
    if (ident(p, into, UDECL_ID_MAX) == 0)
      return fail(p, "%s: expected a name (letters, digits, _; at most %d) at %s", key, UDECL_ID_MAX - 1,
                  here(p, at, sizeof at));
    if (key[0] == 'a')
      d->answer_line = p->line;
    return end_of_line(p, key);
  }
  if (strcmp(key, "desc") == 0)
    return d->desc[0] ? fail(p, "desc: given twice") : rest(p, key, d->desc, sizeof d->desc, 0);
  if (strcmp(key, "build") == 0)
    return d->build[0] ? fail(p, "build: given twice") : rest(p, key, d->build, sizeof d->build, 1);
  if (strcmp(key, "types") == 0)
    return st_types(p);
  if (strcmp(key, "timeout") == 0)
    return st_timeout(p);
  if (strcmp(key, "work") == 0 || strcmp(key, "span") == 0 || strcmp(key, "bytes") == 0)
    return st_cost(p, key, key[0] == 'w' ? d->work : key[0] == 's' ? d->span : d->bytes_text);
  return -2;
}

static const char *const statements[] = {"entry:", "answer:", "desc:", "types:", "input", "output", "scratch", "param",
                                         "build:", "launch", "for", "end", "work:", "span:", "bytes:", "timeout:",
                                         NULL};

/* One statement: the line [p->s, p->end), trimmed and not empty. */
static int statement(struct dp *p)
{
  char w[24], spelled[26];
  int rc = -2;
  if (ident(p, w, sizeof w) == 0)
    w[0] = '\0';
  if (w[0] != '\0' && accept(p, ':'))
    rc = st_key(p, w);
  else if (strcmp(w, "input") == 0)
    rc = st_input(p);
  else if (strcmp(w, "output") == 0 || strcmp(w, "scratch") == 0)
    rc = st_buffer(p, w[0] == 'o' ? UDECL_OUTPUT : UDECL_SCRATCH);
  else if (strcmp(w, "param") == 0)
    rc = st_param(p);
  else if (strcmp(w, "launch") == 0 || strcmp(w, "for") == 0 || strcmp(w, "end") == 0)
    rc = st_step(p, w[0] == 'l' ? UDECL_LAUNCH : w[0] == 'f' ? UDECL_FOR : UDECL_END);
  if (rc == -2) {
    int k;
    snprintf(spelled, sizeof spelled, "%s:", w);
    k = opt_closest(spelled, statements);
    rc = fail(p, "unknown statement '%s'%s%s%s (a line is one of: entry:, answer:, desc:, types:, input, output, "
                 "scratch, param, build:, launch, for, end, work:, span:, bytes:, timeout:)",
              w[0] ? w : "?", k >= 0 ? " (did you mean '" : "", k >= 0 ? statements[k] : "", k >= 0 ? "'?)" : "");
  }
  return rc;
}

/* ---- the file ---- */

/* The next line of the block [s, end) into [p->s, p->end): decoration and comments gone. */
static const char *next_line(struct dp *p, const char *s, const char *end)
{
  const char *e = memchr(s, '\n', (size_t)(end - s)), *c;
  e = e != NULL ? e : end;
  p->s = s;
  p->end = e;
  ws(p);
  if (p->s < p->end && *p->s == '*' && (p->s + 1 == p->end || p->s[1] == ' ' || p->s[1] == '\t'))
    p->s++;
  for (c = p->s; c + 1 < p->end; c++)
    if (c[0] == '-' && c[1] == '-') {
      p->end = c;
      break;
    }
  while (p->end > p->s && (p->end[-1] == ' ' || p->end[-1] == '\t' || p->end[-1] == '\r'))
    p->end--;
  return e < end ? e + 1 : end;
}

/* The block whose text is [s, end) (after "psearch:"), into d. */
static int lines_to(const char *from, const char *to);

static int parse_block(struct dp *p, const char *s, const char *end)
{
  struct udecl *d = p->d;
  const char *s0 = s;
  d->line = p->line;
  d->timeout_s = UDECL_TIMEOUT_S;
  uexpr_name(&d->pool, UDECL_COMPUTE_UNITS, strlen(UDECL_COMPUTE_UNITS));
  uexpr_name(&d->pool, UDECL_MAX_WG, strlen(UDECL_MAX_WG));
  d->sym[0] = d->sym[1] = UDECL_SYM_DEVICE;
  while (s < end) {
    int line = p->line;
    s = next_line(p, s, end);
    if (p->s < p->end && statement(p) != 0)
      return -1;
    p->line = line + 1;
  }
  d->end_line = d->line + lines_to(s0, end);
  return udecl_check(d, p->path, p->depth > 0 ? d->steps[p->open[p->depth - 1]].line : 0, p->e);
}

/* The next "/ * psearch:" at or after s: the text after it, or NULL; *open: where it begins. */
static const char *find_block(const char *s, const char *end, const char **open)
{
  for (; s + 1 < end; s++) {
    const char *t = s + 2;
    if (s[0] != '/' || s[1] != '*')
      continue;
    while (t < end && (*t == ' ' || *t == '\t'))
      t++;
    *open = s;
    if ((size_t)(end - t) >= 8 && memcmp(t, "psearch:", 8) == 0)
      return t + 8;
  }
  return NULL;
}

static int lines_to(const char *from, const char *to)
{
  int n = 0;
  for (; from < to; from++)
    n += *from == '\n';
  return n;
}

int udecl_parse(const char *text, size_t len, const char *path, struct udecl **out, int *n, struct ps_err *e)
{
  const char *end = text + len, *s = text, *b, *open = text;
  struct dp p = {NULL, path, 1, NULL, NULL, e, {0}, 0};
  struct udecl *v = NULL;
  int nv = 0, rc = -1;
  while ((b = find_block(s, end, &open)) != NULL) {
    const char *close = b;
    struct udecl *nvv;
    p.line += lines_to(s, b);
    while (close + 1 < end && !(close[0] == '*' && close[1] == '/'))
      close++;
    if (close + 1 >= end || nv == 32) {
      fail(&p, nv == 32 ? "at most 32 declarations in a file" : "the declaration is not closed by '*/'");
      goto done;
    }
    if (ps_utf8_invalid(b, (size_t)(close - b)) < (size_t)(close - b)) {
      p.line += lines_to(b, b + ps_utf8_invalid(b, (size_t)(close - b)));
      fail(&p, "the declaration is not UTF-8 (it goes into the results JSON)");
      goto done;
    }
    if ((nvv = realloc(v, (size_t)(nv + 1) * sizeof *v)) == NULL) {
      ps_fail(e, "out of memory");
      goto done;
    }
    v = nvv;
    memset(&v[nv], 0, sizeof *v);
    p.d = &v[nv++];
    p.depth = 0;
    p.d->off = (size_t)(open - text);
    p.d->len = (size_t)(close + 2 - open);
    if (parse_block(&p, b, close) != 0)
      goto done;
    p.line = p.d->end_line;
    s = close + 2;
  }
  if (nv == 0)
    ps_fail(e, "%s: no declaration: a '/* psearch: ... */' comment declares the entry (docs/own-kernels.md)", path);
  rc = nv == 0 ? -1 : 0;
done:
  if (rc != 0) {
    free(v);
    v = NULL;
    nv = 0;
  }
  *out = v;
  *n = nv;
  return rc;
}
