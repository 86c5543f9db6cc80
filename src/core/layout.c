/*
** layout.c: the Eytzinger layout on the host: the closed-form rank and the
** in-order construction.
*/
#include "layout.h"

#include <string.h>

int64_t layout_eytzinger_rank(int64_t n, int64_t k)
{
  int H = 63 - __builtin_clzll((unsigned long long)n), d = 63 - __builtin_clzll((unsigned long long)k);
  int64_t L = n - (((int64_t)1 << H) - 1), p = k - ((int64_t)1 << d);
  int64_t r = (2 * p + 1) * ((int64_t)1 << (H - d)) - 1, missing = (r + 1) / 2 - L;
  return r - (missing > 0 ? missing : 0);
}

void layout_eytzinger_walk(const struct data_value *a, struct data_value *t)
{
  int64_t n = (int64_t)data_value_count(a), k = 1, i = 0;
  size_t sz = data_type_size(a->type);
  if (n == 0)
    return;
  while (2 * k <= n)
    k *= 2;
  for (;;) {
    memcpy((char *)t->elems + (size_t)(k - 1) * sz, (const char *)a->elems + (size_t)i++ * sz, sz);
    if (2 * k + 1 <= n) { /* successor: leftmost node of the right subtree */
      k = 2 * k + 1;
      while (2 * k <= n)
        k *= 2;
    } else { /* climb while coming from a right child */
      while (k > 1 && (k & 1))
        k /= 2;
      k /= 2;
      if (k == 0)
        break;
    }
  }
}

int layout_eytzinger(struct data_value *v, struct ps_err *e)
{
  struct data_value t;
  if (v->rank != 1)
    return ps_fail(e, "the Eytzinger layout needs a one-dimensional array");
  if (data_value_init(&t, v->type, 1, v->shape, e) != 0)
    return -1;
  layout_eytzinger_walk(v, &t);
  data_value_free(v);
  *v = t;
  return 0;
}

