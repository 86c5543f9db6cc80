/*
** pool.h: a fixed set of worker threads for the multicore backend and for
** host work (generation, sorting, layouts, references). The calling thread
** is worker 0, so a pool of n threads starts n - 1. pool_run hands every
** worker the same function and waits until all have returned; between runs
** the workers spin briefly (a timed run that follows another pays no wake-up)
** and then sleep.
*/
#ifndef pool_h
#define pool_h

#include "ps.h"

#include <stdint.h>

struct pool;

/* fn(ctx, tid, nt): the work of worker tid of nt (0 <= tid < nt). */
typedef void pool_fn(void *ctx, int tid, int nt);

/* A pool of nthreads workers (1 <= nthreads <= POOL_MAX); NULL with e set
** when a thread cannot be started. */
#define POOL_MAX 256
struct pool *pool_open(int nthreads, struct ps_err *e);
void pool_close(struct pool *p); /* accepts NULL */
int pool_threads(const struct pool *p); /* 1 for NULL */

/* Run fn on every worker and return when all are done. A NULL pool runs
** fn(ctx, 0, 1) on the caller. Not reentrant: fn must not call pool_run on
** the same pool. */
void pool_run(struct pool *p, pool_fn *fn, void *ctx);

/* Worker tid's share [*lo, *hi) of n items in nt near-equal contiguous
** parts, each boundary a multiple of align (>= 1) except the last. */
void pool_range(uint64_t n, int tid, int nt, uint64_t align, uint64_t *lo, uint64_t *hi);

/* The cores this process may run on (sched_getaffinity), at least 1. */
int pool_usable_cores(void);

#endif
