/*
** search_ref.h: the sequential references of the search family (search.c's
** c backend): one key x (an element of xs's type, its bytes) answered at a
** time. Nothing passed in is owned or kept.
*/
#ifndef search_ref_h
#define search_ref_h

#include "btree.h"
#include "data.h"

#include <stdint.h>

/* The lower bound of x in the sorted xs: the first i with x <= xs[i], or n. */
int64_t search_ref_lower_bound(const struct data_value *xs, const unsigned char *x);

/* The post's eytzinger_search over the Eytzinger array t: the 0-based index
** in t of x's lower bound, or -1 where every element is below x. */
int64_t search_ref_eytzinger(const struct data_value *t, const unsigned char *x);

/* The lower bound of x in the sorted xs by descending the B+ tree of shape bt
** whose internal levels `tree` holds (btree_build), clamped to n. */
int64_t search_ref_btree(const struct data_value *xs, const struct btree_shape *bt, const unsigned char *tree,
                         const unsigned char *x);

#endif
