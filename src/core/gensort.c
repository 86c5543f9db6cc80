/*
** gensort.c: sorted values of the uniform laws drawn in order, bucket by
** bucket (struct srun), into memory or streamed to a sink; gen_stream.
*/
#include "gen.h"
#include "genimpl.h"

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
** concatenated. Bucket b's offsets come from the seed S_b = draw(s,
** BUCKET_STREAM, b), so a bucket depends only on the seed, its index and its
** count: any thread count gives the same bytes, and the buckets can be made
** and written in order a few MiB at a time. A uniform value over 2^w (w
** bits, R or a bucket's width a power of two) is a w-bit field of a draw,
** 64 / w of them a draw (packed_field); over another width, uniform_below's.
** docs/data-format.md gives the exact recipe. */
#define BUCKET_STREAM 0x8000000000000000ull
#define BUCKET_LOG 12   /* about 2^12 elements a bucket */
#define LABEL_MAX 16    /* at most 2^16 buckets */

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
  size_t *sub;
};

/* Where a bucket's elements go: dst holds sorted positions [plo, phi). */
struct target {
  unsigned char *dst;
  uint64_t plo, phi;
};

/* A sorted stream's pipeline (phase 3): chunks of whole buckets in output
** order, chunk k of buckets [first[k], first[k + 1]) in output order (bucket
** nb - 1 - j for the j-th when reversed) into buffer k % NBUF. Generating
** threads take buckets in output order and make them in any order, a chunk's
** only after chunk k - NBUF is written; task 0 writes the chunks in order as
** each is complete. Under mu: next, chunk, left, written, stop. */
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
  uint64_t *cnt;       /* ngen rows of nb counts (phase 0) */
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

/* Field f (from the top) of the draw r, in w bits: f < 64 / w. */
static inline uint64_t packed_field(uint64_t r, unsigned w, unsigned f)
{
  return (r << (w * f)) >> (64 - w);
}

#define DIGIT_MAX 11 /* LSD digits of at most 11 bits */
#define PASS_MAX 6   /* 64 bits in 11-bit digits */

/* Bucket b's c offsets, each below 2^sb (sb = bitlen(w1), w1 + 1 the
** bucket's width), in T: drawn from S_b = bs (fields of draws for a power of
** two, else uniform_below) into src, counted per digit as they come, sorted
** by LSD radix passes (digits of equal width, at most DIGIT_MAX bits; a pass
** whose digit is one value throughout moves nothing), the last pass storing
** the elements at their sorted positions in out (which holds sorted
** positions [plo, phi), backwards when reversed). dst and cnt are scratch. */
#define MAKE_BUCKET(NAME, T)                                                                  \
  static void NAME(struct srun *g, uint64_t b, uint64_t bs, uint64_t c, uint64_t w1,          \
                   unsigned sb, T *src, T *dst, size_t *cnt, const struct target *to)         \
  {                                                                                           \
    unsigned np = (sb + DIGIT_MAX - 1) / DIGIT_MAX, dw = np ? (sb + np - 1) / np : 0;         \
    unsigned moves = 0, last = 0;                                                             \
    size_t nd = (size_t)1 << dw, sz = g->c.sz;                                                \
    T dmask = (T)(nd - 1);                                                                    \
    uint64_t bk = mix64(bs), base = b << g->shift, p = g->start[b];                           \
    ptrdiff_t stride = g->reversed ? -(ptrdiff_t)sz : (ptrdiff_t)sz;                          \
    unsigned char *out = to->dst + (g->reversed ? to->phi - 1 - p : p - to->plo) * sz;       \
    memset(cnt, 0, (size_t)np * nd * sizeof *cnt);                                            \
    if (w1 == 0) {                                                                            \
      memset(src, 0, (size_t)c * sizeof *src);                                                \
    } else if ((w1 & (w1 + 1)) == 0) {                                                        \
      unsigned k = 64 / sb;                                                                   \
      for (uint64_t q = 0, j = 0; j < c; q++) {                                               \
        uint64_t r = mix64(bk + (q + 1) * GOLDEN);                                            \
        for (unsigned f = 0; f < k && j < c; f++, j++) {                                      \
          T v = (T)packed_field(r, sb, f);                                                    \
          src[j] = v;                                                                         \
          for (unsigned d = 0; d < np; d++)                                                   \
            cnt[d * nd + (v >> (d * dw) & dmask)]++;                                          \
        }                                                                                     \
      }                                                                                       \
    } else {                                                                                  \
      for (uint64_t j = 0; j < c; j++) {                                                      \
        T v = (T)uniform_below(bs, bk, j, w1 + 1);                                            \
        src[j] = v;                                                                           \
        for (unsigned d = 0; d < np; d++)                                                     \
          cnt[d * nd + (v >> (d * dw) & dmask)]++;                                            \
      }                                                                                       \
    }                                                                                         \
    for (unsigned d = 0; d < np; d++) {                                                       \
      size_t *h = cnt + d * nd, sum = 0;                                                      \
      int constant = 0;                                                                       \
      for (size_t x = 0; x < nd; x++) {                                                       \
        size_t y = h[x];                                                                      \
        constant |= y == c;                                                                   \
        h[x] = sum;                                                                           \
        sum += y;                                                                             \
      }                                                                                       \
      if (!constant) {                                                                        \
        moves |= 1u << d;                                                                     \
        last = d;                                                                             \
      }                                                                                       \
    }                                                                                         \
    for (unsigned d = 0; d < last; d++) {                                                     \
      size_t *h = cnt + d * nd;                                                               \
      if (moves & (1u << d)) {                                                                \
        for (uint64_t j = 0; j < c; j++)                                                      \
          dst[h[src[j] >> (d * dw) & dmask]++] = src[j];                                      \
        { T *x = src; src = dst; dst = x; }                                                   \
      }                                                                                       \
    }                                                                                         \
    if (moves == 0) {                                                                         \
      for (uint64_t j = 0; j < c; j++)                                                        \
        put_sz(out + (ptrdiff_t)j * stride, elem_of(&g->c, base + src[j]), sz);               \
    } else {                                                                                  \
      size_t *h = cnt + last * nd;                                                            \
      for (uint64_t j = 0; j < c; j++)                                                        \
        put_sz(out + (ptrdiff_t)h[src[j] >> (last * dw) & dmask]++ * stride,                  \
               elem_of(&g->c, base + src[j]), sz);                                            \
    }                                                                                         \
  }

MAKE_BUCKET(make_bucket32, uint32_t)
MAKE_BUCKET(make_bucket64, uint64_t)

/* Make bucket b into to. */
static void srun_bucket(struct srun *g, uint64_t b, const struct sscratch *sc, const struct target *to)
{
  uint64_t c = g->start[b + 1] - g->start[b], w1 = g->r1 - (b << g->shift);
  uint64_t bs = gen_draw(g->c.seed, BUCKET_STREAM, b);
  if (w1 > (UINT64_C(1) << g->shift) - 1)
    w1 = (UINT64_C(1) << g->shift) - 1;
  if (bitlen(w1) <= 32)
    make_bucket32(g, b, bs, c, w1, bitlen(w1), (uint32_t *)(void *)sc->a, (uint32_t *)(void *)sc->o,
                  sc->sub, to);
  else
    make_bucket64(g, b, bs, c, w1, bitlen(w1), sc->a, sc->o, sc->sub, to);
}

/* Phase 0 for worker k: count its share of the n offsets' buckets. With R a
** power of two the buckets are fields of draws (64 / w a draw, w the bucket
** bits); else element i's bucket is its unsorted offset's. */
static void srun_count(struct srun *g, int k)
{
  uint64_t *cnt = g->cnt + (size_t)k * g->nb, range = g->r1 + 1;
  unsigned w = bitlen(g->r1) - g->shift;
  if ((g->r1 & range) != 0) {
    uint64_t b = g->n * (uint64_t)k / (uint64_t)g->ngen, e = g->n * (uint64_t)(k + 1) / (uint64_t)g->ngen;
    for (uint64_t i = b; i < e; i++)
      cnt[uniform_below(g->c.seed, g->c.key0, i, range) >> g->shift]++;
  } else if (w == 0) {
    if (k == 0)
      cnt[0] = g->n;
  } else {
    unsigned per = 64 / w;
    uint64_t nd = g->n / per + (g->n % per != 0);
    uint64_t b = nd * (uint64_t)k / (uint64_t)g->ngen, e = nd * (uint64_t)(k + 1) / (uint64_t)g->ngen;
    for (uint64_t q = b; q < e; q++) {
      uint64_t r = mix64(g->c.key0 + (q + 1) * GOLDEN);
      unsigned nf = g->n - q * per < per ? (unsigned)(g->n - q * per) : per;
      for (unsigned f = 0; f < nf; f++)
        cnt[packed_field(r, w, f)]++;
    }
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

/* Phase 3: task 0 writes the chunks in order, the others make buckets. */
static void pipe_task(struct srun *g, int k)
{
  struct pipe *pp = g->pp;
  if (k == 0) {
    for (uint64_t c = 0; c < pp->nchunk; c++) {
      struct target to = pipe_target(g, pp, c);
      int bad = 0;
      pthread_mutex_lock(&pp->mu);
      while (pp->left[c] > 0)
        pthread_cond_wait(&pp->cv, &pp->mu);
      pthread_mutex_unlock(&pp->mu);
      if (to.phi > to.plo && g->sink(g->sctx, to.dst, (size_t)(to.phi - to.plo) * g->c.sz, g->e) != 0)
        bad = 1;
      pthread_mutex_lock(&pp->mu);
      pp->written = c + 1;
      pp->stop |= bad;
      pthread_cond_broadcast(&pp->cv);
      pthread_mutex_unlock(&pp->mu);
      if (bad)
        break;
    }
  } else {
    const struct sscratch *sc = &g->sc[k - 1];
    pthread_mutex_lock(&pp->mu);
    while (!pp->stop && pp->next < g->nb) {
      uint64_t j = pp->next++, c;
      struct target to;
      while (pp->first[pp->chunk + 1] <= j)
        pp->chunk++;
      c = pp->chunk;
      while (!pp->stop && c >= pp->written + NBUF)
        pthread_cond_wait(&pp->cv, &pp->mu);
      pthread_mutex_unlock(&pp->mu);
      to = pipe_target(g, pp, c);
      srun_bucket(g, g->reversed ? g->nb - 1 - j : j, sc, &to);
      pthread_mutex_lock(&pp->mu);
      if (--pp->left[c] == 0)
        pthread_cond_broadcast(&pp->cv);
    }
    pthread_mutex_unlock(&pp->mu);
  }
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
  unsigned lb = bitlen(n) > BUCKET_LOG + 1 ? bitlen(n) - BUCKET_LOG : 1, d = bitlen(g->r1);
  uint64_t sum = 0;
  int rc = -1;
  if (lb > LABEL_MAX)
    lb = LABEL_MAX;
  g->n = n;
  g->shift = d > lb ? d - lb : 0;
  g->nb = (g->r1 >> g->shift) + 1;
  g->ngen = nthreads;
  g->start = malloc((size_t)(g->nb + 1) * sizeof *g->start);
  g->cnt = calloc((size_t)g->nb * (size_t)nthreads, sizeof *g->cnt);
  if (g->start == NULL || g->cnt == NULL)
    goto done;
  g->phase = 0;
  ps_parallel(nthreads, srun_task, g);
  for (uint64_t b = 0; b < g->nb; b++) {
    uint64_t c = 0;
    for (int k = 0; k < nthreads; k++)
      c += g->cnt[(size_t)k * g->nb + b];
    g->start[b] = sum;
    sum += c;
    if (c > g->maxc)
      g->maxc = c;
  }
  g->start[g->nb] = sum;
  for (int k = 0; k < nthreads; k++) {
    struct sscratch *sc = &g->sc[k];
    sc->a = malloc((size_t)g->maxc * sizeof *sc->a + 1);
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

static void srun_free(struct srun *g)
{
  for (int k = 0; k < MAXT; k++) {
    free(g->sc[k].a);
    free(g->sc[k].o);
    free(g->sc[k].sub);
  }
  free(g->start);
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
  if (g != NULL)
    srun_free(g);
  free(g);
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
  ps_parallel(g->ngen + 1, srun_task, g);
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
  if (g != NULL)
    srun_free(g);
  free(g);
  data_value_free(&v);
  return rc;
}

