/*
** registry.h: every entry point psearch has, family by family (the linit.c
** pattern: the families are listed here, and only here; the engine knows
** none of them).
*/
#ifndef registry_h
#define registry_h

#include "entry.h"

/* The entries in catalogue order: the number, the i-th (NULL past the end),
** and the one named `name` (NULL if none). */
int registry_count(void);
const struct entry *registry_at(int i);
const struct entry *registry_find(const char *name);

/* The name of the family an entry belongs to ("copy", "search", "cost",
** "sort", "user"); NULL for an entry not in the registry. */
const char *registry_family(const struct entry *en);

/* The family an entry is ranked with in bench's summary: its own, or a
** user kernel's answer's, so that it stands beside the entries it answers
** ("user" with answer: none). */
const char *registry_rank_family(const struct entry *en);

/* Whether asked (a suite's entry: or bench -e) names the entry called name:
** the same name, or a user kernel's name less its params' values
** (my_lower_bound names my_lower_bound[WG=128]). */
int registry_named(const char *asked, const char *name);

/* The entry point whose name is closest to name, when close enough to be a
** typo of it (opt_closest); NULL otherwise. */
const char *registry_closest(const char *name);

/* Whether bench's and run's -e `asked` names the entry called name: a glob
** when it has `*` or `?` (fnmatch: `bench_*search*`; `[` is literal, as in
** a user kernel's params), else registry_named. */
int registry_matches(const char *asked, const char *name);

/* Check the tuning parameters t sets against every entry's declarations
** (struct entry.params, tune_check). 0, or -1 with e set. */
int registry_check_tune(const struct tune *t, struct ps_err *e);

#endif
