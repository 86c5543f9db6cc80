/*
** registry.c: the families, in catalogue order. A new family is one line
** here and one include. The user family (user.h) comes last: its rows are
** made at run time from the kernels a suite names.
*/
#include "registry.h"

#include "copy.h"
#include "cost.h"
#include "radix.h"
#include "search.h"
#include "user.h"

#include "opt.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name; /* as `psearch list --json` and docs/entries.md give it */
  const struct entry *entries;
} families[] = {
  {"copy", copy_entries},
  {"search", search_entries},
  {"cost", cost_entries},
  {"sort", radix_entries},
};
#define NFAMILIES (sizeof families / sizeof families[0])
#define NALL (NFAMILIES + 1) /* and the user family */

/* Family f's rows, ended by one with no name. */
static const struct entry *rows_of(size_t f) { return f < NFAMILIES ? families[f].entries : user_entries(); }

int registry_count(void)
{
  int n = 0;
  for (size_t f = 0; f < NALL; f++)
    for (const struct entry *en = rows_of(f); en->name; en++)
      n++;
  return n;
}

const struct entry *registry_at(int i)
{
  for (size_t f = 0; f < NALL; f++)
    for (const struct entry *en = rows_of(f); en->name; en++)
      if (i-- == 0)
        return en;
  return NULL;
}

const struct entry *registry_find(const char *name)
{
  for (size_t f = 0; f < NALL; f++)
    for (const struct entry *en = rows_of(f); en->name; en++)
      if (strcmp(en->name, name) == 0)
        return en;
  return NULL;
}

const char *registry_family(const struct entry *en)
{
  if (user_is(en))
    return "user";
  for (size_t f = 0; f < NFAMILIES; f++)
    for (const struct entry *x = families[f].entries; x->name; x++)
      if (x == en)
        return families[f].name;
  return NULL;
}

const char *registry_rank_family(const struct entry *en)
{
  return en->reference != NULL ? registry_family(en->reference) : registry_family(en);
}

int registry_named(const char *asked, const char *name)
{
  size_t n = strlen(asked);
  return strncmp(asked, name, n) == 0 && (name[n] == '\0' || name[n] == '[');
}

/* A glob against a user kernel's name less its params ("my_*" names
** my_search[WG=128] too, where fnmatch would read "[WG=128]" as a set). */
static int glob_base(const char *glob, const char *name)
{
  char base[256];
  const char *br = strchr(name, '[');
  size_t n = br != NULL ? (size_t)(br - name) : strlen(name);
  if (br == NULL || n >= sizeof base)
    return 0;
  memcpy(base, name, n);
  base[n] = '\0';
  return fnmatch(glob, base, FNM_NOESCAPE) == 0;
}

int registry_matches(const char *asked, const char *name)
{
  if (strpbrk(asked, "*?") == NULL)
    return registry_named(asked, name);
  return fnmatch(asked, name, FNM_NOESCAPE) == 0 || (strchr(asked, '[') == NULL && glob_base(asked, name));
}

const char *registry_closest(const char *name)
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

int registry_check_tune(const struct tune *t, struct ps_err *e)
{
  const struct tune_param *tables[64];
  int n = 0;
  for (int i = 0; i < registry_count() && n < 63; i++) {
    const struct tune_param *p = registry_at(i)->params;
    int seen = p == NULL;
    for (int k = 0; k < n && !seen; k++)
      seen = tables[k] == p;
    if (!seen)
      tables[n++] = p;
  }
  tables[n] = NULL;
  return tune_check(t, tables, e);
}
