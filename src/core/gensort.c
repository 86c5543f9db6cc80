/*
** gensort.c: sorted values of the uniform laws drawn in order, bucket by
** bucket (struct srun), into memory or streamed to a sink; gen_stream.
*/
#include "gen.h"
#include "genimpl.h"
#include "gentree.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Sorted generation of the uniform laws by buckets ("struct srun"). Every
** such element is a non-decreasing function elem_of of an offset u drawn
** uniform over [0, R): R = hi - lo + 1 for integers (element lo + u), 2 for
** bool, 2^53 for floats (float_elem). n draws sorted follow the same law as:
** the count of the n offsets in each bucket (u >> shift, a multinomial
** draw), then each bucket's offsets drawn on their own, uniform over the
** bucket's part of [0, R), sorted within the bucket, the buckets
** concatenated. With R a power of two the counts come from a binary tree of
** Binomial(c, 1/2) splits (gentree.h), else from the n unsorted offsets.
** Bucket b's offsets come from the seed S_b = draw(s, BUCKET_STREAM, b), so
** a bucket depends only on the seed, its index and its count: any thread
** count gives the same bytes, and the buckets can be made and written in
** order a MiB at a time. Over a power-of-two width the offsets are drawn
** sorted by their low digit (counted, then written out in order) and only
** their upper bits are sorted (MAKE_SORT); over another width they are
** uniform_below's values, sorted. docs/data-format.md gives the exact
** recipe. */
#define BUCKET_STREAM 0x8000000000000000ull
#define BUCKET_LOG 13   /* about 2^13 elements a bucket */
#define LABEL_MAX 16    /* at most 2^16 buckets */
#define TOP_LOG 8       /* phase 0 splits at most 2^8 subtrees of the counts' tree (MAXT 64: 2^(6 + 2)) */

/* The offsets' range R as R - 1; whether sorted generation by buckets
** applies (not Zipf's law, and floats with a finite hi - lo). */
static int srun_applies(const struct genctx *c, uint64_t *r1)
{
  if (c->kind == K_INT) {
    *r1 = c->range - 1;
    return !c->zipf;
  }
  *r1 = c->kind == K_BOOL ? 1 : (UINT64_C(1) << 53) - 1;
  return c->kind == K_BOOL || isfinite(c->fhi - c->flo);
}

/* Element with offset u (srun_applies). */
static inline uint64_t elem_of(const struct genctx *c, uint64_t u)
{
  if (c->kind == K_INT)
    return c->ilo + u;
  if (c->kind == K_BOOL)
    return u;
  return float_elem(c, u);
}

static unsigned bitlen(uint64_t x) { return x ? 64u - (unsigned)__builtin_clzll(x) : 0u; }

/* One generating thread's scratch for a bucket: its offsets (a and o, in
** turn the source and the target of a radix pass) and the passes' digit
** counts (sub). */
struct sscratch {
  uint64_t *a, *o;
  uint32_t *sub;
};

/* Where a bucket's elements go: dst holds sorted positions [plo, phi). */
struct target {
  unsigned char *dst;
  uint64_t plo, phi;
};

/* A sorted stream's pipeline (phase 3): chunks of whole buckets in output
** order, chunk k of buckets [first[k], first[k + 1]) in output order (bucket
** nb - 1 - j for the j-th when reversed) into buffer k % NBUF. The tasks
** take buckets in output order and make them in any order, a chunk's only
** after chunk k - NBUF is written; task 0 also writes the chunks in order as
** each is complete (pipe_task). Under mu: next, chunk (next's), left,
** written, stop. */
#define NBUF 4

struct pipe {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  uint64_t nchunk, *first, *left; /* first: nchunk + 1; left: buckets of each chunk not made */
  uint64_t next, chunk;           /* the next bucket to take (output order) and its chunk */
  uint64_t written;               /* chunks written */
  int stop;                       /* a write failed */
  unsigned char *buf[NBUF];
};

struct srun {
  struct genctx c;
  uint64_t n, r1;      /* elements; R - 1 */
  unsigned shift;      /* bucket of offset u: u >> shift */
  uint64_t nb;         /* buckets */
  uint64_t *start;     /* nb + 1: where each bucket starts in sorted order */
  uint64_t *cnt;       /* ngen rows of nb counts (phase 0, R not a power of two) */
  unsigned tl;         /* R a power of two: phase 0 starts from the tree's level tl */
  uint64_t top[1u << TOP_LOG]; /* the counts of level tl's nodes */
  uint64_t maxc;       /* the largest bucket */
  int ngen, reversed;
  int phase;           /* 0 counting, 1 a chunk of buckets, 2 a chunk of drawn elements, 3 the pipeline */
  struct sscratch sc[MAXT];
  /* the chunk being made: buckets [cb, ce), sorted positions [plo, phi), into dst */
  uint64_t cb, ce, plo, phi;
  unsigned char *dst;
  atomic_ullong next;
  /* the chunk being written (task 0, while the next is made) */
  gen_sink *sink;
  void *sctx;
  const unsigned char *wbuf;
  size_t wlen;
  int werr;
  struct ps_err *e;
  struct pipe *pp;
};

/* Store the low sz bytes of x at p, with a fixed-size copy per width. */
static inline void put_sz(unsigned char *p, uint64_t x, size_t sz)
{
  if (sz == 4) {
    uint32_t y = (uint32_t)x;
    memcpy(p, &y, 4);
  } else if (sz == 8) {
    memcpy(p, &x, 8);
  } else if (sz == 2) {
    uint16_t y = (uint16_t)x;
    memcpy(p, &y, 2);
  } else {
    *p = (unsigned char)x;
  }
}

#define DIGIT_MAX 11 /* LSD digits of at most 11 bits */
#define PASS_MAX 6   /* 64 bits in 11-bit digits */
#define RUN 16       /* a low digit's run written in one go (most are shorter) */

/* BODY for each of c fields of W bits (1 <= W <= 63) of the draws
** mix(key + (q + 1) GOLDEN), q = 0, 1, ..., 64 / W fields a draw, the low
** field first: the field in f, its index in j. */
#define FOR_FIELDS(key, W, c, BODY)                                                           \
  do {                                                                                        \
    unsigned k_ = 64 / (W);                                                                   \
    uint64_t full_ = (c) / k_, j = 0, m_ = ((uint64_t)1 << (W)) - 1;                          \
    for (uint64_t q_ = 0; q_ < full_; q_++) {                                                 \
      uint64_t r_ = mix64((key) + (q_ + 1) * GOLDEN);                                         \
      for (unsigned i_ = 0; i_ < k_; i_++, j++, r_ >>= (W)) {                                 \
        uint64_t f = r_ & m_;                                                                 \
        BODY;                                                                                 \
      }                                                                                       \
    }                                                                                         \
    if (j < (c)) {                                                                            \
      uint64_t r_ = mix64((key) + (full_ + 1) * GOLDEN);                                      \
      for (; j < (c); j++, r_ >>= (W)) {                                                      \
        uint64_t f = r_ & m_;                                                                 \
        BODY;                                                                                 \
      }                                                                                       \
    }                                                                                         \
  } while (0)

/* FOR_FIELDS, with w made a constant for the common widths (shifts by a
** constant and a constant count of fields a draw: tighter loops). */
#define FOR_FIELDS_OF(key, w, c, BODY)                                                        \
  do {                                                                                        \
    switch (w) {                                                                              \
    case 8: FOR_FIELDS(key, 8, c, BODY); break;                                               \
    case 9: FOR_FIELDS(key, 9, c, BODY); break;                                               \
    case 10: FOR_FIELDS(key, 10, c, BODY); break;                                             \
    case 11: FOR_FIELDS(key, 11, c, BODY); break;                                             \
    default: FOR_FIELDS(key, w, c, BODY); break;                                              \
    }                                                                                         \
  } while (0)

/* MAKE_SORT's drawing for a power-of-two width: the c low digits of DW
** bits counted (into cnt) and written out in order into src, each joined
** by its upper bits, WH-bit fields (WH = sb - DW), whose NP - 1 digits are
** counted into cnt's rows 1 to NP - 1. FIELDS is FOR_FIELDS or
** FOR_FIELDS_OF. */
#define DRAW_POW2(T, NP, DW, WH, FIELDS)                                                      \
  do {                                                                                        \
    size_t nd_ = (size_t)1 << (DW), pos = 0;                                                  \
    uint64_t bk1 = mix64(bs + STREAM);                                                        \
    FIELDS(bk, DW, c, cnt[f]++);                                                              \
    for (size_t x = 0; x < nd_; x++) { /* up to RUN in one go, the excess overwritten */      \
      size_t k = cnt[x];                                                                      \
      T *o = src + pos;                                                                       \
      for (unsigned e = 0; e < RUN; e++)                                                      \
        o[e] = (T)x;                                                                          \
      for (size_t e = RUN; e < k; e++)                                                        \
        o[e] = (T)x;                                                                          \
      pos += k;                                                                               \
    }                                                                                         \
    if ((NP) > 1)                                                                             \
      FIELDS(bk1, WH, c, {                                                                    \
        src[j] = (T)(f << (DW)) + src[j];                                                     \
        cnt[nd_ + ((NP) == 2 ? f : f & dmask)]++; /* f < 2^DW */                              \
        for (unsigned d = 2; d < (NP); d++)                                                   \
          cnt[d * nd_ + (f >> ((d - 1) * (DW)) & dmask)]++;                                   \
      });                                                                                     \
  } while (0)

/* A bucket's c >= 1 offsets, each below 2^sb (sb = bitlen(w1) >= 1, w1 + 1
** the bucket's width), in T, sorted, in np digits of dw = ceil(sb / np) bits
** (at most DIGIT_MAX; NP is np, or a constant equal to it), from S_b = bs:
** - a power-of-two width: the low digits are c fields of dw bits of
**   draw(S_b, 0, q), counted and written out in order into src; the i-th
**   smallest is joined by the i-th field of sb - dw bits of draw(S_b, 1, q)
**   as the offset's upper bits (i.i.d. and independent of the low digits, so
**   the c offsets are c i.i.d. uniform offsets, in the order of their low
**   digits), whose digits are counted as they come;
** - else uniform_below's values of draw(S_b, 0, j) into src, counted by
**   digit as they come.
** Then LSD radix passes on the digits left (a pass whose digit is one value
** throughout moves nothing). Returns src or dst, whichever holds them
** sorted. src has room for c + RUN offsets; cnt is scratch of np << dw
** counts. */
#define MAKE_SORT(NAME, T, NP)                                                                  \
  static T *NAME(uint64_t bs, uint64_t c, uint64_t w1, unsigned sb, unsigned np, T *src,       \
                 T *dst, uint32_t *cnt)                                                       \
  {                                                                                           \
    unsigned dw = (sb + np - 1) / np, first = 0;                                              \
    size_t nd = (size_t)1 << dw;                                                              \
    T dmask = (T)(nd - 1);                                                                    \
    uint64_t bk = mix64(bs);                                                                  \
    memset(cnt, 0, (size_t)(NP) * nd * sizeof *cnt);                                          \
    if ((w1 & (w1 + 1)) == 0 && (NP) == 2) {                                                  \
      switch (sb) { /* constant widths for FIELDS (12 <= sb <= 22) */                         \
      case 12: DRAW_POW2(T, 2, 6, 6, FOR_FIELDS); break;                                      \
      case 13: DRAW_POW2(T, 2, 7, 6, FOR_FIELDS); break;                                      \
      case 14: DRAW_POW2(T, 2, 7, 7, FOR_FIELDS); break;                                      \
      case 15: DRAW_POW2(T, 2, 8, 7, FOR_FIELDS); break;                                      \
      case 16: DRAW_POW2(T, 2, 8, 8, FOR_FIELDS); break;                                      \
      case 17: DRAW_POW2(T, 2, 9, 8, FOR_FIELDS); break;                                      \
      case 18: DRAW_POW2(T, 2, 9, 9, FOR_FIELDS); break;                                      \
      case 19: DRAW_POW2(T, 2, 10, 9, FOR_FIELDS); break;                                     \
      case 20: DRAW_POW2(T, 2, 10, 10, FOR_FIELDS); break;                                    \
      case 21: DRAW_POW2(T, 2, 11, 10, FOR_FIELDS); break;                                    \
      default: DRAW_POW2(T, 2, 11, 11, FOR_FIELDS); break;                                    \
      }                                                                                       \
      first = 1;                                                                              \
    } else if ((w1 & (w1 + 1)) == 0) {                                                        \
      DRAW_POW2(T, NP, dw, sb - dw, FOR_FIELDS_OF);                                           \
      first = 1;                                                                              \
    } else {                                                                                  \
      for (uint64_t j = 0; j < c; j++) {                                                      \
        T v = (T)uniform_below(bs, bk, j, w1 + 1);                                            \
        src[j] = v;                                                                           \
        for (unsigned d = 0; d < (NP); d++)                                                   \
          cnt[d * nd + (v >> (d * dw) & dmask)]++;                                            \
      }                                                                                       \
    }                                                                                         \
    for (unsigned d = first; d < (NP); d++) {                                                 \
      uint32_t *h = cnt + d * nd, sum = 0;                                                    \
      int constant = 0;                                                                       \
      for (size_t x = 0; x < nd; x++) {                                                       \
        uint32_t y = h[x];                                                                    \
        constant |= y == c;                                                                   \
        h[x] = sum;                                                                           \
        sum += y;                                                                             \
      }                                                                                       \
      if (!constant) {                                                                        \
        for (uint64_t j = 0; j < c; j++) {                                                    \
          T v = src[j];                                                                       \
          dst[h[v >> (d * dw) & dmask]++] = v;                                                \
        }                                                                                     \
        { T *x = src; src = dst; dst = x; }                                                   \
      }                                                                                       \
    }                                                                                         \
    return src;                                                                               \
  }

MAKE_SORT(sort32_1, uint32_t, 1)
MAKE_SORT(sort32_2, uint32_t, 2)
MAKE_SORT(sort32_3, uint32_t, 3)
MAKE_SORT(sort64, uint64_t, np)

/* The elements of the c sorted offsets u (in T) above base, stored from out
** on, step elements of sz bytes apart (1 or -1). */
#define MAKE_ENCODE(NAME, T)                                                                  \
  static void NAME(const struct genctx *gc, uint64_t base, const T *u, uint64_t c,            \
                   unsigned char *out, ptrdiff_t step)                                        \
  {                                                                                           \
    size_t sz = gc->sz;                                                                       \
    uint64_t add = gc->ilo + base, last = c - 1;                                              \
    unsigned char *low = step == 1 ? out : out - (ptrdiff_t)last * (ptrdiff_t)sz;             \
    if (gc->kind == K_INT && sz == 4) { /* in address order */                                \
      uint32_t add32 = (uint32_t)add;                                                         \
      for (uint64_t j = 0; j < c; j++) {                                                      \
        uint32_t x = add32 + (uint32_t)u[step == 1 ? j : last - j];                           \
        memcpy(low + j * 4, &x, 4);                                                           \
      }                                                                                       \
    } else if (gc->kind == K_INT && sz == 8) {                                                \
      for (uint64_t j = 0; j < c; j++) {                                                      \
        uint64_t x = add + (uint64_t)u[step == 1 ? j : last - j];                             \
        memcpy(low + j * 8, &x, 8);                                                           \
      }                                                                                       \
    } else {                                                                                  \
      for (uint64_t j = 0; j < c; j++)                                                        \
        put_sz(out + (ptrdiff_t)j * step * (ptrdiff_t)sz, elem_of(gc, base + u[j]), sz);      \
    }                                                                                         \
  }

MAKE_ENCODE(encode32, uint32_t)
MAKE_ENCODE(encode64, uint64_t)

/* Make bucket b into to: its offsets drawn from S_b, sorted, as elements at
** their sorted positions (backwards when reversed). */
static void srun_bucket(struct srun *g, uint64_t b, const struct sscratch *sc, const struct target *to)
{
  uint64_t c = g->start[b + 1] - g->start[b], w1 = g->r1 - (b << g->shift), p = g->start[b];
  uint64_t bs = gen_draw(g->c.seed, BUCKET_STREAM, b), base = b << g->shift;
  size_t sz = g->c.sz;
  ptrdiff_t step = g->reversed ? -1 : 1;
  unsigned char *out = to->dst + (g->reversed ? to->phi - 1 - p : p - to->plo) * sz;
  unsigned sb, np;
  if (w1 > (UINT64_C(1) << g->shift) - 1)
    w1 = (UINT64_C(1) << g->shift) - 1;
  sb = bitlen(w1);
  np = (sb + DIGIT_MAX - 1) / DIGIT_MAX;
  if (c == 0)
    return;
  if (sb == 0) {
    uint32_t *z = (uint32_t *)(void *)sc->a;
    memset(z, 0, (size_t)c * sizeof *z);
    encode32(&g->c, base, z, c, out, step);
  } else if (sb <= 32) {
    uint32_t *a = (uint32_t *)(void *)sc->a, *o = (uint32_t *)(void *)sc->o, *u;
    u = np == 1   ? sort32_1(bs, c, w1, sb, np, a, o, sc->sub)
        : np == 2 ? sort32_2(bs, c, w1, sb, np, a, o, sc->sub)
                  : sort32_3(bs, c, w1, sb, np, a, o, sc->sub);
    encode32(&g->c, base, u, c, out, step);
  } else {
    encode64(&g->c, base, sort64(bs, c, w1, sb, np, sc->a, sc->o, sc->sub), c, out, step);
  }
}

/* Phase 0 for worker k: count its share of the n offsets' buckets. With R a
** power of two, the leaves of subtrees [k, k + 1) / ngen of the tree's level
** g->tl (g->top: their counts) into g->start; else element i's bucket is its
** unsorted offset's, counted into row k of g->cnt. */
static void srun_count(struct srun *g, int k)
{
  uint64_t range = g->r1 + 1;
  if ((g->r1 & range) != 0) {
    uint64_t *cnt = g->cnt + (size_t)k * g->nb;
    uint64_t b = g->n * (uint64_t)k / (uint64_t)g->ngen, e = g->n * (uint64_t)(k + 1) / (uint64_t)g->ngen;
    for (uint64_t i = b; i < e; i++)
      cnt[uniform_below(g->c.seed, g->c.key0, i, range) >> g->shift]++;
  } else {
    unsigned tl = g->tl;
    struct gen_tree tr;
    uint64_t m = (uint64_t)1 << tl, kk = (uint64_t)k, ng = (uint64_t)g->ngen;
    gen_tree_init(&tr, g->c.seed, bitlen(g->r1) - g->shift);
    for (uint64_t t = m * kk / ng; t < m * (kk + 1) / ng; t++)
      gen_tree_counts(&tr, m + t, tl, g->top[t], g->start + (t << (tr.w - tl)));
  }
}

/* Chunk k's target: its buffer and sorted positions. */
static struct target pipe_target(const struct srun *g, const struct pipe *pp, uint64_t k)
{
  uint64_t a = pp->first[k], z = pp->first[k + 1];
  struct target to = {pp->buf[k % NBUF], 0, 0};
  to.plo = g->reversed ? g->start[g->nb - z] : g->start[a];
  to.phi = g->reversed ? g->start[g->nb - a] : g->start[z];
  return to;
}

/* Phase 3, task k of ngen: make buckets in output order while their chunk's
** buffer is free; task 0 also writes each chunk, in order, as soon as it is
** complete, before making more. */
static void pipe_task(struct srun *g, int k)
{
  struct pipe *pp = g->pp;
  const struct sscratch *sc = &g->sc[k];
  pthread_mutex_lock(&pp->mu);
  while (!pp->stop && (k == 0 ? pp->written < pp->nchunk : pp->next < g->nb)) {
    if (k == 0 && pp->left[pp->written] == 0) {
      uint64_t c = pp->written;
      struct target to = pipe_target(g, pp, c);
      int bad = 0;
      pthread_mutex_unlock(&pp->mu);
      if (to.phi > to.plo && g->sink(g->sctx, to.dst, (size_t)(to.phi - to.plo) * g->c.sz, g->e) != 0)
        bad = 1;
      pthread_mutex_lock(&pp->mu);
      pp->written = c + 1;
      pp->stop |= bad;
      pthread_cond_broadcast(&pp->cv);
    } else if (pp->next < g->nb && pp->chunk < pp->written + NBUF) {
      uint64_t j = pp->next++, c = pp->chunk;
      struct target to = pipe_target(g, pp, c);
      if (pp->first[c + 1] <= pp->next)
        pp->chunk++;
      pthread_mutex_unlock(&pp->mu);
      srun_bucket(g, g->reversed ? g->nb - 1 - j : j, sc, &to);
      pthread_mutex_lock(&pp->mu);
      if (--pp->left[c] == 0 && pp->written == c)
        pthread_cond_broadcast(&pp->cv);
    } else {
      pthread_cond_wait(&pp->cv, &pp->mu);
    }
  }
  pthread_mutex_unlock(&pp->mu);
}

static void srun_task(void *ctx, int k)
{
  struct srun *g = ctx;
  if (g->phase == 0) {
    srun_count(g, k);
  } else if (g->phase == 3) {
    pipe_task(g, k);
  } else if (k == 0 && g->sink != NULL) {
    if (g->wlen > 0 && g->sink(g->sctx, g->wbuf, g->wlen, g->e) != 0)
      g->werr = 1;
  } else if (g->phase == 2 && g->dst != NULL) {
    uint64_t m = g->phi - g->plo, kk = (uint64_t)(k - 1), ng = (uint64_t)g->ngen;
    uint64_t b = g->plo + m * kk / ng, e = g->plo + m * (kk + 1) / ng;
    size_t sz = g->c.sz;
    for (uint64_t i = b; i < e; i++)
      put_sz(g->dst + (i - g->plo) * sz, gen_elem(&g->c, i), sz);
  } else if (g->dst != NULL) {
    const struct sscratch *sc = &g->sc[k - (g->sink != NULL)];
    struct target to = {g->dst, g->plo, g->phi};
    uint64_t d;
    while ((d = g->cb + atomic_fetch_add(&g->next, 1)) < g->ce)
      srun_bucket(g, d, sc, &to);
  }
}

/* Count the buckets, size the scratch. 0, or -1 out of memory. */
static int srun_init(struct srun *g, uint64_t n, int nthreads)
{
  unsigned lb = bitlen(n) > BUCKET_LOG + 1 ? bitlen(n) - BUCKET_LOG : 1, d = bitlen(g->r1), w;
  uint64_t sum = 0;
  int rc = -1, tree = (g->r1 & (g->r1 + 1)) == 0;
  if (lb > LABEL_MAX)
    lb = LABEL_MAX;
  g->n = n;
  g->shift = d > lb ? d - lb : 0;
  g->nb = (g->r1 >> g->shift) + 1;
  g->ngen = nthreads;
  w = d - g->shift;
  g->start = malloc((size_t)(g->nb + 1) * sizeof *g->start);
  if (!tree)
    g->cnt = calloc((size_t)g->nb * (size_t)nthreads, sizeof *g->cnt);
  if (g->start == NULL || (!tree && g->cnt == NULL))
    goto done;
  if (tree) { /* the top levels here, subtrees of level tl by the workers */
    struct gen_tree tr;
    g->tl = bitlen((uint64_t)nthreads - 1) + ((nthreads & (nthreads - 1)) != 0 ? 2 : 0);
    g->tl = g->tl > w ? w : g->tl;
    gen_tree_init(&tr, g->c.seed, g->tl);
    gen_tree_counts(&tr, 1, 0, n, g->top);
  }
  g->phase = 0;
  ps_parallel(nthreads, srun_task, g);
  for (uint64_t b = 0; b < g->nb; b++) {
    uint64_t c = tree ? g->start[b] : 0;
    for (int k = 0; k < nthreads && !tree; k++)
      c += g->cnt[(size_t)k * g->nb + b];
    g->start[b] = sum;
    sum += c;
    if (c > g->maxc)
      g->maxc = c;
  }
  g->start[g->nb] = sum;
  if (g->maxc > UINT32_MAX) /* a bucket's digit counts are 32-bit (and its scratch over 32 GiB) */
    goto done;
  for (int k = 0; k < nthreads; k++) {
    struct sscratch *sc = &g->sc[k];
    sc->a = malloc(((size_t)g->maxc + RUN) * sizeof *sc->a);
    sc->o = malloc((size_t)g->maxc * sizeof *sc->o + 1);
    sc->sub = malloc(((size_t)PASS_MAX << DIGIT_MAX) * sizeof *sc->sub);
    if (sc->a == NULL || sc->o == NULL || sc->sub == NULL)
      goto done;
  }
  g->phase = 1;
  rc = 0;
done:
  free(g->cnt);
  g->cnt = NULL;
  return rc;
}

/* Release g (from calloc) and its scratch; NULL is allowed. */
static void srun_free(struct srun *g)
{
  if (g == NULL)
    return;
  for (int k = 0; k < MAXT; k++) {
    free(g->sc[k].a);
    free(g->sc[k].o);
    free(g->sc[k].sub);
  }
  free(g->start);
  free(g);
}

/* Make buckets [cb, ce) into dst (and, with a sink, write wlen bytes of wbuf
** at the same time); dst NULL makes nothing. */
static void srun_step(struct srun *g, uint64_t cb, uint64_t ce, unsigned char *dst)
{
  g->cb = cb;
  g->ce = ce;
  g->plo = g->start[cb];
  g->phi = g->start[ce];
  g->dst = dst;
  atomic_store(&g->next, 0);
  ps_parallel(g->ngen + (g->sink != NULL), srun_task, g);
}

int gen_srun_fill(struct data_value *v, const struct genctx *c, int reversed, int nthreads,
                  struct ps_err *e)
{
  struct srun *g = NULL;
  uint64_t r1;
  int rc = 1;
  if (!srun_applies(c, &r1))
    goto done;
  rc = -1;
  if ((g = calloc(1, sizeof *g)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  g->c = *c;
  g->r1 = r1;
  g->reversed = reversed;
  if (srun_init(g, data_value_count(v), nthreads) != 0) {
    ps_fail(e, "out of memory for sorting scratch");
    goto done;
  }
  srun_step(g, 0, g->nb, v->elems);
  rc = 0;
done:
  srun_free(g);
  return rc;
}

/* A drawn stream by index ranges (phase 2): task 0 writes the previous
** chunk while the others make the next. 0, or -1 (message in e). */
static int stream_drawn(struct srun *g, size_t chunk, struct ps_err *e)
{
  size_t sz = g->c.sz, cap = chunk < sz ? sz : chunk;
  unsigned char *buf[2] = {NULL, NULL};
  uint64_t lo = 0, per = cap / sz;
  size_t prev = 0;
  int rc = -1;
  buf[0] = malloc(cap);
  buf[1] = malloc(cap);
  if (buf[0] == NULL || buf[1] == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  for (int k = 0;; k++) {
    uint64_t cb = lo, ce = g->n - lo > per ? lo + per : g->n;
    int more = lo < g->n;
    lo = ce;
    g->wbuf = buf[(k + 1) & 1];
    g->wlen = prev;
    g->plo = cb;
    g->phi = ce;
    g->dst = more ? buf[k & 1] : NULL;
    ps_parallel(g->ngen + 1, srun_task, g);
    if (g->werr || !more)
      break;
    prev = (size_t)(ce - cb) * sz;
  }
  rc = g->werr ? -1 : 0;
done:
  free(buf[0]);
  free(buf[1]);
  return rc;
}

/* Bucket b's element count. */
static uint64_t bucket_count(const struct srun *g, uint64_t b) { return g->start[b + 1] - g->start[b]; }

/* A sorted stream through the pipeline (struct pipe): chunks of whole
** buckets of at most `chunk` bytes (one bucket when it alone is more). 0, or
** -1 (message in e) out of memory or when the sink fails. */
static int stream_sorted(struct srun *g, size_t chunk, struct ps_err *e)
{
  struct pipe pp;
  size_t sz = g->c.sz, cap = chunk < sz ? sz : chunk;
  uint64_t per = cap / sz;
  int rc = -1, sync = 0, nobuf = 0;
  memset(&pp, 0, sizeof pp);
  if (g->maxc > per) {
    per = g->maxc;
    cap = (size_t)per * sz;
  }
  pp.first = malloc((size_t)(g->nb + 1) * sizeof *pp.first);
  pp.left = malloc((size_t)g->nb * sizeof *pp.left);
  for (int k = 0; k < NBUF; k++)
    nobuf |= (pp.buf[k] = malloc(cap)) == NULL;
  if (pp.first == NULL || pp.left == NULL || nobuf) {
    ps_fail(e, "out of memory");
    goto done;
  }
  for (uint64_t j = 0, z; j < g->nb; j = z) { /* greedy, in output order */
    uint64_t sum = bucket_count(g, g->reversed ? g->nb - 1 - j : j);
    for (z = j + 1; z < g->nb; z++) {
      uint64_t c = bucket_count(g, g->reversed ? g->nb - 1 - z : z);
      if (sum + c > per)
        break;
      sum += c;
    }
    pp.first[pp.nchunk] = j;
    pp.left[pp.nchunk++] = z - j;
  }
  pp.first[pp.nchunk] = g->nb;
  if (pthread_mutex_init(&pp.mu, NULL) != 0 || pthread_cond_init(&pp.cv, NULL) != 0) {
    ps_fail(e, "cannot start the writer");
    goto done;
  }
  sync = 1;
  g->pp = &pp;
  g->phase = 3;
  ps_parallel(g->ngen, srun_task, g);
  rc = pp.stop ? -1 : 0;
done:
  if (sync) {
    pthread_cond_destroy(&pp.cv);
    pthread_mutex_destroy(&pp.mu);
  }
  for (int k = 0; k < NBUF; k++)
    free(pp.buf[k]);
  free(pp.first);
  free(pp.left);
  return rc;
}

int gen_stream(enum data_type t, uint64_t n, uint64_t seed, const struct gen_bounds *b, int order,
               int nthreads, size_t chunk, gen_sink *sink, void *ctx, struct ps_err *e)
{
  struct srun *g = NULL;
  struct data_value v = {0};
  uint64_t r1;
  int rc = -1;
  if (chunk == 0)
    chunk = 1;
  if (gen_law_check(t, b, e) != 0)
    goto done;
  if ((g = calloc(1, sizeof *g)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  nthreads = gen_threads(nthreads, n);
  gen_ctx_init(&g->c, t, seed, b);
  g->sink = sink;
  g->sctx = ctx;
  g->e = e;
  g->reversed = order == GEN_REVERSED;
  if (order == GEN_DRAWN || n <= 1) {
    g->n = n;
    g->ngen = nthreads;
    g->phase = 2;
    rc = stream_drawn(g, chunk, e);
  } else if (srun_applies(&g->c, &r1)) {
    g->r1 = r1;
    if (srun_init(g, n, nthreads) != 0)
      ps_fail(e, "out of memory for sorting scratch");
    else
      rc = stream_sorted(g, chunk, e);
  } else {
    int64_t shape = (int64_t)n;
    size_t bytes = (size_t)n * g->c.sz;
    rc = data_value_init(&v, t, 1, &shape, e) != 0 || gen_fill(&v, seed, b, order, nthreads, e) != 0 ? -1 : 0;
    for (size_t off = 0; rc == 0 && off < bytes; off += chunk)
      rc = sink(ctx, (unsigned char *)v.elems + off, bytes - off < chunk ? bytes - off : chunk, e);
  }
done:
  srun_free(g);
  data_value_free(&v);
  return rc;
}

