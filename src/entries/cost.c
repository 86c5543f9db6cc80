/*
** cost.c: the cost-model family of the parallel cost-model lecture: for
** reduction, scan, filter and reduce_by_index, the lecture's straightforward
** version next to a fast one, on the c, opencl and multicore backends
** (docs/entries.md).
**
** Elements are i32 or u32 with wrap-around (+), as C's unsigned arithmetic
** and two's complement; comparisons (argmax, filter's x >= 0, bin ranges,
** max) follow the type's sign.
**
** Each entry's row carries a struct cost_op (entry.aux): its sequential
** reference, the shape of its output, its kernels in cl/cost.cl or
** cl/scan.cl with their build options, the device buffers they need, the
** function that launches them, and where its result is. The phases below are lookups in it.
** Adding an entry: a row (reusing a launcher, or writing one), its kernel
** or build option, its reference, its test and its suite line
** (docs/architecture.md).
*/
#include "cost.h"

#include "cost_mc.h"
#include "cost_ref.h"
#include "hook.h"
#include "lookback.h"

#include <stdlib.h>
#include <string.h>

#define WG 256
#define ITEMS 16 /* elements per work-item of a tile (look-back, reduce-then-scan) */
#define BINS 256
#define MAX_GROUPS 1024
/* segmented_reduce's elements at most: a look-back word packs TILE + 2 + its
** segment count in 32 bits (cl/scan.cl), for tiles of up to 32 elements a
** work-item (cost_items) */
#define SEG_MAX_N (((uint64_t)1 << 32) - 2 * WG * 32 - 1)

/* ============================== Descriptors ============================== */

struct cstate;

enum cost_shape {
  SHAPE_N,      /* [n]t: scans and filters (filters cut to size) */
  SHAPE_SCALAR, /* t */
  SHAPE_INDEX,  /* i64 */
  SHAPE_BINS    /* [256]t */
};

/* Device buffers beyond the input(s), the output and `total` (bits). */
enum cost_scratch {
  S_TMP_POW2 = 1 << 0, /* tmp: the input padded to a power of two */
  S_TMP = 1 << 1,      /* tmp: n words */
  S_TMP2 = 1 << 2,     /* tmp2: n words */
  S_PART_GROUPS = 1 << 3, /* part: one word per work-group */
  S_PARTI_GROUPS = 1 << 4, /* parti: one i64 per work-group */
  S_PART_TILES = 1 << 5,  /* part: one word per tile, + 1 */
  S_PART_N = 1 << 6,      /* part: n words */
  S_LOOKBACK = 1 << 7,    /* status words (one per tile, + 1) and the tile ticket */
  S_LOOKBACK2 = 1 << 8,   /* the same in two banks (seg_reduce_lookback): twice the words */
  S_TICKET = 1 << 9       /* the ticket and its epochs alone (lookback.h), `groups` tickets a launch */
};
/* The ops of tiles (look-back, reduce-then-scan): their kernels are cl/scan.cl's, the others' cl/cost.cl's. */
#define S_TILES (S_LOOKBACK | S_LOOKBACK2 | S_PART_TILES)

/* Where the result is after the runs. */
enum cost_result {
  R_OUT,       /* out, whole */
  R_TMP,       /* tmp, whole (red, Blelloch) */
  R_PINGPONG,  /* out or tmp, whichever the last step wrote (Hillis-Steele) */
  R_KEPT,      /* out, cut to the count in total (filters) */
  R_SEGMENTS   /* out, cut to total + 1 segments (segmented_reduce) */
};

struct cost_op {
  void (*ref)(struct entry_job *j); /* the sequential reference into j->out[0] */
  void (*par)(struct entry_job *j); /* the multicore version (cost_mc.h), the same bytes */
  enum cost_shape shape;
  const char *kernels[4];           /* in cl/scan.cl (S_TILES) or cl/cost.cl, NULL after the last */
  const char *defines;              /* more build options, or NULL */
  unsigned scratch;                 /* enum cost_scratch bits */
  int (*launch)(struct entry_job *j, struct cstate *s, struct ps_err *e);
  enum cost_result result;
  int runs_empty;                   /* launch even when n == 0 (the output is not empty) */
  int warp_scan;                    /* with PTX, the group scan by warp shuffles (scan.cl),
                                    ** where it measured faster (docs/performance.md, Scans) */
  uint32_t items_nv;                /* with PTX, elements per work-item of a tile (0: ITEMS) */
  uint32_t items_gpu;               /* on other GPUs (no PTX), the same (0: ITEMS); either where the
                                    ** tile fits local memory (cost_default_items) */
  int ticket;                       /* with PTX too, a tile from the atomic ticket rather than the
                                    ** group's id (scan.cl: tile_ticket; parameter cost_gid) */
  const char *ballot;               /* with PTX, this kernel by warp votes in place of kernels[0]
                                    ** (the same arguments; parameter cost_ballot, whose 1 selects
                                    ** it on any device through prelude.cl's ballot) */
  int wide;                         /* its count may pass 2^32 - 1: past that (or with parameter
                                    ** cost_wide) the look-back's prefixes are 64-bit (-DWIDE) */
  const char *compact;              /* with parameter cost_seg_compact 1 to 3 (2: -DSEG_RELOAD, 3:
                                    ** -DSEG_DIRECT, the default), this
                                    ** kernel in place of kernels[0] (the same arguments and result,
                                    ** on any device) */
};

/* The tuning parameters of the family's kernels (tune.h). */
static const struct tune_param cost_params[] = {
  ENTRY_PARAM_PTX,
  {"cost_items", 1, 32, "elements a work-item of a tile (look-back and reduce-then-scan; default 32 with PTX "
                        "for scan, scan_exclusive and filter, on other GPUs for scan, filter and "
                        "segmented_reduce, where the tile fits local memory; else 16)"},
  {"cost_gid", 0, 1, "a look-back tile is its group's id, not an atomic ticket's (default: with PTX, but "
                     "segmented_scan's)"},
  {"cost_walkers", 1, WG, "without PTX, the look-back's work-items that read earlier tiles' words: 1 walks back a "
                          "tile at a time, W > 1 reads W a round through local memory, the whole group folding "
                          "them (default 1: on the H200 without PTX, windows of 2 to 128 were slower; with PTX a "
                          "warp's shuffles)"},
  {"cost_ballot", 0, 1, "filter's tile by warp votes (default: with PTX; 1 emulates them elsewhere)"},
  {"cost_wide", 0, 1, "filter's look-back prefixes and count 64-bit (default: past 2^32 - 1 elements)"},
  {"cost_warp_scan", 0, 1, "with PTX, the group scans by warp shuffles (default: per op, 1 for scan_exclusive "
                           "and segmented_reduce)"},
  {"cost_seg_compact", 0, 3, "segmented_reduce's tile with its segment sums compacted in local memory and "
                             "written contiguously, its elements in registers (1) or in local memory (2) across "
                             "the look-back, or in registers read straight from global memory (3, the default; 0: "
                             "each element's scan and segment index in local memory)"},
  {NULL, 0, 0, NULL}};

static const struct cost_op *op_of(const struct entry_job *j) { return j->entry->aux; }

/* Output shapes; filters and segmented_reduce are cut to size later.
** Segmented entries need as many flags as values. */
static int alloc_out(struct entry_job *j, struct ps_err *e)
{
  int64_t n = (int64_t)data_value_count(&j->in[0]), bins = BINS;
  enum data_type t = j->in[0].type;
  j->nout = 1;
  if (j->entry->vinputs && data_value_count(&j->in[1]) != (uint64_t)n)
    return ps_fail(e, "%lld values but %lld flags", (long long)n,
                   (long long)data_value_count(&j->in[1]));
  switch (op_of(j)->shape) {
  case SHAPE_SCALAR: return entry_out_init(j, 0, t, 0, NULL, e);
  case SHAPE_INDEX: return entry_out_init(j, 0, DATA_I64, 0, NULL, e);
  case SHAPE_BINS: return entry_out_init(j, 0, t, 1, &bins, e);
  default: return entry_out_init(j, 0, t, 1, &n, e);
  }
}

static int c_prepare(struct entry_job *j, struct ps_err *e) { return alloc_out(j, e); }

static int c_run(struct entry_job *j, struct ps_err *e)
{
  (void)e;
  op_of(j)->ref(j);
  return 0;
}

static int mc_run(struct entry_job *j, struct ps_err *e)
{
  (void)e;
  op_of(j)->par(j);
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
  cl_mem in, in2, out, tmp, tmp2, part, parti, total;
  struct lookback lb;  /* status words (one per tile, + 1), the tile ticket, the epochs; S_TICKET: the ticket */
  cl_kernel k[4];
  uint64_t n, p;       /* elements, and the power of two red and Blelloch pad to */
  uint32_t items, ntiles, groups; /* items: elements per work-item of a tile */
  size_t part_bytes;   /* of part */
  int poison;          /* test hook: outputs poisoned before each run (hook_poison) */
  int wide;            /* filter: 64-bit prefixes (-DWIDE, cost_op.wide) */
  int result_in_tmp;   /* Hillis-Steele: which buffer holds the result */
};

static void release(struct entry_job *j)
{
  struct cstate *s = j->state;
  if (j->backend != BACKEND_OPENCL || s == NULL)
    return;
  rt_release(j->rt, s->in);
  rt_release(j->rt, s->in2);
  rt_release(j->rt, s->out);
  rt_release(j->rt, s->tmp);
  rt_release(j->rt, s->tmp2);
  lookback_close(j->rt, &s->lb);
  rt_release(j->rt, s->part);
  rt_release(j->rt, s->parti);
  rt_release(j->rt, s->total);
  free(s);
  j->state = NULL;
}

/* A buffer's size for `bytes`: whole words, at least one (fills go by words). */
static size_t padded(size_t bytes) { return bytes < 4 ? 4 : (bytes + 3) / 4 * 4; }

static cl_mem alloc_zero(struct entry_job *j, size_t bytes, struct ps_err *e)
{
  cl_mem m = rt_alloc(j->rt, padded(bytes), e);
  if (m != NULL && rt_zero(j->rt, m, 0, padded(bytes), e) != 0) {
    rt_release(j->rt, m);
    return NULL;
  }
  return m;
}

/* The scratch buffers the op asks for, zeroed. */
static int alloc_scratch(struct entry_job *j, struct cstate *s, unsigned want, struct ps_err *e)
{
  size_t words = (size_t)s->n * 4;
  s->part_bytes = (want & S_PART_GROUPS)  ? (size_t)s->groups * 4
                  : (want & S_PART_TILES) ? ((size_t)s->ntiles + 1) * 4
                  : (want & S_PART_N)     ? (words ? words : 4)
                                          : 0;
  if (((want & S_TMP_POW2) && (s->tmp = alloc_zero(j, (size_t)s->p * 4, e)) == NULL) ||
      ((want & S_TMP) && (s->tmp = alloc_zero(j, words, e)) == NULL) ||
      ((want & S_TMP2) && (s->tmp2 = alloc_zero(j, words, e)) == NULL) ||
      (s->part_bytes && (s->part = alloc_zero(j, s->part_bytes, e)) == NULL) ||
      ((want & S_PARTI_GROUPS) && (s->parti = alloc_zero(j, (size_t)s->groups * 8, e)) == NULL))
    return -1;
  if ((want & (S_LOOKBACK | S_LOOKBACK2)) &&
      lookback_open(j->rt, &s->lb, s->ntiles, ((size_t)s->ntiles + 1) * 8 * (want & S_LOOKBACK2 ? 2 : 1), e) != 0)
    return -1;
  if ((want & S_TICKET) && lookback_open(j->rt, &s->lb, s->groups, 0, e) != 0)
    return -1;
  return 0;
}

/* The op's kernels, built with the tile shape and the choices of the PTX path:
** the group scan by warp shuffles for the ops it is faster for (op->warp_scan),
** the look-backs by a whole warp, a tile by its group's id (NVIDIA starts
** groups in order of id) but for ops that take tickets (op->ticket), and
** the op's kernel by warp votes (op->ballot); without PTX the look-backs by
** a window of cost_walkers tiles; and, by parameter, the op's other form of
** kernels[0] (op->compact). */
static int build_kernels(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  const struct cost_op *op = op_of(j);
  char opts[512], more[192];
  int ptx = entry_use_ptx(j), lookback = (op->scratch & (S_LOOKBACK | S_LOOKBACK2)) != 0;
  int ballot = op->ballot != NULL && entry_param(j, "cost_ballot", ptx);
  int compact = op->compact != NULL ? (int)entry_param(j, "cost_seg_compact", 3) : 0;
  int warp_scan = ptx && entry_param(j, "cost_warp_scan", op->warp_scan);
  int gid = lookback && entry_param(j, "cost_gid", ptx && !op->ticket);
  int walkers = lookback && !ptx ? (int)entry_param(j, "cost_walkers", 1) : 1;
  const char *k0 = ballot ? op->ballot : compact ? op->compact : op->kernels[0];
  snprintf(more, sizeof more, "-DWG=%d -DITEMS=%u -DK=%d -DWALKERS=%d%s%s%s%s%s%s%s %s", WG, (unsigned)s->items,
           BINS, walkers, ptx ? " -DNV_PTX" : "", warp_scan ? " -DWARP_SCAN" : "", ptx ? " -DWARP_LOOKBACK" : "",
           gid ? " -DGID" : "", s->wide ? " -DWIDE" : "",
           compact == 2 ? " -DSEG_RELOAD" : compact == 3 ? " -DSEG_DIRECT" : "",
           lookback && hook_lookback_counts() ? " -DLB_AGG_ONLY" : "", op->defines ? op->defines : "");
  entry_type_options(j->in[0].type, more, opts, sizeof opts);
  for (int i = 0; i < 4 && op->kernels[i] != NULL; i++)
    if ((s->k[i] = rt_kernel(j->rt, op->scratch & S_TILES ? "scan.cl" : "cost.cl", i == 0 ? k0 : op->kernels[i],
                             opts, e)) == NULL)
      return -1;
  return 0;
}

/* A tile's elements per work-item by default: the op's items_nv with PTX,
** its items_gpu on another GPU (scan, filter, segmented_reduce: 0.90x the time
** of 16 on the H200 without PTX, docs/performance.md), where the tile, its
** padding and the group's sums fit local memory; else ITEMS. */
static uint32_t cost_default_items(struct entry_job *j)
{
  const struct rt_device_info *in = rt_info(j->rt);
  uint32_t want = entry_use_ptx(j) ? op_of(j)->items_nv : in->is_gpu ? op_of(j)->items_gpu : 0;
  size_t tile = (size_t)WG * want * data_type_size(j->in[0].type);
  return want && tile + tile / 32 + 4096 <= in->local_mem ? want : ITEMS;
}

static int cl_prepare(struct entry_job *j, struct ps_err *e)
{
  struct cstate *s = calloc(1, sizeof *s);
  size_t bytes;
  j->state = s;
  if (s == NULL)
    return ps_fail(e, "out of memory");
  if (alloc_out(j, e) != 0)
    return -1;
  if (rt_info(j->rt)->max_wg < WG)
    return ps_fail(e, "%s needs work-groups of %d work-items; the device allows %zu", j->entry->name,
                   WG, rt_info(j->rt)->max_wg);
  s->n = data_value_count(&j->in[0]);
  s->poison = hook_poison();
  s->items = cost_default_items(j);
  if (op_of(j)->scratch & S_TILES)
    s->items = (uint32_t)entry_param(j, "cost_items", s->items);
  s->wide = op_of(j)->wide && entry_param(j, "cost_wide", s->n > UINT32_MAX);
  bytes = (size_t)s->n * 4;
  for (s->p = 1; s->p < s->n; s->p <<= 1)
    ;
  s->ntiles = (uint32_t)((s->n + (uint64_t)WG * s->items - 1) / ((uint64_t)WG * s->items));
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
  return alloc_scratch(j, s, op_of(j)->scratch, e) != 0 ? -1 : build_kernels(j, s, e);
}

/* ---- launchers: one per way of running an op's kernels ---- */

static int launch_red(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  if (rt_copy(j->rt, s->in, s->tmp, (size_t)s->n * 4, e) != 0)
    return -1;
  for (cl_ulong half = s->p / 2; half >= 1; half /= 2)
    if (RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->tmp), RT_ARG(half)) != 0 ||
        rt_launch(j->rt, s->k[0], (size_t)half, WG, e) != 0)
      return -1;
  return 0;
}

/* One launch: the group that takes the launch's last ticket sums the partials (cl/cost.cl: reduce_sum), which
** saves a second kernel's launch and the gap before it (docs/performance.md, Scans). */
static int launch_reduce(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  cl_uint base, epoch;
  return lookback_next(j->rt, &s->lb, &base, &epoch, e) != 0 ||
         RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->part), RT_ARG(s->lb.ticket), RT_ARG(base),
                 RT_ARG(s->out)) != 0 ||
         rt_launch(j->rt, s->k[0], (size_t)s->groups * WG, WG, e) != 0 ? -1 : 0;
}

static int launch_argmax(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  cl_uint g = s->groups;
  return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->part), RT_ARG(s->parti)) != 0 ||
         rt_launch(j->rt, s->k[0], (size_t)g * WG, WG, e) != 0 ||
         RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->part), RT_ARG(s->parti), RT_ARG(g), RT_ARG(s->out)) != 0 ||
         rt_launch(j->rt, s->k[1], WG, WG, e) != 0 ? -1 : 0;
}

static int launch_hillis_steele(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_mem src = s->in, bufs[2] = {s->out, s->tmp};
  cl_ulong n = s->n;
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

static int launch_blelloch(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong p = s->p, last = p - 1;
  if (rt_copy(j->rt, s->in, s->tmp, (size_t)s->n * 4, e) != 0 ||
      rt_zero(j->rt, s->tmp, (size_t)s->n * 4, (size_t)(p - s->n) * 4, e) != 0)
    return -1;
  for (cl_ulong st = 2; st <= p; st *= 2)
    if (RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->tmp), RT_ARG(p), RT_ARG(st)) != 0 ||
        rt_launch(j->rt, s->k[0], (size_t)(p / st), WG, e) != 0)
      return -1;
  if (RT_ARGS(j->rt, s->k[2], e, RT_ARG(s->tmp), RT_ARG(last)) != 0 || rt_launch(j->rt, s->k[2], 1, 1, e) != 0)
    return -1;
  for (cl_ulong st = p; st >= 2; st /= 2)
    if (RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->tmp), RT_ARG(p), RT_ARG(st)) != 0 ||
        rt_launch(j->rt, s->k[1], (size_t)(p / st), WG, e) != 0)
      return -1;
  return 0;
}

/* One launch of scan_lookback (flags NULL) or seg_scan_lookback over src
** into dst; the ticket and the status words are reset only when the epochs
** would overflow. */
static int lookback(struct entry_job *j, struct cstate *s, cl_kernel k, cl_mem src, cl_mem flags,
                    cl_mem dst, struct ps_err *e)
{
  cl_ulong n = s->n;
  cl_uint base, epoch;
  if (s->poison && rt_fill(j->rt, s->lb.status, 0, s->lb.status_bytes, 0xa5a5a5a5u, e) != 0)
    return -1; /* words of no epoch of this job, flagged ready, holding garbage: never to be read */
  if (lookback_next(j->rt, &s->lb, &base, &epoch, e) != 0)
    return -1;
  if (flags != NULL
          ? RT_ARGS(j->rt, k, e, RT_ARG(src), RT_ARG(flags), RT_ARG(dst), RT_ARG(n), RT_ARG(s->lb.status),
                    RT_ARG(s->lb.ticket), RT_ARG(base), RT_ARG(epoch)) != 0
          : RT_ARGS(j->rt, k, e, RT_ARG(src), RT_ARG(dst), RT_ARG(n), RT_ARG(s->lb.status), RT_ARG(s->lb.ticket),
                    RT_ARG(base), RT_ARG(epoch), RT_ARG(s->total)) != 0)
    return -1;
  return rt_launch(j->rt, k, (size_t)s->ntiles * WG, WG, e);
}

static int launch_lookback(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  return lookback(j, s, s->k[0], s->in, NULL, s->out, e);
}

static int launch_filter_scan(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->tmp), RT_ARG(n)) != 0 ||
         rt_launch(j->rt, s->k[0], (size_t)n, WG, e) != 0 ||
         lookback(j, s, s->k[1], s->tmp, NULL, s->tmp2, e) != 0 ||
         RT_ARGS(j->rt, s->k[2], e, RT_ARG(s->in), RT_ARG(s->tmp2), RT_ARG(s->out), RT_ARG(n)) != 0 ||
         rt_launch(j->rt, s->k[2], (size_t)n, WG, e) != 0 ? -1 : 0;
}

static int launch_reduce_then_scan(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  cl_uint nt = s->ntiles;
  return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->part)) != 0 ||
         rt_launch(j->rt, s->k[0], (size_t)nt * WG, WG, e) != 0 ||
         RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->part), RT_ARG(nt), RT_ARG(s->total)) != 0 ||
         rt_launch(j->rt, s->k[1], WG, WG, e) != 0 ||
         RT_ARGS(j->rt, s->k[2], e, RT_ARG(s->in), RT_ARG(s->out), RT_ARG(n), RT_ARG(s->part)) != 0 ||
         rt_launch(j->rt, s->k[2], (size_t)nt * WG, WG, e) != 0 ? -1 : 0;
}

static int launch_histogram(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  return rt_zero(j->rt, s->out, 0, BINS * 4, e) != 0 ||
         RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->out)) != 0 ||
         rt_launch(j->rt, s->k[0], (size_t)s->groups * WG, WG, e) != 0 ? -1 : 0;
}

static int launch_reduce_by_index(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  return rt_zero(j->rt, s->out, 0, BINS * 4, e) != 0 ||
         RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->in2), RT_ARG(n), RT_ARG(s->out)) != 0 ||
         rt_launch(j->rt, s->k[0], (size_t)s->groups * WG, WG, e) != 0 ? -1 : 0;
}

static int launch_reduce_by_index_global(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  return rt_zero(j->rt, s->out, 0, BINS * 4, e) != 0 ||
         RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->in2), RT_ARG(n), RT_ARG(s->out)) != 0 ||
         (n > 0 && rt_launch(j->rt, s->k[0], (size_t)n, WG, e) != 0) ? -1 : 0;
}

static int launch_segmented_scan(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  return lookback(j, s, s->k[0], s->in, s->in2, s->out, e);
}

/* The lecture's segmented reduce: segmented scan; segment indices by a scan
** of the heads; each segment's last. */
static int launch_segmented_reduce_lecture(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  return lookback(j, s, s->k[0], s->in, s->in2, s->tmp, e) != 0 ||
         RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->in2), RT_ARG(s->tmp2), RT_ARG(n)) != 0 ||
         rt_launch(j->rt, s->k[1], (size_t)n, WG, e) != 0 ||
         lookback(j, s, s->k[2], s->tmp2, NULL, s->part, e) != 0 ||
         RT_ARGS(j->rt, s->k[3], e, RT_ARG(s->tmp), RT_ARG(s->in2), RT_ARG(s->part), RT_ARG(s->out),
                 RT_ARG(n)) != 0 ||
         rt_launch(j->rt, s->k[3], (size_t)n, WG, e) != 0 ? -1 : 0;
}

/* One pass of seg_reduce_lookback (or seg_reduce_compact): two banks of words, one a launch by the
** epoch's parity (S_LOOKBACK2). */
static int launch_segmented_reduce(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  cl_uint base, epoch, stride = s->ntiles + 1;
  if (lookback_next(j->rt, &s->lb, &base, &epoch, e) != 0)
    return -1;
  return RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(s->in2), RT_ARG(s->out), RT_ARG(n), RT_ARG(s->lb.status),
                 RT_ARG(s->lb.ticket), RT_ARG(base), RT_ARG(epoch), RT_ARG(stride), RT_ARG(s->total)) != 0 ||
         rt_launch(j->rt, s->k[0], (size_t)s->ntiles * WG, WG, e) != 0 ? -1 : 0;
}

/* PSEARCH_TEST_POISON: the output, the count and the partials filled with 0xa5 bytes before each run, so that a
** run after the first that leaves part of them unwritten, or reads a partial before it is written, fails
** validation (the run before left the same values there); lookback() fills the look-back words so too. */
static int poison(struct entry_job *j, struct cstate *s, struct ps_err *e)
{
  return rt_fill(j->rt, s->out, 0, padded(entry_value_bytes(&j->out[0])), 0xa5a5a5a5u, e) != 0 ||
         rt_fill(j->rt, s->total, 0, 8, 0xa5a5a5a5u, e) != 0 ||
         (s->part != NULL && rt_fill(j->rt, s->part, 0, s->part_bytes, 0xa5a5a5a5u, e) != 0) ||
         (s->parti != NULL && rt_fill(j->rt, s->parti, 0, (size_t)s->groups * 8, 0xa5a5a5a5u, e) != 0) ? -1 : 0;
}

static int cl_run(struct entry_job *j, struct ps_err *e)
{
  struct cstate *s = j->state;
  if (s->n == 0 && !op_of(j)->runs_empty)
    return 0;
  if (s->poison && poison(j, s, e) != 0)
    return -1;
  return op_of(j)->launch(j, s, e);
}

/* A count the device left in total (the scans' 64-bit one, or segmented_reduce's T); more than `most`
** is a device fault. */
static int device_count(struct entry_job *j, struct cstate *s, uint64_t most, uint64_t *m, struct ps_err *e)
{
  cl_uint t = 0;
  if (rt_download(j->rt, s->total, op_of(j)->result == R_KEPT ? (void *)m : (void *)&t,
                  op_of(j)->result == R_KEPT ? sizeof *m : sizeof t, e) != 0)
    return -1;
  if (op_of(j)->result != R_KEPT)
    *m = t;
  if (*m > most)
    return ps_fail(e, "%s: the device reported a count of %llu for %llu elements", j->entry->name,
                   (unsigned long long)*m, (unsigned long long)s->n);
  return 0;
}

static int cl_result(struct entry_job *j, struct ps_err *e)
{
  struct cstate *s = j->state;
  const struct cost_op *op = op_of(j);
  size_t bytes = entry_value_bytes(&j->out[0]);
  cl_mem from = s->out;
  uint64_t m = 0;
  if (s->n == 0 && !op->runs_empty) { /* nothing ran: an empty result, or a sum of 0 */
    if (op->shape == SHAPE_SCALAR)
      return entry_out_alloc(j, 0, e); /* zeroed */
    j->out[0].shape[0] = 0;
    return 0;
  }
  switch (op->result) {
  case R_OUT: break;
  case R_TMP: from = s->tmp; break;
  case R_PINGPONG: from = s->result_in_tmp ? s->tmp : s->out; break;
  case R_KEPT:
    if (device_count(j, s, s->n, &m, e) != 0)
      return -1;
    j->out[0].shape[0] = (int64_t)m;
    bytes = (size_t)m * 4;
    break;
  case R_SEGMENTS: /* the scan of the heads ends at the number of segments - 1 */
    if (device_count(j, s, s->n - 1, &m, e) != 0)
      return -1;
    j->out[0].shape[0] = (int64_t)m + 1;
    bytes = ((size_t)m + 1) * 4;
    break;
  }
  return entry_download(j, 0, from, bytes, e);
}

/* ================================ Registry ============================= */

#define I32S ((1u << DATA_I32) | (1u << DATA_U32))
#define IMPLS                                                                                 \
  {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release},                 \
   {c_prepare, mc_run, c_result, release}}, .params = cost_params
#define OP(...) (&(const struct cost_op){__VA_ARGS__})

static uint64_t read_bytes(uint64_t n, size_t elem) { return n * elem; }
static uint64_t rw_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }
static uint64_t two_in_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }
static uint64_t seg_bytes(uint64_t n, size_t elem) { return 2 * n * elem + n; }

const struct entry cost_entries[] = {
  {.name = "red", .answer = "sum", .desc = "The lecture's reduction: pad to a power of two with 0, add pairs, halve, until one is left",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t)", .bytes = read_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_sum, .par = cost_mc_sum, .shape = SHAPE_SCALAR, .kernels = {"red_step"}, .scratch = S_TMP_POW2,
             .launch = launch_red, .result = R_TMP)},
  {.name = "reduce", .answer = "sum", .desc = "Sum (+, wrapping) in one launch: grid-strided work-group partials, which the last group to finish sums",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t)", .bytes = read_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_sum, .par = cost_mc_sum, .shape = SHAPE_SCALAR, .kernels = {"reduce_sum"},
             .scratch = S_PART_GROUPS | S_TICKET, .launch = launch_reduce, .runs_empty = 1)},
  {.name = "argmax", .desc = "Index of the largest element, the first on ties; -1 when empty (the lecture's exercise)",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "i64", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t)", .bytes = read_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_argmax, .par = cost_mc_argmax, .shape = SHAPE_INDEX, .kernels = {"argmax_partials", "argmax_final"},
             .scratch = S_PART_GROUPS | S_PARTI_GROUPS, .launch = launch_argmax, .runs_empty = 1)},
  {.name = "scan_hillis_steele", .answer = "inclusive_scan", .desc = "Inclusive (+) scan: log n steps, each adding the element off to the left",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "[n]t", .work = "O(n log n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t)", .bytes = rw_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_scan, .par = cost_mc_scan, .kernels = {"hs_step"}, .scratch = S_TMP, .launch = launch_hillis_steele,
             .result = R_PINGPONG)},
  {.name = "scan_blelloch", .answer = "exclusive_scan", .desc = "Exclusive (+) scan, work-efficient: up-sweep and down-sweep on a power-of-two pad",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "[n]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t)", .bytes = rw_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_scan_exclusive, .par = cost_mc_scan_exclusive, .kernels = {"bl_up", "bl_down", "set_zero"}, .scratch = S_TMP_POW2,
             .launch = launch_blelloch, .result = R_TMP)},
  {.name = "scan", .answer = "inclusive_scan", .desc = "Inclusive (+) scan in one pass: tiles chained by decoupled look-back",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "[n]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t)", .bytes = rw_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_scan, .par = cost_mc_scan, .kernels = {"scan_lookback"}, .scratch = S_LOOKBACK, .launch = launch_lookback,
             .items_nv = 32, .items_gpu = 32)},
  {.name = "scan_exclusive", .answer = "exclusive_scan", .desc = "Exclusive (+) scan in one pass (decoupled look-back)",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "[n]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t)", .bytes = rw_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_scan_exclusive, .par = cost_mc_scan_exclusive, .kernels = {"scan_lookback"}, .defines = "-DEXCLUSIVE",
             .scratch = S_LOOKBACK, .launch = launch_lookback, .warp_scan = 1, .items_nv = 32)},
  {.name = "scan_max", .desc = "Inclusive max-scan in one pass (decoupled look-back with max for +)",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "[n]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t)", .bytes = rw_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_scan_max, .par = cost_mc_scan_max, .kernels = {"scan_lookback"}, .defines = "-DSCAN_MAX",
             .scratch = S_LOOKBACK, .launch = launch_lookback)},
  {.name = "scan_rts", .answer = "inclusive_scan", .desc = "Inclusive (+) scan by reduce-then-scan: tile sums, their scan, rescan (no inter-group waits)",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "[n]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t)", .bytes = rw_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_scan, .par = cost_mc_scan, .kernels = {"rts_reduce", "rts_spine", "rts_scan"}, .scratch = S_PART_TILES,
             .launch = launch_reduce_then_scan)},
  {.name = "filter_scan", .answer = "filter", .desc = "Keep the elements >= 0, as the lecture: map to flags, scan, scatter",
   .nin = 1, .types = 1u << DATA_I32, .in_desc = "[n]t", .out_desc = "[m]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t) + m sizeof(t)", .bytes = read_bytes, .impl = IMPLS,
   .max_n = UINT32_MAX, .max_why = "2^32 - 1: its flags and their scan, the places, are of the element type",
   .aux = OP(.ref = cost_ref_filter, .par = cost_mc_filter, .kernels = {"filter_flags", "scan_lookback", "filter_scatter"},
             .scratch = S_LOOKBACK | S_TMP | S_TMP2, .launch = launch_filter_scan, .result = R_KEPT)},
  {.name = "filter", .answer = "filter", .desc = "Keep the elements >= 0 in one pass: tile compaction chained by decoupled look-back",
   .nin = 1, .types = 1u << DATA_I32, .in_desc = "[n]t", .out_desc = "[m]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t) + m sizeof(t)", .bytes = read_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_filter, .par = cost_mc_filter, .kernels = {"scan_lookback"}, .defines = "-DFILTER", .scratch = S_LOOKBACK,
             .launch = launch_lookback, .result = R_KEPT, .ballot = "filter_ballot",
             .items_nv = 32, .items_gpu = 32, .wide = 1)},
  {.name = "histogram", .desc = "Counts of the low byte of each element in 256 bins (radix sort's digit count)",
   .nin = 1, .types = I32S, .in_desc = "[n]t", .out_desc = "[256]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t)", .bytes = read_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_histogram, .par = cost_mc_histogram, .shape = SHAPE_BINS, .kernels = {"hist256"}, .launch = launch_histogram,
             .runs_empty = 1)},
  {.name = "reduce_by_index", .answer = "reduce_by_index",
   .desc = "dest[is[i]] += vs[i] into 256 bins, indices outside [0, 256) ignored: local sub-histograms",
   .nin = 2, .types = I32S, .in_desc = "[n]t [n]t", .out_desc = "[256]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t)", .bytes = two_in_bytes, .impl = IMPLS,
   .aux = OP(.ref = cost_ref_reduce_by_index, .par = cost_mc_reduce_by_index, .shape = SHAPE_BINS, .kernels = {"rbi_local"},
             .launch = launch_reduce_by_index, .runs_empty = 1)},
  {.name = "reduce_by_index_global", .answer = "reduce_by_index", .desc = "The same with one global atomic per element (the straightforward version)",
   .nin = 2, .types = I32S, .in_desc = "[n]t [n]t", .out_desc = "[256]t", .work = "O(n)",
   .span = "O(log n) (contention: O(n / bins))", .bytes_desc = "2 n sizeof(t)", .bytes = two_in_bytes,
   .impl = IMPLS,
   .aux = OP(.ref = cost_ref_reduce_by_index, .par = cost_mc_reduce_by_index, .shape = SHAPE_BINS, .kernels = {"rbi_global"},
             .launch = launch_reduce_by_index_global, .runs_empty = 1)},
  {.name = "segmented_scan", .desc = "Inclusive (+) scan restarting at every set flag, in one pass (decoupled look-back)",
   .nin = 2, .types = I32S, .in_desc = "[n]t [n]bool", .out_desc = "[n]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "2 n sizeof(t) + n", .bytes = seg_bytes, .impl = IMPLS, .vtypes = 1u << DATA_BOOL, .vinputs = 2u,
   .aux = OP(.ref = cost_ref_segmented_scan, .par = cost_mc_segmented_scan, .kernels = {"seg_scan_lookback"}, .scratch = S_LOOKBACK,
             .launch = launch_segmented_scan, .ticket = 1)},
  {.name = "segmented_reduce",
   .desc = "Sum of each segment (a set flag starts one; so does index 0) in one pass: segment sums and indices by decoupled look-back",
   .nin = 2, .types = I32S, .in_desc = "[n]t [n]bool", .out_desc = "[m]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t) + n + m sizeof(t)", .bytes = seg_bytes, .impl = IMPLS, .vtypes = 1u << DATA_BOOL, .vinputs = 2u,
   .max_n = SEG_MAX_N, .max_why = "2^32 - 16385: a look-back word packs its segment count, and its tile size plus 2, in 32 bits",
   .aux = OP(.ref = cost_ref_segmented_reduce, .par = cost_mc_segmented_reduce, .kernels = {"seg_reduce_lookback"},
             .scratch = S_LOOKBACK2, .launch = launch_segmented_reduce, .result = R_SEGMENTS, .warp_scan = 1,
             .items_gpu = 32, .compact = "seg_reduce_compact")},
  {.name = "segmented_reduce_scan", .answer = "segmented_reduce",
   .desc = "The same as the lecture builds it: segmented scan, a scan of the heads for segment indices, each segment's last",
   .nin = 2, .types = I32S, .in_desc = "[n]t [n]bool", .out_desc = "[m]t", .work = "O(n)", .span = "O(log n)",
   .bytes_desc = "n sizeof(t) + n + m sizeof(t)", .bytes = seg_bytes, .impl = IMPLS, .vtypes = 1u << DATA_BOOL, .vinputs = 2u,
   .max_n = (uint64_t)UINT32_MAX + 1, .max_why = "2^32: the segment indices, a scan of the heads, are of the element type",
   .aux = OP(.ref = cost_ref_segmented_reduce, .par = cost_mc_segmented_reduce, .kernels = {"seg_scan_lookback", "seg_heads", "scan_lookback", "seg_last"},
             .scratch = S_LOOKBACK | S_TMP | S_TMP2 | S_PART_N, .launch = launch_segmented_reduce_lecture,
             .result = R_SEGMENTS, .ticket = 1)},
  {.name = NULL},
};
