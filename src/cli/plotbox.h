/*
** plotbox.h: the box plots of `psearch plot` and `psearch report`: for each
** suite, one panel per problem (plotgroup.h: the layouts of one array size
** and element type share it), every entry that ran it a row (one per file,
** in the file's colour), sorted fastest first by median, on the panel's one
** log time axis. A box spans the quartiles with the median marked; whiskers
** reach the 5th and 95th percentiles of the recorded runs; the runs beyond
** them are points, and those beyond the axis (set by the whiskers alone, so
** an outlier never stretches it) are counted at its edge. The median is
** printed at the right of each row.
*/
#ifndef plotbox_h
#define plotbox_h

#include "results.h"

#include <stdio.h>

struct plotbox;

/* The panels of the nfiles results r (which must outlive them); NULL when
** out of memory. */
struct plotbox *plotbox_new(struct results *const *r, int nfiles);
void plotbox_free(struct plotbox *b); /* accepts NULL */

/* Pixels the panels need: their height, and the width of the widest row
** (its label, the axis and the median) at least min_w. */
double plotbox_height(const struct plotbox *b);
double plotbox_width(const struct plotbox *b, double min_w);

/* Draw the panels from top y over width w (plotbox_width) on f. */
void plotbox_draw(FILE *f, const struct plotbox *b, double y, double w);

#endif
