/*
** plot.h: `psearch plot RESULTS.json... -o FILE.svg`: runtime distributions
** per dataset, and speedup bars when given two files.
*/
#ifndef plot_h
#define plot_h

#include <stdio.h>

void plot_help(FILE *f);
int plot_main(int argc, char **argv);

#endif
