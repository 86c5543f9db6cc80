/*
** cost.c: the cost-model family of the parallel cost-model lecture: for
** reduction, scan, filter and reduce_by_index, the lecture's straightforward
** version next to a fast one, on the c and opencl backends (docs/entries.md).
**
** Elements are i32 or u32 with wrap-around (+), as C's unsigned arithmetic
** and two's complement; comparisons (argmax, filter's x >= 0, bin ranges)
** follow the type's sign.
*/
#include "cost.h"

#include "entry.h"

#include <stdlib.h>
#include <string.h>

#define WG 256
#define ITEMS 16
#define TILE (WG * ITEMS)
#define BINS 256
#define MAX_GROUPS 1024

enum ckind {
  RED, REDUCE, ARGMAX, SCAN_HS, SCAN_BL, SCAN, SCAN_EXCL, SCAN_RTS, FILTER_SCAN, FILTER,
  HIST, RBI, RBI_GLOBAL, SEG_SCAN, SEG_REDUCE
};

/* Entry i of cost_entries is kinds[i]. */
static const enum ckind kinds[] = {RED, REDUCE, ARGMAX, SCAN_HS, SCAN_BL, SCAN, SCAN_EXCL, SCAN_RTS,
                                   FILTER_SCAN, FILTER, HIST, RBI, RBI_GLOBAL, SEG_SCAN, SEG_REDUCE};

static enum ckind kind_of(const struct entry_job *j) { return kinds[j->entry - cost_entries]; }

static int is_signed(const struct entry_job *j) { return j->in[0].type == DATA_I32; }

/* ============================== c backend ================================ */

static uint64_t pow2_at_least(uint64_t n)
{
  uint64_t p = 1;
  while (p < n)
    p <<= 1;
  return p;
}

/* Output shapes; filter's and segmented_reduce's are cut to size by run.
** Segmented entries need as many flags as values. */
static int alloc_out(struct entry_job *j, struct ps_err *e)
{
  int64_t n = (int64_t)data_value_count(&j->in[0]), bins = BINS;
  enum data_type t = j->in[0].type;
  j->nout = 1;
  if (j->entry->flag_inputs && data_value_count(&j->in[1]) != (uint64_t)n)
    return ps_fail(e, "%lld values but %lld flags", (long long)n,
                   (long long)data_value_count(&j->in[1]));
  switch (kind_of(j)) {
  case RED:
  case REDUCE:
    return data_value_init(&j->out[0], t, 0, NULL, e);
  case ARGMAX:
    return data_value_init(&j->out[0], DATA_I64, 0, NULL, e);
  case HIST:
  case RBI:
  case RBI_GLOBAL:
    return data_value_init(&j->out[0], t, 1, &bins, e);
  default:
    return data_value_init(&j->out[0], t, 1, &n, e);
  }
}

static int c_prepare(struct entry_job *j, struct ps_err *e) { return alloc_out(j, e); }

static int c_run(struct entry_job *j, struct ps_err *e)
{
  uint64_t n = data_value_count(&j->in[0]);
  const uint32_t *x = j->in[0].elems;
  const int32_t *sx = j->in[0].elems;
  uint32_t *out = j->out[0].elems, acc = 0;
  int sgn = is_signed(j);
  (void)e;
  switch (kind_of(j)) {
  case RED:
  case REDUCE:
    for (uint64_t i = 0; i < n; i++)
      acc += x[i];
    out[0] = acc;
    break;
  case ARGMAX: {
    int64_t best = -1;
    for (uint64_t i = 0; i < n; i++)
      if (best < 0 || (sgn ? sx[i] > sx[best] : x[i] > x[best]))
        best = (int64_t)i;
    *(int64_t *)j->out[0].elems = best;
    break;
  }
  case SCAN_HS:
  case SCAN:
  case SCAN_RTS:
    for (uint64_t i = 0; i < n; i++)
      out[i] = acc += x[i];
    break;
  case SCAN_BL:
  case SCAN_EXCL:
    for (uint64_t i = 0; i < n; i++) {
      out[i] = acc;
      acc += x[i];
    }
    break;
  case FILTER_SCAN:
  case FILTER: {
    uint64_t m = 0;
    for (uint64_t i = 0; i < n; i++)
      if (!sgn || sx[i] >= 0)
        out[m++] = x[i];
    j->out[0].shape[0] = (int64_t)m;
    break;
  }
  case HIST:
    memset(out, 0, BINS * sizeof *out);
    for (uint64_t i = 0; i < n; i++)
      out[x[i] & 255]++;
    break;
  case RBI:
  case RBI_GLOBAL: {
    const uint32_t *v = j->in[1].elems;
    uint64_t m = data_value_count(&j->in[1]);
    memset(out, 0, BINS * sizeof *out);
    for (uint64_t i = 0; i < n && i < m; i++)
      if ((!sgn || sx[i] >= 0) && x[i] < BINS)
        out[x[i]] += v[i];
    break;
  }
  case SEG_SCAN: {
    const unsigned char *f = j->in[1].elems;
    for (uint64_t i = 0; i < n; i++)
      out[i] = acc = f[i] ? x[i] : acc + x[i];
    break;
  }
  case SEG_REDUCE: {
    const unsigned char *f = j->in[1].elems;
    uint64_t m = 0;
    for (uint64_t i = 0; i < n; i++) {
      acc = f[i] ? x[i] : acc + x[i];
      if (i == n - 1 || f[i + 1])
        out[m++] = acc;
    }
    j->out[0].shape[0] = (int64_t)m;
    break;
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

/* ============================ opencl backend ============================= */

struct cstate {
  cl_mem in, in2, out, tmp, tmp2, status, ticket, part, parti, total;
  cl_kernel k[4];
  uint64_t n, p;       /* elements, and the power of two red and Blelloch pad to */
  uint32_t ntiles, groups;
  uint32_t epoch;      /* launches of scan_lookback so far */
  int result_in_tmp;   /* Hillis-Steele: which buffer holds the result */
};

static void release(struct entry_job *j)
{
  struct cstate *s = j->state;
  if (j->backend == BACKEND_C || s == NULL)
    return;
  rt_release(j->rt, s->in);
  rt_release(j->rt, s->in2);
  rt_release(j->rt, s->out);
  rt_release(j->rt, s->tmp);
  rt_release(j->rt, s->tmp2);
  rt_release(j->rt, s->status);
  rt_release(j->rt, s->ticket);
  rt_release(j->rt, s->part);
  rt_release(j->rt, s->parti);
  rt_release(j->rt, s->total);
  free(s);
  j->state = NULL;
}

static cl_mem alloc_zero(struct entry_job *j, size_t bytes, struct ps_err *e)
{
  cl_mem m = rt_alloc(j->rt, bytes < 4 ? 4 : bytes, e);
  if (m != NULL && rt_zero(j->rt, m, 0, bytes < 4 ? 4 : (bytes + 3) / 4 * 4, e) != 0) {
    rt_release(j->rt, m);
    return NULL;
  }
  return m;
}

static int kernels(struct entry_job *j, struct cstate *s, const char *extra, const char *const *names,
                   int count, struct ps_err *e)
{
  char opts[512], more[128];
  snprintf(more, sizeof more, "-DWG=%d -DITEMS=%d -DK=%d %s", WG, ITEMS, BINS, extra);
  entry_type_options(j->in[0].type, more, opts, sizeof opts);
  for (int i = 0; i < count; i++)
    if ((s->k[i] = rt_kernel(j->rt, "cost.cl", names[i], opts, e)) == NULL)
      return -1;
  return 0;
}

static int cl_prepare_kind(struct entry_job *j, struct ps_err *e)
{
  struct cstate *s = calloc(1, sizeof *s);
  size_t sz = 4, bytes;
  enum ckind k = kind_of(j);
  j->state = s;
  if (s == NULL)
    return ps_fail(e, "out of memory");
  if (alloc_out(j, e) != 0)
    return -1;
  if (rt_info(j->rt)->max_wg < WG)
    return ps_fail(e, "%s needs work-groups of %d work-items; the device allows %zu", j->entry->name,
                   WG, rt_info(j->rt)->max_wg);
  s->n = data_value_count(&j->in[0]);
  if (s->n >= ((uint64_t)1 << 32) - TILE)
    return ps_fail(e, "%s handles fewer than 2^32 elements", j->entry->name);
  bytes = (size_t)s->n * sz;
  s->p = pow2_at_least(s->n);
  s->ntiles = (uint32_t)((s->n + TILE - 1) / TILE);
  s->groups = (uint32_t)((s->n + WG * 16 - 1) / (WG * 16));
  s->groups = s->groups < 1 ? 1 : s->groups > MAX_GROUPS ? MAX_GROUPS : s->groups;
  s->in = rt_alloc(j->rt, bytes ? bytes : 4, e);
  if (s->in == NULL || rt_upload(j->rt, s->in, j->in[0].elems, bytes, e) != 0)
    return -1;
  if (j->entry->nin == 2) {
    size_t b2 = entry_value_bytes(&j->in[1]);
    s->in2 = rt_alloc(j->rt, b2 ? b2 : 4, e);
    if (s->in2 == NULL || rt_upload(j->rt, s->in2, j->in[1].elems, b2, e) != 0)
      return -1;
  }
  if ((s->out = alloc_zero(j, entry_value_bytes(&j->out[0]), e)) == NULL ||
      (s->total = alloc_zero(j, 8, e)) == NULL)
    return -1;
  switch (k) {
  case RED:
    return (s->tmp = alloc_zero(j, (size_t)s->p * sz, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"red_step"}, 1, e);
  case REDUCE:
    return (s->part = alloc_zero(j, (size_t)s->groups * sz, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"reduce_partials", "reduce_final"}, 2, e);
  case ARGMAX:
    return (s->part = alloc_zero(j, (size_t)s->groups * sz, e)) == NULL ||
           (s->parti = alloc_zero(j, (size_t)s->groups * 8, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"argmax_partials", "argmax_final"}, 2, e);
  case SCAN_HS:
    return (s->tmp = alloc_zero(j, bytes, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"hs_step"}, 1, e);
  case SCAN_BL:
    return (s->tmp = alloc_zero(j, (size_t)s->p * sz, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"bl_up", "bl_down", "set_zero"}, 3, e);
  case SCAN:
  case SCAN_EXCL:
  case FILTER:
    return (s->status = alloc_zero(j, ((size_t)s->ntiles + 1) * 8, e)) == NULL ||
           (s->ticket = alloc_zero(j, 4, e)) == NULL ||
           kernels(j, s, k == SCAN_EXCL ? "-DEXCLUSIVE" : k == FILTER ? "-DFILTER" : "",
                   (const char *const[]){"scan_lookback"}, 1, e);
  case FILTER_SCAN:
    return (s->status = alloc_zero(j, ((size_t)s->ntiles + 1) * 8, e)) == NULL ||
           (s->ticket = alloc_zero(j, 4, e)) == NULL || (s->tmp = alloc_zero(j, bytes, e)) == NULL ||
           (s->tmp2 = alloc_zero(j, bytes, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"filter_flags", "scan_lookback", "filter_scatter"}, 3, e);
  case SCAN_RTS:
    return (s->part = alloc_zero(j, ((size_t)s->ntiles + 1) * sz, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"rts_reduce", "rts_spine", "rts_scan"}, 3, e);
  case HIST:
    return kernels(j, s, "", (const char *const[]){"hist256"}, 1, e);
  case RBI:
    return kernels(j, s, "", (const char *const[]){"rbi_local"}, 1, e);
  case RBI_GLOBAL:
    return kernels(j, s, "", (const char *const[]){"rbi_global"}, 1, e);
  case SEG_SCAN:
    return (s->status = alloc_zero(j, ((size_t)s->ntiles + 1) * 8, e)) == NULL ||
           (s->ticket = alloc_zero(j, 4, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"seg_scan_lookback"}, 1, e);
  case SEG_REDUCE:
    return (s->status = alloc_zero(j, ((size_t)s->ntiles + 1) * 8, e)) == NULL ||
           (s->ticket = alloc_zero(j, 4, e)) == NULL || (s->tmp = alloc_zero(j, bytes, e)) == NULL ||
           (s->tmp2 = alloc_zero(j, bytes, e)) == NULL || (s->part = alloc_zero(j, bytes, e)) == NULL ||
           kernels(j, s, "", (const char *const[]){"seg_scan_lookback", "seg_heads", "scan_lookback", "seg_last"},
                   4, e);
  }
  return 0;
}

static int cl_prepare(struct entry_job *j, struct ps_err *e)
{
  return cl_prepare_kind(j, e) != 0 ? -1 : 0;
}

/* One launch of scan_lookback (flags NULL) or seg_scan_lookback over src
** into dst; the ticket and the status words are reset only when the epochs
** would overflow. */
static int lookback(struct entry_job *j, struct cstate *s, cl_kernel k, cl_mem src, cl_mem flags,
                    cl_mem dst, struct ps_err *e)
{
  cl_ulong n = s->n;
  cl_uint base, epoch;
  if ((uint64_t)(s->epoch + 1) * s->ntiles >= ((uint64_t)1 << 31) || s->epoch + 1 >= (1u << 29)) {
    if (rt_zero(j->rt, s->ticket, 0, 4, e) != 0 ||
        rt_zero(j->rt, s->status, 0, ((size_t)s->ntiles + 1) * 8, e) != 0)
      return -1;
    s->epoch = 0;
  }
  base = s->epoch * s->ntiles;
  epoch = ++s->epoch;
  if (flags != NULL
          ? RT_ARGS(j->rt, k, e, RT_ARG(src), RT_ARG(flags), RT_ARG(dst), RT_ARG(n), RT_ARG(s->status), RT_ARG(s->ticket),
                    RT_ARG(base), RT_ARG(epoch)) != 0
          : RT_ARGS(j->rt, k, e, RT_ARG(src), RT_ARG(dst), RT_ARG(n), RT_ARG(s->status), RT_ARG(s->ticket), RT_ARG(base),
                    RT_ARG(epoch), RT_ARG(s->total)) != 0)
    return -1;
  return rt_launch(j->rt, k, (size_t)s->ntiles * WG, WG, e);
}

static int cl_run(struct entry_job *j, struct ps_err *e)
{
  struct cstate *s = j->state;
  cl_ulong n = s->n, p = s->p;
  cl_uint g = s->groups, nt = s->ntiles;
  size_t gsz = (size_t)g * WG;
  if (s->n == 0 && kind_of(j) != HIST && kind_of(j) != RBI && kind_of(j) != RBI_GLOBAL &&
      kind_of(j) != REDUCE && kind_of(j) != ARGMAX)
    return 0;
  switch (kind_of(j)) {
  case RED:
    if (rt_copy(j->rt, s->in, s->tmp, (size_t)n * 4, e) != 0)
      return -1;
    for (cl_ulong half = p / 2; half >= 1; half /= 2)
      if (RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->tmp), RT_ARG(half)) != 0 ||
          rt_launch(j->rt, s->k[0], (size_t)half, WG, e) != 0)
        return -1;
    return 0;
  case REDUCE:
    return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->part)) != 0 ||
           rt_launch(j->rt, s->k[0], gsz, WG, e) != 0 ||
           RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->part), RT_ARG(g), RT_ARG(s->out)) != 0 ||
           rt_launch(j->rt, s->k[1], WG, WG, e) != 0 ? -1 : 0;
  case ARGMAX:
    return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->part), RT_ARG(s->parti)) != 0 ||
           rt_launch(j->rt, s->k[0], gsz, WG, e) != 0 ||
           RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->part), RT_ARG(s->parti), RT_ARG(g), RT_ARG(s->out)) != 0 ||
           rt_launch(j->rt, s->k[1], WG, WG, e) != 0 ? -1 : 0;
  case SCAN_HS: {
    cl_mem src = s->in, bufs[2] = {s->out, s->tmp};
    int w = 0;
    if (n == 1)
      return rt_copy(j->rt, s->in, s->out, 4, e);
    for (cl_ulong off = 1; off < n; off *= 2, w ^= 1) {
      if (RT_ARGS(j->rt, s->k[0], e, RT_ARG(src), RT_ARG(bufs[w]), RT_ARG(n), RT_ARG(off)) != 0 ||
          rt_launch(j->rt, s->k[0], (size_t)n, WG, e) != 0)
        return -1;
      src = bufs[w];
    }
    s->result_in_tmp = src == s->tmp;
    return 0;
  }
  case SCAN_BL:
    if (rt_copy(j->rt, s->in, s->tmp, (size_t)n * 4, e) != 0 ||
        rt_zero(j->rt, s->tmp, (size_t)n * 4, (size_t)(p - n) * 4, e) != 0)
      return -1;
    for (cl_ulong st = 2; st <= p; st *= 2)
      if (RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->tmp), RT_ARG(p), RT_ARG(st)) != 0 ||
          rt_launch(j->rt, s->k[0], (size_t)(p / st), WG, e) != 0)
        return -1;
    {
      cl_ulong last = p - 1;
      if (RT_ARGS(j->rt, s->k[2], e, RT_ARG(s->tmp), RT_ARG(last)) != 0 || rt_launch(j->rt, s->k[2], 1, 1, e) != 0)
        return -1;
    }
    for (cl_ulong st = p; st >= 2; st /= 2)
      if (RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->tmp), RT_ARG(p), RT_ARG(st)) != 0 ||
          rt_launch(j->rt, s->k[1], (size_t)(p / st), WG, e) != 0)
        return -1;
    return 0;
  case SCAN:
  case SCAN_EXCL:
  case FILTER:
    return lookback(j, s, s->k[0], s->in, NULL, s->out, e);
  case FILTER_SCAN:
    return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->tmp), RT_ARG(n)) != 0 ||
           rt_launch(j->rt, s->k[0], (size_t)n, WG, e) != 0 ||
           lookback(j, s, s->k[1], s->tmp, NULL, s->tmp2, e) != 0 ||
           RT_ARGS(j->rt, s->k[2], e, RT_ARG(s->in), RT_ARG(s->tmp2), RT_ARG(s->out), RT_ARG(n)) != 0 ||
           rt_launch(j->rt, s->k[2], (size_t)n, WG, e) != 0 ? -1 : 0;
  case SCAN_RTS:
    return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->part)) != 0 ||
           rt_launch(j->rt, s->k[0], (size_t)nt * WG, WG, e) != 0 ||
           RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->part), RT_ARG(nt), RT_ARG(s->total)) != 0 ||
           rt_launch(j->rt, s->k[1], WG, WG, e) != 0 ||
           RT_ARGS(j->rt, s->k[2], e, RT_ARG(s->in), RT_ARG(s->out), RT_ARG(n), RT_ARG(s->part)) != 0 ||
           rt_launch(j->rt, s->k[2], (size_t)nt * WG, WG, e) != 0 ? -1 : 0;
  case HIST:
    return rt_zero(j->rt, s->out, 0, BINS * 4, e) != 0 ||
           RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->out)) != 0 ||
           rt_launch(j->rt, s->k[0], gsz, WG, e) != 0 ? -1 : 0;
  case RBI:
    return rt_zero(j->rt, s->out, 0, BINS * 4, e) != 0 ||
           RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->in2), RT_ARG(n), RT_ARG(s->out)) != 0 ||
           rt_launch(j->rt, s->k[0], gsz, WG, e) != 0 ? -1 : 0;
  case RBI_GLOBAL:
    return rt_zero(j->rt, s->out, 0, BINS * 4, e) != 0 ||
           RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->in2), RT_ARG(n), RT_ARG(s->out)) != 0 ||
           (n > 0 && rt_launch(j->rt, s->k[0], (size_t)n, WG, e) != 0) ? -1 : 0;
  case SEG_SCAN:
    return lookback(j, s, s->k[0], s->in, s->in2, s->out, e);
  case SEG_REDUCE: /* scan; segment indices by a scan of the heads; each segment's last */
    return lookback(j, s, s->k[0], s->in, s->in2, s->tmp, e) != 0 ||
           RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->in2), RT_ARG(s->tmp2), RT_ARG(n)) != 0 ||
           rt_launch(j->rt, s->k[1], (size_t)n, WG, e) != 0 ||
           lookback(j, s, s->k[2], s->tmp2, NULL, s->part, e) != 0 ||
           RT_ARGS(j->rt, s->k[3], e, RT_ARG(s->tmp), RT_ARG(s->in2), RT_ARG(s->part), RT_ARG(s->out), RT_ARG(n)) != 0 ||
           rt_launch(j->rt, s->k[3], (size_t)n, WG, e) != 0 ? -1 : 0;
  }
  return 0;
}

static int cl_result(struct entry_job *j, struct ps_err *e)
{
  struct cstate *s = j->state;
  size_t bytes = entry_value_bytes(&j->out[0]);
  enum ckind k = kind_of(j);
  if (s->n == 0 && (k == RED || k == SCAN_HS || k == SCAN_BL || k == SCAN || k == SCAN_EXCL ||
                    k == SCAN_RTS || k == FILTER || k == FILTER_SCAN || k == SEG_SCAN || k == SEG_REDUCE)) {
    if (k == RED)
      memset(j->out[0].elems, 0, 4);
    else
      j->out[0].shape[0] = 0;
    return 0;
  }
  if (k == FILTER || k == FILTER_SCAN) {
    cl_uint m = 0;
    if (rt_download(j->rt, s->total, &m, 4, e) != 0)
      return -1;
    if (m > s->n)
      return ps_fail(e, "%s: the device reported %u kept elements of %llu", j->entry->name, m,
                     (unsigned long long)s->n);
    j->out[0].shape[0] = m;
    bytes = (size_t)m * 4;
  }
  if (k == SEG_REDUCE) { /* the scan of the heads ends at the number of segments - 1 */
    cl_uint m = 0;
    if (rt_download(j->rt, s->total, &m, 4, e) != 0)
      return -1;
    if ((uint64_t)m + 1 > s->n)
      return ps_fail(e, "%s: the device reported %llu segments of %llu elements", j->entry->name,
                     (unsigned long long)m + 1, (unsigned long long)s->n);
    j->out[0].shape[0] = (int64_t)m + 1;
    bytes = ((size_t)m + 1) * 4;
  }
  return rt_download(j->rt, k == RED || k == SCAN_BL ? s->tmp : k == SCAN_HS && s->result_in_tmp ? s->tmp : s->out,
                     j->out[0].elems, bytes, e);
}

/* ================================ Registry ============================= */

#define I32S ((1u << DATA_I32) | (1u << DATA_U32))
#define IMPLS {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release}}

static uint64_t read_bytes(uint64_t n, size_t elem) { return n * elem; }
static uint64_t rw_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }
static uint64_t two_in_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }
static uint64_t seg_bytes(uint64_t n, size_t elem) { return 2 * n * elem + n; }

const struct entry cost_entries[] = {
  {"red", "The lecture's reduction: pad to a power of two with 0, add pairs, halve, until one is left",
   1, I32S, "[n]t", "t", "O(n)", "O(log n)", "n sizeof(t)", read_bytes, IMPLS, 0},
  {"reduce", "Sum (+, wrapping): grid-strided work-group partials, then one group sums them", 1, I32S,
   "[n]t", "t", "O(n)", "O(log n)", "n sizeof(t)", read_bytes, IMPLS, 0},
  {"argmax", "Index of the largest element, the first on ties; -1 when empty (the lecture's exercise)",
   1, I32S, "[n]t", "i64", "O(n)", "O(log n)", "n sizeof(t)", read_bytes, IMPLS, 0},
  {"scan_hillis_steele", "Inclusive (+) scan: log n steps, each adding the element off to the left",
   1, I32S, "[n]t", "[n]t", "O(n log n)", "O(log n)", "2 n sizeof(t)", rw_bytes, IMPLS, 0},
  {"scan_blelloch", "Exclusive (+) scan, work-efficient: up-sweep and down-sweep on a power-of-two pad",
   1, I32S, "[n]t", "[n]t", "O(n)", "O(log n)", "2 n sizeof(t)", rw_bytes, IMPLS, 0},
  {"scan", "Inclusive (+) scan in one pass: tiles chained by decoupled look-back", 1, I32S, "[n]t",
   "[n]t", "O(n)", "O(log n)", "2 n sizeof(t)", rw_bytes, IMPLS, 0},
  {"scan_exclusive", "Exclusive (+) scan in one pass (decoupled look-back)", 1, I32S, "[n]t", "[n]t",
   "O(n)", "O(log n)", "2 n sizeof(t)", rw_bytes, IMPLS, 0},
  {"scan_rts", "Inclusive (+) scan by reduce-then-scan: tile sums, their scan, rescan (no inter-group waits)",
   1, I32S, "[n]t", "[n]t", "O(n)", "O(log n)", "2 n sizeof(t)", rw_bytes, IMPLS, 0},
  {"filter_scan", "Keep the elements >= 0, as the lecture: map to flags, scan, scatter", 1,
   1u << DATA_I32, "[n]t", "[m]t", "O(n)", "O(log n)", "n sizeof(t) + m sizeof(t)", read_bytes, IMPLS, 0},
  {"filter", "Keep the elements >= 0 in one pass: tile compaction chained by decoupled look-back", 1,
   1u << DATA_I32, "[n]t", "[m]t", "O(n)", "O(log n)", "n sizeof(t) + m sizeof(t)", read_bytes, IMPLS, 0},
  {"histogram", "Counts of the low byte of each element in 256 bins (radix sort's digit count)", 1,
   I32S, "[n]t", "[256]t", "O(n)", "O(log n)", "n sizeof(t)", read_bytes, IMPLS, 0},
  {"reduce_by_index", "dest[is[i]] += vs[i] into 256 bins, indices outside [0, 256) ignored: local sub-histograms",
   2, I32S, "[n]t [n]t", "[256]t", "O(n)", "O(log n)", "2 n sizeof(t)", two_in_bytes, IMPLS, 0},
  {"reduce_by_index_global", "The same with one global atomic per element (the straightforward version)",
   2, I32S, "[n]t [n]t", "[256]t", "O(n)", "O(log n) (contention: O(n / bins))", "2 n sizeof(t)",
   two_in_bytes, IMPLS, 0},
  {"segmented_scan", "Inclusive (+) scan restarting at every set flag, in one pass (decoupled look-back)",
   2, I32S, "[n]t [n]bool", "[n]t", "O(n)", "O(log n)", "2 n sizeof(t) + n", seg_bytes, IMPLS, 2u},
  {"segmented_reduce", "Sum of each segment (a set flag starts one; so does index 0): segmented scan, then each segment's last",
   2, I32S, "[n]t [n]bool", "[m]t", "O(n)", "O(log n)", "n sizeof(t) + n + m sizeof(t)", seg_bytes, IMPLS, 2u},
  {NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, {{NULL, NULL, NULL, NULL}, {NULL, NULL, NULL, NULL}}, 0},
};
