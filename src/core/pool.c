/*
** pool.c: see pool.h. A run is published by bumping a generation counter;
** workers that saw no new generation for a while sleep on a condition
** variable, and the publisher wakes them only when some are asleep (counted
** before they recheck the generation, so no wake-up is lost).
*/
#define _GNU_SOURCE
#include "pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define SPIN_ROUNDS 20000 /* polls of the generation before sleeping (tens of µs) */

struct worker {
  struct pool *pool;
  int tid;
  pthread_t th;
};

struct pool {
  int n;                  /* workers, the caller included */
  int started;            /* threads running (workers 1..started) */
  pool_fn *fn;            /* the current run; read after the generation */
  void *ctx;
  atomic_uint gen;        /* bumped once per run, and once to stop */
  atomic_int done;        /* workers 1..n-1 finished with the current run */
  atomic_int sleeping;
  atomic_int stop;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  struct worker w[POOL_MAX];
};

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* Wait for a generation other than seen; returns it. */
static unsigned next_gen(struct pool *p, unsigned seen)
{
  unsigned g;
  for (int i = 0; i < SPIN_ROUNDS; i++) {
    if ((g = atomic_load_explicit(&p->gen, memory_order_acquire)) != seen)
      return g;
    cpu_relax();
  }
  pthread_mutex_lock(&p->mu);
  atomic_fetch_add(&p->sleeping, 1);
  while ((g = atomic_load(&p->gen)) == seen)
    pthread_cond_wait(&p->cv, &p->mu);
  atomic_fetch_sub(&p->sleeping, 1);
  pthread_mutex_unlock(&p->mu);
  return g;
}

static void *worker_main(void *arg)
{
  struct worker *w = arg;
  struct pool *p = w->pool;
  unsigned seen = 0;
  for (;;) {
    seen = next_gen(p, seen);
    if (atomic_load(&p->stop))
      break;
    p->fn(p->ctx, w->tid, p->n);
    atomic_fetch_add_explicit(&p->done, 1, memory_order_release);
  }
  return NULL;
}

/* Publish a new generation and wake sleepers. */
static void publish(struct pool *p)
{
  atomic_fetch_add(&p->gen, 1);
  if (atomic_load(&p->sleeping) > 0) {
    pthread_mutex_lock(&p->mu);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
  }
}

struct pool *pool_open(int nthreads, struct ps_err *e)
{
  struct pool *p;
  if (nthreads < 1 || nthreads > POOL_MAX) {
    ps_fail(e, "threads: %d is not between 1 and %d", nthreads, POOL_MAX);
    return NULL;
  }
  if ((p = calloc(1, sizeof *p)) == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  p->n = nthreads;
  pthread_mutex_init(&p->mu, NULL);
  pthread_cond_init(&p->cv, NULL);
  for (int k = 1; k < nthreads; k++) {
    p->w[k].pool = p;
    p->w[k].tid = k;
    if (pthread_create(&p->w[k].th, NULL, worker_main, &p->w[k]) != 0) {
      ps_fail(e, "cannot start worker thread %d of %d", k, nthreads);
      pool_close(p);
      return NULL;
    }
    p->started = k;
  }
  return p;
}

void pool_close(struct pool *p)
{
  if (p == NULL)
    return;
  atomic_store(&p->stop, 1);
  publish(p);
  for (int k = 1; k <= p->started; k++)
    pthread_join(p->w[k].th, NULL);
  pthread_cond_destroy(&p->cv);
  pthread_mutex_destroy(&p->mu);
  free(p);
}

int pool_threads(const struct pool *p) { return p == NULL ? 1 : p->n; }

void pool_run(struct pool *p, pool_fn *fn, void *ctx)
{
  if (p == NULL || p->n == 1) {
    fn(ctx, 0, 1);
    return;
  }
  p->fn = fn;
  p->ctx = ctx;
  atomic_store(&p->done, 0);
  publish(p);
  fn(ctx, 0, p->n);
  for (long i = 0; atomic_load_explicit(&p->done, memory_order_acquire) < p->n - 1; i++) {
    if (i < SPIN_ROUNDS)
      cpu_relax();
    else
      sched_yield();
  }
}

void pool_range(uint64_t n, int tid, int nt, uint64_t align, uint64_t *lo, uint64_t *hi)
{
  uint64_t units = (n + align - 1) / align; /* whole aligned blocks, the last maybe short */
  uint64_t a = units * (uint64_t)tid / (uint64_t)nt, b = units * (uint64_t)(tid + 1) / (uint64_t)nt;
  *lo = a * align < n ? a * align : n;
  *hi = b * align < n ? b * align : n;
}

int pool_usable_cores(void)
{
  cpu_set_t set;
  int n;
  if (sched_getaffinity(0, sizeof set, &set) != 0)
    return ps_ncpus();
  n = CPU_COUNT(&set);
  return n < 1 ? 1 : n > POOL_MAX ? POOL_MAX : n;
}
