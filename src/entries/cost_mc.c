/*
** cost_mc.c: see cost_mc.h. Every operation is one or two passes
** (run_parts) over the same contiguous parts: part t of `parts` is pool_range(n, t,
** parts, 16); parts is at most the pool's threads and leaves each part at
** least MIN_PART elements (one part below that), so every part is non-empty
** when n > 0. Operations on parts are combined in part order, which keeps
** argmax's first-on-ties and makes the results those of the sequential loop.
*/
#include "cost_mc.h"

#include "pool.h"

#include <string.h>

#define MIN_PART 16384
#define BINS 256

struct pass;

/* The work of part t, elements [lo, hi), of an operation. */
typedef void part_fn(struct pass *c, int t, uint64_t lo, uint64_t hi);

/* One operation's inputs, outputs and per-part results. */
struct pass {
  part_fn *fn;            /* the pass being run (run_parts) */
  uint64_t n;
  const uint32_t *x;      /* the input (values, or indices for reduce_by_index) */
  const int32_t *sx;      /* the same, signed */
  const uint32_t *v;      /* reduce_by_index: the values (counted to n) */
  const unsigned char *f; /* segmented: the flags */
  uint32_t *out;
  int sgn, parts;
  uint32_t part[POOL_MAX];  /* pass 1: the part's sum, max or tail sum */
  uint32_t carry[POOL_MAX]; /* pass 2: what the parts before it add up to */
  uint32_t pre[POOL_MAX];   /* scans: a worker's running sum where part t starts */
  unsigned char head[POOL_MAX]; /* segmented: the part has a set flag */
  uint64_t cnt[POOL_MAX];   /* filters and segment ends: the part's count... */
  uint64_t off[POOL_MAX];   /* ...and the counts of the parts before it */
  int64_t idx[POOL_MAX];    /* argmax: the part's first largest */
};

/* Parts for c->n elements on nt workers. */
static void set_parts(struct pass *c, int nt)
{
  uint64_t most = c->n / MIN_PART;
  c->parts = most < 1 ? 1 : most < (uint64_t)nt ? (int)most : nt;
}

static void pass_init(struct pass *c, struct entry_job *j)
{
  c->n = data_value_count(&j->in[0]);
  c->x = j->in[0].elems;
  c->sx = j->in[0].elems;
  c->v = j->nin > 1 ? j->in[1].elems : NULL;
  c->f = j->nin > 1 ? j->in[1].elems : NULL;
  c->out = j->out[0].elems;
  c->sgn = j->in[0].type == DATA_I32;
  set_parts(c, pool_threads(j->pool));
}

/* A worker's share of a pass: c->fn on its part, if it has one. */
static void part_worker(void *ctx, int tid, int nt)
{
  struct pass *c = ctx;
  uint64_t lo, hi;
  (void)nt;
  if (tid >= c->parts)
    return;
  pool_range(c->n, tid, c->parts, 16, &lo, &hi);
  c->fn(c, tid, lo, hi);
}

/* Run fn on every part of c, on j's workers. */
static void run_parts(struct entry_job *j, struct pass *c, part_fn *fn)
{
  c->fn = fn;
  pool_run(j->pool, part_worker, c);
}

/* a > b in the input's type. */
static int greater(const struct pass *c, uint32_t a, uint32_t b)
{
  return c->sgn ? (int32_t)a > (int32_t)b : a > b;
}

/* Exclusive (+) scan of the parts' counts into off; the total. */
static uint64_t scan_counts(struct pass *c)
{
  uint64_t s = 0;
  for (int t = 0; t < c->parts; t++) {
    c->off[t] = s;
    s += c->cnt[t];
  }
  return s;
}

/* Exclusive (+) scan of the parts' sums into carry; the total. */
static uint32_t scan_sums(struct pass *c)
{
  uint32_t s = 0;
  for (int t = 0; t < c->parts; t++) {
    c->carry[t] = s;
    s += c->part[t];
  }
  return s;
}

/* ================================ Sums ================================== */

static void sum_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint32_t acc = 0;
  for (uint64_t i = lo; i < hi; i++)
    acc += c->x[i];
  c->part[tid] = acc;
}

void cost_mc_sum(struct entry_job *j)
{
  struct pass c;
  pass_init(&c, j);
  c.part[0] = 0;
  run_parts(j, &c, sum_part);
  c.out[0] = scan_sums(&c);
}

static void scan_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint32_t acc = c->carry[tid];
  for (uint64_t i = lo; i < hi; i++)
    c->out[i] = acc += c->x[i];
}

static void scan_exclusive_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint32_t acc = c->carry[tid];
  for (uint64_t i = lo; i < hi; i++) {
    c->out[i] = acc;
    acc += c->x[i];
  }
}

/* Pass 1 of the (+) scans reads only what the carries need: the parts but
** the last, cut into P (P - 1) units (P = parts), unit P t starting where
** part t does (pool_range's boundaries agree); worker w sums units
** [w (P - 1), (w + 1) (P - 1)), noting its running sum where a part starts.
** So all P workers read (P - 1) / P of the input, not one part idle; lo
** and hi (worker tid's part) are replaced by each unit's range. */
static void unit_sums(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  int p = c->parts;
  uint32_t acc = 0;
  for (int u = tid * (p - 1); u < (tid + 1) * (p - 1); u++) {
    if (u % p == 0)
      c->pre[u / p] = acc;
    pool_range(c->n, u, p * p, 16, &lo, &hi);
    for (uint64_t i = lo; i < hi; i++)
      acc += c->x[i];
  }
  c->part[tid] = acc;
}

/* Pass 1 (unit_sums), each part's carry, then `second` over the parts. */
static void two_pass_sum(struct entry_job *j, part_fn *second)
{
  struct pass c;
  int p;
  pass_init(&c, j);
  if (c.n == 0)
    return;
  p = c.parts;
  c.carry[0] = 0;
  if (p > 1) {
    uint32_t before[POOL_MAX];
    run_parts(j, &c, unit_sums);
    before[0] = 0;
    for (int w = 1; w < p; w++)
      before[w] = before[w - 1] + c.part[w - 1];
    for (int t = 1; t < p - 1; t++) /* unit t p is worker t's: t (p - 1) <= t p < (t + 1) (p - 1) */
      c.carry[t] = before[t] + c.pre[t];
    c.carry[p - 1] = before[p - 1] + c.part[p - 1];
  }
  run_parts(j, &c, second);
}

void cost_mc_scan(struct entry_job *j) { two_pass_sum(j, scan_part); }
void cost_mc_scan_exclusive(struct entry_job *j) { two_pass_sum(j, scan_exclusive_part); }

/* ============================ Maxima ==================================== */

static void max_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint64_t best;
  best = lo;
  for (uint64_t i = lo + 1; i < hi; i++)
    if (greater(c, c->x[i], c->x[best]))
      best = i;
  c->idx[tid] = (int64_t)best;
  c->part[tid] = c->x[best];
}

void cost_mc_argmax(struct entry_job *j)
{
  struct pass c;
  int64_t best = -1;
  pass_init(&c, j);
  if (c.n > 0) {
    run_parts(j, &c, max_part);
    for (int t = 0; t < c.parts; t++)
      if (best < 0 || greater(&c, c.part[t], c.x[best]))
        best = c.idx[t];
  }
  *(int64_t *)j->out[0].elems = best;
}

/* Part tid's max-scan, after the maximum of the parts before it (none for
** part 0: its first element starts the scan). */
static void scan_max_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint64_t i;
  uint32_t acc;
  acc = tid > 0 ? c->carry[tid] : c->x[lo];
  for (i = lo; i < hi; i++) {
    if (greater(c, c->x[i], acc))
      acc = c->x[i];
    c->out[i] = acc;
  }
}

void cost_mc_scan_max(struct entry_job *j)
{
  struct pass c;
  pass_init(&c, j);
  if (c.n == 0)
    return;
  run_parts(j, &c, max_part);
  c.carry[0] = c.part[0];
  for (int t = 1; t < c.parts; t++)
    c.carry[t] = greater(&c, c.part[t - 1], c.carry[t - 1]) ? c.part[t - 1] : c.carry[t - 1];
  run_parts(j, &c, scan_max_part);
}

/* ================================ Filter ================================ */

static void filter_count(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint64_t k = 0;
  if (!c->sgn)
    k = hi - lo;
  else
    for (uint64_t i = lo; i < hi; i++)
      k += c->sx[i] >= 0;
  c->cnt[tid] = k;
}

static void filter_write(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint32_t *o;
  o = c->out + c->off[tid];
  if (!c->sgn) {
    memcpy(o, c->x + lo, (hi - lo) * sizeof *o);
    return;
  }
  /* Branch-free: every element is written at the next free slot, which
  ** only a kept one advances; the loop stops once the part's count is
  ** written, so no write falls past the part's share of the output. */
  for (uint64_t i = lo, k = 0; k < c->cnt[tid]; i++) {
    o[k] = c->x[i];
    k += c->sx[i] >= 0;
  }
}

void cost_mc_filter(struct entry_job *j)
{
  struct pass c;
  pass_init(&c, j);
  j->out[0].shape[0] = 0;
  if (c.n == 0)
    return;
  run_parts(j, &c, filter_count);
  j->out[0].shape[0] = (int64_t)scan_counts(&c);
  run_parts(j, &c, filter_write);
}

/* ============================== Histograms ============================== */

/* Add a worker's private bins into the shared output. */
static void add_bins(uint32_t *out, const uint32_t *h)
{
  for (int b = 0; b < BINS; b++)
    if (h[b] != 0)
      __atomic_fetch_add(&out[b], h[b], __ATOMIC_RELAXED);
}

static void histogram_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint32_t h[2][BINS]; /* two sets, so that neighbouring equal bytes do not wait on each other */
  (void)tid;
  memset(h, 0, sizeof h);
  for (; lo + 1 < hi; lo += 2) {
    h[0][c->x[lo] & 255]++;
    h[1][c->x[lo + 1] & 255]++;
  }
  if (lo < hi)
    h[0][c->x[lo] & 255]++;
  for (int b = 0; b < BINS; b++)
    h[0][b] += h[1][b];
  add_bins(c->out, h[0]);
}

void cost_mc_histogram(struct entry_job *j)
{
  struct pass c;
  pass_init(&c, j);
  memset(c.out, 0, BINS * sizeof *c.out);
  if (c.n > 0)
    run_parts(j, &c, histogram_part);
}

static void reduce_by_index_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint32_t h[BINS];
  (void)tid;
  memset(h, 0, sizeof h);
  for (uint64_t i = lo; i < hi; i++)
    if ((!c->sgn || c->sx[i] >= 0) && c->x[i] < BINS)
      h[c->x[i]] += c->v[i];
  add_bins(c->out, h);
}

void cost_mc_reduce_by_index(struct entry_job *j)
{
  struct pass c;
  uint64_t m = data_value_count(&j->in[1]);
  pass_init(&c, j);
  memset(c.out, 0, BINS * sizeof *c.out);
  if (m < c.n) { /* pairs up to the shorter input, as the reference */
    c.n = m;
    set_parts(&c, pool_threads(j->pool));
  }
  if (c.n > 0)
    run_parts(j, &c, reduce_by_index_part);
}

/* =========================== Segmented (+) ============================== */

/* Pass 1: the part's sum since its last set flag (the whole part when it
** has none), whether it has one, and the segments that end in it. */
static void segment_summary(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint64_t ends = 0;
  uint32_t acc = 0;
  unsigned char any = 0;
  for (uint64_t i = lo; i < hi; i++) {
    acc = c->f[i] ? c->x[i] : acc + c->x[i];
    any |= c->f[i];
    ends += i + 1 == c->n || c->f[i + 1];
  }
  c->part[tid] = acc;
  c->head[tid] = any != 0;
  c->cnt[tid] = ends;
}

/* The segmented scan's value just before each part. */
static void segment_carries(struct pass *c)
{
  c->carry[0] = 0;
  for (int t = 1; t < c->parts; t++)
    c->carry[t] = c->head[t - 1] ? c->part[t - 1] : c->carry[t - 1] + c->part[t - 1];
}

static void segmented_scan_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint32_t acc = c->carry[tid];
  for (uint64_t i = lo; i < hi; i++)
    c->out[i] = acc = c->f[i] ? c->x[i] : acc + c->x[i];
}

static void segmented_reduce_part(struct pass *c, int tid, uint64_t lo, uint64_t hi)
{
  uint64_t k;
  uint32_t acc = c->carry[tid];
  k = c->off[tid];
  for (uint64_t i = lo; i < hi; i++) {
    acc = c->f[i] ? c->x[i] : acc + c->x[i];
    if (i + 1 == c->n || c->f[i + 1])
      c->out[k++] = acc;
  }
}

void cost_mc_segmented_scan(struct entry_job *j)
{
  struct pass c;
  pass_init(&c, j);
  if (c.n == 0)
    return;
  run_parts(j, &c, segment_summary);
  segment_carries(&c);
  run_parts(j, &c, segmented_scan_part);
}

void cost_mc_segmented_reduce(struct entry_job *j)
{
  struct pass c;
  pass_init(&c, j);
  j->out[0].shape[0] = 0;
  if (c.n == 0)
    return;
  run_parts(j, &c, segment_summary);
  segment_carries(&c);
  j->out[0].shape[0] = (int64_t)scan_counts(&c);
  run_parts(j, &c, segmented_reduce_part);
}
