/*
** gather.c: bench_gather (gather.h) on the c, multicore and opencl backends.
** Position i is gen_uniform_at(KEYS_SEED, i) in [0, n - 1]: element i of
** gen_fill's [n]i64 with bounds 0:n-1 and the keys' seed, so that on xs =
** 0, 1, ..., n - 1 (i64) the answers are bench_binary_search_random's keys
** and lower bounds. The device's generator (cl/gather.cl) is its own code,
** checked against this one by validation.
*/
#include "gather.h"

#include "gen.h"
#include "keys.h"
#include "search.h"

#include <stdlib.h>

/* The host backends' work: out[lo, hi) of the gather. */
struct gather_part {
  const struct data_value *xs;
  int64_t *out;
  struct gen_uniform u;
  uint64_t n;
};

/* Element position(i) of x (type T) into out[i], widened as W. */
#define GATHER_LOOP(T, W)                                                                         \
  do {                                                                                            \
    const T *x = g->xs->elems;                                                                    \
    W *out = (W *)g->out;                                                                         \
    for (uint64_t i = lo; i < hi; i++)                                                            \
      out[i] = (W)x[gen_uniform_at(&g->u, i)];                                                    \
  } while (0)

static void gather_range(const struct gather_part *g, uint64_t lo, uint64_t hi)
{
  switch (g->xs->type) {
  case DATA_I8: GATHER_LOOP(int8_t, int64_t); break;
  case DATA_I16: GATHER_LOOP(int16_t, int64_t); break;
  case DATA_I32: GATHER_LOOP(int32_t, int64_t); break;
  case DATA_I64: GATHER_LOOP(int64_t, int64_t); break;
  case DATA_U8: GATHER_LOOP(uint8_t, uint64_t); break;
  case DATA_U16: GATHER_LOOP(uint16_t, uint64_t); break;
  case DATA_U32: GATHER_LOOP(uint32_t, uint64_t); break;
  case DATA_U64: GATHER_LOOP(uint64_t, uint64_t); break;
  default: break; /* the entry takes integer types only */
  }
}

static void gather_part_init(struct entry_job *j, struct gather_part *g)
{
  g->xs = &j->in[0];
  g->out = j->out[0].elems;
  g->n = data_value_count(&j->in[0]);
  gen_uniform_init(&g->u, KEYS_SEED, g->n > 0 ? g->n : 1);
}

/* What every backend's prepare does first: the input checked (the family's
** sorted input), the output declared: [n]i64. */
static int gather_output(struct entry_job *j, struct ps_err *e)
{
  int64_t n = (int64_t)data_value_count(&j->in[0]);
  int rc = -1;
  if (search_check_sorted(&j->in[0], e) != 0)
    goto done;
  j->nout = 1;
  rc = entry_out_init(j, 0, DATA_I64, 1, &n, e);
done:
  return rc;
}

int gather_c_prepare(struct entry_job *j, struct ps_err *e) { return gather_output(j, e); }

int gather_c_run(struct entry_job *j, struct ps_err *e)
{
  struct gather_part g;
  (void)e;
  gather_part_init(j, &g);
  gather_range(&g, 0, g.n);
  return 0;
}

/* Worker tid's share, cut at cache lines of the answers (8 of them). */
static void mc_part(void *ctx, int tid, int nt)
{
  const struct gather_part *g = ctx;
  uint64_t lo, hi;
  pool_range(g->n, tid, nt, 8, &lo, &hi);
  gather_range(g, lo, hi);
}

int gather_mc_run(struct entry_job *j, struct ps_err *e)
{
  struct gather_part g;
  (void)e;
  gather_part_init(j, &g);
  pool_run(j->pool, mc_part, &g);
  return 0;
}

int gather_no_result(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  (void)e;
  return 0;
}

/* The device's buffers and kernel (the kernel is rt's). */
struct gstate {
  cl_mem xs, out;
  cl_kernel k;
  size_t wg;
};

int gather_cl_prepare(struct entry_job *j, struct ps_err *e)
{
  struct gstate *s = NULL;
  struct gen_uniform u;
  cl_ulong n = data_value_count(&j->in[0]), seed, key0, thresh;
  size_t bytes = entry_value_bytes(&j->in[0]);
  char opts[160];
  int rc = -1;
  if (gather_output(j, e) != 0)
    goto done;
  if ((s = calloc(1, sizeof *s)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  j->state = s;
  gen_uniform_init(&u, KEYS_SEED, n > 0 ? n : 1);
  seed = u.seed;
  key0 = u.key0;
  thresh = u.thresh;
  s->wg = rt_info(j->rt)->max_wg >= 256 ? 256 : rt_info(j->rt)->max_wg;
  entry_type_options(j->in[0].type, "", opts, sizeof opts);
  if ((s->k = rt_kernel(j->rt, "gather.cl", "gather", opts, e)) == NULL ||
      (s->xs = rt_alloc(j->rt, bytes, e)) == NULL || rt_upload(j->rt, s->xs, j->in[0].elems, bytes, e) != 0 ||
      (s->out = rt_alloc(j->rt, (size_t)n * sizeof(cl_long), e)) == NULL)
    goto done;
  rc = RT_ARGS(j->rt, s->k, e, RT_ARG(s->xs), RT_ARG(s->out), RT_ARG(n), RT_ARG(seed), RT_ARG(key0),
               RT_ARG(thresh));
done:
  return rc;
}

int gather_cl_run(struct entry_job *j, struct ps_err *e)
{
  struct gstate *s = j->state;
  return rt_launch(j->rt, s->k, (size_t)data_value_count(&j->in[0]), s->wg, e);
}

int gather_cl_result(struct entry_job *j, struct ps_err *e)
{
  struct gstate *s = j->state;
  return entry_download(j, 0, s->out, entry_value_bytes(&j->out[0]), e);
}

void gather_release(struct entry_job *j)
{
  struct gstate *s = j->state;
  if (s != NULL && j->rt != NULL) {
    rt_release(j->rt, s->xs);
    rt_release(j->rt, s->out);
  }
  free(s);
  j->state = NULL;
}

uint64_t gather_bytes(uint64_t n, size_t elem)
{
  (void)elem;
  return n * 8 + n * 32;
}
