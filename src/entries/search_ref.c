/*
** search_ref.c: the search family's sequential references (search_ref.h),
** comparing elements of any integer type as that type.
*/
#include "search_ref.h"

#include <string.h>

/* Element i widened to int64 or uint64 bits (for keys and comparisons). */
static int cmp_key(const struct data_value *v, uint64_t i, const unsigned char *key)
{
  const unsigned char *p = v->elems;
  size_t sz = data_type_size(v->type);
  if (data_type_is_signed(v->type)) {
    int64_t a = 0, b = 0;
    memcpy(&a, p + i * sz, sz);
    memcpy(&b, key, sz);
    a = (int64_t)((uint64_t)a << (64 - 8 * sz)) >> (64 - 8 * sz);
    b = (int64_t)((uint64_t)b << (64 - 8 * sz)) >> (64 - 8 * sz);
    return (a > b) - (a < b);
  } else {
    uint64_t a = 0, b = 0;
    memcpy(&a, p + i * sz, sz);
    memcpy(&b, key, sz);
    return (a > b) - (a < b);
  }
}

int64_t search_ref_lower_bound(const struct data_value *xs, const unsigned char *x)
{
  int64_t lo = 0, hi = (int64_t)data_value_count(xs);
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (cmp_key(xs, (uint64_t)mid, x) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int64_t search_ref_eytzinger(const struct data_value *t, const unsigned char *x)
{
  uint64_t k = 1, n = data_value_count(t);
  while (k <= n)
    k = 2 * k + (cmp_key(t, k - 1, x) < 0 ? 1 : 0);
  k >>= __builtin_ctzll(~k) + 1;
  return (int64_t)k - 1;
}

int64_t search_ref_btree(const struct data_value *xs, const struct btree_shape *bt, const unsigned char *tree,
                         const unsigned char *x)
{
  size_t sz = data_type_size(xs->type);
  struct data_value lvl = *xs;
  int64_t i = 0;
  for (int l = bt->nl - 1; l >= 0; l--) {
    int64_t b = btree_node(bt, l) * i, j = 0;
    lvl.elems = l == 0 ? xs->elems : (void *)(tree + (size_t)bt->off[l] * sz);
    for (int64_t q = b; q < b + btree_node(bt, l) && q < bt->len[l]; q++)
      j += cmp_key(&lvl, (uint64_t)q, x) < 0;
    i = b + j;
  }
  return i < bt->len[0] ? i : bt->len[0];
}
