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

/* Sort n elements of type t in place. Needs n elements of scratch memory. */
int sort_values(void *elems, size_t n, enum data_type t, int nthreads, struct ps_err *e);

#endif
