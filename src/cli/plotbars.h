/*
** plotbars.h: `psearch plot --bars` (docs/cli.md): the blog post's figure.
** For each suite and problem (plotgroup.h: the layouts of one array size
** and element type together), a group of bars, one per entry and dataset,
** fastest first, each the mean runtime divided by the baseline entry's mean
** in the group (default bench_copy: the roofline), with a line at 1x. A
** group the baseline did not run shows each entry's mean in µs instead.
*/
#ifndef plotbars_h
#define plotbars_h

#include "results.h"

#include <stdio.h>

/* Draw the chart of r as SVG on f, relative to the entry baseline (NULL:
** bench_copy, where it ran). The exit code: PS_EXIT_OK, or with e set
** PS_EXIT_USAGE when baseline is no entry of r (with the nearest one),
** PS_EXIT_BADDATA when no dataset ran, or PS_EXIT_FAILED (out of memory). */
int plotbars_draw(FILE *f, const struct results *r, const char *baseline, struct ps_err *e);

#endif
