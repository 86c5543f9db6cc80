/*
** copy.c: bench_copy, the memory-bandwidth roofline every other figure is
** judged against, on every backend.
*/
#include "copy.h"

#include <stdlib.h>
#include <string.h>

#define ALL_TYPES ((1u << DATA_NTYPES) - 1)

static int c_alloc_like(struct entry_job *j, struct ps_err *e)
{
  j->nout = 1;
  return entry_out_init(j, 0, j->in[0].type, j->in[0].rank, j->in[0].shape, e);
}

static int c_copy_run(struct entry_job *j, struct ps_err *e)
{
  size_t b = entry_value_bytes(&j->in[0]);
  (void)e;
  if (b > 0)
    memcpy(j->out[0].elems, j->in[0].elems, b);
  return 0;
}

/* multicore: each worker copies its share of the bytes, cut at cache lines. */
struct mc_copy {
  const unsigned char *from;
  unsigned char *to;
  uint64_t n;
};

static void mc_copy_part(void *ctx, int tid, int nt)
{
  const struct mc_copy *c = ctx;
  uint64_t lo, hi;
  pool_range(c->n, tid, nt, 64, &lo, &hi);
  if (hi > lo)
    memcpy(c->to + lo, c->from + lo, hi - lo);
}

static int mc_copy_run(struct entry_job *j, struct ps_err *e)
{
  struct mc_copy c = {j->in[0].elems, j->out[0].elems, entry_value_bytes(&j->in[0])};
  (void)e;
  pool_run(j->pool, mc_copy_part, &c);
  return 0;
}

static int c_nothing(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  (void)e;
  return 0;
}

static void c_release(struct entry_job *j) { (void)j; }

/* Device state shared by the simple entries. */
struct dev_state {
  cl_mem in, out;
  cl_kernel k[1];
  size_t wg;
};

static int dev_prepare_io(struct entry_job *j, struct dev_state **out, struct ps_err *e)
{
  struct dev_state *s = calloc(1, sizeof *s);
  size_t b = entry_value_bytes(&j->in[0]);
  *out = s;
  j->state = s;
  if (s == NULL)
    return ps_fail(e, "out of memory");
  s->in = rt_alloc(j->rt, b, e);
  if (s->in == NULL || rt_upload(j->rt, s->in, j->in[0].elems, b, e) != 0)
    return -1;
  s->out = rt_alloc(j->rt, b, e);
  if (s->out == NULL)
    return -1;
  s->wg = rt_info(j->rt)->max_wg >= 256 ? 256 : rt_info(j->rt)->max_wg;
  return 0;
}

/* One kernel for every element type: it copies bytes, 16 at a time. */
static int cl_copy_prepare(struct entry_job *j, struct ps_err *e)
{
  struct dev_state *s;
  cl_ulong nbytes = entry_value_bytes(&j->in[0]);
  if (dev_prepare_io(j, &s, e) != 0)
    return -1;
  s->k[0] = rt_kernel(j->rt, "copy.cl", "copy", "", e);
  if (s->k[0] == NULL)
    return -1;
  return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->out), RT_ARG(nbytes));
}

static int cl_copy_run(struct entry_job *j, struct ps_err *e)
{
  struct dev_state *s = j->state;
  size_t nbytes = entry_value_bytes(&j->in[0]);
  return rt_launch(j->rt, s->k[0], nbytes ? nbytes / 16 + 1 : 0, s->wg, e);
}

static int cl_result_out(struct entry_job *j, struct ps_err *e)
{
  struct dev_state *s = j->state;
  if (c_alloc_like(j, e) != 0)
    return -1;
  return entry_download(j, 0, s->out, entry_value_bytes(&j->in[0]), e);
}

static void cl_release(struct entry_job *j)
{
  struct dev_state *s = j->state;
  if (s == NULL)
    return;
  rt_release(j->rt, s->in);
  rt_release(j->rt, s->out);
  free(s);
  j->state = NULL;
}

static uint64_t copy_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }

const struct entry copy_entries[] = {
  {.name = "bench_copy",
   .desc = "Copy an array: the memory-bandwidth roofline",
   .nin = 1, .types = ALL_TYPES, .in_desc = "[n]t", .out_desc = "[n]t",
   .work = "O(n)", .span = "O(1)", .bytes_desc = "2 n sizeof(t)", .bytes = copy_bytes,
   .impl = {{c_alloc_like, c_copy_run, c_nothing, c_release}, {cl_copy_prepare, cl_copy_run, cl_result_out, cl_release},
            {c_alloc_like, mc_copy_run, c_nothing, c_release}}},
  {.name = NULL},
};

/* Measure the device's copy bandwidth (GB/s, read + write) on 64 MiB. */
double copy_bandwidth(const struct target *tg)
{
  struct data_value v;
  struct entry_job j;
  struct ps_err e;
  int64_t n = 16 << 20;
  double best = 0;
  if (data_value_init(&v, DATA_I32, 1, &n, &e) != 0)
    return 0;
  j = entry_job_init(&copy_entries[0], tg, &v, 1);
  if (entry_prepare(&j, &e) == 0) {
    for (int i = 0; i < 20; i++) {
      uint64_t t0 = ps_now_ns(), t1;
      if (entry_run(&j, &e) != 0 || entry_sync(&j, &e) != 0)
        break;
      t1 = ps_now_ns();
      if (i > 0 && (best == 0 || (double)(t1 - t0) < best))
        best = (double)(t1 - t0);
    }
  }
  entry_release(&j);
  data_value_free(&v);
  return best > 0 ? 2.0 * (double)n * 4 / best : 0;
}
