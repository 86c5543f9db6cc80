/*
** sort.c: parallel LSD radix sort, 8-bit digits. Keys are first mapped to
** unsigned order (flip the sign bit of signed integers; for floats flip all
** bits of negatives and the sign bit of positives), sorted, and mapped back.
*/
#include "sort.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 64

/* Map to/from unsigned order, element by element. */
static void to_key_order(unsigned char *p, size_t n, enum data_type t, int back)
{
  size_t sz = data_type_size(t);
  int isf = data_type_is_float(t), iss = data_type_is_signed(t);
  if (!isf && !iss)
    return;
  for (size_t i = 0; i < n; i++, p += sz) {
    uint64_t x = 0, top = (uint64_t)1 << (sz * 8 - 1), mask = sz == 8 ? UINT64_MAX
                                                                         : (top << 1) - 1;
    memcpy(&x, p, sz);
    if (iss) {
      x ^= top;
    } else if (!back) {
      x = (x & top) ? (~x & mask) : (x | top);
    } else {
      x = (x & top) ? (x & ~top) : (~x & mask);
    }
    memcpy(p, &x, sz);
  }
}

struct pass {
  const unsigned char *src;
  unsigned char *dst;
  size_t n, sz;
  unsigned byte; /* which byte of the key */
  int nthreads;
  size_t hist[MAXT][256];
};

struct worker {
  struct pass *ps;
  int k;
  int scatter; /* 0: count, 1: scatter */
};

static void *work(void *arg)
{
  struct worker *w = arg;
  struct pass *ps = w->ps;
  size_t b = ps->n * (size_t)w->k / (size_t)ps->nthreads;
  size_t end = ps->n * (size_t)(w->k + 1) / (size_t)ps->nthreads, sz = ps->sz;
  const unsigned char *s = ps->src + b * sz + ps->byte;
  size_t *h = ps->hist[w->k];
  if (!w->scatter) {
    memset(h, 0, 256 * sizeof *h);
    for (size_t i = b; i < end; i++, s += sz)
      h[*s]++;
  } else {
    const unsigned char *e = ps->src + b * sz;
    if (sz == 4) { /* the common case, with a fixed-size copy */
      for (size_t i = b; i < end; i++, e += 4)
        memcpy(ps->dst + 4 * h[e[ps->byte]]++, e, 4);
    } else {
      for (size_t i = b; i < end; i++, e += sz)
        memcpy(ps->dst + sz * h[e[ps->byte]]++, e, sz);
    }
  }
  return NULL;
}

static void run_all(struct pass *ps, int scatter)
{
  pthread_t th[MAXT];
  struct worker w[MAXT];
  int started[MAXT] = {0};
  for (int k = 0; k < ps->nthreads; k++) {
    w[k].ps = ps;
    w[k].k = k;
    w[k].scatter = scatter;
  }
  for (int k = 1; k < ps->nthreads; k++)
    started[k] = pthread_create(&th[k], NULL, work, &w[k]) == 0;
  work(&w[0]);
  for (int k = 1; k < ps->nthreads; k++) {
    if (started[k])
      pthread_join(th[k], NULL);
    else
      work(&w[k]);
  }
}

int sort_values(void *elems, size_t n, enum data_type t, int nthreads, struct ps_err *e)
{
  size_t sz = data_type_size(t), bytes;
  unsigned char *tmp, *src = elems, *dst;
  struct pass *ps;
  if (n < 2)
    return 0;
  if (ps_mul_size(n, sz, &bytes) != 0)
    return ps_fail(e, "sort: size overflows");
  tmp = malloc(bytes);
  ps = malloc(sizeof *ps);
  if (tmp == NULL || ps == NULL) {
    free(tmp);
    free(ps);
    return ps_fail(e, "sort: out of memory for %zu bytes of scratch", bytes);
  }
  if (nthreads < 1)
    nthreads = 1;
  if (nthreads > MAXT)
    nthreads = MAXT;
  if ((size_t)nthreads > n / 65536 + 1)
    nthreads = (int)(n / 65536 + 1);
  dst = tmp;
  to_key_order(src, n, t, 0);
  ps->n = n;
  ps->sz = sz;
  ps->nthreads = nthreads;
  for (unsigned byte = 0; byte < sz; byte++) {
    size_t sum = 0;
    int skip = 0;
    ps->src = src;
    ps->dst = dst;
    ps->byte = byte;
    run_all(ps, 0);
    for (int d = 0; d < 256; d++) {
      size_t tot = 0;
      for (int k = 0; k < nthreads; k++)
        tot += ps->hist[k][d];
      if (tot == n)
        skip = 1; /* every key has this digit: the pass would not move anything */
    }
    if (skip)
      continue;
    for (int d = 0; d < 256; d++) /* digit-major, thread-minor: stable */
      for (int k = 0; k < nthreads; k++) {
        size_t c = ps->hist[k][d];
        ps->hist[k][d] = sum;
        sum += c;
      }
    run_all(ps, 1);
    src = dst;
    dst = src == tmp ? elems : tmp;
  }
  if (src != elems)
    memcpy(elems, src, bytes);
  to_key_order(elems, n, t, 1);
  free(tmp);
  free(ps);
  return 0;
}
