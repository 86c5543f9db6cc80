/*
** suitecheck.h: everything about a suite that can be checked before any
** device work: its entry points exist, every random or inline case has types
** its entries accept, and entries that need sorted or Eytzinger input get it;
** and that every -e names an entry point some block of the suites runs.
** User kernels (`-- kernels:`) are loaded as their suite is.
** Also where suites come from: files and the built-in ones.
** Messages are "FILE:LINE: problem" with the fix (docs/suites.md).
*/
#ifndef suitecheck_h
#define suitecheck_h

#include "suite.h"

/* 0, or -1 with e set. */
int suitecheck_suite(const struct suite *s, struct ps_err *e);

/* Each of names[0..n) is an entry point that some block of suites[0..ns)
** names: 0, or -1 with e set (with the closest entry point's name). */
int suitecheck_entries(const char *const *names, int n, struct suite *const *suites, int ns,
                       struct ps_err *e);

/* A warning for each of tags[0..n) (--exclude-case) that no case of
** suites[0..ns) has, with the closest tag they have. */
void suitecheck_tags(const char *const *tags, int n, struct suite *const *suites, int ns);

/* The user kernels s names (`-- kernels:`) loaded and registered, and each
** entry: name of a declaration replaced with the names of its rows (one a
** combination of its params). 0, or -1 with e set ("FILE:LINE: ..."). */
int suitecheck_kernels(struct suite *s, struct ps_err *e);

/* Load and check the suites paths[0..npaths) (a file, or builtin:NAME; the
** defaults when npaths is 0; paths has room for max) into suites: their
** count, or after printing why -1 (a bad suite), or -2 (failed work: a
** suite file that cannot be read, or out of memory). */
int suitecheck_load(const char **paths, int npaths, int max, struct suite **suites);

/* Print the built-in suites, one per line, the defaults marked. */
void suitecheck_list_builtins(void);

#endif
