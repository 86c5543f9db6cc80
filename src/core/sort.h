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

/* Sort n elements of type t in place on nthreads threads started for the
** call. Needs n elements of scratch memory. */
int sort_values(void *elems, size_t n, enum data_type t, int nthreads, struct ps_err *e);

/* The same sort on the workers of p (NULL: the caller alone): the n
** elements at src (NULL or elems: in place) sorted into elems, with scratch
** of n elements (scratch and elems must not overlap; src may only overlap
** elems by being it). Allocates only two small tables: fails only when
** they cannot be had. */
struct pool;
int sort_values_on(struct pool *p, const void *src, void *elems, size_t n, enum data_type t, void *scratch,
                   struct ps_err *e);

#endif
