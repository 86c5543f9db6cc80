/*
** compare.h: `psearch compare OLD.json NEW.json`: per dataset, old and new
** mean, speedup (mean old / mean new, as futhark benchcmp) and a verdict from
** a stated significance test; the exit code is the CI gate.
*/
#ifndef compare_h
#define compare_h

#include "opt.h"

extern const struct opt_cmd compare_cmd;

#endif
