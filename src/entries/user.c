/*
** user.c: the user family (user.h): files loaded once, their declarations
** checked against the built-in entries, and a row of struct entry for each
** combination of a declaration's params, in one array that never moves.
*/
#include "user.h"

#include "cache.h"
#include "opt.h"
#include "registry.h"
#include "ujob.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* What a declaration's rows share: its params as tuning parameters, its text descriptions. */
struct uinfo {
  struct tune_param tp[UDECL_MAX_PARAMS + 1];
  char help[UDECL_MAX_PARAMS][200];
  char desc[UDECL_TEXT_MAX + 80], in_desc[UDECL_MAX_BUFS * 48], out_desc[UDECL_MAX_OUTPUTS * 64];
};

/* A file as loaded: the file (rows point into it), its declarations' shared parts, its real path. */
struct uload {
  struct ufile f;
  struct uinfo *info;
  char *real;
};

static struct uload *files[USER_MAX_FILES];
static int nfiles;
static struct entry *rows;  /* USER_MAX_ENTRIES + 1, the last with no name */
static struct urow *urows;
static int nrows;

static const struct entry no_rows[] = {{.name = NULL}};

const struct entry *user_entries(void) { return rows != NULL ? rows : no_rows; }

int user_is(const struct entry *en) { return rows != NULL && en >= rows && en < rows + nrows; }

void user_unload(void)
{
  for (int i = 0; i < nfiles; i++) {
    free(files[i]->f.path);
    free(files[i]->f.text);
    free(files[i]->f.d);
    free(files[i]->info);
    free(files[i]->real);
    free(files[i]);
  }
  nfiles = nrows = 0;
  free(rows);
  free(urows);
  rows = NULL;
  urows = NULL;
}

/* "[n]i32" of buffer u into buf. */
static void buf_text(const struct udecl *d, const struct udecl_buf *u, char *buf, size_t n)
{
  const char *t = u->generic ? "t" : data_type_name(u->type);
  if (u->rank == 0)
    snprintf(buf, n, "%s", t);
  else
    snprintf(buf, n, "[%s]%s", u->kind == UDECL_INPUT || u->kind == UDECL_DERIVED ? udecl_name(d, u->dim) : u->len_text, t);
}

/* A declaration's shared parts: its params' rows of tune_param, its descriptions. */
static void describe(const struct udecl *d, const char *path, struct uinfo *in)
{
  size_t oi = 0, oo = 0;
  char b[128];
  for (int k = 0; k < d->nparams; k++) {
    const struct udecl_param *q = &d->params[k];
    size_t off = (size_t)snprintf(in->help[k], sizeof in->help[k], "%s's values:", d->name);
    in->tp[k] = (struct tune_param){udecl_name(d, q->sym), q->values[0], q->values[0], in->help[k]};
    for (int v = 0; v < q->nvalues; v++) {
      in->tp[k].lo = q->values[v] < in->tp[k].lo ? q->values[v] : in->tp[k].lo;
      in->tp[k].hi = q->values[v] > in->tp[k].hi ? q->values[v] : in->tp[k].hi;
      if (off < sizeof in->help[k])
        off += (size_t)snprintf(in->help[k] + off, sizeof in->help[k] - off, "%s %lld", v ? "," : "",
                                (long long)q->values[v]);
    }
    if (off < sizeof in->help[k])
      snprintf(in->help[k] + off, sizeof in->help[k] - off, " (%s:%d; each its own program)", path, q->line);
  }
  in->tp[d->nparams].name = NULL;
  snprintf(in->desc, sizeof in->desc, "%s", d->desc[0] ? d->desc : "A user kernel");
  for (int i = 0; i < d->nbufs; i++) {
    const struct udecl_buf *u = &d->bufs[i];
    buf_text(d, u, b, sizeof b);
    if (u->kind == UDECL_INPUT && oi < sizeof in->in_desc)
      oi += (size_t)snprintf(in->in_desc + oi, sizeof in->in_desc - oi, "%s%s", oi ? " " : "", b);
    if (u->kind == UDECL_OUTPUT && oo < sizeof in->out_desc)
      oo += (size_t)snprintf(in->out_desc + oo, sizeof in->out_desc - oo, "%s%s", oo ? " " : "", b);
  }
}

/* The base name of a loaded declaration named name, or NULL. */
static const struct urow *declared(const char *name)
{
  for (int i = 0; i < nrows; i++)
    if (strcmp(urows[i].d->name, name) == 0)
      return &urows[i];
  return NULL;
}

/* answer: a built-in entry (with its closest name when there is none). */
static const struct entry *answer_entry(const struct udecl *d, const char *path, struct ps_err *e)
{
  const struct entry *a = registry_find(d->answer);
  const char *names[256];
  int n = 0, k;
  if (a != NULL && !user_is(a))
    return a;
  for (int i = 0; i < registry_count() && n < 255; i++)
    if (!user_is(registry_at(i)))
      names[n++] = registry_at(i)->name;
  names[n] = NULL;
  k = opt_closest(d->answer, names);
  ps_fail(e, "%s:%d: answer: no built-in entry '%s'%s%s%s ('psearch list' shows them; 'answer: none' times the "
             "kernel unvalidated)", path, d->answer_line, d->answer, k >= 0 ? " (did you mean '" : "",
          k >= 0 ? names[k] : "", k >= 0 ? "'?)" : "");
  return NULL;
}

/* The declaration's inputs against its answer's: their number, their types
** (a flag, a bool input past the first, where the answer takes [n]bool; every
** other input's types, t's, among those the answer's input takes there) and
** the layout. */
static int compatible(const struct udecl *d, const struct entry *a, const char *path, struct ps_err *e)
{
  unsigned types = d->types ? d->types : 1u << d->bufs[0].type, needs, fits = 1;
  int same = d->ninputs == a->nin;
  for (int i = 0; i < d->ninputs && same; i++) {
    int flag = !d->bufs[i].generic && d->bufs[i].type == DATA_BOOL && i > 0;
    unsigned want = entry_input_types(a, i);
    same = flag == (i > 0 && want == 1u << DATA_BOOL);
    fits &= flag || (types & want) == types;
  }
  needs = (d->layout & UDECL_SORTED ? ENTRY_SORTED : 0) | (d->layout & UDECL_EYTZINGER ? ENTRY_EYTZINGER : 0);
  if (!same)
    return ps_fail(e, "%s:%d: answer: %s takes %s; the declaration's inputs are not that (an input a line, in that "
                      "order: the dataset's values are the answer's)", path, d->answer_line, a->name, a->in_desc);
  if (!fits)
    return ps_fail(e, "%s:%d: answer: %s does not take every element type the declaration's inputs may have "
                      "(psearch list --json gives its types)", path, d->answer_line, a->name);
  if (needs != 0 && a->needs != 0 && needs != a->needs)
    return ps_fail(e, "%s:%d: answer: %s needs %s input; the first input is declared %s", path, d->answer_line,
                   a->name, a->needs & ENTRY_EYTZINGER ? "an Eytzinger" : "a sorted",
                   needs & ENTRY_EYTZINGER ? "eytzinger" : "sorted");
  return 0;
}

/* Row k of declaration d (answer a, or NULL for none) of file f. */
static void make_row(struct uload *f, int di, int k, const struct entry *a)
{
  const struct udecl *d = &f->f.d[di];
  struct entry *en = &rows[nrows];
  struct urow *r = &urows[nrows++];
  size_t off = 0, name = (size_t)snprintf(r->name, sizeof r->name, "%s", d->name);
  int multi = 0;
  r->file = &f->f;
  r->d = d;
  udecl_combo(d, k, r->values);
  for (int p = 0; p < d->nparams; p++) {
    const char *pn = udecl_name(d, d->params[p].sym);
    off += (size_t)snprintf(r->options + off, sizeof r->options - off, "-D%s=%lld ", pn, (long long)r->values[p]);
    if (d->params[p].nvalues > 1 && name < sizeof r->name)
      name += (size_t)snprintf(r->name + name, sizeof r->name - name, "%s%s=%lld", multi++ ? "," : "[", pn,
                               (long long)r->values[p]);
  }
  if (multi && name < sizeof r->name)
    snprintf(r->name + name, sizeof r->name - name, "]");
  snprintf(r->options + off, sizeof r->options - off, "%s", d->build);
  memset(en, 0, sizeof *en);
  *en = (struct entry){.name = r->name, .desc = f->info[di].desc, .nin = d->ninputs,
                       .types = d->types ? d->types : 1u << d->bufs[0].type, .in_desc = f->info[di].in_desc,
                       .out_desc = a != NULL ? a->out_desc : f->info[di].out_desc,
                       .work = d->work[0] ? d->work : "?", .span = d->span[0] ? d->span : "?",
                       .bytes_desc = d->bytes_text[0] ? d->bytes_text : "?", .bytes_of = d->has_bytes ? ujob_bytes : NULL,
                       .answer = a != NULL ? (a->answer != NULL ? a->answer : a->name) : NULL, .reference = a,
                       .unvalidated = a == NULL, .aux = r, .params = d->nparams ? f->info[di].tp : NULL};
  en->impl[BACKEND_C] = en->impl[BACKEND_MULTICORE] = ujob_host;
  en->impl[BACKEND_OPENCL] = ujob_opencl;
  for (int i = 1; i < d->ninputs; i++) /* [n]bool flags: v, of bool alone */
    en->vinputs |= !d->bufs[i].generic && d->bufs[i].type == DATA_BOOL ? 1u << i : 0;
  en->vtypes = en->vinputs ? 1u << DATA_BOOL : 0;
  en->needs = (a != NULL ? a->needs : 0) | (d->layout & UDECL_SORTED ? ENTRY_SORTED : 0) |
              (d->layout & UDECL_EYTZINGER ? ENTRY_EYTZINGER : 0);
}

/* Every declaration of f checked, then its rows added (all or none). */
static int register_file(struct uload *f, struct ps_err *e)
{
  const struct entry *ans[32];
  int need = 0;
  for (int i = 0; i < f->f.nd; i++) {
    const struct udecl *d = &f->f.d[i];
    const struct urow *r = declared(d->name);
    const struct entry *x = registry_find(d->name);
    for (int k = 0; k < i && r == NULL; k++)
      if (strcmp(f->f.d[k].name, d->name) == 0)
        return ps_fail(e, "%s:%d: entry: %s is declared already (line %d)", f->f.path, d->line, d->name, f->f.d[k].line);
    if (r != NULL)
      return ps_fail(e, "%s:%d: entry: %s is declared already (%s:%d)", f->f.path, d->line, d->name, r->file->path,
                     r->d->line);
    if (x != NULL && !user_is(x))
      return ps_fail(e, "%s:%d: entry: psearch has an entry named %s ('psearch list'); choose another name", f->f.path,
                     d->line, d->name);
    ans[i] = NULL;
    if (strcmp(d->answer, "none") != 0 &&
        ((ans[i] = answer_entry(d, f->f.path, e)) == NULL || compatible(d, ans[i], f->f.path, e) != 0))
      return -1;
    describe(d, f->f.path, &f->info[i]);
    need += d->ncombos;
  }
  if (nrows + need > USER_MAX_ENTRIES)
    return ps_fail(e, "%s: more than %d user entries (each combination of params is one)", f->f.path, USER_MAX_ENTRIES);
  for (int i = 0; i < f->f.nd; i++)
    for (int k = 0; k < f->f.d[i].ncombos; k++)
      make_row(f, i, k, ans[i]);
  return 0;
}

/* The file at path, read and parsed into a new struct uload (not registered). */
static struct uload *read_file(const char *path, struct ps_err *e)
{
  struct uload *f = calloc(1, sizeof *f);
  if (f == NULL || (f->f.path = strdup(path)) == NULL) {
    ps_fail(e, "out of memory");
    goto fail;
  }
  if (ps_utf8_invalid(path, strlen(path)) < strlen(path)) {
    ps_fail(e, "kernels: the path %s is not UTF-8 (it goes into the results JSON)", path);
    goto fail;
  }
  if (ps_read_file(path, 16u << 20, &f->f.text, &f->f.len, e) != 0) {
    ps_err_prefix(e, "kernels");
    goto fail;
  }
  snprintf(f->f.hash, sizeof f->f.hash, "xxh64:%016llx", (unsigned long long)cache_key_bytes(0, f->f.text, f->f.len));
  if (udecl_parse(f->f.text, f->f.len, path, &f->f.d, &f->f.nd, e) != 0)
    goto fail;
  if ((f->info = calloc((size_t)f->f.nd, sizeof *f->info)) == NULL) {
    ps_fail(e, "out of memory");
    goto fail;
  }
  return f;
fail:
  if (f != NULL) {
    free(f->f.path);
    free(f->f.text);
    free(f->f.d);
    free(f);
  }
  return NULL;
}

int user_load(const char *path, struct ps_err *e)
{
  char *real = realpath(path, NULL);
  struct uload *f = NULL;
  int rc = -1;
  for (int i = 0; i < nfiles; i++)
    if (strcmp(files[i]->f.path, path) == 0 || (real != NULL && files[i]->real != NULL && strcmp(files[i]->real, real) == 0)) {
      free(real);
      return 0;
    }
  if (nfiles == USER_MAX_FILES) {
    ps_fail(e, "%s: more than %d kernel files", path, USER_MAX_FILES);
    goto done;
  }
  if (rows == NULL) {
    rows = calloc(USER_MAX_ENTRIES + 1, sizeof *rows);
    urows = calloc(USER_MAX_ENTRIES, sizeof *urows);
    if (rows == NULL || urows == NULL) {
      user_unload();
      ps_fail(e, "out of memory");
      goto done;
    }
  }
  if ((f = read_file(path, e)) == NULL || register_file(f, e) != 0)
    goto done;
  f->real = real;
  real = NULL;
  files[nfiles++] = f;
  f = NULL;
  rc = 0;
done:
  if (f != NULL) {
    free(f->f.path);
    free(f->f.text);
    free(f->f.d);
    free(f->info);
    free(f);
  }
  free(real);
  return rc;
}

/* ---- suites ---- */

int user_expand(struct suite_block *b, struct ps_err *e)
{
  char **v = NULL;
  int n = 0, rc = 0;
  for (int i = 0; i < b->nentries && rc == 0; i++) {
    int found = 0;
    for (int r = 0; r <= nrows && rc == 0; r++) {
      const char *name = r < nrows ? (strcmp(urows[r].d->name, b->entries[i]) == 0 ? urows[r].name : NULL)
                                   : found ? NULL : b->entries[i];
      char **nv;
      if (name == NULL)
        continue;
      found = 1;
      if ((nv = realloc(v, (size_t)(n + 1) * sizeof *v)) == NULL || (nv[n] = strdup(name)) == NULL) {
        v = nv != NULL ? nv : v;
        rc = ps_fail(e, "out of memory");
      } else {
        v = nv;
        n++;
      }
    }
  }
  if (rc != 0) {
    while (n > 0)
      free(v[--n]);
    free(v);
    return -1;
  }
  for (int i = 0; i < b->nentries; i++)
    free(b->entries[i]);
  free(b->entries);
  b->entries = v;
  b->nentries = n;
  return 0;
}

/* Whether row r agrees with every value t sets for its params. */
static int agrees(const struct urow *r, const struct tune *t)
{
  for (int p = 0; p < r->d->nparams; p++) {
    const char *pn = udecl_name(r->d, r->d->params[p].sym);
    if (tune_has(t, pn) && tune_get(t, pn, 0) != r->values[p])
      return 0;
  }
  return 1;
}

/* Why no row of d agrees with t: the value it sets that d does not declare. */
static int none_left(const struct urow *r, const struct tune *t, struct ps_err *e)
{
  const struct udecl *d = r->d;
  for (int p = 0; p < d->nparams; p++) {
    const char *pn = udecl_name(d, d->params[p].sym);
    char vals[400];
    size_t off = 0;
    int ok = !tune_has(t, pn);
    for (int v = 0; v < d->params[p].nvalues; v++) {
      ok |= d->params[p].values[v] == tune_get(t, pn, 0);
      off += (size_t)snprintf(vals + off, sizeof vals - off, "%s%lld", v ? ", " : "", (long long)d->params[p].values[v]);
    }
    if (!ok)
      return ps_fail(e, "--tune %s=%lld: %s declares %s = %s (%s:%d)", pn, (long long)tune_get(t, pn, 0), d->name, pn,
                     vals, r->file->path, d->params[p].line);
  }
  return ps_fail(e, "--tune: no combination of %s's params has the values asked", d->name);
}

int user_pin(struct suite *s, const struct tune *t, struct ps_err *e)
{
  for (int bi = 0; bi < s->nblocks; bi++) {
    struct suite_block *b = &s->blocks[bi];
    int k = 0;
    for (int i = 0; i < b->nentries; i++) {
      const struct entry *en = registry_find(b->entries[i]);
      const struct urow *r = en != NULL && user_is(en) ? en->aux : NULL;
      int kept = r == NULL || agrees(r, t), any = kept;
      for (int j = 0; j < b->nentries && !any && r != NULL; j++) { /* does a sibling row survive? */
        const struct entry *x = registry_find(b->entries[j]);
        any = x != NULL && user_is(x) && ((const struct urow *)x->aux)->d == r->d && agrees(x->aux, t);
      }
      if (!any)
        return none_left(r, t, e);
      if (kept)
        b->entries[k++] = b->entries[i];
      else
        free(b->entries[i]);
    }
    b->nentries = k;
  }
  return 0;
}

/* ---- results ---- */

const char *user_source_hash(const struct entry *en)
{
  return user_is(en) ? ((const struct urow *)en->aux)->file->hash : NULL;
}

cJSON *user_json(const struct entry *en)
{
  const struct urow *r = user_is(en) ? en->aux : NULL;
  cJSON *o, *p;
  char *decl;
  if (r == NULL || (o = cJSON_CreateObject()) == NULL)
    return NULL;
  cJSON_AddStringToObject(o, "entry", r->d->name);
  cJSON_AddStringToObject(o, "path", r->file->path);
  cJSON_AddNumberToObject(o, "line", r->d->line);
  cJSON_AddStringToObject(o, "source_xxh64", r->file->hash);
  if ((decl = malloc(r->d->len + 1)) != NULL) {
    memcpy(decl, r->file->text + r->d->off, r->d->len);
    decl[r->d->len] = '\0';
    cJSON_AddStringToObject(o, "declaration", decl);
    free(decl);
  }
  cJSON_AddStringToObject(o, "build_options", r->options);
  p = cJSON_AddObjectToObject(o, "params");
  for (int k = 0; k < r->d->nparams; k++)
    cJSON_AddNumberToObject(p, udecl_name(r->d, r->d->params[k].sym), (double)r->values[k]);
  cJSON_AddStringToObject(o, "answer", r->d->answer);
  return o;
}
