/*
** search_mc.h: the search family's multicore kernels (the third column of
** search.c's entries). Every call splits its work over the pool's workers
** (NULL pool: the caller alone) and returns when all of it is done; the
** results equal the c backend's bit for bit. Elements and keys are of one
** integer type and compare as that type (signed types signed). Nothing
** passed in is owned or kept.
*/
#ifndef search_mc_h
#define search_mc_h

#include "data.h"
#include "pool.h"

#include <stdint.h>

/* A static B+ tree over a sorted array, laid out as search.c builds it, with
** leaves of 16 keys and internal nodes of 8: level 0 is the sorted array
** (len[0] elements); levels 1..nl-1 lie in `internal` one after another,
** level l at element offset off[l], padded to pad[l] (a multiple of 8) with
** copies of its last key; key b of level l + 1 is element
** min(K b + K - 1, len[l] - 1) of level l, K = 16 for l = 0, else 8. */
struct search_mc_tree {
  int nl;
  const int64_t *len, *pad, *off; /* nl entries each */
  void *internal;                 /* written by search_mc_to_btree, read by searches */
};

/* m queries against the n elements xs; out[i] receives key i's answer. */
struct search_mc_query {
  enum data_type type; /* an integer type: i8 .. u64 */
  const void *xs;      /* n elements: sorted, or an Eytzinger array for SEARCH_MC_EYTZINGER */
  int64_t n;
  const void *keys;    /* m elements of the same type (may be xs itself) */
  int64_t m;
  int64_t *out;        /* m answers */
  const struct search_mc_tree *tree; /* SEARCH_MC_BTREE: xs's tree, internal levels built */
};

enum search_mc_op {
  SEARCH_MC_LOWER_BOUND, /* the first i with key <= xs[i], or n */
  SEARCH_MC_SORTED_KEYS, /* the same, for keys sorted ascending (a precondition) */
  SEARCH_MC_EYTZINGER,   /* the 0-based index in the Eytzinger array xs of the lower
                         ** bound (search.c's eytzinger_search), or -1 if none */
  SEARCH_MC_BTREE        /* the lower bound, by descending q->tree */
};

/* Answer every query of q by op. */
void search_mc_find(struct pool *p, enum search_mc_op op, const struct search_mc_query *q);

/* Write the Eytzinger layout of the n sorted elements of type t at sorted
** into eyt (n elements, not overlapping sorted). */
void search_mc_to_eytzinger(struct pool *p, enum data_type t, const void *sorted, int64_t n, void *eyt);

/* Build the internal levels of the tree over the sorted elements of type t
** at sorted (tree->len[0] of them) into tree->internal. */
void search_mc_to_btree(struct pool *p, enum data_type t, const void *sorted, const struct search_mc_tree *tree);

/* Input checks, on the caller alone. The first i with x[i - 1] > x[i] in
** the n elements of type t at x, or -1 when they are sorted; the same for
** the in-order walk of the Eytzinger array x (i: a position in the walk). */
int64_t search_mc_unsorted_at(enum data_type t, const void *x, int64_t n);
int64_t search_mc_eytzinger_unsorted_at(enum data_type t, const void *x, int64_t n);

#endif
