/*
** psort.h: sort_values's parallel stable radix sort on a worker pool, with
** its scratch held between sorts (the multicore backend of the sorting
** family). Its result is bit for bit sort_values's:
** integers numerically, floats in IEEE total order (-NaN, -inf, ..., -0, +0,
** ..., +inf, +NaN), bools (their bytes) in unsigned order; equal keys keep
** their input order.
**
** Scratch: a struct psort, opened once for at most n elements of one type
** and at most pool_threads(p) workers (untimed: the entry's prepare), holds
** everything a sort needs, so psort_run allocates nothing. psort_values does
** open, run and close in one call.
*/
#ifndef psort_h
#define psort_h

#include "data.h"
#include "pool.h"

#include <stddef.h>

/* Below this many elements psort_run sorts on the caller alone: waking the
** workers would cost more than the elements. */
#define PSORT_SMALL ((size_t)1 << 14)

struct psort;

/* Scratch for sorts of up to n elements of type t (on the workers of p or
** any other pool); its pages are first touched by p's workers. NULL with e
** set when memory runs out. */
struct psort *psort_open(struct pool *p, size_t n, enum data_type t, struct ps_err *e);
void psort_close(struct psort *s); /* accepts NULL */

/* Sort the n elements at in into out (n * the type's size bytes each; out
** may equal in, otherwise the two must not overlap; in is only read) with
** the workers of p. Fails (-1, message in e) when n exceeds what s was
** opened for, or two small tables cannot be allocated. */
int psort_run(struct psort *s, struct pool *p, const void *in, void *out, size_t n, struct ps_err *e);

/* Sort n elements of type t in place with the workers of p: psort_open,
** psort_run, psort_close. Fails only when memory runs out. */
int psort_values(struct pool *p, void *elems, size_t n, enum data_type t, struct ps_err *e);

#endif
