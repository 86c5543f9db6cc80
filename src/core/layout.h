/*
** layout.h: the Eytzinger (BFS) layout of a sorted array on the host: node k
** (1-based) of the heap-shaped tree of n nodes holds the element whose rank
** in an in-order walk is k's. Used to make `eytzinger` inputs and as the
** search family's reference.
*/
#ifndef layout_h
#define layout_h

#include "data.h"

#include <stdint.h>

/* The layout's version: part of every dataset cache key. Bump it whenever
** layout_eytzinger's output changes. */
#define LAYOUT_VERSION 1

/* The in-order rank of node k (1-based) of a heap-shaped tree of n nodes:
** the position in the sorted array of the element that node k holds. */
int64_t layout_eytzinger_rank(int64_t n, int64_t k);

/* Write the Eytzinger layout of the sorted 1-D array a into t (already
** allocated with a's type and shape), by the sequential in-order walk (an
** oracle independent of the closed form). */
void layout_eytzinger_walk(const struct data_value *a, struct data_value *t);

/* Lay out a sorted 1-D array in Eytzinger order, in place (uses n elements
** of scratch). 0, or -1 with a message in e. */
int layout_eytzinger(struct data_value *v, struct ps_err *e);

#endif
