/*
** search.h: the search family (docs/entries.md): Eytzinger construction and
** binary and Eytzinger search, with keys in array order (as in the blog post)
** or drawn at random, B+ tree and N-ary search; sorted-keys search.
*/
#ifndef search_h
#define search_h

#include "entry.h"

#include <stdint.h>

/* The family's entries (a table ending with a NULL name). */
extern const struct entry search_entries[];

#endif
