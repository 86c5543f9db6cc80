/*
** suite.c: the suite parser. A small tokenizer (words, strings, braces with
** their raw contents, '@', '==', "entry:" lines) over the whole text, with
** line numbers for messages.
*/
#include "suite.h"

#include "strmap.h"
#include "sweep.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct lex {
  const char *s, *end, *path;
  int line;
  struct ps_err *e;
  struct strmap names; /* the current block's case names, to their index */
};

static void skip_ws(struct lex *x)
{
  while (x->s < x->end) {
    if (*x->s == '\n') {
      x->line++;
      x->s++;
    } else if (*x->s == ' ' || *x->s == '\t' || *x->s == '\r') {
      x->s++;
    } else if (*x->s == '-' && x->s + 1 < x->end && x->s[1] == '-') {
      while (x->s < x->end && *x->s != '\n')
        x->s++;
    } else {
      return;
    }
  }
}

static int is_wordc(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.' || c == ':' || c == '/' || c == '\'';
}

/* A word at x->s (letters, digits, _ - . : / '); returns its length. */
static size_t word_len(const struct lex *x)
{
  size_t n = 0;
  while (x->s + n < x->end && is_wordc(x->s[n]))
    n++;
  return n;
}

static int fail(struct lex *x, const char *fmt, const char *arg)
{
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg);
  return ps_fail(x->e, "%s:%d: %s", x->path, x->line, msg);
}

static char *dupn(const char *s, size_t n)
{
  char *d = malloc(n + 1);
  if (d != NULL) {
    memcpy(d, s, n);
    d[n] = '\0';
  }
  return d;
}

/* p, with "out of memory" in x's error when it is NULL. */
static char *oom_if_null(struct lex *x, char *p)
{
  if (p == NULL)
    ps_fail(x->e, "out of memory");
  return p;
}

/* The contents of { ... } (balanced), without the braces. */
static char *braces(struct lex *x)
{
  const char *start;
  int depth = 1, line = x->line;
  if (x->s >= x->end || *x->s != '{') {
    fail(x, "expected '{'%s", "");
    return NULL;
  }
  start = ++x->s;
  while (x->s < x->end && depth > 0) {
    if (*x->s == '{')
      depth++;
    else if (*x->s == '}')
      depth--;
    else if (*x->s == '\n')
      x->line++;
    x->s++;
  }
  if (depth > 0) {
    x->line = line;
    fail(x, "unclosed '{'%s", "");
    return NULL;
  }
  return oom_if_null(x, dupn(start, (size_t)(x->s - 1 - start)));
}

/* One whitespace-free path after '@', as written. */
static char *path_after_at(struct lex *x)
{
  const char *start;
  x->s++; /* '@' */
  while (x->s < x->end && (*x->s == ' ' || *x->s == '\t'))
    x->s++;
  start = x->s;
  while (x->s < x->end && *x->s != '\n' && *x->s != ' ' && *x->s != '\t' && *x->s != '\r')
    x->s++;
  if (x->s == start) {
    fail(x, "expected a file name after '@'%s", "");
    return NULL;
  }
  return oom_if_null(x, dupn(start, (size_t)(x->s - start)));
}

/* path resolved relative to dir (NULL: as is). */
static char *resolve(const char *path, const char *dir)
{
  char *p;
  if (dir == NULL || path[0] == '/')
    return strdup(path);
  p = malloc(strlen(dir) + strlen(path) + 2);
  if (p != NULL)
    sprintf(p, "%s/%s", dir, path);
  return p;
}

/* Canonical one-line text of the random items: single spaces, no newlines. */
static char *squash(const char *s)
{
  char *d = malloc(strlen(s) + 1), *o = d;
  int space = 0;
  if (d == NULL)
    return NULL;
  for (; *s; s++) {
    if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
      space = o != d;
    } else {
      if (space)
        *o++ = ' ';
      space = 0;
      *o++ = *s;
    }
  }
  *o = '\0';
  return d;
}

static void free_case(struct suite_case *c)
{
  free(c->name);
  for (int i = 0; i < c->ntags; i++)
    free(c->tags[i]);
  free(c->file);
  free(c->values);
}

void suite_free(struct suite *s)
{
  if (s == NULL)
    return;
  for (int i = 0; i < s->nkernels; i++)
    free(s->kernels[i]);
  free(s->kernels);
  free(s->kernel_lines);
  for (int b = 0; b < s->nblocks; b++) {
    for (int i = 0; i < s->blocks[b].nentries; i++)
      free(s->blocks[b].entries[i]);
    free(s->blocks[b].entries);
    for (int i = 0; i < s->blocks[b].ncases; i++)
      free_case(&s->blocks[b].cases[i]);
    free(s->blocks[b].cases);
  }
  for (int i = 0; i < s->ntags; i++)
    free(s->tags[i]);
  free(s->blocks);
  free(s->path);
  free(s);
}

int suite_case_has_tag(const struct suite_case *c, const char *tag)
{
  for (int i = 0; i < c->ntags; i++)
    if (strcmp(c->tags[i], tag) == 0)
      return 1;
  return 0;
}

static int at_word(const struct lex *x, const char *w)
{
  size_t n = strlen(w);
  return (size_t)(x->end - x->s) >= n && memcmp(x->s, w, n) == 0 &&
         (x->s + n == x->end || !is_wordc(x->s[n]));
}

static int at_block_marker(const struct lex *x)
{
  return x->end - x->s >= 2 && x->s[0] == '=' && x->s[1] == '=';
}

/* A case's optional "NAME" and its tags up to "input". */
static int parse_case_head(struct lex *x, struct suite_case *c)
{
  if (*x->s == '"') {
    const char *start = ++x->s;
    while (x->s < x->end && *x->s != '"' && *x->s != '\n')
      x->s++;
    if (x->s >= x->end || *x->s != '"')
      return fail(x, "unterminated dataset name%s", "");
    if ((c->name = dupn(start, (size_t)(x->s - start))) == NULL)
      return ps_fail(x->e, "out of memory");
    x->s++;
    skip_ws(x);
  }
  for (;;) { /* tags, then "input" */
    size_t n = word_len(x);
    if (n == 0) {
      x->line = c->line; /* report where the case began */
      return fail(x, "expected a case: [\"NAME\"] [TAGS] input ...%s", "");
    }
    if (n == 5 && memcmp(x->s, "input", 5) == 0) {
      x->s += 5;
      break;
    }
    if (c->ntags == SUITE_MAX_TAGS)
      return fail(x, "too many tags on one case%s", "");
    if ((c->tags[c->ntags] = dupn(x->s, n)) == NULL)
      return ps_fail(x->e, "out of memory");
    c->ntags++;
    x->s += n;
    skip_ws(x);
  }
  c->random = suite_case_has_tag(c, "random");
  c->eytzinger = suite_case_has_tag(c, "eytzinger");
  c->sorted = suite_case_has_tag(c, "sorted") || c->eytzinger;
  c->reversed = suite_case_has_tag(c, "reversed");
  if ((c->sorted || c->reversed) && !c->random)
    return fail(x, "the tags 'sorted', 'reversed' and 'eytzinger' go with 'random input'%s", "");
  if (c->sorted && c->reversed)
    return fail(x, "the tag 'reversed' goes with neither 'sorted' nor 'eytzinger'%s", "");
  return 0;
}

/* The display name of a case given by its values: the squashed text, with
** "sorted"/"eytzinger"/"reversed" for generated ordered data, or "#I ("TEXT")"
** (TEXT cut to 50 characters) for inline values. */
static char *values_name(const struct suite_case *c, int index)
{
  char *sq = squash(c->values), *name = NULL;
  size_t n;
  if (sq == NULL || (c->random && !c->sorted && !c->reversed))
    return sq;
  n = strlen(sq);
  name = malloc(n + 32);
  if (name != NULL && c->random) /* distinct from the unsorted case of the same type */
    sprintf(name, "%s %s", c->eytzinger ? "eytzinger" : c->reversed ? "reversed" : "sorted", sq);
  else if (name != NULL)
    sprintf(name, "#%d (\"%.50s%s\")", index, sq, n > 50 ? "..." : "");
  free(sq);
  return name;
}

/* The data: "@ FILE" (relative to dir) or "{ VALUES }". */
static int parse_case_data(struct lex *x, struct suite_case *c, int index, const char *dir)
{
  skip_ws(x);
  if (x->s < x->end && *x->s == '@') {
    char *written;
    if (c->random)
      return fail(x, "'random input' takes { TYPES }, not @ FILE%s", "");
    if ((written = path_after_at(x)) == NULL)
      return -1;
    if ((c->file = resolve(written, dir)) == NULL) {
      free(written);
      return ps_fail(x->e, "out of memory");
    }
    if (c->name == NULL) { /* the path as written, without a trailing .gz */
      size_t n = strlen(written);
      if (n > 3 && strcmp(written + n - 3, ".gz") == 0)
        n -= 3;
      c->name = dupn(written, n);
    }
    free(written);
  } else {
    if ((c->values = braces(x)) == NULL)
      return -1;
    if (c->name == NULL)
      c->name = values_name(c, index);
  }
  return c->name == NULL ? ps_fail(x->e, "out of memory") : 0;
}

/* An optional expected-output clause, read and ignored. */
static int skip_output(struct lex *x)
{
  skip_ws(x);
  if (at_word(x, "auto")) {
    x->s += 4;
    skip_ws(x);
    if (!at_word(x, "output"))
      return fail(x, "expected 'output' after 'auto'%s", "");
    x->s += 6;
  } else if (at_word(x, "output")) {
    char *v;
    x->s += 6;
    skip_ws(x);
    v = x->s < x->end && *x->s == '@' ? path_after_at(x) : braces(x);
    if (v == NULL)
      return -1;
    free(v);
  } else if (at_word(x, "error:")) {
    while (x->s < x->end && *x->s != '\n')
      x->s++;
  }
  return 0;
}

/* Parse one case starting at x->s; index names a case without a name. */
static int parse_case(struct lex *x, struct suite_case *c, int index, const char *dir)
{
  memset(c, 0, sizeof *c);
  c->line = x->line;
  if (parse_case_head(x, c) != 0 || parse_case_data(x, c, index, dir) != 0)
    return -1;
  return skip_output(x);
}

/* One more file of user kernels, named on line `line`. */
static int add_kernels(struct suite *s, const char *w, size_t n, const char *dir, int line, struct ps_err *e)
{
  char **nk = realloc(s->kernels, (size_t)(s->nkernels + 1) * sizeof *nk), *name;
  int *nl = nk != NULL ? realloc(s->kernel_lines, (size_t)(s->nkernels + 1) * sizeof *nl) : NULL;
  if (nk != NULL)
    s->kernels = nk;
  if (nl != NULL)
    s->kernel_lines = nl;
  if (nk == NULL || nl == NULL || (name = dupn(w, n)) == NULL)
    return ps_fail(e, "out of memory");
  s->kernels[s->nkernels] = resolve(name, dir);
  free(name);
  if (s->kernels[s->nkernels] == NULL)
    return ps_fail(e, "out of memory");
  s->kernel_lines[s->nkernels++] = line;
  return 0;
}

/* The `-- kernels: FILE...` lines of the description (before the first "=="). */
static int parse_kernels(const char *t, const char *end, struct suite *s, const char *dir, struct ps_err *e)
{
  for (int line = 1; t < end; line++) {
    const char *eol = memchr(t, '\n', (size_t)(end - t)), *w;
    eol = eol != NULL ? eol : end;
    while (t < eol && (*t == ' ' || *t == '\t'))
      t++;
    if (eol - t >= 2 && t[0] == '=' && t[1] == '=')
      break;
    if (eol - t >= 2 && t[0] == '-' && t[1] == '-') {
      for (t += 2; t < eol && (*t == ' ' || *t == '\t');)
        t++;
      if (eol - t >= 8 && memcmp(t, "kernels:", 8) == 0)
        for (t += 8; t < eol; t = w) {
          while (t < eol && (*t == ' ' || *t == '\t' || *t == '\r'))
            t++;
          for (w = t; w < eol && *w != ' ' && *w != '\t' && *w != '\r';)
            w++;
          if (w > t && add_kernels(s, t, (size_t)(w - t), dir, line, e) != 0)
            return -1;
        }
    }
    t = eol + (eol < end);
  }
  return 0;
}

/* Skip the description: everything before the first "==" line. */
static int skip_description(struct lex *x, const char *path)
{
  for (;;) {
    skip_ws(x);
    if (x->s >= x->end)
      return ps_fail(x->e, "%s: no '==' line: a suite needs at least one block", path);
    if (at_block_marker(x))
      return 0;
    while (x->s < x->end && *x->s != '\n')
      x->s++;
  }
}

/* "tags { ... }", allowed only first in the first block. */
static int parse_tags(struct lex *x, struct suite *s, const struct suite_block *b)
{
  char *t, *tok, *save = NULL;
  int oom = 0;
  if (s->nblocks != 1 || b->ncases > 0 || b->nentries > 0)
    return fail(x, "'tags' must open the first block%s", "");
  x->s += 4;
  skip_ws(x);
  if ((t = braces(x)) == NULL)
    return -1;
  for (tok = strtok_r(t, " \t\r\n", &save); tok && s->ntags < SUITE_MAX_TAGS && !oom;
       tok = strtok_r(NULL, " \t\r\n", &save))
    if ((s->tags[s->ntags] = strdup(tok)) != NULL)
      s->ntags++;
    else
      oom = 1;
  free(t);
  return oom ? ps_fail(x->e, "out of memory") : 0;
}

/* "entry: NAME..." to the end of the line. */
static int parse_entries(struct lex *x, struct suite_block *b)
{
  if (b->ncases > 0)
    return fail(x, "'entry:' must come before the cases of its block%s", "");
  b->line = x->line;
  x->s += 6;
  while (x->s < x->end && *x->s != '\n') {
    size_t n;
    char **ne;
    while (x->s < x->end && (*x->s == ' ' || *x->s == '\t' || *x->s == '\r'))
      x->s++;
    if ((n = word_len(x)) == 0) {
      if (x->s < x->end && *x->s != '\n')
        return fail(x, "bad entry point name%s", "");
      break;
    }
    for (int i = 0; i < b->nentries; i++)
      if (strlen(b->entries[i]) == n && memcmp(b->entries[i], x->s, n) == 0)
        return fail(x, "entry point %s named twice", b->entries[i]);
    if ((ne = realloc(b->entries, (size_t)(b->nentries + 1) * sizeof *ne)) == NULL)
      return ps_fail(x->e, "out of memory");
    b->entries = ne;
    if ((b->entries[b->nentries] = dupn(x->s, n)) == NULL)
      return ps_fail(x->e, "out of memory");
    b->nentries++;
    x->s += n;
  }
  return b->nentries == 0 ? fail(x, "'entry:' names no entry point%s", "") : 0;
}

/* Append case c (moved in) to block b, unless its name is taken in b
** (x->names holds b's names). */
static int push_case(struct lex *x, struct suite_block *b, struct suite_case *c)
{
  struct suite_case *nc;
  size_t had;
  int rc = -1;
  if (strmap_get(&x->names, c->name, strlen(c->name), &had)) {
    x->line = c->line;
    fail(x, "multiple datasets with name %s", b->cases[had].name);
    goto done;
  }
  if ((b->ncases & (b->ncases - 1)) == 0) { /* 0 or a power of two: the array is full */
    if ((nc = realloc(b->cases, (size_t)(b->ncases ? 2 * b->ncases : 1) * sizeof *nc)) == NULL) {
      ps_fail(x->e, "out of memory");
      goto done;
    }
    b->cases = nc;
  }
  if (strmap_put(&x->names, c->name, strlen(c->name), (size_t)b->ncases, NULL) != 0) {
    ps_fail(x->e, "out of memory");
    goto done;
  }
  b->cases[b->ncases++] = *c;
  rc = 0;
done:
  if (rc != 0)
    free_case(c);
  return rc;
}

/* The k-th case of c's sweep, with values v (moved in): c's tags copied,
** named by its values (after c's own name when it was given one). 0, or -1
** when out of memory (out is then freed). */
static int sweep_case(const struct suite_case *c, char *v, int index, struct suite_case *out)
{
  char *implicit = values_name(c, index), *vn;
  int named = implicit == NULL || strcmp(implicit, c->name) != 0, ok = 1;
  free(implicit);
  *out = *c;
  out->values = v;
  out->file = NULL;
  out->name = NULL;
  for (int i = 0; i < c->ntags; i++)
    ok &= (out->tags[i] = strdup(c->tags[i])) != NULL;
  vn = values_name(out, index);
  if (vn != NULL && named) {
    char *nn = malloc(strlen(c->name) + strlen(vn) + 2);
    if (nn != NULL)
      sprintf(nn, "%s %s", c->name, vn);
    free(vn);
    vn = nn;
  }
  out->name = vn;
  if (vn == NULL || !ok) {
    free_case(out);
    return -1;
  }
  return 0;
}

static int add_case(struct lex *x, struct suite_block *b, const char *dir)
{
  struct suite_case c;
  char **v = NULL;
  int nv = 0, rc = 0;
  if (parse_case(x, &c, b->ncases, dir) != 0) {
    free_case(&c);
    return -1;
  }
  if (c.random && sweep_expand(c.values, &v, &nv, x->e) != 0) {
    char msg[400];
    snprintf(msg, sizeof msg, "%.390s", x->e->msg);
    x->line = c.line;
    free_case(&c);
    return fail(x, "%s", msg);
  }
  if (nv == 0)
    return push_case(x, b, &c);
  for (int k = 0; k < nv && rc == 0; k++) {
    struct suite_case ck;
    rc = sweep_case(&c, v[k], b->ncases, &ck) != 0 ? ps_fail(x->e, "out of memory") : push_case(x, b, &ck);
    v[k] = NULL;
  }
  sweep_free(v, nv);
  free_case(&c);
  return rc;
}

/* A new empty block. */
static struct suite_block *add_block(struct suite *s, struct ps_err *e)
{
  void *nb = realloc(s->blocks, (size_t)(s->nblocks + 1) * sizeof *s->blocks);
  struct suite_block *b;
  if (nb == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  s->blocks = nb;
  b = &s->blocks[s->nblocks++];
  memset(b, 0, sizeof *b);
  return b;
}

/* Whether block b runs entry point name. */
static int block_runs(const struct suite_block *b, const char *name)
{
  for (int i = 0; i < b->nentries; i++)
    if (strcmp(b->entries[i], name) == 0)
      return 1;
  return 0;
}

/* No entry point gets two datasets of one name from two blocks (the results
** are keyed by entry and dataset name): 0, or -1 with both lines in e. The
** cases of the blocks that run each entry point go through one table. */
static int names_unique_per_entry(const struct suite *s, struct ps_err *e)
{
  struct strmap seen = {0};
  int rc = 0;
  for (int bi = 0; bi < s->nblocks && rc == 0; bi++)
    for (int ei = 0; ei < s->blocks[bi].nentries && rc == 0; ei++) {
      const char *en = s->blocks[bi].entries[ei];
      int first = 1;
      for (int k = 0; k < bi && first; k++) /* each entry point once, from its first block */
        first = !block_runs(&s->blocks[k], en);
      for (int k = bi; first && k < s->nblocks && rc == 0; k++) {
        const struct suite_block *b = &s->blocks[k];
        for (int c = 0; block_runs(b, en) && c < b->ncases && rc == 0; c++) {
          size_t had;
          int put = strmap_put(&seen, b->cases[c].name, strlen(b->cases[c].name),
                               (size_t)b->cases[c].line, &had);
          if (put == 1)
            rc = ps_fail(e, "%s:%d: dataset %s of entry %s is also at %s:%zu", s->path, b->cases[c].line,
                         b->cases[c].name, en, s->path, had);
          else if (put < 0)
            rc = ps_fail(e, "out of memory");
        }
      }
      strmap_free(&seen);
    }
  return rc;
}

/* The line the lexer is on. */
static int line_of(const struct lex *x)
{
  return (int)x->line;
}

struct suite *suite_parse(const char *text, size_t len, const char *path, const char *dir,
                          struct ps_err *e)
{
  struct lex x = {text, text + len, path, 1, e, {0}};
  struct suite *s = calloc(1, sizeof *s);
  struct suite_block *b = NULL;
  if (s == NULL || (s->path = strdup(path)) == NULL) {
    ps_fail(e, "out of memory");
    goto fail;
  }
  { /* names go into JSON, which is UTF-8; so does the path, as the results' key */
    size_t bad = ps_utf8_invalid(text, len);
    int line = 1;
    if (ps_utf8_invalid(path, strlen(path)) < strlen(path)) {
      ps_fail(e, "%s: the suite's path is not UTF-8 (it names the suite's results in the JSON)", path);
      goto fail;
    }
    if (bad < len) {
      for (size_t i = 0; i < bad; i++)
        line += text[i] == '\n';
      ps_fail(e, "%s:%d: not UTF-8 (byte 0x%02x)", path, line, (unsigned)(unsigned char)text[bad]);
      goto fail;
    }
  }
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) /* a UTF-8 byte-order mark is not text */
    x.s += 3;
  if (skip_description(&x, path) != 0 || parse_kernels(text, text + len, s, dir, e) != 0)
    goto fail;
  for (skip_ws(&x); x.s < x.end; skip_ws(&x)) {
    int rc;
    if (at_block_marker(&x)) {
      strmap_free(&x.names); /* names are unique per block */
      rc = (b = add_block(s, e)) == NULL ? -1 : 0;
      if (b != NULL)
        b->line = line_of(&x);
      x.s += 2;
    } else if (at_word(&x, "tags")) {
      rc = parse_tags(&x, s, b);
    } else if (x.end - x.s >= 6 && memcmp(x.s, "entry:", 6) == 0) {
      rc = parse_entries(&x, b);
    } else {
      rc = add_case(&x, b, dir);
    }
    if (rc != 0)
      goto fail;
  }
  for (int i = 0; i < s->nblocks; i++) {
    if (s->blocks[i].nentries == 0) { /* Futhark's default entry point */
      if ((s->blocks[i].entries = malloc(sizeof(char *))) == NULL ||
          (s->blocks[i].entries[0] = strdup("main")) == NULL) {
        ps_fail(e, "out of memory");
        goto fail;
      }
      s->blocks[i].nentries = 1;
    }
  }
  if (names_unique_per_entry(s, e) != 0)
    goto fail;
  strmap_free(&x.names);
  return s;
fail:
  strmap_free(&x.names);
  suite_free(s);
  return NULL;
}

struct suite *suite_load(const char *path, struct ps_err *e)
{
  char *buf = NULL, *dir = NULL, *slash;
  size_t n;
  struct suite *s = NULL;
  if (ps_read_file(path, 16u << 20, &buf, &n, e) != 0)
    goto done;
  if ((dir = strdup(path)) == NULL) {
    ps_fail(e, "%s: out of memory", path);
    goto done;
  }
  slash = strrchr(dir, '/');
  if (slash != NULL)
    *slash = '\0';
  s = suite_parse(buf, n, path, slash != NULL ? dir : NULL, e);
done:
  free(buf);
  free(dir);
  return s;
}

int suite_each(struct suite *const *suites, int n, int (*each)(void *ctx, const struct suite_pos *at), void *ctx)
{
  int rc = 0;
  struct suite_pos at;
  for (at.si = 0; at.si < n && rc == 0; at.si++)
    for (int b = 0; b < suites[at.si]->nblocks && rc == 0; b++)
      for (at.bl = &suites[at.si]->blocks[b], at.e = 0; at.e < at.bl->nentries && rc == 0; at.e++)
        for (at.c = 0; at.c < at.bl->ncases && rc == 0; at.c++)
          rc = each(ctx, &at);
  return rc;
}
