/*
** jtree.c: the JSON parser and printer of jtree.h: recursive descent over
** the text, nodes and strings in an arena of blocks, arrays of numbers
** gathered in one growing buffer and kept as a double[].
*/
#include "jtree.h"

#include "strmap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (64 * 1024)   /* arena block; larger strings get a block of their own */
#define SMALL_NUMBERS 64    /* arrays of at most this many numbers go into the arena */
#define LINEAR_KEYS 16      /* objects with more members check their keys by hash */

struct block {
  struct block *next;
  size_t used, cap;
  max_align_t data[];
};

struct jtree {
  struct block *blocks;
  double **big; /* the large number arrays, malloc'ed, in the order of the text; NULL: taken */
  size_t nbig, capbig;
  size_t taken; /* where jtree_take_numbers looks first */
  struct jtree_node *root;
};

struct parser {
  const char *text, *p, *end, *path;
  struct jtree *t;
  struct ps_err *e;
  int *oom;
  int depth;
  double *nums; /* the numbers of the array being read */
  size_t nnums, capnums;
};

/* n bytes from the arena, aligned for any type; NULL when out of memory. */
static void *arena(struct jtree *t, size_t n)
{
  struct block *b = t->blocks;
  void *at;
  n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  if (b == NULL || b->cap - b->used < n) {
    size_t cap = n > BLOCK ? n : BLOCK;
    if ((b = malloc(sizeof *b + cap)) == NULL)
      return NULL;
    b->used = 0;
    b->cap = cap;
    if (t->blocks != NULL && n > BLOCK) { /* a big one goes behind, the current block stays in use */
      b->next = t->blocks->next;
      t->blocks->next = b;
    } else {
      b->next = t->blocks;
      t->blocks = b;
    }
  }
  at = (char *)b->data + b->used;
  b->used += n;
  return at;
}

void jtree_free(struct jtree *t)
{
  if (t == NULL)
    return;
  while (t->blocks != NULL) {
    struct block *b = t->blocks;
    t->blocks = b->next;
    free(b);
  }
  for (size_t i = 0; i < t->nbig; i++)
    free(t->big[i]);
  free(t->big);
  free(t);
}

/* ================================ Errors ================================ */

static int fail_at(struct parser *x, const char *at, const char *what, const char *arg)
{
  size_t line = 1, col = 1;
  char msg[600];
  for (const char *c = x->text; c < at && c < x->end; c++) {
    col = *c == '\n' ? 1 : col + 1;
    line += *c == '\n';
  }
  snprintf(msg, sizeof msg, what, arg);
  return ps_fail(x->e, "%s:%zu:%zu: %s", x->path, line, col, msg);
}

static int oom(struct parser *x)
{
  *x->oom = 1;
  return ps_fail(x->e, "%s: out of memory", x->path);
}

static void skip_ws(struct parser *x)
{
  while (x->p < x->end && (*x->p == ' ' || *x->p == '\t' || *x->p == '\n' || *x->p == '\r'))
    x->p++;
}

/* ================================ Scalars =============================== */

static int hex4(const char *s, unsigned *u)
{
  *u = 0;
  for (int i = 0; i < 4; i++) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0)
      return -1;
    *u = *u * 16 + (unsigned)d;
  }
  return 0;
}

static char *put_utf8(char *o, unsigned u)
{
  if (u < 0x80) {
    *o++ = (char)u;
  } else if (u < 0x800) {
    *o++ = (char)(0xC0 | u >> 6);
    *o++ = (char)(0x80 | (u & 0x3F));
  } else if (u < 0x10000) {
    *o++ = (char)(0xE0 | u >> 12);
    *o++ = (char)(0x80 | (u >> 6 & 0x3F));
    *o++ = (char)(0x80 | (u & 0x3F));
  } else {
    *o++ = (char)(0xF0 | u >> 18);
    *o++ = (char)(0x80 | (u >> 12 & 0x3F));
    *o++ = (char)(0x80 | (u >> 6 & 0x3F));
    *o++ = (char)(0x80 | (u & 0x3F));
  }
  return o;
}

/* A \uXXXX escape at x->p (after the backslash's 'u'), a surrogate pair
** joined, into *o. 0, or -1 with the error. */
static int unicode_escape(struct parser *x, const char *esc, char **o)
{
  unsigned u, lo;
  if (x->end - x->p < 4 || hex4(x->p, &u) != 0)
    return fail_at(x, esc, "bad \\u escape%s", "");
  x->p += 4;
  if (u >= 0xD800 && u < 0xDC00) {
    if (x->end - x->p < 6 || x->p[0] != '\\' || x->p[1] != 'u' || hex4(x->p + 2, &lo) != 0 || lo < 0xDC00 ||
        lo > 0xDFFF)
      return fail_at(x, esc, "a lone surrogate (\\u%.4s) is not a character", esc + 2);
    x->p += 6;
    u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
  } else if (u >= 0xDC00 && u < 0xE000) {
    return fail_at(x, esc, "a lone surrogate (\\u%.4s) is not a character", esc + 2);
  }
  if (u == 0)
    return fail_at(x, esc, "a NUL (\\u0000) in a string: psearch's names and messages cannot hold one%s", "");
  *o = put_utf8(*o, u);
  return 0;
}

/* The string at x->p (its opening quote) into the arena: *s and *n. */
static int string(struct parser *x, const char **s, size_t *n)
{
  const char *q = ++x->p, *start = x->p;
  char *out, *o;
  while (q < x->end && *q != '"')
    q += *q == '\\' && q + 1 < x->end ? 2 : 1;
  if (q >= x->end)
    return fail_at(x, start - 1, "unterminated string%s", "");
  if ((out = o = arena(x->t, (size_t)(q - start) + 1)) == NULL)
    return oom(x);
  while (x->p < q) {
    const char *c = x->p++;
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *k;
    if ((unsigned char)*c < 0x20)
      return fail_at(x, c, "a raw control character in a string (JSON escapes them)%s", "");
    if (*c != '\\') {
      *o++ = *c;
    } else if (*x->p == 'u') {
      x->p++;
      if (unicode_escape(x, c, &o) != 0)
        return -1;
    } else if (*x->p != '\0' && (k = strchr(from, *x->p)) != NULL) {
      *o++ = to[k - from];
      x->p++;
    } else {
      return fail_at(x, c, "bad escape in a string%s", "");
    }
  }
  x->p = q + 1;
  *o = '\0';
  *s = out;
  *n = (size_t)(o - out);
  return 0;
}

static int digits(struct parser *x)
{
  const char *s = x->p;
  while (x->p < x->end && *x->p >= '0' && *x->p <= '9')
    x->p++;
  return x->p > s;
}

/* A number at x->p (JSON's grammar) into *d; finite, or refused. */
static int number(struct parser *x, double *d)
{
  const char *s = x->p;
  char buf[64], *copy = buf, *end;
  size_t n;
  int bad = 0;
  if (x->p < x->end && *x->p == '-')
    x->p++;
  if (x->p < x->end && *x->p == '0')
    x->p++;
  else
    bad |= !digits(x);
  if (x->p < x->end && *x->p == '.') {
    x->p++;
    bad |= !digits(x);
  }
  if (x->p < x->end && (*x->p == 'e' || *x->p == 'E')) {
    x->p++;
    if (x->p < x->end && (*x->p == '+' || *x->p == '-'))
      x->p++;
    bad |= !digits(x);
  }
  if (bad)
    return fail_at(x, s, "JSON syntax error (a number)%s", "");
  n = (size_t)(x->p - s);
  if (n >= sizeof buf && (copy = malloc(n + 1)) == NULL)
    return oom(x);
  memcpy(copy, s, n);
  copy[n] = '\0';
  *d = strtod(copy, &end);
  if (copy != buf)
    free(copy);
  return isfinite(*d) ? 0 : fail_at(x, s, "a number beyond the range of a double%s", "");
}

/* ================================ Values ================================ */

static int value(struct parser *x, struct jtree_node *v);

/* The gathered numbers as element nodes of array v, after *tail. */
static int numbers_to_nodes(struct parser *x, struct jtree_node *v, struct jtree_node **tail)
{
  for (size_t i = 0; i < x->nnums; i++) {
    struct jtree_node *c = arena(x->t, sizeof *c);
    if (c == NULL)
      return oom(x);
    *c = (struct jtree_node){NULL, NULL, {.num = x->nums[i]}, 0, JTREE_NUMBER};
    *tail = *tail != NULL ? ((*tail)->next = c) : (v->u.child = c);
  }
  x->nnums = 0;
  return 0;
}

/* Array v of numbers only: its numbers into the arena, or the buffer itself when large. */
static int keep_numbers(struct parser *x, struct jtree_node *v)
{
  struct jtree *t = x->t;
  v->kind = JTREE_NUMBERS;
  v->n = x->nnums;
  if (x->nnums <= SMALL_NUMBERS) {
    if ((v->u.nums = arena(t, x->nnums * sizeof *v->u.nums)) == NULL)
      return oom(x);
    memcpy(v->u.nums, x->nums, x->nnums * sizeof *v->u.nums);
  } else {
    double *shrunk = realloc(x->nums, x->nnums * sizeof *shrunk);
    if (t->nbig == t->capbig) {
      double **nb = realloc(t->big, (t->capbig ? 2 * t->capbig : 8) * sizeof *nb);
      if (nb == NULL)
        return oom(x);
      t->big = nb;
      t->capbig = t->capbig ? 2 * t->capbig : 8;
    }
    t->big[t->nbig++] = v->u.nums = shrunk != NULL ? shrunk : x->nums;
    x->nums = NULL;
    x->capnums = 0;
  }
  x->nnums = 0;
  return 0;
}

/* One more number for the array being read. */
static int gather(struct parser *x, double d)
{
  if (x->nnums == x->capnums) {
    size_t cap = x->capnums ? 2 * x->capnums : 256;
    double *nn = cap > x->capnums ? realloc(x->nums, cap * sizeof *nn) : NULL;
    if (nn == NULL)
      return oom(x);
    x->nums = nn;
    x->capnums = cap;
  }
  x->nums[x->nnums++] = d;
  return 0;
}

static int array(struct parser *x, struct jtree_node *v)
{
  struct jtree_node *tail = NULL;
  int numbers = 1; /* every element so far a number, gathered in x->nums */
  v->kind = JTREE_ARRAY;
  x->p++;
  skip_ws(x);
  if (x->p < x->end && *x->p == ']') {
    x->p++;
    return 0;
  }
  for (;;) {
    skip_ws(x);
    if (numbers && x->p < x->end && (*x->p == '-' || (*x->p >= '0' && *x->p <= '9'))) {
      double d;
      if (number(x, &d) != 0 || gather(x, d) != 0)
        return -1;
    } else {
      struct jtree_node *c;
      if (numbers && numbers_to_nodes(x, v, &tail) != 0)
        return -1;
      numbers = 0;
      if ((c = arena(x->t, sizeof *c)) == NULL)
        return oom(x);
      if (value(x, c) != 0)
        return -1;
      tail = tail != NULL ? (tail->next = c) : (v->u.child = c);
    }
    v->n++;
    skip_ws(x);
    if (x->p < x->end && *x->p == ',') {
      x->p++;
    } else if (x->p < x->end && *x->p == ']') {
      x->p++;
      return numbers ? keep_numbers(x, v) : 0;
    } else {
      return fail_at(x, x->p, "JSON syntax error (expected ',' or ']')%s", "");
    }
  }
}

/* Whether member key (n bytes) is already in object v (count members so far,
** the later ones in *keys once there are more than LINEAR_KEYS). -1: out of memory. */
static int seen(const struct jtree_node *v, size_t count, struct strmap *keys, const char *key, size_t n)
{
  const struct jtree_node *c = v->u.child;
  if (count < LINEAR_KEYS) {
    for (; c != NULL; c = c->next)
      if (strcmp(c->key, key) == 0)
        return 1;
    return 0;
  }
  if (count == LINEAR_KEYS)
    for (; c != NULL; c = c->next)
      if (strmap_put(keys, c->key, strlen(c->key), 0, NULL) < 0)
        return -1;
  return strmap_put(keys, key, n, 0, NULL);
}

/* s for a message on a terminal, into buf: control characters as \xNN, cut to fit. */
static const char *visible(const char *s, char *buf, size_t size)
{
  size_t k = 0;
  for (; *s != '\0' && k + 5 < size; s++) {
    unsigned char c = (unsigned char)*s;
    if (c < 0x20 || c == 0x7F)
      k += (size_t)snprintf(buf + k, size - k, "\\x%02x", c);
    else
      buf[k++] = (char)c;
  }
  buf[k] = '\0';
  return buf;
}

static int object_members(struct parser *x, struct jtree_node *v, struct strmap *keys)
{
  struct jtree_node *tail = NULL;
  char name[200];
  for (;;) {
    const char *key, *at;
    size_t n;
    struct jtree_node *c;
    int dup;
    skip_ws(x);
    at = x->p;
    if (x->p >= x->end || *x->p != '"')
      return fail_at(x, x->p, "JSON syntax error (expected a string key)%s", "");
    if (string(x, &key, &n) != 0)
      return -1;
    if ((dup = seen(v, v->n, keys, key, n)) != 0)
      return dup < 0 ? oom(x)
                     : fail_at(x, at, "duplicate key \"%s\" (JSON readers differ on which one counts)",
                               visible(key, name, sizeof name));
    skip_ws(x);
    if (x->p >= x->end || *x->p != ':')
      return fail_at(x, x->p, "JSON syntax error (expected ':')%s", "");
    x->p++;
    if ((c = arena(x->t, sizeof *c)) == NULL)
      return oom(x);
    if (value(x, c) != 0)
      return -1;
    c->key = key;
    tail = tail != NULL ? (tail->next = c) : (v->u.child = c);
    v->n++;
    skip_ws(x);
    if (x->p < x->end && *x->p == ',')
      x->p++;
    else if (x->p < x->end && *x->p == '}')
      return x->p++, 0;
    else
      return fail_at(x, x->p, "JSON syntax error (expected ',' or '}')%s", "");
  }
}

static int object(struct parser *x, struct jtree_node *v)
{
  struct strmap keys = {0};
  int rc = 0;
  v->kind = JTREE_OBJECT;
  x->p++;
  skip_ws(x);
  if (x->p < x->end && *x->p == '}')
    x->p++;
  else
    rc = object_members(x, v, &keys);
  strmap_free(&keys);
  return rc;
}

static int literal(struct parser *x, struct jtree_node *v)
{
  static const char *const words[] = {"null", "false", "true"};
  for (int k = 0; k < 3; k++) {
    size_t n = strlen(words[k]);
    if ((size_t)(x->end - x->p) >= n && memcmp(x->p, words[k], n) == 0) {
      x->p += n;
      v->kind = (enum jtree_kind)k; /* JTREE_NULL, JTREE_FALSE, JTREE_TRUE */
      return 0;
    }
  }
  return fail_at(x, x->p, "JSON syntax error%s", "");
}

static int value(struct parser *x, struct jtree_node *v)
{
  int rc;
  memset(v, 0, sizeof *v);
  skip_ws(x);
  if (x->p >= x->end)
    return fail_at(x, x->p, "JSON syntax error (the text ends early)%s", "");
  if (++x->depth > JTREE_MAX_DEPTH)
    return fail_at(x, x->p, "nested deeper than %s levels", "256");
  switch (*x->p) {
  case '{': rc = object(x, v); break;
  case '[': rc = array(x, v); break;
  case '"': rc = string(x, &v->u.str, &v->n); v->kind = JTREE_STRING; break;
  case '-': case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
    rc = number(x, &v->u.num);
    v->kind = JTREE_NUMBER;
    break;
  default: rc = literal(x, v); break;
  }
  x->depth--;
  return rc;
}

struct jtree *jtree_parse(const char *text, size_t len, const char *path, int *oom, struct ps_err *e)
{
  struct jtree *t = calloc(1, sizeof *t);
  int ok = 0, no;
  struct parser x = {text, text, text + len, path, t, e, oom != NULL ? oom : &no, 0, NULL, 0, 0};
  *x.oom = 0;
  if (t == NULL || (t->root = arena(t, sizeof *t->root)) == NULL) {
    *x.oom = 1;
    ps_fail(e, "%s: out of memory", path);
    goto done;
  }
  skip_ws(&x);
  if (x.p == x.end) {
    fail_at(&x, x.p, len == 0 ? "empty file, not JSON%s" : "no JSON value, only white space%s", "");
    goto done;
  }
  if (value(&x, t->root) != 0)
    goto done;
  skip_ws(&x);
  if (x.p < x.end) {
    fail_at(&x, x.p, "text after the JSON value%s", "");
    goto done;
  }
  ok = 1;
done:
  free(x.nums);
  if (!ok) {
    jtree_free(t);
    t = NULL;
  }
  return t;
}

double *jtree_take_numbers(struct jtree *t, const struct jtree_node *v)
{
  double *p = NULL;
  if (v->kind != JTREE_NUMBERS || v->n <= SMALL_NUMBERS)
    return NULL;
  for (size_t k = 0; k < t->nbig && p == NULL; k++) {
    size_t i = (t->taken + k) % t->nbig;
    if (t->big[i] == v->u.nums) {
      p = t->big[i];
      t->big[i] = NULL;
      t->taken = i + 1;
    }
  }
  return p;
}

struct jtree_node *jtree_root(const struct jtree *t)
{
  return t->root;
}

const struct jtree_node *jtree_get(const struct jtree_node *v, const char *key)
{
  if (v == NULL || v->kind != JTREE_OBJECT)
    return NULL;
  for (const struct jtree_node *c = v->u.child; c != NULL; c = c->next)
    if (strcmp(c->key, key) == 0)
      return c;
  return NULL;
}

/* ================================ Printing ============================== */

void jtree_print_string(FILE *f, const char *s)
{
  fputc('"', f);
  for (; *s != '\0'; s++) {
    unsigned char c = (unsigned char)*s;
    const char *esc = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\b' ? "\\b" : c == '\f' ? "\\f"
                      : c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
    if (esc != NULL)
      fputs(esc, f);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

void jtree_print_number(FILE *f, double d)
{
  char buf[32];
  if (!isfinite(d)) {
    fputs("null", f);
  } else if (d == floor(d) && fabs(d) < 1e15 && !(d == 0 && signbit(d))) {
    fprintf(f, "%lld", (long long)d); /* what %1.15g writes for a whole number below 1e15, faster */
  } else {
    snprintf(buf, sizeof buf, "%1.15g", d);
    if (strtod(buf, NULL) != d)
      snprintf(buf, sizeof buf, "%1.17g", d);
    fputs(buf, f);
  }
}

void jtree_print_compact(FILE *f, const struct jtree_node *v)
{
  const struct jtree_node *c;
  if (v->kind != JTREE_ARRAY && v->kind != JTREE_OBJECT && v->kind != JTREE_NUMBERS) {
    jtree_print(f, v, 0);
    return;
  }
  fputc(v->kind == JTREE_OBJECT ? '{' : '[', f);
  for (size_t i = 0; v->kind == JTREE_NUMBERS && i < v->n; i++) {
    fputs(i > 0 ? "," : "", f);
    jtree_print_number(f, v->u.nums[i]);
  }
  for (c = v->kind != JTREE_NUMBERS ? v->u.child : NULL; c != NULL; c = c->next) {
    if (c->key != NULL) {
      jtree_print_string(f, c->key);
      fputc(':', f);
    }
    jtree_print_compact(f, c);
    fputs(c->next != NULL ? "," : "", f);
  }
  fputc(v->kind == JTREE_OBJECT ? '}' : ']', f);
}

static void tabs(FILE *f, int n)
{
  for (int i = 0; i < n; i++)
    fputc('\t', f);
}

void jtree_print(FILE *f, const struct jtree_node *v, int depth)
{
  static const char *const words[] = {"null", "false", "true"};
  const struct jtree_node *c;
  switch (v->kind) {
  case JTREE_NULL: case JTREE_FALSE: case JTREE_TRUE: fputs(words[v->kind], f); break;
  case JTREE_NUMBER: jtree_print_number(f, v->u.num); break;
  case JTREE_STRING: jtree_print_string(f, v->u.str); break;
  case JTREE_NUMBERS:
    fputc('[', f);
    for (size_t i = 0; i < v->n; i++) {
      if (i > 0)
        fputs(", ", f);
      jtree_print_number(f, v->u.nums[i]);
    }
    fputc(']', f);
    break;
  case JTREE_ARRAY:
    fputc('[', f);
    for (c = v->u.child; c != NULL; c = c->next) {
      jtree_print(f, c, depth + 1);
      if (c->next != NULL)
        fputs(", ", f);
    }
    fputc(']', f);
    break;
  case JTREE_OBJECT:
    fputs("{\n", f);
    for (c = v->u.child; c != NULL; c = c->next) {
      tabs(f, depth + 1);
      jtree_print_string(f, c->key);
      fputs(":\t", f);
      jtree_print(f, c, depth + 1);
      fputs(c->next != NULL ? ",\n" : "\n", f);
    }
    tabs(f, depth);
    fputc('}', f);
    break;
  }
}
