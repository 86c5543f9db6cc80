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
#include <string.h>

/* The registry's closest name to `name`, or NULL. */
static const char *closest_entry(const char *name)
{
  const char **names = calloc((size_t)registry_count() + 1, sizeof *names);
  const char *hit = NULL;
  int k;
  if (names == NULL)
    return NULL;
  for (int i = 0; i < registry_count(); i++)
    names[i] = registry_at(i)->name;
  if ((k = opt_closest(name, names)) >= 0)
    hit = names[k];
  free(names);
  return hit;
}

static int unknown_entry(const char *where, int line, const char *name, struct ps_err *e)
{
  const char *near = closest_entry(name);
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
      known = registry_named(names[k], registry_at(i)->name);
    if (!known) {
      const char *near = closest_entry(names[k]);
      return ps_fail(e, "-e %s: no such entry point%s%s%s ('psearch list' shows them)", names[k],
                     near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
    }
    for (int i = 0; i < ns && !found; i++)
      for (int b = 0; b < suites[i]->nblocks && !found; b++)
        for (int j = 0; j < suites[i]->blocks[b].nentries && !found; j++)
          found = registry_named(names[k], suites[i]->blocks[b].entries[j]);
    if (!found)
      return ps_fail(e, "-e %s: no block of the suites given runs it (add it to a suite's 'entry:' line, "
                        "or give a suite that has it: psearch bench --list-suites)", names[k]);
  }
  return 0;
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

int suitecheck_load(const char **paths, int npaths, int max, struct suite **suites)
{
  struct ps_err e;
  int n = 0;
  if (npaths == 0)
    for (const char *const *d = suite_defaults; *d && npaths < max; d++)
      paths[npaths++] = NULL;
  for (int i = 0; i < npaths; i++) {
    const char *p = paths[i];
    struct suite *s = p == NULL                          ? builtin(suite_defaults[i], &e)
                      : strncmp(p, "builtin:", 8) == 0 ? builtin(p + 8, &e)
                                                       : suite_load(p, &e);
    if (s == NULL || suitecheck_kernels(s, &e) != 0 || suitecheck_suite(s, &e) != 0) {
      ps_error("%s", e.msg);
      suite_free(s);
      return out_of_memory(e.msg) ? -2 : -1;
    }
    suites[n++] = s;
  }
  return n;
}
