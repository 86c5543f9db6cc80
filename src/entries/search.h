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

/* 0 when the integers of v are sorted (as their type compares), else -1
** with e naming the first pair out of order. */
int search_check_sorted(const struct data_value *v, struct ps_err *e);

#endif
