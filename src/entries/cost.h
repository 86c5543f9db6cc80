/*
** cost.h: the cost-model family (reductions, scans, filter, histograms) of
** the parallel cost-model lecture, as entry points (entry.h).
*/
#ifndef cost_h
#define cost_h

#include "entry.h"

extern const struct entry cost_entries[];

#endif
