/*
** keys.c: the random keys of the *_random searches (keys.h).
*/
#include "keys.h"

#include "gen.h"

#include <string.h>

int keys_random(const struct data_value *xs, int eytz, struct data_value *keys, struct ps_err *e)
{
  int64_t n = (int64_t)data_value_count(xs);
  struct gen_bounds b;
  enum data_type t = xs->type;
  uint64_t lo = 0, hi = 0;
  size_t sz = data_type_size(t);
  if (data_value_init(keys, t, 1, &n, e) != 0)
    return -1;
  if (n == 0)
    return 0;
  { /* min and max: ends of the sorted array, or the extreme nodes of the tree */
    int64_t kmin = 1, kmax = 1;
    if (eytz) {
      while (2 * kmin <= n)
        kmin *= 2;
      while (2 * kmax + 1 <= n)
        kmax = 2 * kmax + 1;
    }
    memcpy(&lo, (const char *)xs->elems + (size_t)(eytz ? kmin - 1 : 0) * sz, sz);
    memcpy(&hi, (const char *)xs->elems + (size_t)(eytz ? kmax - 1 : n - 1) * sz, sz);
  }
  gen_bounds_default(&b);
  if (data_type_is_signed(t)) {
    b.lo[t].i = (int64_t)(lo << (64 - 8 * sz)) >> (64 - 8 * sz);
    b.hi[t].i = (int64_t)(hi << (64 - 8 * sz)) >> (64 - 8 * sz);
  } else {
    b.lo[t].u = lo;
    b.hi[t].u = hi;
  }
  return gen_fill(keys, KEYS_SEED, &b, 0, ps_ncpus(), e); /* the bytes do not depend on the threads */
}
