/*
** plotbars.h: `psearch plot --bars` (docs/cli.md): the blog post's figure.
** For each suite and dataset, a group of bars, one per entry point in the
** order of the file, each the entry's mean runtime divided by the baseline
** entry's mean on the same suite and dataset (default bench_copy: the
** roofline), with a line at 1x. A dataset the baseline did not run shows
** each entry's mean in µs instead of a bar.
*/
#ifndef plotbars_h
#define plotbars_h

#include "results.h"

#include <stdio.h>

/* Draw the chart of r as SVG on f. The exit code: PS_EXIT_OK, or with e
** set PS_EXIT_BADDATA when no dataset ran, or PS_EXIT_FAILED (out of memory). */
int plotbars_draw(FILE *f, const struct results *r, const char *baseline, struct ps_err *e);

#endif
