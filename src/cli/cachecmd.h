/*
** cachecmd.h: `psearch cache`: show where the cache is and what it holds,
** clean it, or trim it to its size cap.
*/
#ifndef cachecmd_h
#define cachecmd_h

#include "opt.h"

extern const struct opt_cmd cache_cmd;

#endif
