/*
** suitecheck.h: everything about a suite that can be checked before any
** device work: its entry points exist, every random or inline case has types
** its entries accept, and entries that need sorted or Eytzinger input get it;
** and that every -e names an entry point some block of the suites runs.
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

#endif
