/*
** psort.c: see psort.h. The sort itself is sort.c's (a parallel MSD split
** on the highest varying byte, then LSD passes that finish each bucket while
** it is in cache), run on the pool's workers; psort holds its scratch so a
** timed run allocates none.
*/
#include "psort.h"

#include "sort.h"

#include <stdlib.h>
#include <string.h>

struct psort {
  size_t cap;         /* elements the scratch holds */
  enum data_type t;
  unsigned char *tmp; /* cap elements */
  unsigned char *stage; /* the split's staging for cap elements (sort.h), or NULL */
};

/* First touch of the scratch by the workers that will use it. */
struct touch {
  unsigned char *p;
  size_t bytes;
};

static void touch_part(void *ctx, int tid, int nt)
{
  const struct touch *t = ctx;
  uint64_t lo, hi;
  pool_range(t->bytes, tid, nt, 4096, &lo, &hi);
  if (hi > lo)
    memset(t->p + lo, 0, hi - lo);
}

struct psort *psort_open(struct pool *p, size_t n, enum data_type t, struct ps_err *e)
{
  struct psort *s = calloc(1, sizeof *s);
  size_t bytes = 0, stage = sort_staging_bytes(n, t, pool_threads(p));
  if (s == NULL || ps_mul_size(n ? n : 1, data_type_size(t), &bytes) != 0 ||
      (s->tmp = data_alloc(bytes)) == NULL || (stage && (s->stage = malloc(stage)) == NULL)) {
    ps_fail(e, "sort: out of memory for %zu bytes of scratch", bytes + stage);
    psort_close(s);
    return NULL;
  }
  s->cap = n;
  s->t = t;
  {
    struct touch tc = {s->tmp, bytes}, ts = {s->stage, stage};
    pool_run(p, touch_part, &tc);
    if (stage)
      pool_run(p, touch_part, &ts); /* each thread's part is about its own staging */
  }
  return s;
}

void psort_close(struct psort *s)
{
  if (s == NULL)
    return;
  free(s->tmp);
  free(s->stage);
  free(s);
}

int psort_run(struct psort *s, struct pool *p, const void *in, void *out, size_t n, struct ps_err *e)
{
  if (n > s->cap)
    return ps_fail(e, "sort: %zu elements, but the scratch holds %zu", n, s->cap);
  return sort_values_on(n < PSORT_SMALL ? NULL : p, in, out, n, s->t, s->tmp, s->stage, e);
}

int psort_values(struct pool *p, void *elems, size_t n, enum data_type t, struct ps_err *e)
{
  struct psort *s = psort_open(p, n, t, e);
  int rc = s == NULL ? -1 : psort_run(s, p, elems, elems, n, e);
  psort_close(s);
  return rc;
}
