/*
** search_mc.c: see search_mc.h. The queries are cut into one contiguous run
** per worker (boundaries on whole cache lines of answers); within a run a
** worker keeps BATCH queries in flight, each level of the search advancing
** all of them, so that their cache misses overlap (Khuong & Morin 2017,
** "Array layouts for comparison-based searching"; Slotin's S+ tree). Every
** kernel is instantiated once per integer type (FOR_TYPES), so that keys
** compare as their type, exactly as the c backend's widened comparison.
*/
#include "search_mc.h"

#include "layout.h"

#include <stdatomic.h>
#include <string.h>

#define LINE 64     /* bytes per cache line */
#define BATCH 16    /* queries in flight per worker: binary and Eytzinger search */
#define BT_BATCH 8  /* the same for the B+ tree (each step is one node) */
#define NODE 8      /* keys per internal B+ tree node (search.c's BT_FANOUT) */
#define LEAF 16     /* keys per B+ tree leaf (search.c's BT_LEAF) */
#define OUT_ALIGN 8 /* answers per cache line: workers never share one */

/* Prefetch elements [first, first + count) of an array of elem-byte
** elements at base: the lines of the first and the last. The addresses may
** lie past the array's end (prefetches do not fault); they are computed as
** integers so that no out-of-bounds pointer is formed. */
static inline void prefetch_span(const void *base, uint64_t first, uint64_t count, size_t elem)
{
  uintptr_t a = (uintptr_t)base + first * elem;
  __builtin_prefetch((const void *)a);
  __builtin_prefetch((const void *)(a + (count - 1) * elem));
}

/* X(suffix, C type, data type) for every integer type the family takes. */
#define FOR_TYPES(X)                                                                            \
  X(i8, int8_t, DATA_I8) X(i16, int16_t, DATA_I16) X(i32, int32_t, DATA_I32)                    \
  X(i64, int64_t, DATA_I64) X(u8, uint8_t, DATA_U8) X(u16, uint16_t, DATA_U16)                  \
  X(u32, uint32_t, DATA_U32) X(u64, uint64_t, DATA_U64)

/* ============================ Binary search ============================= */

/* lb1_S(x, n, key): the lower bound of key in x[0, n), branchless (the
** probe's outcome selects the next base by a mask, never by a branch).
** lb_S(q, lo, hi): queries [lo, hi) of q, BATCH at a time; a short last
** batch repeats its last key in the unused slots so every batch has the
** same shape. All of a batch's searches share n, hence their sequence of
** halvings. No prefetch: the batch already keeps BATCH misses in flight,
** and prefetching both midpoints the next step may probe doubles the lines
** fetched from memory (measured 3.2x slower on the 2-core VM at 2^24 keys).
** sk_S(q, lo, hi): queries [lo, hi) with keys sorted ascending: a full
** search for the first, then each answer is found by galloping up from the
** previous one (answers of sorted keys never decrease). */
#define DEFINE_BINARY(S, T, D)                                                                  \
  static inline uint64_t lb1_##S(const T *x, uint64_t n, T key)                               \
  {                                                                                             \
    uint64_t base = 0;                                                                          \
    if (n == 0)                                                                                 \
      return 0;                                                                                 \
    for (; n > 1; n -= n / 2)                                                                   \
      base += -(uint64_t)(x[base + n / 2] < key) & (n / 2);                                     \
    return base + (x[base] < key);                                                              \
  }                                                                                             \
                                                                                                \
  static void lb_##S(const struct search_mc_query *q, int64_t lo, int64_t hi)                   \
  {                                                                                             \
    const T *x = q->xs, *k = q->keys;                                                           \
    for (int64_t q0 = lo; q0 < hi && q->n == 0; q0++)                                           \
      q->out[q0] = 0;                                                                           \
    for (int64_t q0 = lo; q0 < hi && q->n > 0; q0 += BATCH) {                                   \
      int64_t nb = hi - q0 < BATCH ? hi - q0 : BATCH;                                           \
      uint64_t base[BATCH], len = (uint64_t)q->n;                                               \
      T key[BATCH];                                                                             \
      for (int b = 0; b < BATCH; b++) {                                                         \
        key[b] = k[q0 + (b < nb ? b : nb - 1)];                                                 \
        base[b] = 0;                                                                            \
      }                                                                                         \
      for (; len > 1; len -= len / 2) {                                                         \
        uint64_t half = len / 2;                                                                \
        for (int b = 0; b < BATCH; b++)                                                         \
          base[b] += -(uint64_t)(x[base[b] + half] < key[b]) & half;                            \
      }                                                                                         \
      for (int64_t b = 0; b < nb; b++)                                                          \
        q->out[q0 + b] = (int64_t)(base[b] + (x[base[b]] < key[b]));                            \
    }                                                                                           \
  }                                                                                             \
                                                                                                \
  static void sk_##S(const struct search_mc_query *q, int64_t lo, int64_t hi)                   \
  {                                                                                             \
    const T *x = q->xs, *k = q->keys;                                                           \
    uint64_t n = (uint64_t)q->n, p = lo < hi ? lb1_##S(x, n, k[lo]) : 0;                        \
    for (int64_t i = lo; i < hi; i++) {                                                         \
      if (p < n && x[p] < k[i]) { /* x[a] < key: gallop to a bracket (a, a + step] */           \
        uint64_t a = p, step = 1, end;                                                          \
        while (a + step < n && x[a + step] < k[i]) {                                            \
          a += step;                                                                            \
          step *= 2;                                                                            \
        }                                                                                       \
        end = a + step < n ? a + step : n;                                                      \
        p = a + 1 + lb1_##S(x + a + 1, end - a - 1, k[i]);                                      \
      }                                                                                         \
      q->out[i] = (int64_t)p;                                                                   \
    }                                                                                           \
  }

/* =========================== Eytzinger search =========================== */

/* ey_S(q, lo, hi): queries [lo, hi) of q on the Eytzinger array, BATCH at a
** time. Node k (1-based) has children 2k and 2k + 1; the descent is
** branchless, and every step prefetches k's LINE / sizeof(T) descendants
** log2 of that many levels down, one cache line's worth (16 elements 4
** levels down for 4-byte elements; the array is neither 1-based nor
** line-aligned, so both lines they may span). The first h = floor(log2 n)
** steps stay inside the tree for every key; one more step is taken where
** the node exists. The answer is the last node where the search went left:
** k without its trailing ones (right turns) and one more bit (the ffs
** trick). */
#define DEFINE_EYTZINGER(S, T, D)                                                               \
  static void ey_##S(const struct search_mc_query *q, int64_t lo, int64_t hi)                   \
  {                                                                                             \
    const T *t = q->xs, *k = q->keys;                                                           \
    const uint64_t n = (uint64_t)q->n, pf = LINE / sizeof(T);                                   \
    const int h = n > 0 ? 63 - __builtin_clzll(n) : 0;                                          \
    for (int64_t q0 = lo; q0 < hi && n == 0; q0++)                                              \
      q->out[q0] = -1;                                                                          \
    for (int64_t q0 = lo; q0 < hi && n > 0; q0 += BATCH) {                                      \
      int64_t nb = hi - q0 < BATCH ? hi - q0 : BATCH;                                           \
      uint64_t i[BATCH];                                                                        \
      T key[BATCH];                                                                             \
      for (int b = 0; b < BATCH; b++) {                                                         \
        key[b] = k[q0 + (b < nb ? b : nb - 1)];                                                 \
        i[b] = 1;                                                                               \
      }                                                                                         \
      for (int d = 0; d < h; d++) {                                                             \
        for (int b = 0; b < BATCH; b++) {                                                       \
          prefetch_span(t, i[b] * pf - 1, pf, sizeof(T));                                       \
          i[b] = 2 * i[b] + (t[i[b] - 1] < key[b]);                                             \
        }                                                                                       \
      }                                                                                         \
      for (int64_t b = 0; b < nb; b++) {                                                        \
        uint64_t in = i[b] <= n, at = in ? i[b] : 1, c = t[at - 1] < key[b];                    \
        uint64_t kk = in ? 2 * i[b] + c : i[b];                                                 \
        kk >>= __builtin_ctzll(~kk) + 1;                                                        \
        q->out[q0 + b] = (int64_t)kk - 1;                                                       \
      }                                                                                         \
    }                                                                                           \
  }

/* ============================= B+ tree search =========================== */

/* count_S(node, key), count_leaf_S(leaf, key): how many of the node's NODE
** (leaf's LEAF) keys are below key: one vector compare (GNU C vector
** extensions, GCC and Clang; lanes of -1 where below) and a sum of the lanes,
** in T's width modulo 2^8 (16 fits).
** bt_S(q, lo, hi): queries [lo, hi) of q, BT_BATCH at a time, from the root
** down. A search of a key above every element would step past the last
** node of a level; clamping to that node gives the same final answer (all
** of its keys, padding included, are below the key, and so on down to the
** leaves), where the c backend goes past the end and counts nothing. The
** leaves (the array itself) are not padded: a last leaf shorter than LEAF
** is counted one by one. Each step prefetches the node it descends to. */
#define DEFINE_BTREE(S, T, D)                                                                   \
  typedef T vec_##S __attribute__((vector_size(NODE * sizeof(T))));                             \
  typedef T leaf_##S __attribute__((vector_size(LEAF * sizeof(T))));                            \
  static inline uint64_t count_##S(const T *node, T key)                                       \
  {                                                                                             \
    vec_##S v, k = {0}, lt;                                                                     \
    T c = 0;                                                                                    \
    memcpy(&v, node, sizeof v);                                                                 \
    k += key;                                                                                   \
    lt = (vec_##S)(v < k);                                                                      \
    for (int i = 0; i < NODE; i++)                                                              \
      c = (T)(c - lt[i]);                                                                       \
    return (uint64_t)(uint8_t)c;                                                                \
  }                                                                                             \
  static inline uint64_t count_leaf_##S(const T *node, T key)                                  \
  {                                                                                             \
    leaf_##S v, k = {0}, lt;                                                                    \
    T c = 0;                                                                                    \
    memcpy(&v, node, sizeof v);                                                                 \
    k += key;                                                                                   \
    lt = (leaf_##S)(v < k);                                                                     \
    for (int i = 0; i < LEAF; i++)                                                              \
      c = (T)(c - lt[i]);                                                                       \
    return (uint64_t)(uint8_t)c;                                                                \
  }                                                                                             \
                                                                                                \
  static void bt_##S(const struct search_mc_query *q, int64_t lo, int64_t hi)                   \
  {                                                                                             \
    const struct search_mc_tree *tr = q->tree;                                                  \
    const T *x = q->xs, *k = q->keys, *in = tr->internal;                                       \
    const uint64_t n = (uint64_t)q->n;                                                          \
    for (int64_t q0 = lo; q0 < hi; q0 += BT_BATCH) {                                            \
      int64_t nb = hi - q0 < BT_BATCH ? hi - q0 : BT_BATCH;                                     \
      uint64_t i[BT_BATCH];                                                                     \
      T key[BT_BATCH];                                                                          \
      for (int b = 0; b < BT_BATCH; b++) {                                                      \
        key[b] = k[q0 + (b < nb ? b : nb - 1)];                                                 \
        i[b] = 0;                                                                               \
      }                                                                                         \
      for (int l = tr->nl - 1; l >= 1; l--) {                                                   \
        const T *lvl = in + tr->off[l], *below = l > 1 ? in + tr->off[l - 1] : x;               \
        const uint64_t last = (uint64_t)tr->len[l] - 1;                                         \
        for (int b = 0; b < BT_BATCH; b++) {                                                    \
          uint64_t j = NODE * i[b] + count_##S(lvl + NODE * i[b], key[b]);                      \
          i[b] = j < last ? j : last;                                                           \
          prefetch_span(below, (l > 1 ? NODE : LEAF) * i[b], l > 1 ? NODE : LEAF, sizeof(T));   \
        }                                                                                       \
      }                                                                                         \
      for (int64_t b = 0; b < nb; b++) {                                                        \
        uint64_t first = LEAF * i[b], c = 0;                                                    \
        if (first + LEAF <= n)                                                                  \
          c = count_leaf_##S(x + first, key[b]);                                                \
        else                                                                                    \
          for (uint64_t e = first; e < n; e++)                                                  \
            c += x[e] < key[b];                                                                 \
        q->out[q0 + b] = (int64_t)(first + c);                                                  \
      }                                                                                         \
    }                                                                                           \
  }

/* =============================== Layouts ================================ */

/* subtree_S(a, t, n, r, top): the Eytzinger layout of the subtree rooted at
** node r (1-based, top <= r < 2 top: depth log2 top) of the tree of n nodes:
** an in-order walk that copies the subtree's contiguous run of the sorted a
** in order, starting at the rank of its leftmost node.
** level_S(prev, plen, next, lo, hi): keys [lo, hi) of a B+ tree level from
** the level below it (plen keys). */
#define DEFINE_LAYOUT(S, T, D)                                                                  \
  static void subtree_##S(const void *av, void *tv, int64_t n, int64_t r, int64_t top)          \
  {                                                                                             \
    const T *a = av;                                                                            \
    T *t = tv;                                                                                  \
    int64_t k = r, i;                                                                           \
    while (2 * k <= n)                                                                          \
      k *= 2;                                                                                   \
    i = layout_eytzinger_rank(n, k);                                                            \
    for (;;) {                                                                                  \
      t[k - 1] = a[i++];                                                                        \
      if (2 * k + 1 <= n) { /* successor: the leftmost node of the right subtree */             \
        k = 2 * k + 1;                                                                          \
        while (2 * k <= n)                                                                      \
          k *= 2;                                                                               \
      } else { /* climb while coming from a right child; above r: done */                      \
        while (k & 1)                                                                           \
          k /= 2;                                                                               \
        k /= 2;                                                                                 \
        if (k < top)                                                                            \
          break;                                                                                \
      }                                                                                         \
    }                                                                                           \
  }                                                                                             \
                                                                                                \
  static void level_##S(const void *pv, int64_t plen, int64_t node, void *nv, int64_t lo,        \
                        int64_t hi)                                                             \
  {                                                                                             \
    const T *prev = pv;                                                                         \
    T *next = nv;                                                                               \
    for (int64_t b = lo; b < hi; b++)                                                           \
      next[b] = prev[node * b + node - 1 < plen ? node * b + node - 1 : plen - 1];              \
  }

/* unsorted_S(x, n): the first i with x[i - 1] > x[i], or -1.
** eyt_unsorted_S(x, n): the first position of the in-order walk of the
** Eytzinger array x whose element is below the one before, or -1. The walk
** goes from the leftmost node to each successor: the leftmost node of the
** right subtree, or else the first ancestor reached from a left child. */
#define DEFINE_CHECKS(S, T, D)                                                                  \
  static int64_t unsorted_##S(const void *v, int64_t n)                                         \
  {                                                                                             \
    const T *x = v;                                                                             \
    for (int64_t i = 1; i < n; i++)                                                             \
      if (x[i - 1] > x[i])                                                                      \
        return i;                                                                               \
    return -1;                                                                                  \
  }                                                                                             \
                                                                                                \
  static int64_t eyt_unsorted_##S(const void *v, int64_t n)                                     \
  {                                                                                             \
    const T *x = v;                                                                             \
    int64_t k = 1, prev = 0;                                                                    \
    for (int64_t i = 0; n > 0; i++) {                                                           \
      if (i == 0)                                                                               \
        while (2 * k <= n)                                                                      \
          k *= 2;                                                                               \
      if (prev > 0 && x[prev - 1] > x[k - 1])                                                   \
        return i;                                                                               \
      prev = k;                                                                                 \
      if (2 * k + 1 <= n) {                                                                     \
        for (k = 2 * k + 1; 2 * k <= n;)                                                        \
          k *= 2;                                                                               \
      } else {                                                                                  \
        while (k & 1)                                                                           \
          k >>= 1;                                                                              \
        if ((k >>= 1) == 0)                                                                     \
          break;                                                                                \
      }                                                                                         \
    }                                                                                           \
    return -1;                                                                                  \
  }

FOR_TYPES(DEFINE_CHECKS)
FOR_TYPES(DEFINE_BINARY)
FOR_TYPES(DEFINE_EYTZINGER)
FOR_TYPES(DEFINE_BTREE)
FOR_TYPES(DEFINE_LAYOUT)

/* ============================== Dispatch ================================ */

typedef void find_fn(const struct search_mc_query *q, int64_t lo, int64_t hi);

/* One type's kernels; find[op] answers queries [lo, hi). */
struct ops {
  find_fn *find[4];
  void (*subtree)(const void *a, void *t, int64_t n, int64_t r, int64_t top);
  void (*level)(const void *prev, int64_t plen, int64_t node, void *next, int64_t lo, int64_t hi);
};

#define OPS_ROW(S, T, D) [D] = {{lb_##S, sk_##S, ey_##S, bt_##S}, subtree_##S, level_##S},
static const struct ops ops_of[DATA_NTYPES] = {FOR_TYPES(OPS_ROW)};

#define CHECK_ROW(S, T, D) [D] = {unsorted_##S, eyt_unsorted_##S},
static int64_t (*const checks_of[DATA_NTYPES][2])(const void *, int64_t) = {FOR_TYPES(CHECK_ROW)};

int64_t search_mc_unsorted_at(enum data_type t, const void *x, int64_t n) { return checks_of[t][0](x, n); }

int64_t search_mc_eytzinger_unsorted_at(enum data_type t, const void *x, int64_t n)
{
  return checks_of[t][1](x, n);
}

/* A run's description, shared by its workers (read-only but for `next`). */
struct job {
  const struct ops *ops;
  enum search_mc_op op;             /* search_mc_find */
  const struct search_mc_query *q;
  const void *src;                  /* layouts: the sorted array or level below */
  void *dst;                        /* layouts: the output */
  size_t elem;                      /* bytes per element */
  int64_t n;                        /* elements in src */
  int64_t top;                      /* to_eytzinger: subtree roots are top .. 2 top - 1 */
  atomic_llong next;                /* to_eytzinger: the next subtree to take */
  int64_t count;                    /* to_btree: keys of the level being built */
  int64_t node;                     /* to_btree: keys per node of the level below */
};

static void find_part(void *ctx, int tid, int nt)
{
  const struct job *jb = ctx;
  uint64_t lo, hi;
  pool_range((uint64_t)jb->q->m, tid, nt, OUT_ALIGN, &lo, &hi);
  if (hi > lo)
    jb->ops->find[jb->op](jb->q, (int64_t)lo, (int64_t)hi);
}

void search_mc_find(struct pool *p, enum search_mc_op op, const struct search_mc_query *q)
{
  struct job jb;
  memset(&jb, 0, sizeof jb);
  jb.ops = &ops_of[q->type];
  jb.op = op;
  jb.q = q;
  pool_run(p, find_part, &jb);
}

/* The nodes above depth log2 top by the closed-form rank (a few), then the
** subtrees below them, taken one at a time (their sizes differ by up to 2x,
** so a static split would leave the workers of the right half idle). */
static void eytzinger_part(void *ctx, int tid, int nt)
{
  struct job *jb = ctx;
  uint64_t lo, hi;
  int64_t r;
  pool_range((uint64_t)jb->top - 1, tid, nt, 1, &lo, &hi);
  for (uint64_t k = lo + 1; k <= hi; k++)
    memcpy((char *)jb->dst + (k - 1) * jb->elem,
           (const char *)jb->src + (size_t)layout_eytzinger_rank(jb->n, (int64_t)k) * jb->elem, jb->elem);
  while ((r = jb->top + atomic_fetch_add(&jb->next, 1)) < 2 * jb->top)
    jb->ops->subtree(jb->src, jb->dst, jb->n, r, jb->top);
}

void search_mc_to_eytzinger(struct pool *p, enum data_type t, const void *sorted, int64_t n, void *eyt)
{
  struct job jb;
  int h, d = 0;
  if (n <= 0)
    return;
  h = 63 - __builtin_clzll((unsigned long long)n);
  while ((1 << d) < 64 * pool_threads(p) && d + 10 < h) /* subtrees of >= 1023 nodes */
    d++;
  memset(&jb, 0, sizeof jb);
  jb.ops = &ops_of[t];
  jb.src = sorted;
  jb.dst = eyt;
  jb.elem = data_type_size(t);
  jb.n = n;
  jb.top = (int64_t)1 << d;
  atomic_init(&jb.next, 0);
  pool_run(p, eytzinger_part, &jb);
}

static void level_part(void *ctx, int tid, int nt)
{
  const struct job *jb = ctx;
  uint64_t lo, hi;
  pool_range((uint64_t)jb->count, tid, nt, LINE / jb->elem, &lo, &hi);
  if (hi > lo)
    jb->ops->level(jb->src, jb->n, jb->node, jb->dst, (int64_t)lo, (int64_t)hi);
}

void search_mc_to_btree(struct pool *p, enum data_type t, const void *sorted, const struct search_mc_tree *tree)
{
  struct job jb;
  memset(&jb, 0, sizeof jb);
  jb.ops = &ops_of[t];
  jb.elem = data_type_size(t);
  for (int l = 1; l < tree->nl; l++) { /* each level reads the one below: one run per level */
    jb.src = l == 1 ? sorted : (const char *)tree->internal + (size_t)tree->off[l - 1] * jb.elem;
    jb.dst = (char *)tree->internal + (size_t)tree->off[l] * jb.elem;
    jb.n = tree->len[l - 1];
    jb.count = tree->pad[l];
    jb.node = l == 1 ? LEAF : NODE;
    pool_run(p, level_part, &jb);
  }
}
