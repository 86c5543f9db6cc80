/*
** plot.h: `psearch plot RESULTS.json... -o FILE.svg`: runtime distributions
** per dataset, and speedup bars when given two files.
*/
#ifndef plot_h
#define plot_h

#include "opt.h"

extern const struct opt_cmd plot_cmd;

#endif
