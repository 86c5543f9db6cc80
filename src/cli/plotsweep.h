/*
** plotsweep.h: `psearch plot --sweep` (docs/cli.md): for every program, its
** datasets whose names hold a size ("[N]", as a suite's size sweep names them)
** form a line; runtime per element (mean of the runs, ns) and throughput
** (G elements/s) against N on log axes, the copy kernel drawn black as the
** roofline, and the cache the driver reports marked where its bytes are N
** elements of the swept type. Lines with fewer than two sizes are left out.
*/
#ifndef plotsweep_h
#define plotsweep_h

#include "results.h"

#include <stdio.h>

/* Draw the sweep chart of the nfiles results (lines labelled with the file
** when several) as SVG on f (inline_svg: inside an HTML page). The exit code: PS_EXIT_OK, or with e set
** PS_EXIT_BADDATA when no program has a dataset at two or more sizes, or
** PS_EXIT_FAILED (out of memory). */
int plotsweep_draw(FILE *f, struct results *const *r, int nfiles, int inline_svg, struct ps_err *e);

#endif
