/*
** copy.h: the copy family: bench_copy (docs/entries.md).
*/
#ifndef copy_h
#define copy_h

#include "entry.h"

extern const struct entry copy_entries[];

#endif
