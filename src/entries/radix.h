/*
** radix.h: the sorting family, as entry points (entry.h): the cost-model
** lecture's one-bit radix sort, the fast 8-bit radix sort, and `sorted`,
** the engine's sort (the 8-bit one).
*/
#ifndef radix_h
#define radix_h

#include "entry.h"

extern const struct entry radix_entries[];

#endif
