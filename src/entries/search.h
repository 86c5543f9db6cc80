/*
** search.h: the search family (docs/entries.md): Eytzinger construction and
** binary and Eytzinger search, with keys in array order (as in the blog post)
** or drawn at random. The sequential references are exported for tests.
*/
#ifndef search_h
#define search_h

#include "entry.h"

#include <stdint.h>

/* The in-order rank of node k (1-based) of a heap-shaped tree of n nodes:
** the position in the sorted array of the element that node k holds. */
int64_t search_eytzinger_rank(int64_t n, int64_t k);

/* The Eytzinger layout's version: part of every dataset cache key. Bump it
** whenever search_layout_eytzinger's output changes. */
#define SEARCH_LAYOUT_VERSION 1

/* Lay out a sorted 1-D array in Eytzinger order, in place (uses n elements
** of scratch). The sequential in-order construction. */
int search_layout_eytzinger(struct data_value *v, struct ps_err *e);

/* The family's entries (a table ending with a NULL name). */
extern const struct entry search_entries[];

#endif
