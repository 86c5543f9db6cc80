/*
** suitecheck.c: suites loaded and checked against the registry before
** anything runs.
*/
#include "suitecheck.h"

#include "input.h"
#include "opt.h"
#include "registry.h"
#include "user.h"

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>


/* The words (runs of letters and digits) of the entry points' names into
** words[0..max), NULL-terminated, pointing into store; their count. */
static int entry_words(char *store, size_t size, const char **words, int max)
{
  size_t used = 0;
  int n = 0;
  for (int i = 0; i < registry_count(); i++)
    for (const char *p = registry_at(i)->name; *p;) {
      size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
      if (len > 0 && n + 1 < max && used + len + 1 <= size) {
        memcpy(store + used, p, len);
        store[used + len] = '\0';
        words[n++] = store + used;
        used += len + 1;
      }
      p += len > 0 ? len : 1;
    }
  words[n] = NULL;
  return n;
}

/* A glob that matches no entry point with each of its words replaced by the
** closest word of the entry points' names, into buf, when that one matches
** an entry point (did you mean bench_*search*?); else NULL. */
static const char *fix_glob(const char *pattern, char *buf, size_t n)
{
  static char store[8192];
  static const char *words[1024];
  size_t k = 0;
  int hit = 0;
  if (strpbrk(pattern, "*?") == NULL || strlen(pattern) >= 200)
    return NULL;
  entry_words(store, sizeof store, words, 1024);
  for (const char *p = pattern; *p && k + 1 < n;) {
    size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
    char w[200];
    int best;
    if (len == 0) {
      buf[k++] = *p++;
      continue;
    }
    memcpy(w, p, len);
    w[len] = '\0';
    best = opt_closest(w, words);
    k += (size_t)snprintf(buf + k, n - k, "%s", best >= 0 ? words[best] : w);
    p += len;
  }
  buf[k < n ? k : n - 1] = '\0';
  for (int i = 0; i < registry_count() && !hit; i++)
    hit = registry_matches(buf, registry_at(i)->name);
  return hit ? buf : NULL;
}

static int unknown_entry(const char *where, int line, const char *name, struct ps_err *e)
{
  const char *near = registry_closest(name);
  if (near != NULL)
    return ps_fail(e, "%s:%d: unknown entry point '%s' (did you mean '%s'? 'psearch list' shows them)",
                   where, line, name, near);
  return ps_fail(e, "%s:%d: unknown entry point '%s' ('psearch list' shows them)", where, line, name);
}

/* A random case's layout against what en needs of its first input. */
static int check_needs(const struct suite *s, const struct suite_case *c, const struct entry *en,
                       struct ps_err *e)
{
  if ((en->needs & ENTRY_EYTZINGER) && c->random && !c->eytzinger)
    return ps_fail(e, "%s:%d: %s needs an Eytzinger array: write 'random eytzinger input { ... }' "
                      "(or lay a sorted file out with 'psearch run -e to_eytzinger -b < sorted > eytz')",
                   s->path, c->line, en->name);
  if ((en->needs & ENTRY_SORTED) && c->random && (!c->sorted || c->eytzinger))
    return ps_fail(e, "%s:%d: %s needs a sorted array: write 'random sorted input { ... }'", s->path,
                   c->line, en->name);
  return 0;
}

/* The types of a random or inline case against every entry of its block. */
static int check_case(const struct suite *s, const struct suite_block *b, const struct suite_case *c,
                      struct ps_err *e)
{
  struct data_value v[INPUT_MAX];
  uint64_t digest;
  int n = c->file != NULL ? 0 : c->random ? input_case_types(c, v, e) : input_load_case(c, 0, v, &digest, e);
  int rc = 0;
  if (c->file != NULL)
    return 0; /* a file's values are read, and checked, when it runs */
  if (n < 0) {
    char why[sizeof e->msg];
    memcpy(why, e->msg, sizeof why);
    return ps_fail(e, "%s:%d: %.900s", s->path, c->line, why);
  }
  for (int i = 0; i < b->nentries && rc == 0; i++) {
    const struct entry *en = registry_find(b->entries[i]);
    struct ps_err why;
    if (entry_check_inputs(en, v, n, &why) != 0)
      rc = ps_fail(e, "%s:%d: dataset %s for %s: %.800s", s->path, c->line, c->name, en->name, why.msg);
    else
      rc = check_needs(s, c, en, e);
  }
  for (int i = 0; i < n; i++)
    data_value_free(&v[i]);
  return rc;
}

int suitecheck_suite(const struct suite *s, struct ps_err *e)
{
  for (int b = 0; b < s->nblocks; b++) {
    const struct suite_block *bl = &s->blocks[b];
    for (int i = 0; i < bl->nentries; i++)
      if (registry_find(bl->entries[i]) == NULL)
        return unknown_entry(s->path, bl->line, bl->entries[i], e);
    for (int c = 0; c < bl->ncases; c++)
      if (check_case(s, bl, &bl->cases[c], e) != 0)
        return -1;
  }
  return 0;
}

int suitecheck_entries(const char *const *names, int n, struct suite *const *suites, int ns,
                       struct ps_err *e)
{
  for (int k = 0; k < n; k++) {
    int found = 0, known = 0;
    for (int i = 0; i < registry_count() && !known; i++)
      known = registry_matches(names[k], registry_at(i)->name);
    if (!known) {
      char fixed[256];
      const char *near = strpbrk(names[k], "*?") ? fix_glob(names[k], fixed, sizeof fixed) : registry_closest(names[k]);
      return ps_fail(e, "-e %s: %s%s%s%s ('psearch list' shows them)", names[k],
                     strpbrk(names[k], "*?") ? "the pattern matches no entry point" : "no such entry point",
                     near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
    }
    for (int i = 0; i < ns && !found; i++)
      for (int b = 0; b < suites[i]->nblocks && !found; b++)
        for (int j = 0; j < suites[i]->blocks[b].nentries && !found; j++)
          found = registry_matches(names[k], suites[i]->blocks[b].entries[j]);
    if (!found)
      return ps_fail(e, "-e %s: no block of the suites given runs it (add it to a suite's 'entry:' line, "
                        "or give a suite that has it: psearch bench --list-suites)", names[k]);
  }
  return 0;
}

void suitecheck_tags(const char *const *tags, int n, struct suite *const *suites, int ns)
{
  for (int k = 0; k < n; k++) {
    const char *seen[64] = {NULL}, *near = NULL;
    int found = 0, nseen = 0, i;
    for (int si = 0; si < ns && !found; si++)
      for (int b = 0; b < suites[si]->nblocks && !found; b++)
        for (int c = 0; c < suites[si]->blocks[b].ncases && !found; c++) {
          const struct suite_case *sc = &suites[si]->blocks[b].cases[c];
          found = suite_case_has_tag(sc, tags[k]);
          for (int t = 0; t < sc->ntags && nseen < 63; t++) {
            for (i = 0; i < nseen && strcmp(seen[i], sc->tags[t]) != 0; i++)
              ;
            if (i == nseen)
              seen[nseen++] = sc->tags[t];
          }
        }
    if (!found && (i = opt_closest(tags[k], seen)) >= 0)
      near = seen[i];
    if (!found)
      ps_warn("--exclude-case %s: no case of the suites has this tag, so it excludes nothing%s%s%s", tags[k],
              near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
  }
}

void suitecheck_list_builtins(void)
{
  for (const struct suite_builtin *b = suite_builtins; b->name; b++) {
    int def = 0;
    for (const char *const *d = suite_defaults; *d; d++)
      def |= strcmp(*d, b->name) == 0;
    printf("builtin:%s%s\n", b->name, def ? " (default)" : "");
  }
}

static struct suite *builtin(const char *name, struct ps_err *e)
{
  for (const struct suite_builtin *b = suite_builtins; b->name; b++) {
    if (strcmp(b->name, name) == 0) {
      char key[256];
      snprintf(key, sizeof key, "datasets/%s", b->name);
      return suite_parse(b->text, b->len, key, NULL, e);
    }
  }
  ps_fail(e, "no built-in suite '%s' (psearch bench --list-suites)", name);
  return NULL;
}

int suitecheck_kernels(struct suite *s, struct ps_err *e)
{
  for (int i = 0; i < s->nkernels; i++)
    if (user_load(s->kernels[i], e) != 0) {
      if (strncmp(e->msg, s->kernels[i], strlen(s->kernels[i])) != 0) /* a file that cannot be read */
        ps_err_prefix(e, "%s:%d", s->path, s->kernel_lines[i]);
      return -1;
    }
  for (int b = 0; b < s->nblocks; b++)
    if (user_expand(&s->blocks[b], e) != 0)
      return -1;
  return 0;
}

/* Whether a failure to load a suite was running out of memory: its message
** ends with "out of memory" (alone or after "WHERE: ") or with ENOMEM's text. */
static int out_of_memory(const char *msg)
{
  const char *const ends[] = {"out of memory", strerror(ENOMEM)};
  size_t len = strlen(msg);
  for (int i = 0; i < 2; i++) {
    size_t k = strlen(ends[i]);
    if (len >= k && strcmp(msg + len - k, ends[i]) == 0 && (len == k || (len >= k + 2 && msg[len - k - 2] == ':')))
      return 1;
  }
  return 0;
}

/* The header of case c's `input @ FILE`: the file opens and begins as a
** value of the data format does (binary: 'b', version 2, a rank and a known
** type, its shape; text: a number, an array, a boolean or empty()). 0, or
** -1 with e set and *io 1 when the file cannot be read (else malformed). */
static int check_file(const struct suite *s, const struct suite_case *c, int *io, struct ps_err *e)
{
  unsigned char h[7 + 8 * 8];
  FILE *f = fopen(c->file, "rb");
  size_t n = 0;
  int rc = -1;
  enum data_type t;
  *io = 1;
  if (f == NULL) {
    ps_fail(e, "%s:%d: input @ %s: cannot open: %s", s->path, c->line, c->file, strerror(errno));
    goto done;
  }
  n = fread(h, 1, 7, f);
  if (ferror(f)) {
    ps_fail(e, "%s:%d: input @ %s: read error: %s", s->path, c->line, c->file, strerror(errno));
    goto done;
  }
  *io = 0;
  if (n == 0) {
    ps_fail(e, "%s:%d: input @ %s: the file is empty: no value", s->path, c->line, c->file);
  } else if (h[0] == 'b') {
    size_t sp = 0;
    while (sp < 3 && h[3 + sp] == ' ') /* the type: 4 bytes, padded on the left (" i32", "  u8") */
      sp++;
    if (n < 7 || h[1] != 2 || h[2] > 8 || data_type_parse((const char *)h + 3 + sp, 4 - sp, &t) != 0)
      ps_fail(e, "%s:%d: input @ %s: not a value in the binary data format (its first 7 bytes: 'b', version 2, a rank "
                 "of at most 8, a type such as ' i32')", s->path, c->line, c->file);
    else if (fread(h + 7, 8, h[2], f) != h[2])
      ps_fail(e, "%s:%d: input @ %s: its first value's shape is cut short", s->path, c->line, c->file);
    else
      rc = 0;
  } else if (strchr(" \t\r\n[-+.0123456789tfe", h[0]) == NULL) {
    ps_fail(e, "%s:%d: input @ %s: not in the data format (neither binary, which begins with 'b', nor text)",
            s->path, c->line, c->file);
  } else {
    rc = 0;
  }
done:
  if (f != NULL)
    fclose(f);
  return rc;
}

/* Every `input @ FILE` of s (check_file). 0, or -1 with e and *io set. */
static int check_files(const struct suite *s, int *io, struct ps_err *e)
{
  for (int b = 0; b < s->nblocks; b++)
    for (int c = 0; c < s->blocks[b].ncases; c++)
      if (s->blocks[b].cases[c].file != NULL && check_file(s, &s->blocks[b].cases[c], io, e) != 0)
        return -1;
  return 0;
}

/* A suite's path as bench names its programs: relative to the current
** directory when the file is inside it (./gate.bench, /abs/cwd/gate.bench
** and sub/../gate.bench are all gate.bench), else as given; into buf. */
static const char *normalised(const char *path, char *buf, size_t n)
{
  char *real = NULL, *cwd = NULL;
  const char *name = path;
  size_t k;
  if (strncmp(path, "builtin:", 8) == 0 || (real = realpath(path, NULL)) == NULL ||
      (cwd = realpath(".", NULL)) == NULL)
    goto done;
  k = strlen(cwd);
  if (strncmp(real, cwd, k) == 0 && real[k] == '/' && strlen(real + k + 1) < n) {
    snprintf(buf, n, "%s", real + k + 1);
    name = buf;
  }
done:
  free(real);
  free(cwd);
  return name;
}

/* Whether a file cannot be opened and read as a file. */
static int unreadable(const char *path)
{
  char c;
  int fd = open(path, O_RDONLY), bad = fd < 0 || read(fd, &c, 1) < 0;
  if (fd >= 0)
    close(fd);
  return bad;
}

int suitecheck_load(const char **paths, int npaths, int max, struct suite **suites)
{
  struct ps_err e;
  int n = 0, rc;
  if (npaths == 0)
    for (const char *const *d = suite_defaults; *d && npaths < max; d++)
      paths[npaths++] = NULL;
  for (int i = 0; i < npaths; i++) {
    char norm[4096];
    const char *p = paths[i] != NULL ? normalised(paths[i], norm, sizeof norm) : NULL;
    struct suite *s = p == NULL                          ? builtin(suite_defaults[i], &e)
                      : strncmp(p, "builtin:", 8) == 0 ? builtin(p + 8, &e)
                                                       : suite_load(p, &e);
    int io = 0;
    if (s == NULL || suitecheck_kernels(s, &e) != 0 || suitecheck_suite(s, &e) != 0 || check_files(s, &io, &e) != 0) {
      ps_error("%s", e.msg);
      /* a file that cannot be read is failed work (I/O), not malformed input */
      io |= s == NULL && p != NULL && strncmp(p, "builtin:", 8) != 0 && unreadable(p);
      rc = out_of_memory(e.msg) || io ? -2 : -1;
      suite_free(s);
      return rc;
    }
    suites[n++] = s;
  }
  return n;
}
