/*
** lookback.c: status words, ticket and epochs of look-back launches (lookback.h).
*/
#include "lookback.h"

/* Both buffers zero (the ticket one word). */
static int clear(struct rt *rt, struct lookback *lb, struct ps_err *e)
{
  return rt_zero(rt, lb->ticket, 0, sizeof(cl_uint), e) != 0 || rt_zero(rt, lb->status, 0, lb->status_bytes, e) != 0
             ? -1
             : 0;
}

int lookback_open(struct rt *rt, struct lookback *lb, uint32_t tiles, size_t status_bytes, struct ps_err *e)
{
  lb->tiles = tiles;
  lb->epoch = 0;
  lb->status_bytes = (status_bytes + 3) / 4 * 4;
  if ((lb->status = rt_alloc(rt, lb->status_bytes ? lb->status_bytes : 4, e)) == NULL ||
      (lb->ticket = rt_alloc(rt, sizeof(cl_uint), e)) == NULL)
    return -1;
  return clear(rt, lb, e);
}

int lookback_due(const struct lookback *lb)
{
  return (uint64_t)(lb->epoch + 1) * lb->tiles >= ((uint64_t)1 << 31) || lb->epoch + 1 >= LOOKBACK_EPOCHS;
}

int lookback_next(struct rt *rt, struct lookback *lb, cl_uint *base, cl_uint *epoch, struct ps_err *e)
{
  if (lookback_due(lb)) {
    if (clear(rt, lb, e) != 0)
      return -1;
    lb->epoch = 0;
  }
  *base = lb->epoch * lb->tiles;
  *epoch = ++lb->epoch;
  return 0;
}

void lookback_close(struct rt *rt, struct lookback *lb)
{
  rt_release(rt, lb->status);
  rt_release(rt, lb->ticket);
  lb->status = lb->ticket = NULL;
}
