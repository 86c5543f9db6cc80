/*
** sort.h: stable LSD radix sort of fixed-size elements in numeric order
** (signed integers, IEEE floats in total order: -NaN, -inf, ..., -0, +0, ..., +inf, +NaN; bools),
** parallel over nthreads. The host-side sequential reference and the engine
** of `psearch dataset --sorted`.
*/
#ifndef sort_h
#define sort_h

#include "data.h"

#include <stddef.h>

/* The split's staging (sort.c, split_staged): SORT_STAGE bytes per thread
** and bucket, used from SORT_STAGE_MIN bytes of elements. */
#define SORT_STAGE 4096
#define SORT_STAGE_MIN ((size_t)16 << 20)

/* Bytes of staging a sort of n elements of type t on nthreads threads uses:
** 0 below SORT_STAGE_MIN bytes. */
size_t sort_staging_bytes(size_t n, enum data_type t, int nthreads);

/* Sort n elements of type t in place on nthreads threads started for the
** call. Needs n elements of scratch memory and the staging. */
int sort_values(void *elems, size_t n, enum data_type t, int nthreads, struct ps_err *e);

/* The same sort on the workers of p (NULL: the caller alone): the n
** elements at src (NULL or elems: in place) sorted into elems, with scratch
** of n elements (scratch and elems must not overlap; src may only overlap
** elems by being it) and staging of sort_staging_bytes(n, t, the pool's
** threads) bytes, or NULL (the split then writes to its buckets directly).
** Allocates only two small tables: fails only when they cannot be had. */
struct pool;
int sort_values_on(struct pool *p, const void *src, void *elems, size_t n, enum data_type t, void *scratch,
                   void *staging, struct ps_err *e);

#endif
