/*
** btree.c: the static B+ tree's shape and host construction, and the grouped
** search on the device (btree.h).
*/
#include "btree.h"


#include <stdlib.h>
#include <string.h>


static int64_t round_up(int64_t x, int64_t k) { return (x + k - 1) / k * k; }

void btree_shape_init(int64_t n, int fl, int f, struct btree_shape *b)
{
  memset(b, 0, sizeof *b);
  b->fl = fl;
  b->f = f;
  b->len[0] = n;
  b->pad[0] = round_up(n, fl);
  b->nl = 1;
  while (b->len[b->nl - 1] > (b->nl == 1 ? fl : f) && b->nl < BTREE_MAXLEVELS) {
    int64_t node = b->nl == 1 ? fl : f;
    b->off[b->nl] = b->internal;
    b->len[b->nl] = (b->len[b->nl - 1] + node - 1) / node;
    b->pad[b->nl] = round_up(b->len[b->nl], f);
    b->internal += b->pad[b->nl];
    b->nl++;
  }
}

int64_t btree_node(const struct btree_shape *b, int l) { return l == 0 ? b->fl : b->f; }

void btree_build(const struct data_value *xs, const struct btree_shape *bt, unsigned char *tree)
{
  size_t sz = data_type_size(xs->type);
  for (int l = 1; l < bt->nl; l++) {
    const unsigned char *prev = l == 1 ? xs->elems : tree + (size_t)bt->off[l - 1] * sz;
    unsigned char *next = tree + (size_t)bt->off[l] * sz;
    for (int64_t b = 0; b < bt->pad[l]; b++) { /* the padding repeats the last key */
      int64_t i = btree_node(bt, l - 1) * (b + 1) - 1;
      i = i < bt->len[l - 1] ? i : bt->len[l - 1] - 1;
      memcpy(next + (size_t)b * sz, prev + (size_t)i * sz, sz);
    }
  }
}

/* ============================ grouped search =========================== */

struct btree_group {
  cl_kernel kbucket, kscan, kscatter, ksearch;
  cl_mem bucket, hist, cursor, pkeys, ppos; /* per key; per bucket (2); per key (2) */
  cl_uint nb;
  size_t wg, per_group; /* work-items and keys of a work-group */
  int64_t m;
};

/* The level of the buckets: the deepest whose nodes number at most max
** (the top level has one node), and their count there. */
static int bucket_level(const struct btree_shape *b, int64_t max, cl_uint *nb)
{
  int l = 0;
  while (l < b->nl - 1 && b->pad[l] / btree_node(b, l) > max)
    l++;
  *nb = (cl_uint)(b->pad[l] / btree_node(b, l) > 0 ? b->pad[l] / btree_node(b, l) : 1);
  return l;
}

struct btree_group *btree_group_prepare(struct rt *rt, const char *opts, const struct btree_dev *t,
                                        cl_mem keys, int64_t m, size_t elem, cl_mem out, size_t wg,
                                        int batch, int64_t buckets, struct ps_err *e)
{
  struct btree_group *g = calloc(1, sizeof *g);
  cl_int nl = t->shape->nl, lb;
  cl_long n = t->shape->len[0], cm = m;
  size_t per_key = m > 0 ? (size_t)m : 1;
  if (g == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  if (m > (int64_t)UINT32_MAX) {
    ps_fail(e, "the grouped search numbers its keys in 32 bits: %lld keys are too many", (long long)m);
    goto fail;
  }
  g->m = m;
  g->wg = wg;
  g->per_group = wg * (size_t)batch;
  lb = bucket_level(t->shape, buckets, &g->nb);
  if ((g->kbucket = rt_kernel(rt, "btree.cl", "btree_bucket", opts, e)) == NULL ||
      (g->kscan = rt_kernel(rt, "btree.cl", "btree_bucket_scan", opts, e)) == NULL ||
      (g->kscatter = rt_kernel(rt, "btree.cl", "btree_scatter", opts, e)) == NULL ||
      (g->ksearch = rt_kernel(rt, "btree.cl", "btree_search_grouped", opts, e)) == NULL ||
      (g->bucket = rt_alloc(rt, per_key * 4, e)) == NULL ||
      (g->hist = rt_alloc(rt, (size_t)g->nb * 4, e)) == NULL ||
      (g->cursor = rt_alloc(rt, (size_t)g->nb * 4, e)) == NULL ||
      (g->pkeys = rt_alloc(rt, per_key * elem, e)) == NULL ||
      (g->ppos = rt_alloc(rt, per_key * 4, e)) == NULL ||
      rt_zero(rt, g->hist, 0, (size_t)g->nb * 4, e) != 0 ||
      RT_ARGS(rt, g->kbucket, e, RT_ARG(t->tree), RT_ARG(t->levels), RT_ARG(nl), RT_ARG(lb),
              RT_ARG(g->nb), RT_ARG(keys), RT_ARG(cm), RT_ARG(g->bucket), RT_ARG(g->hist)) != 0 ||
      RT_ARGS(rt, g->kscan, e, RT_ARG(g->hist), RT_ARG(g->nb), RT_ARG(g->cursor)) != 0 ||
      RT_ARGS(rt, g->kscatter, e, RT_ARG(keys), RT_ARG(cm), RT_ARG(g->bucket), RT_ARG(g->cursor),
              RT_ARG(g->pkeys), RT_ARG(g->ppos)) != 0 ||
      RT_ARGS(rt, g->ksearch, e, RT_ARG(t->xs), RT_ARG(t->tree), RT_ARG(t->levels), RT_ARG(nl),
              RT_ARG(n), RT_ARG(g->pkeys), RT_ARG(g->ppos), RT_ARG(cm), RT_ARG(out)) != 0)
    goto fail;
  return g;
fail:
  btree_group_free(rt, g);
  return NULL;
}

int btree_group_run(struct rt *rt, struct btree_group *g, struct ps_err *e)
{
  size_t groups = ((size_t)g->m + g->per_group - 1) / g->per_group;
  if (g->m == 0)
    return 0;
  if (rt_launch(rt, g->kbucket, groups * g->wg, g->wg, e) != 0 ||
      rt_launch(rt, g->kscan, g->wg, g->wg, e) != 0 ||
      rt_launch(rt, g->kscatter, (size_t)g->m, g->wg, e) != 0 ||
      rt_launch(rt, g->ksearch, groups * g->wg, g->wg, e) != 0)
    return -1;
  return 0;
}

void btree_group_free(struct rt *rt, struct btree_group *g)
{
  if (g == NULL)
    return;
  rt_release(rt, g->bucket);
  rt_release(rt, g->hist);
  rt_release(rt, g->cursor);
  rt_release(rt, g->pkeys);
  rt_release(rt, g->ppos);
  free(g);
}
