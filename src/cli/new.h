/*
** new.h: `psearch new kernel NAME --like ENTRY`, a user kernel's skeleton.
*/
#ifndef new_h
#define new_h

#include "opt.h"

extern const struct opt_cmd new_cmd;

#endif
