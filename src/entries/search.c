/*
** search.c: to_eytzinger, bench_binary_search, bench_eytzinger_search and
** their random-key variants, on the c, opencl and multicore backends (the
** multicore kernels are search_mc's).
**
** Semantics (docs/entries.md):
**   to_eytzinger         sorted [n]t -> the Eytzinger (BFS) layout, any n
**   binary search        lower bound: first i with x <= xs[i], or n
**   Eytzinger search     the post's eytzinger_search: the 0-based index in the
**                        Eytzinger array of the lower bound, or -1 if none
** Keys are the array itself (as in the post) or, for the *_random entries, n
** keys drawn uniformly from [min, max] of the array with a fixed seed.
*/
#include "search.h"

#include "btree.h"
#include "entry.h"
#include "gather.h"
#include "keys.h"
#include "layout.h"
#include "search_mc.h"
#include "search_ref.h"

#include <stdlib.h>

int search_check_sorted(const struct data_value *v, struct ps_err *e)
{
  int64_t i = search_mc_unsorted_at(v->type, v->elems, (int64_t)data_value_count(v));
  char a[64], b[64];
  if (i < 0)
    return 0;
  data_format_elem(v, (uint64_t)i - 1, a, sizeof a);
  data_format_elem(v, (uint64_t)i, b, sizeof b);
  return ps_fail(e, "the input is not sorted: element %lld (%s) is greater than element %lld (%s)",
                 (long long)i - 1, a, (long long)i, b);
}

/* Whether t is an Eytzinger array of sorted elements (its in-order walk). */
static int check_eytzinger(const struct data_value *t, struct ps_err *e)
{
  int64_t i = search_mc_eytzinger_unsorted_at(t->type, t->elems, (int64_t)data_value_count(t));
  if (i < 0)
    return 0;
  return ps_fail(e, "the input is not an Eytzinger array of sorted elements (its in-order walk "
                    "descends at position %lld)", (long long)i);
}

/* ================================ State ================================= */

enum kind { TO_EYTZINGER, BINARY, EYTZINGER, TO_BTREE, BTREE, SORTED_KEYS, NARY };

#define BT_LEAF 16   /* keys per leaf (fl) */
#define BT_FANOUT 8  /* keys per internal node (f) */
#define BT_BATCH 4   /* OpenCL: keys a work-item's descent takes at once, on GPUs and CPUs */
#define EY_BATCH 4   /* the same for the Eytzinger search */
#define GROUP_BUCKETS 4096 /* the grouped B+ tree search's buckets at most */
enum keysrc { KEYS_ARRAY, KEYS_RANDOM, KEYS_INPUT }; /* the array itself, random, in[1] */

struct sstate {
  struct data_value keys;  /* random keys (host), or none: the array itself */
  int own_keys;
  struct btree_shape bt;   /* B+ tree entries */
  struct btree_group *grp; /* the grouped B+ tree search on the device */
  cl_kernel k2;            /* to_eytzinger: the tiled kernel; sorted keys: the bounds */
  size_t keys_per_group;   /* sorted_keys_search, nary_search, B+ tree: keys per work-group (block) */
  cl_int passes;           /* nary_search: passes that bring every range to one point */
  int tile_d;              /* its subtree roots' depth, or -1: plain gather only */
  unsigned char *tree;     /* c backend: the internal levels */
  cl_mem xs, kbuf, out, dtree, dlevels, dbounds; /* dbounds: sorted keys' windows */
  cl_kernel k, kbuild;
  size_t wg;
};

struct variant {
  enum kind kind;
  enum keysrc keys;
  int subdivisions; /* NARY: work-items per key (the sample's -s) */
  int grouped;      /* BTREE: keys grouped by subtree before the search (OpenCL) */
};

static const struct variant *variant_of(const struct entry_job *j);
static const struct data_value *keys_of(const struct entry_job *j, const struct sstate *s);

static int common_prepare(struct entry_job *j, struct sstate **out, struct ps_err *e)
{
  const struct variant *va = variant_of(j);
  struct sstate *s = calloc(1, sizeof *s);
  *out = s;
  j->state = s;
  if (s == NULL)
    return ps_fail(e, "out of memory");
  if (va->kind == EYTZINGER) {
    if (check_eytzinger(&j->in[0], e) != 0)
      return -1;
  } else if (search_check_sorted(&j->in[0], e) != 0) {
    return -1;
  }
  if (va->kind == SORTED_KEYS && va->keys == KEYS_INPUT && search_check_sorted(&j->in[1], e) != 0) {
    ps_err_prefix(e, "keys");
    return -1;
  }
  if (va->keys == KEYS_RANDOM) {
    if (keys_random(&j->in[0], va->kind == EYTZINGER, &s->keys, e) != 0)
      return -1;
    s->own_keys = 1;
  }
  btree_shape_init((int64_t)data_value_count(&j->in[0]), BT_LEAF, BT_FANOUT, &s->bt);
  j->nout = 1;
  if (va->kind == TO_BTREE)
    return entry_out_init(j, 0, j->in[0].type, 1, &s->bt.internal, e);
  {
    int64_t m = (int64_t)data_value_count(keys_of(j, s));
    return entry_out_init(j, 0, va->kind == TO_EYTZINGER ? j->in[0].type : DATA_I64, 1, &m, e);
  }
}

static const struct data_value *keys_of(const struct entry_job *j, const struct sstate *s)
{
  return s->own_keys ? &s->keys : j->nin > 1 ? &j->in[1] : &j->in[0];
}

/* ================================ c backend ============================ */

static int c_prepare(struct entry_job *j, struct ps_err *e)
{
  struct sstate *s;
  if (common_prepare(j, &s, e) != 0)
    return -1;
  if (variant_of(j)->kind == BTREE || variant_of(j)->kind == EYTZINGER) { /* the internal levels, before timing */
    s->tree = malloc((size_t)s->bt.internal * data_type_size(j->in[0].type) + 1);
    if (s->tree == NULL)
      return ps_fail(e, "out of memory");
    btree_build(&j->in[0], &s->bt, s->tree);
  }
  return 0;
}

static int c_run(struct entry_job *j, struct ps_err *e)
{
  const struct variant *va = variant_of(j);
  struct sstate *s = j->state;
  const struct data_value *xs = &j->in[0], *keys = keys_of(j, s);
  int64_t m = (int64_t)data_value_count(keys);
  int64_t *out = j->out[0].elems;
  size_t sz = data_type_size(xs->type);
  (void)e;
  if (va->kind == TO_EYTZINGER) {
    layout_eytzinger_walk(xs, &j->out[0]);
  } else if (va->kind == TO_BTREE) {
    btree_build(xs, &s->bt, j->out[0].elems);
  } else {
    for (int64_t i = 0; i < m; i++) {
      const unsigned char *x = (const unsigned char *)keys->elems + (size_t)i * sz;
      out[i] = va->kind == BTREE       ? search_ref_btree(xs, &s->bt, s->tree, x)
               : va->kind == EYTZINGER ? search_ref_eytzinger(xs, x)
                                       : search_ref_lower_bound(xs, x); /* binary, sorted keys, N-ary */
    }
  }
  return 0;
}

static int c_result(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  (void)e;
  return 0;
}

static void release(struct entry_job *j)
{
  struct sstate *s = j->state;
  if (s == NULL)
    return;
  if (j->rt != NULL) {
    rt_release(j->rt, s->xs);
    rt_release(j->rt, s->kbuf);
    rt_release(j->rt, s->out);
    rt_release(j->rt, s->dtree);
    rt_release(j->rt, s->dlevels);
    rt_release(j->rt, s->dbounds);
    btree_group_free(j->rt, s->grp);
  }
  free(s->tree);
  data_value_free(&s->keys);
  free(s);
  j->state = NULL;
}

/* ============================== opencl backend ========================= */

/* The internal levels, all in one launch (btree.cl); none when the leaves are the top. */
static int cl_btree_build(struct entry_job *j, struct sstate *s, struct ps_err *e)
{
  return s->bt.internal == 0 ? 0 : rt_launch(j->rt, s->kbuild, (size_t)s->bt.internal, s->wg, e);
}

/* The B+ tree's level table on the device, and the build kernel's arguments. */
static int cl_btree_levels(struct entry_job *j, struct sstate *s, struct ps_err *e)
{
  cl_long lv[2 * BTREE_MAXLEVELS], n = s->bt.len[0], internal = s->bt.internal;
  cl_int nl = s->bt.nl;
  for (int l = 0; l < s->bt.nl; l++) {
    lv[2 * l] = s->bt.pad[l];
    lv[2 * l + 1] = s->bt.off[l];
  }
  s->dlevels = rt_alloc(j->rt, sizeof lv, e);
  if (s->dlevels == NULL || rt_upload(j->rt, s->dlevels, lv, sizeof lv, e) != 0)
    return -1;
  return RT_ARGS(j->rt, s->kbuild, e, RT_ARG(s->xs), RT_ARG(s->dtree), RT_ARG(s->dlevels), RT_ARG(nl),
                 RT_ARG(n), RT_ARG(internal));
}

/* The B+ tree's search kernel (btree_search or _pair) and its arguments. */
static int cl_btree_search_prepare(struct entry_job *j, struct sstate *s, const char *opts,
                                   const char *kernel, cl_mem keys, cl_long m, struct ps_err *e)
{
  cl_long n = s->bt.len[0];
  cl_int nl = s->bt.nl;
  if ((s->k = rt_kernel(j->rt, "btree.cl", kernel, opts, e)) == NULL)
    return -1;
  return RT_ARGS(j->rt, s->k, e, RT_ARG(s->xs), RT_ARG(s->dtree), RT_ARG(s->dlevels), RT_ARG(nl),
                 RT_ARG(n), RT_ARG(keys), RT_ARG(m), RT_ARG(s->out));
}

static int cl_btree_prepare(struct entry_job *j, struct sstate *s, const char *opts,
                            const struct data_value *keys, cl_long m, struct ps_err *e)
{
  const struct variant *va = variant_of(j);
  size_t bytes = entry_value_bytes(&j->in[0]), sz = data_type_size(j->in[0].type);
  int64_t n = s->bt.len[0];
  size_t padbytes;
  char bopts[320];
  int cpu = rt_info(j->rt)->is_cpu; /* a CPU device: wider nodes */
  int pair, batch, idx32;
  if (va->kind == BTREE) /* to_btree's output is the c backend's shape */
    btree_shape_init(n, entry_param(j, "btree_leaf", BT_LEAF) < 16 ? 8 : 16,
                     entry_param(j, "btree_fanout", cpu ? 16 : BT_FANOUT) < 16 ? 8 : 16, &s->bt);
  /* pairs of work-items per key, each comparing half of every node (btree.cl):
  ** with PTX the default for keys out of order (docs/performance.md, Searches),
  ** chosen here, before the timed runs, by one pass over the keys */
  pair = va->kind == BTREE && !va->grouped &&
         entry_param(j, "btree_pair", entry_use_ptx(j) && keys != &j->in[0] &&
                                          search_mc_unsorted_at(keys->type, keys->elems, m) >= 0);
  batch = va->kind == BTREE ? (int)entry_param(j, "btree_batch", BT_BATCH) : BT_BATCH;
  padbytes = (size_t)s->bt.pad[0] * sz;
  s->keys_per_group = (size_t)batch * s->wg / (pair ? 2 : 1);
  /* 32-bit node indices where they fit (btree.cl): fewer instructions a level */
  idx32 = s->bt.pad[0] < ((int64_t)1 << 30) && s->bt.internal < ((int64_t)1 << 30);
  snprintf(bopts, sizeof bopts, "%s -DFL=%d -DF=%d -DBATCH=%d%s", opts, s->bt.fl, s->bt.f, batch,
           idx32 ? " -DIDX32" : "");
  s->kbuild = rt_kernel(j->rt, "btree.cl", "btree_build", bopts, e);
  if (s->kbuild == NULL)
    return -1;
  /* the leaves: the sorted array, padded to whole nodes with its last key */
  s->xs = rt_alloc(j->rt, padbytes, e);
  if (s->xs == NULL || rt_upload(j->rt, s->xs, j->in[0].elems, bytes, e) != 0)
    return -1;
  for (size_t off = bytes; off < padbytes; off += sz)
    if (rt_upload_at(j->rt, s->xs, off, (const char *)j->in[0].elems + bytes - sz, sz, e) != 0)
      return -1;
  s->dtree = rt_alloc(j->rt, (size_t)s->bt.internal * sz, e);
  if (s->dtree == NULL || cl_btree_levels(j, s, e) != 0)
    return -1;
  if (va->kind == TO_BTREE)
    return 0; /* the construction is what is timed */
  if (cl_btree_build(j, s, e) != 0 || rt_finish(j->rt, e) != 0)
    return -1;
  if (keys != &j->in[0]) {
    s->kbuf = rt_alloc(j->rt, entry_value_bytes(keys), e);
    if (s->kbuf == NULL || rt_upload(j->rt, s->kbuf, keys->elems, entry_value_bytes(keys), e) != 0)
      return -1;
  }
  s->out = rt_alloc(j->rt, entry_value_bytes(&j->out[0]), e);
  if (s->out == NULL)
    return -1;
  if (va->grouped) {
    struct btree_dev t = {s->xs, s->dtree, s->dlevels, &s->bt};
    s->grp = btree_group_prepare(j->rt, bopts, &t, keys != &j->in[0] ? s->kbuf : s->xs, m, sz, s->out,
                                 s->wg, batch, entry_param(j, "btree_buckets", GROUP_BUCKETS), e);
    return s->grp == NULL ? -1 : 0;
  }
  return cl_btree_search_prepare(j, s, bopts, pair ? "btree_search_pair" : "btree_search",
                                 keys != &j->in[0] ? s->kbuf : s->xs, m, e);
}

/* Sorted keys: the bounds kernel (k2) finds every group's window, the search
** kernel (k) searches each group's keys in it. */
static int cl_sorted_keys_prepare(struct entry_job *j, struct sstate *s, const char *opts,
                                  cl_mem keys, cl_long m, struct ps_err *e)
{
  cl_long n = (cl_long)data_value_count(&j->in[0]);
  cl_long groups = (m + (cl_long)s->keys_per_group - 1) / (cl_long)s->keys_per_group;
  s->k2 = rt_kernel(j->rt, "search.cl", "sorted_keys_bounds", opts, e);
  s->dbounds = rt_alloc(j->rt, (size_t)(groups + 1) * sizeof(cl_long), e);
  if (s->k2 == NULL || s->dbounds == NULL)
    return -1;
  return RT_ARGS(j->rt, s->k2, e, RT_ARG(s->xs), RT_ARG(n), RT_ARG(keys), RT_ARG(m),
                 RT_ARG(s->dbounds), RT_ARG(groups)) != 0 ||
                 RT_ARGS(j->rt, s->k, e, RT_ARG(s->xs), RT_ARG(n), RT_ARG(keys), RT_ARG(m),
                         RT_ARG(s->dbounds), RT_ARG(s->out)) != 0
             ? -1 : 0;
}

/* to_eytzinger_tiled's local memory: a subtree of height h, padded (PAD of
** prelude.cl: a word every 32), of elements of sz bytes. */
#define TILE_BYTES(h, sz) ((((size_t)1 << (h)) + ((size_t)1 << (h)) / 32 + 1) * (sz))

/* The kernels' build options (type, tile and window sizes, work-group size),
** and what follows from them: keys per group, N-ary passes, to_eytzinger's tile depth. */
static int cl_options(struct entry_job *j, struct sstate *s, cl_long n, char *opts, size_t len,
                      struct ps_err *e)
{
  const struct variant *va = variant_of(j);
  size_t tsz = data_type_size(j->in[0].type);
  int tile_h = tsz <= 4 ? 12 : 11; /* 16 KiB of local memory */
  int win = tsz <= 4 ? 4096 : 2048; /* 16 KiB of local memory */
  size_t wg = 256;
  char extra[160];
  if (va->kind == SORTED_KEYS) { /* a power of two whose padded window fits local memory */
    win = 1 << (31 - __builtin_clz((unsigned)entry_param(j, "sorted_keys_win", win))); /* the range starts at 64 */
    while (win > 64 && (size_t)(win + win / 32 + 1) * tsz > rt_info(j->rt)->local_mem)
      win /= 2;
  }
  if (va->kind == TO_EYTZINGER) {
    tile_h = (int)entry_param(j, "eytz_tile_h", tile_h);
    wg = (size_t)entry_param(j, "eytz_layout_wg", (int64_t)wg);
    while (tile_h > 2 && TILE_BYTES(tile_h, tsz) > rt_info(j->rt)->local_mem)
      tile_h--;
  }
  s->wg = rt_info(j->rt)->max_wg >= wg ? wg : rt_info(j->rt)->max_wg;
  while (va->kind == SORTED_KEYS && (size_t)(win / 2) % s->wg != 0)
    s->wg--; /* sorted_keys_search: the group's keys split evenly between its work-items */
  int ebatch = va->kind == EYTZINGER ? (int)entry_param(j, "eytz_batch", EY_BATCH) : EY_BATCH;
  snprintf(extra, sizeof extra, "-DTILE_H=%d -DWIN=%d -DKEYS=%d -DS=%d -DWG=%zu -DEBATCH=%d%s",
           tile_h, win, win / 2, va->kind == NARY ? va->subdivisions : 1, s->wg, ebatch,
           entry_use_ptx(j) ? " -DNV_PTX" : "");
  s->keys_per_group = va->kind == NARY        ? (size_t)(256 / va->subdivisions)
                      : va->kind == EYTZINGER ? (size_t)ebatch * s->wg
                                              : (size_t)win / 2;
  if (va->kind == NARY) {
    int64_t r = n; /* b - a shrinks to at most ceil(r / S) - 1 per pass */
    s->passes = 0;
    while (r > 0) {
      r = (r + va->subdivisions - 1) / va->subdivisions - 1;
      s->passes++;
    }
    if (rt_info(j->rt)->max_wg < 256)
      return ps_fail(e, "the N-ary search needs work-groups of 256 (the device allows %zu)",
                     rt_info(j->rt)->max_wg);
  }
  entry_type_options(j->in[0].type, extra, opts, len);
  s->tile_d = -1;
  if (va->kind == TO_EYTZINGER && n > 0) {
    int H = 63 - __builtin_clzll((unsigned long long)n);
    if (H + 1 - tile_h >= 1 && rt_info(j->rt)->local_mem >= TILE_BYTES(tile_h, tsz)) {
      s->tile_d = H + 1 - tile_h;
      s->k2 = rt_kernel(j->rt, "search.cl", "to_eytzinger_tiled", opts, e);
      if (s->k2 == NULL)
        return -1;
    }
  }
  return 0;
}

static int cl_prepare(struct entry_job *j, struct ps_err *e)
{
  const struct variant *va = variant_of(j);
  struct sstate *s;
  char opts[256];
  cl_long n = (cl_long)data_value_count(&j->in[0]), m;
  size_t bytes = entry_value_bytes(&j->in[0]);
  const struct data_value *keys;
  cl_mem *kb;
  if (common_prepare(j, &s, e) != 0)
    return -1;
  keys = keys_of(j, s);
  m = (cl_long)data_value_count(keys);
  if (cl_options(j, s, n, opts, sizeof opts, e) != 0)
    return -1;
  if (va->kind == TO_BTREE || va->kind == BTREE)
    return cl_btree_prepare(j, s, opts, keys, m, e);
  s->k = rt_kernel(j->rt, "search.cl",
                   va->kind == TO_EYTZINGER  ? "to_eytzinger"
                   : va->kind == BINARY      ? "binary_search"
                   : va->kind == SORTED_KEYS ? "sorted_keys_search"
                   : va->kind == NARY        ? "nary_search"
                                             : "eytzinger_search",
                   opts, e);
  if (s->k == NULL)
    return -1;
  s->xs = rt_alloc(j->rt, bytes, e);
  if (s->xs == NULL || rt_upload(j->rt, s->xs, j->in[0].elems, bytes, e) != 0)
    return -1;
  s->out = rt_alloc(j->rt, entry_value_bytes(&j->out[0]), e);
  if (s->out == NULL)
    return -1;
  if (va->kind == TO_EYTZINGER) {
    cl_int d = s->tile_d;
    if (s->tile_d >= 0) /* the tiled kernel does it all; to_eytzinger gathers every node otherwise */
      return RT_ARGS(j->rt, s->k2, e, RT_ARG(s->xs), RT_ARG(s->out), RT_ARG(n), RT_ARG(d));
    return RT_ARGS(j->rt, s->k, e, RT_ARG(s->xs), RT_ARG(s->out), RT_ARG(n), RT_ARG(n));
  }
  if (keys != &j->in[0]) {
    s->kbuf = rt_alloc(j->rt, entry_value_bytes(keys), e);
    if (s->kbuf == NULL || rt_upload(j->rt, s->kbuf, keys->elems, entry_value_bytes(keys), e) != 0)
      return -1;
  }
  kb = keys != &j->in[0] ? &s->kbuf : &s->xs;
  if (va->kind == SORTED_KEYS)
    return cl_sorted_keys_prepare(j, s, opts, *kb, m, e);
  if (RT_ARGS(j->rt, s->k, e, RT_ARG(s->xs), RT_ARG(n), RT_ARG(*kb), RT_ARG(m), RT_ARG(s->out)) != 0)
    return -1;
  return va->kind == NARY ? rt_args_at(j->rt, s->k, 5, RT_ARG(s->passes), e) : 0;
}

static int cl_run(struct entry_job *j, struct ps_err *e)
{
  struct sstate *s = j->state;
  size_t m = (size_t)data_value_count(&j->out[0]), groups = (m + s->keys_per_group - 1) / s->keys_per_group;
  switch (variant_of(j)->kind) {
  case TO_BTREE:
    return cl_btree_build(j, s, e);
  case NARY:
    return rt_launch(j->rt, s->k, groups * 256, 256, e);
  case BTREE:
    if (s->grp != NULL)
      return btree_group_run(j->rt, s->grp, e);
    /* fall through */
  case EYTZINGER:
    return m == 0 ? 0 : rt_launch(j->rt, s->k, groups * s->wg, s->wg, e);
  case SORTED_KEYS:
    return m == 0 ? 0
           : rt_launch(j->rt, s->k2, groups + 1, s->wg, e) != 0 ||
                   rt_launch(j->rt, s->k, groups * s->wg, s->wg, e) != 0
               ? -1 : 0;
  case TO_EYTZINGER:
    if (s->tile_d >= 0) { /* the nodes above the subtrees, then one group a subtree */
      size_t top = ((size_t)1 << s->tile_d) - 1;
      return rt_launch(j->rt, s->k2, ((top + s->wg - 1) / s->wg + top + 1) * s->wg, s->wg, e);
    }
    break;
  case BINARY:
    break;
  }
  return rt_launch(j->rt, s->k, m, s->wg, e);
}

static int cl_result(struct entry_job *j, struct ps_err *e)
{
  struct sstate *s = j->state;
  return entry_download(j, 0, variant_of(j)->kind == TO_BTREE ? s->dtree : s->out, entry_value_bytes(&j->out[0]),
                        e);
}

/* ============================= multicore backend ======================= */

/* The c backend's prepare, result and release serve (the checks, the random
** keys and the B+ tree's internal levels before timing; no device state):
** the run writes the same output in parallel. The N-ary entries' work-items
** per key are a GPU notion (several lanes narrowing one key's range); on a
** CPU their answer, the lower bound, is found by the fastest search. */
static int mc_run(struct entry_job *j, struct ps_err *e)
{
  const struct variant *va = variant_of(j);
  struct sstate *s = j->state;
  const struct data_value *xs = &j->in[0], *keys = keys_of(j, s);
  struct search_mc_tree tree = {s->bt.nl, s->bt.len, s->bt.pad, s->bt.off,
                                va->kind == TO_BTREE ? j->out[0].elems : (void *)s->tree};
  struct search_mc_query q = {xs->type, xs->elems, (int64_t)data_value_count(xs), keys->elems,
                              (int64_t)data_value_count(keys), j->out[0].elems, &tree};
  (void)e;
  if (va->kind == TO_EYTZINGER)
    search_mc_to_eytzinger(j->pool, xs->type, xs->elems, q.n, j->out[0].elems);
  else if (va->kind == TO_BTREE)
    search_mc_to_btree(j->pool, xs->type, xs->elems, &tree);
  else
    search_mc_find(j->pool,
                   va->kind == EYTZINGER     ? SEARCH_MC_EYTZINGER
                   : va->kind == BTREE       ? SEARCH_MC_BTREE
                   : va->kind == SORTED_KEYS ? SEARCH_MC_SORTED_KEYS
                                             : SEARCH_MC_LOWER_BOUND,
                   &q);
  return 0;
}

/* ================================ Registry ============================= */

static uint64_t eyt_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }
static uint64_t search_bytes(uint64_t n, size_t elem) { return n * elem + n * 8; }
/* Random keys: the keys read, the answers written, and one 32-byte DRAM sector
** read per key (the floor once the upper levels of any layout sit in the cache). */
static uint64_t search_random_bytes(uint64_t n, size_t elem) { return n * elem + n * 8 + n * 32; }
/* n here is the first input's length; the keys' length is not known to the formula */
static uint64_t keys_bytes(uint64_t n, size_t elem) { return n * elem + n * 8; }
static uint64_t btree_bytes(uint64_t n, size_t elem) { return 2 * (n / 16) * elem; }

#define IMPLS                                                                                     \
  {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release},                 \
   {c_prepare, mc_run, c_result, release}}

/* The tuning parameters of the family's kernels (tune.h), by kind. */
#define BTREE_SHAPE_PARAMS                                                                               \
  {"btree_leaf", 8, 16, "keys a B+ tree leaf: 8 or 16, rounded (default 16)"},                           \
  {"btree_fanout", 8, 16, "keys an internal B+ tree node: 8 or 16, rounded (default 8 on GPUs, 16 on CPUs)"}, \
  {"btree_batch", 1, 8, "keys a work-item's descent takes at once (default 4)"}
static const struct tune_param plain_params[] = {ENTRY_PARAM_PTX, {NULL, 0, 0, NULL}};
static const struct tune_param layout_params[] = {
  ENTRY_PARAM_PTX,
  {"eytz_tile_h", 2, 16, "to_eytzinger's subtrees a work-group lays out: their height (default 12, 11 for 8-byte "
                         "elements: 16 KiB of local memory), lowered to fit the device's"},
  {"eytz_layout_wg", 32, 1024, "to_eytzinger's work-items a group (default 256)"},
  {NULL, 0, 0, NULL}};
static const struct tune_param sorted_keys_params[] = {
  ENTRY_PARAM_PTX,
  {"sorted_keys_win", 64, 65536, "the sorted-keys search's window of the array a work-group holds (half as many keys), "
                                 "rounded down to a power of two, fitted to local memory (default 4096, 2048 of 8 bytes)"},
  {NULL, 0, 0, NULL}};
static const struct tune_param eytz_params[] = {
  ENTRY_PARAM_PTX, {"eytz_batch", 1, 8, "keys a work-item's Eytzinger descent takes at once (default 4)"}, {NULL, 0, 0, NULL}};
static const struct tune_param btree_params[] = {
  ENTRY_PARAM_PTX, BTREE_SHAPE_PARAMS,
  {"btree_pair", 0, 1, "two work-items a key, each comparing half of every node (default: with PTX, keys out of order)"},
  {NULL, 0, 0, NULL}};
static const struct tune_param btree_grouped_params[] = {
  ENTRY_PARAM_PTX, BTREE_SHAPE_PARAMS,
  {"btree_buckets", 1, 1 << 24, "the grouped search's buckets at most: keys grouped by the deepest level of at most "
                                "this many nodes (default 4096)"},
  {NULL, 0, 0, NULL}};

const struct entry search_entries[] = {
  {.name = "to_eytzinger",
   .desc = "Sorted array to the Eytzinger (BFS) layout, for any n",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]t",
   .work = "O(n)", .span = "O(1)", .bytes_desc = "2 n sizeof(t)", .bytes = eyt_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){TO_EYTZINGER, KEYS_ARRAY, 0, 0}, .params = layout_params},
  {.name = "bench_binary_search", .answer = "lower_bound_of_each_element",
   .desc = "Lower bound of every element in the sorted array (keys = the array)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = search_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BINARY, KEYS_ARRAY, 0, 0}, .params = plain_params},
  {.name = "bench_eytzinger_search",
   .desc = "The same lookups on the Eytzinger array (index in it; keys = the array)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (Eytzinger)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = search_bytes,
   .impl = IMPLS, .needs = ENTRY_EYTZINGER, .aux = &(const struct variant){EYTZINGER, KEYS_ARRAY, 0, 0}, .params = eytz_params},
  {.name = "bench_binary_search_random", .answer = "lower_bound_of_random_keys", .derives = ENTRY_RANDOM_KEYS,
   .desc = "Lower bounds of n random keys in [min, max] (fixed seed)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n + 32 n", .bytes = search_random_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BINARY, KEYS_RANDOM, 0, 0}, .params = plain_params},
  {.name = "bench_eytzinger_search_random", .derives = ENTRY_RANDOM_KEYS_EYTZINGER,
   .desc = "Eytzinger search of n random keys in [min, max] (fixed seed)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (Eytzinger)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n + 32 n", .bytes = search_random_bytes,
   .impl = IMPLS, .needs = ENTRY_EYTZINGER, .aux = &(const struct variant){EYTZINGER, KEYS_RANDOM, 0, 0}, .params = eytz_params},
  {.name = "binary_search", .answer = "lower_bound",
   .desc = "Lower bound of each key in the sorted array (like numpy/torch searchsorted)",
   .nin = 2, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted) [m]t", .out_desc = "[m]i64",
   .work = "O(m log n)", .span = "O(log n)", .bytes_desc = "m sizeof(t) + 8 m", .bytes = keys_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BINARY, KEYS_INPUT, 0, 0}, .params = plain_params},
  {.name = "eytzinger_search",
   .desc = "Eytzinger search of each key: its lower bound's index in the Eytzinger array, or -1",
   .nin = 2, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (Eytzinger) [m]t", .out_desc = "[m]i64",
   .work = "O(m log n)", .span = "O(log n)", .bytes_desc = "m sizeof(t) + 8 m", .bytes = keys_bytes,
   .impl = IMPLS, .needs = ENTRY_EYTZINGER, .aux = &(const struct variant){EYTZINGER, KEYS_INPUT, 0, 0}, .params = eytz_params},
  {.name = "bench_sorted_keys_search", .answer = "lower_bound_of_each_element",
   .desc = "Lower bound of every element, exploiting that the keys (the array) are sorted",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = search_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){SORTED_KEYS, KEYS_ARRAY, 0, 0}, .params = sorted_keys_params},
  {.name = "sorted_keys_search", .answer = "lower_bound",
   .desc = "Lower bound of each key of a sorted key array: one window of the array per tile of keys, each work-item galloping through its consecutive keys",
   .nin = 2, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted) [m]t (sorted)", .out_desc = "[m]i64",
   .work = "O(m log n)", .span = "O(log n)", .bytes_desc = "m sizeof(t) + 8 m", .bytes = keys_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){SORTED_KEYS, KEYS_INPUT, 0, 0}, .params = sorted_keys_params},
  {.name = "bench_nary4_search", .answer = "lower_bound_of_each_element",
   .desc = "N-ary search, 4 work-items per key (the AMD sample's -s 4; keys = the array)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n S log_S n)", .span = "O(log_S n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = search_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){NARY, KEYS_ARRAY, 4, 0}, .params = plain_params},
  {.name = "bench_nary16_search", .answer = "lower_bound_of_each_element",
   .desc = "N-ary search, 16 work-items per key (keys = the array)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n S log_S n)", .span = "O(log_S n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = search_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){NARY, KEYS_ARRAY, 16, 0}, .params = plain_params},
  {.name = "bench_nary64_search", .answer = "lower_bound_of_each_element",
   .desc = "N-ary search, 64 work-items per key (keys = the array)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n S log_S n)", .span = "O(log_S n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = search_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){NARY, KEYS_ARRAY, 64, 0}, .params = plain_params},
  {.name = "bench_nary16_search_random", .answer = "lower_bound_of_random_keys", .derives = ENTRY_RANDOM_KEYS,
   .desc = "N-ary search (16 per key) of n random keys in [min, max]",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n S log_S n)", .span = "O(log_S n)", .bytes_desc = "n sizeof(t) + 8 n + 32 n", .bytes = search_random_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){NARY, KEYS_RANDOM, 16, 0}, .params = plain_params},
  {.name = "nary_search", .answer = "lower_bound",
   .desc = "Lower bound of each key by N-ary search, 16 work-items per key; with one key, the AMD sample's single-key mode",
   .nin = 2, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted) [m]t", .out_desc = "[m]i64",
   .work = "O(m S log_S n)", .span = "O(log_S n)", .bytes_desc = "m sizeof(t) + 8 m", .bytes = keys_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){NARY, KEYS_INPUT, 16, 0}, .params = plain_params},
  {.name = "to_btree",
   .desc = "Build the internal levels of a static B+ tree (leaves of 16 keys, nodes of 8) over a sorted array",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[~n/14]t",
   .work = "O(n)", .span = "O(log n)", .bytes_desc = "n/16 sizeof(t) x 2", .bytes = btree_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){TO_BTREE, KEYS_ARRAY, 0, 0}, .params = plain_params},
  {.name = "bench_btree_search", .answer = "lower_bound_of_each_element",
   .desc = "Lower bound of every element by a B+ tree search (keys = the array)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = search_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BTREE, KEYS_ARRAY, 0, 0}, .params = btree_params},
  {.name = "bench_btree_search_random", .answer = "lower_bound_of_random_keys", .derives = ENTRY_RANDOM_KEYS,
   .desc = "B+ tree search of n random keys in [min, max] (fixed seed)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n + 32 n", .bytes = search_random_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BTREE, KEYS_RANDOM, 0, 0}, .params = btree_params},
  {.name = "bench_btree_search_random_grouped", .answer = "lower_bound_of_random_keys", .derives = ENTRY_RANDOM_KEYS,
   .desc = "The same, the keys grouped by subtree first (Harmonia's query aggregation; c and multicore: the plain search)",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n log n)", .span = "O(log n)", .bytes_desc = "n sizeof(t) + 8 n + 32 n", .bytes = search_random_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BTREE, KEYS_RANDOM, 0, 1}, .params = btree_grouped_params,
   .max_n = UINT32_MAX, .max_why = "2^32 - 1: the grouped keys' positions and buckets are 32-bit"},
  {.name = "btree_search_grouped", .answer = "lower_bound",
   .desc = "Lower bound of each key by a B+ tree search, the keys grouped by subtree first",
   .nin = 2, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted) [m]t", .out_desc = "[m]i64",
   .work = "O(m log n)", .span = "O(log n)", .bytes_desc = "m sizeof(t) + 8 m", .bytes = keys_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BTREE, KEYS_INPUT, 0, 1}, .params = btree_grouped_params,
   .max_n = UINT32_MAX, .max_why = "2^32 - 1: the grouped keys' positions and buckets are 32-bit"},
  {.name = "btree_search", .answer = "lower_bound",
   .desc = "Lower bound of each key by a B+ tree search",
   .nin = 2, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted) [m]t", .out_desc = "[m]i64",
   .work = "O(m log n)", .span = "O(log n)", .bytes_desc = "m sizeof(t) + 8 m", .bytes = keys_bytes,
   .impl = IMPLS, .needs = ENTRY_SORTED, .aux = &(const struct variant){BTREE, KEYS_INPUT, 0, 0}, .params = btree_params},
  {.name = "bench_gather",
   .desc = "The floor of the random searches: n random positions (their keys' generator and seed), one load each",
   .nin = 1, .types = ENTRY_INT_TYPES, .in_desc = "[n]t (sorted)", .out_desc = "[n]i64",
   .work = "O(n)", .span = "O(1)", .bytes_desc = "8 n + 32 n", .bytes = gather_bytes,
   .impl = GATHER_IMPLS, .needs = ENTRY_SORTED}, /* gather.c's phases; no variant */
  {.name = NULL},
};

static const struct variant *variant_of(const struct entry_job *j)
{
  return j->entry->aux;
}
