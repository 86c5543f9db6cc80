/*
** sort.c: parallel stable radix sort. Keys are compared in unsigned order of
** their bytes: signed integers by flipping the top bit of the top byte on the
** fly, floats by a reversible transform (negatives: all bits flipped;
** positives: sign bit set) applied before and undone after.
**
** Plan: (1) one pass counts every byte's digits per thread; (2) the highest
** byte whose digit varies is the MSD: a stable scatter into scratch splits the
** array into up to 256 buckets; (3) threads take buckets one at a time and
** finish each with LSD passes over the lower bytes, while the bucket is hot
** in cache, ping-ponging between scratch and the array so it ends in place.
** A large split stages each bucket's elements per thread and writes them a
** page at a time (split_staged).
** The phases run on threads started for the call (sort_values) or on a
** pool's workers (sort_values_on), which may also copy the input in phase 1.
*/
#include "sort.h"

#include "pool.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 64

/* The float transform, over elements [b, e). */
static void float_keys(unsigned char *p, size_t b, size_t e, size_t sz, int back)
{
  uint64_t top = (uint64_t)1 << (sz * 8 - 1), mask = sz == 8 ? UINT64_MAX : (top << 1) - 1;
  for (size_t i = b; i < e; i++) {
    uint64_t x = 0;
    memcpy(&x, p + i * sz, sz);
    if (!back)
      x = (x & top) ? (~x & mask) : (x | top);
    else
      x = (x & top) ? (x & ~top) : (~x & mask);
    memcpy(p + i * sz, &x, sz);
  }
}

struct sorter {
  unsigned char *a, *tmp;
  const unsigned char *src; /* copied into a by phase 0, or NULL */
  struct pool *pool;        /* the workers, or NULL: threads of ps_parallel */
  size_t n, sz;
  enum data_type t;
  int nthreads;
  unsigned flip;            /* xor for the top byte's digit (signed types) */
  unsigned msd;             /* byte used for the bucket split */
  size_t (*hist)[8][256];   /* per thread, per byte */
  size_t start[257];        /* bucket boundaries after the split */
  size_t (*off)[256];       /* per thread scatter offsets */
  unsigned char (*wc)[256][SORT_STAGE]; /* per thread: the split's staging, or NULL */
  atomic_int next_bucket;
  size_t lsdmax;            /* largest bucket */
  int phase;                /* what run_task does now */
};


static unsigned digit(const struct sorter *s, const unsigned char *e, unsigned byte)
{
  return e[byte] ^ (byte == s->sz - 1 ? s->flip : 0u);
}

/* LSD over bytes [0, s->msd) of one bucket: data starts in tmp, ends in a. */
static void finish_bucket(struct sorter *s, size_t b, size_t e)
{
  size_t sz = s->sz, cnt[256];
  unsigned char *src = s->tmp + b * sz, *dst = s->a + b * sz;
  for (unsigned byte = 0; byte < s->msd && e - b > 1; byte++) {
    size_t sum = 0;
    int constant = 0;
    memset(cnt, 0, sizeof cnt);
    for (size_t i = 0; i < e - b; i++)
      cnt[digit(s, src + i * sz, byte)]++;
    for (int d = 0; d < 256; d++) {
      size_t c = cnt[d];
      constant |= c == e - b;
      cnt[d] = sum;
      sum += c;
    }
    if (constant)
      continue;
    if (sz == 4) {
      for (size_t i = 0; i < e - b; i++)
        memcpy(dst + 4 * cnt[digit(s, src + 4 * i, byte)]++, src + 4 * i, 4);
    } else {
      for (size_t i = 0; i < e - b; i++)
        memcpy(dst + sz * cnt[digit(s, src + sz * i, byte)]++, src + sz * i, sz);
    }
    { unsigned char *x = src; src = dst; dst = x; }
  }
  if (src != s->a + b * sz)
    memcpy(s->a + b * sz, src, (e - b) * sz);
}

/* Thread k's split of elements [b, e) by the MSD: each bucket's elements
** gather in the thread's staging and move to tmp a page at a time, so that
** 256 buckets' scattered writes touch one page per SORT_STAGE bytes (under
** virtualisation each page a write reaches anew costs a nested walk: on the
** 2-core VM the split of 2^25 i32 took 78 ms unstaged, 38 staged). */
static void split_staged(struct sorter *s, int k, size_t b, size_t e)
{
  size_t sz = s->sz, *o = s->off[k];
  unsigned char (*wc)[SORT_STAGE] = s->wc[k];
  unsigned fill[256] = {0}, per = (unsigned)(SORT_STAGE / sz), m = s->msd;
  for (size_t i = b; i < e; i++) {
    const unsigned char *p = s->a + i * sz;
    unsigned d = digit(s, p, m);
    memcpy(wc[d] + fill[d] * sz, p, sz);
    if (++fill[d] == per) {
      memcpy(s->tmp + sz * o[d], wc[d], per * sz);
      o[d] += per;
      fill[d] = 0;
    }
  }
  for (unsigned d = 0; d < 256; d++)
    if (fill[d] > 0) {
      memcpy(s->tmp + sz * o[d], wc[d], fill[d] * sz);
      o[d] += fill[d];
    }
}

static void run_task(void *ctx, int k)
{
  struct sorter *s = ctx;
  size_t b = s->n * (size_t)k / (size_t)s->nthreads;
  size_t e = s->n * (size_t)(k + 1) / (size_t)s->nthreads, sz = s->sz;
  if (s->phase == 0) { /* copy in, transform floats, count every byte */
    size_t (*h)[256] = s->hist[k];
    if (s->src != NULL && e > b)
      memcpy(s->a + b * sz, s->src + b * sz, (e - b) * sz);
    if (data_type_is_float(s->t))
      float_keys(s->a, b, e, sz, 0);
    memset(h, 0, sizeof s->hist[0]);
    if (sz == 4) {
      for (size_t i = b; i < e; i++) {
        const unsigned char *p = s->a + 4 * i;
        h[0][p[0]]++;
        h[1][p[1]]++;
        h[2][p[2]]++;
        h[3][p[3] ^ s->flip]++;
      }
    } else {
      for (size_t i = b; i < e; i++)
        for (unsigned byte = 0; byte < sz; byte++)
          h[byte][digit(s, s->a + i * sz, byte)]++;
    }
  } else if (s->phase == 1 && s->wc != NULL) { /* split by the MSD into tmp, staged */
    split_staged(s, k, b, e);
  } else if (s->phase == 1) { /* split by the MSD into tmp */
    size_t *o = s->off[k];
    unsigned m = s->msd;
    for (size_t i = b; i < e; i++) {
      const unsigned char *p = s->a + i * sz;
      memcpy(s->tmp + sz * o[digit(s, p, m)]++, p, sz);
    }
  } else if (s->phase == 2) { /* finish buckets, first come first served */
    int d;
    while ((d = atomic_fetch_add(&s->next_bucket, 1)) < 256)
      finish_bucket(s, s->start[d], s->start[d + 1]);
  } else if (data_type_is_float(s->t)) { /* undo the float transform */
    float_keys(s->a, b, e, sz, 1);
  }
}

static void pool_task(void *ctx, int tid, int nt)
{
  struct sorter *s = ctx;
  (void)nt;
  if (tid < s->nthreads)
    run_task(ctx, tid);
}

static void run_phase(struct sorter *s, int phase)
{
  s->phase = phase;
  if (s->pool != NULL)
    pool_run(s->pool, pool_task, s);
  else
    ps_parallel(s->nthreads, run_task, s);
}

/* Sort with s's fields set: a, src, pool, n, t, nthreads, and tmp (n
** elements of scratch). */
static int sort_run(struct sorter *s, struct ps_err *e)
{
  size_t n = s->n;
  int nthreads, rc = -1, varies = 0;
  if (n < 2) {
    if (n == 1 && s->src != NULL)
      memcpy(s->a, s->src, data_type_size(s->t));
    return 0;
  }
  nthreads = s->nthreads < 1 ? 1 : s->nthreads > MAXT ? MAXT : s->nthreads;
  if ((size_t)nthreads > n / 65536 + 1)
    nthreads = (int)(n / 65536 + 1);
  s->nthreads = nthreads;
  s->sz = data_type_size(s->t);
  s->flip = data_type_is_signed(s->t) ? 0x80 : 0;
  s->hist = malloc((size_t)nthreads * sizeof *s->hist);
  s->off = malloc((size_t)nthreads * sizeof *s->off);
  if (s->hist == NULL || s->off == NULL) {
    ps_fail(e, "sort: out of memory");
    goto done;
  }
  run_phase(s, 0);
  for (int byte = (int)s->sz - 1; byte >= 0 && !varies; byte--) {
    size_t sum = 0;
    int constant = 0;
    for (int d = 0; d < 256; d++) {
      size_t c = 0;
      for (int k = 0; k < nthreads; k++)
        c += s->hist[k][byte][d];
      constant |= c == n;
    }
    if (constant)
      continue;
    varies = 1;
    s->msd = (unsigned)byte;
    for (int d = 0; d < 256; d++) { /* digit-major, thread-minor: stable */
      s->start[d] = sum;
      for (int k = 0; k < nthreads; k++) {
        s->off[k][d] = sum;
        sum += s->hist[k][byte][d];
      }
    }
    s->start[256] = n;
  }
  if (varies) {
    run_phase(s, 1);
    atomic_store(&s->next_bucket, 0);
    run_phase(s, 2);
  }
  run_phase(s, 3);
  rc = 0;
done:
  free(s->hist);
  free(s->off);
  return rc;
}

size_t sort_staging_bytes(size_t n, enum data_type t, int nthreads)
{
  if (n < SORT_STAGE_MIN / data_type_size(t))
    return 0;
  return (size_t)(nthreads < 1 ? 1 : nthreads > MAXT ? MAXT : nthreads) * 256 * SORT_STAGE;
}

int sort_values(void *elems, size_t n, enum data_type t, int nthreads, struct ps_err *e)
{
  struct sorter s;
  size_t bytes, stage = sort_staging_bytes(n, t, nthreads);
  int rc;
  memset(&s, 0, sizeof s);
  if (n < 2)
    return 0;
  if (ps_mul_size(n, data_type_size(t), &bytes) != 0)
    return ps_fail(e, "sort: size overflows");
  s.a = elems;
  s.n = n;
  s.t = t;
  s.nthreads = nthreads;
  s.tmp = data_alloc(bytes);
  s.wc = stage ? malloc(stage) : NULL; /* first touched by the split's threads */
  if (s.tmp == NULL || (stage && s.wc == NULL)) {
    rc = ps_fail(e, "sort: out of memory for %zu bytes of scratch", bytes + stage);
    goto done;
  }
  rc = sort_run(&s, e);
done:
  free(s.tmp);
  free(s.wc);
  return rc;
}

int sort_values_on(struct pool *p, const void *src, void *elems, size_t n, enum data_type t, void *scratch,
                   void *staging, struct ps_err *e)
{
  struct sorter s;
  memset(&s, 0, sizeof s);
  s.a = elems;
  s.src = src == elems ? NULL : src;
  s.pool = p;
  s.n = n;
  s.t = t;
  s.nthreads = pool_threads(p);
  s.tmp = scratch;
  s.wc = staging;
  return sort_run(&s, e);
}
