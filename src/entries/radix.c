/*
** radix.c: the sorting family: `radix_sort_1bit` (the lecture's radix sort,
** one stable split per key bit, cl/radix1.cl), `radix_sort` (8-bit digits
** in the Onesweep structure, cl/onesweep.cl), `sorted` (the engine's sort, the same
** code as radix_sort), `argsort` (the positions in stable sorted order, as
** i64: the Onesweep passes carrying each key's position) and
** `radix_sort_pairs` (keys of every type with values of another, of 4 or 8
** bytes: the passes carrying the values). The c backend of the sorts is
** sort_values, the sequential stable radix sort (src/core/sort.c); their multicore backend is psort (sort_values on the
** pool's workers, with its scratch allocated in prepare), whose result is
** sort_values's bit for bit. The c and multicore backends of argsort and
** radix_sort_pairs are argsort_ref, sequential.
**
** Order: integers numerically, floats in IEEE total order (-NaN first, then
** -inf ... -0, +0 ... +inf, +NaN last), bools false first; all stable.
*/
#include "radix.h"

#include "hook.h"
#include "lookback.h"
#include "psort.h"
#include "sort.h"

#include <stdlib.h>
#include <string.h>

#define RADIX 256
/* Onesweep's tile shapes, work-items a group (at least one per digit,
** cl/onesweep.cl) x keys a work-item, by the fastest shape measured on the
** H100 at [33554431] keys (docs/performance.md, Sorts): with the PTX path,
** by key width and whether values travel with the keys; without it, the
** shape other devices get. Each is capped by the device's local memory
** (os_choose). OS_BOUND_PTX*: the groups an SM whose registers ptxas must
** fit os_pass in (ptx.h), 0 for none. */
#define OS_WG 256
#define OS_ITEMS 16
#define OS_WG_PTX 384       /* keys of up to 4 bytes */
#define OS_ITEMS_PTX 19
#define OS_ITEMS_PTX_SHORT 24 /* keys of 1 and 2 bytes */
#define OS_BOUND_PTX 3
#define OS_WG_PTX_ARG 512   /* keys of up to 4 bytes with values */
#define OS_ITEMS_PTX_ARG 18
#define OS_BOUND_PTX_ARG 2
#define OS_WG_PTX_WIDE 512  /* 8-byte keys */
#define OS_ITEMS_PTX_WIDE 9
#define OS_ITEMS_PTX_WIDE_ARG 20 /* 8-byte keys with values, at OS_WG */
/* os_pass's local memory besides the tile, bytes, for wg work-items: the
** warps' counters (of cb bytes: 2 with the PTX path, else 4), the group
** scan's sw words (a warp's or a work-item's), the digits' starts and bases,
** and 1 KiB to spare */
#define OS_LOCAL_REST(wg, cb, sw) ((wg) / 32 * RADIX * (cb) + ((sw) + 2 * RADIX) * 4 + 1024)
#define OS_GROUPS_PER_CU 8 /* os_hist's groups a compute unit */
#define OS_LBN 4           /* look-back words read at once: 4, 8 or 16 */
#define OS_HWG 256         /* os_hist's work-items a group */
#define OS_HVEC 4          /* os_hist's keys a load: 1, 2 or 4 */
#define OS_HPARTS 1        /* os_hist's copies of its local counts: 1, 2, 4 or 8 */
#define OS_PEERS_HOT_PTX 1 /* in a hot pass the atomic-OR ranking's digits matched by ballots first, with
                           ** PTX: 0, 1 or 2 (docs/performance.md, Sorts); without PTX 0 */
#define OS_HITEMS_GPU 2    /* os_hist's loads a work-item in flight on GPUs (CPUs: 1) */

/* The tuning parameters of the Onesweep sorts (tune.h); os_choose reads them
** with each one's default for the device. */
static const struct tune_param sort_params[] = {
  ENTRY_PARAM_PTX,
  {"sort_wg", RADIX, 1024, "os_pass's work-items a group, a multiple of 32 (default by key width and values)"},
  {"sort_items", 1, 32, "os_pass's keys a work-item (default by key width and values, within local memory)"},
  {"sort_hist_wg", 32, 1024, "os_hist's work-items a group, a multiple of 32 (default 256)"},
  {"sort_hist_items", 1, 16, "os_hist's loads a work-item keeps in flight (default 2 on GPUs, 1 on CPUs)"},
  {"sort_hist_vec", 1, 4, "os_hist's keys a load: 1, 2 or 4, 3 taken as 4 (default 4)"},
  {"sort_skip_constant", 0, 1, "a pass whose digit is constant copies its tiles, two in a row do nothing (default 1; "
                               "0: every pass ranks)"},
  {"sort_hist_parts", 1, 8, "copies of os_hist's local counts, against one hot digit's atomics: 1, 2, 4 or 8, "
                            "rounded down, within local memory (default 1)"},
  {"sort_lookback_words", 4, 16, "look-back words a tile reads at once: 4, 8 or 16, rounded up (default 4)"},
  {"sort_lb32", 0, 1, "32-bit look-back words, a set a pass, below 2^30 keys (default: with PTX)"},
  {"sort_wide", 0, 1, "64-bit digit totals, offsets, look-back prefixes and places (default: from 2^32 keys)"},
  {"sort_gid", 0, 1, "a tile is its group's id rather than an atomic ticket's (default: with PTX)"},
  {"sort_scan_group", 0, 1, "os_pass's first group scans the digit totals, not os_scan (default: with PTX)"},
  {"sort_vshare", 0, 1, "values through the keys' local memory, loaded late (default: with PTX, keys of <= 4 bytes)"},
  {"sort_packed_ranks", 0, 1, "os_pass's ranks two to a register (default: with PTX, keys of <= 4 bytes)"},
  {"sort_peers_or", 0, 1, "a key's warp peers by atomic OR in local memory (default: GPUs without PTX; with PTX "
                          "keys of <= 4 bytes, 4 bytes with values)"},
  {"sort_peers_hot", 0, 2, "with sort_peers_or, in a pass where one digit holds over 1/8 of the keys: the warp's "
                           "first 0, 1 or 2 digits matched by a ballot each, not by atomics (default: 1 with PTX)"},
  {NULL, 0, 0, NULL}};

enum rkind { SORTED, RADIX8, RADIX1, ARGSORT, PAIRS };

/* Each entry's row carries its kind (entry.aux). */
static enum rkind kind_of(const struct entry_job *j) { return *(const enum rkind *)j->entry->aux; }

/* The bytes of the value each key carries through the passes: radix_sort_pairs'
** values (4 or 8: PAIR_VALUE_TYPES), argsort's 32-bit positions; 0 for keys alone. */
static size_t value_bytes(const struct entry_job *j)
{
  return kind_of(j) == PAIRS ? data_type_size(j->in[1].type) : kind_of(j) == ARGSORT ? 4 : 0;
}

/* ============================== c backend ================================ */

/* radix_sort_pairs: as many values as keys. 0, or -1 with e set. */
static int pairs_check(const struct entry_job *j, struct ps_err *e)
{
  if (data_value_count(&j->in[1]) != data_value_count(&j->in[0]))
    return ps_fail(e, "%s: %lld keys but %lld values", j->entry->name, (long long)data_value_count(&j->in[0]),
                   (long long)data_value_count(&j->in[1]));
  return 0;
}

static int c_prepare(struct entry_job *j, struct ps_err *e)
{
  j->nout = 1;
  if (kind_of(j) == PAIRS) {
    if (pairs_check(j, e) != 0)
      return -1;
    j->nout = 2;
    if (entry_out_init(j, 1, j->in[1].type, 1, j->in[1].shape, e) != 0)
      return -1;
  }
  return entry_out_init(j, 0, kind_of(j) == ARGSORT ? DATA_I64 : j->in[0].type, 1, j->in[0].shape, e);
}

/* The bits of an element of type t at p, mapped so that unsigned order is the
** element order (sort.h's: signed by the top bit flipped, floats in IEEE total
** order). */
static uint64_t ordered_bits(const unsigned char *p, size_t sz, enum data_type t)
{
  uint64_t x = 0, top = (uint64_t)1 << (sz * 8 - 1), mask = sz == 8 ? UINT64_MAX : (top << 1) - 1;
  memcpy(&x, p, sz);
  if (data_type_is_float(t))
    return (x & top) ? (~x & mask) : (x | top);
  return data_type_is_signed(t) ? x ^ top : x;
}

/* The reference of argsort and radix_sort_pairs: the positions 0..n-1
** sorted stably by their elements' ordered bits, by LSD counting sort a byte
** a pass, each position moved with its key (so that a pass reads both in
** order, not the keys by position); argsort writes them as i64,
** radix_sort_pairs gathers the keys and values by them. */
static int argsort_ref(struct entry_job *j, struct ps_err *e)
{
  size_t n = (size_t)data_value_count(&j->in[0]), sz = data_type_size(j->in[0].type), cnt[256];
  const unsigned char *x = j->in[0].elems;
  uint64_t *key = malloc(n ? n * sizeof *key : 1), *key2 = malloc(n ? n * sizeof *key2 : 1), *kswap;
  uint32_t *a = malloc(n ? n * sizeof *a : 1), *b = malloc(n ? n * sizeof *b : 1), *swap;
  int64_t *out = j->out[0].elems;
  int rc = -1;
  if (key == NULL || key2 == NULL || a == NULL || b == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  for (size_t i = 0; i < n; i++) {
    key[i] = ordered_bits(x + i * sz, sz, j->in[0].type);
    a[i] = (uint32_t)i;
  }
  for (unsigned byte = 0; byte < sz; byte++) {
    size_t sum = 0;
    memset(cnt, 0, sizeof cnt);
    for (size_t i = 0; i < n; i++)
      cnt[(key[i] >> (8 * byte)) & 255]++;
    for (int d = 0; d < 256; d++) {
      size_t c = cnt[d];
      cnt[d] = sum;
      sum += c;
    }
    for (size_t i = 0; i < n; i++) {
      size_t to = cnt[(key[i] >> (8 * byte)) & 255]++;
      b[to] = a[i];
      key2[to] = key[i];
    }
    swap = a;
    a = b;
    b = swap;
    kswap = key;
    key = key2;
    key2 = kswap;
  }
  if (kind_of(j) == PAIRS) {
    size_t vz = data_type_size(j->in[1].type);
    for (size_t i = 0; i < n; i++) {
      memcpy((unsigned char *)j->out[0].elems + i * sz, x + (size_t)a[i] * sz, sz);
      memcpy((unsigned char *)j->out[1].elems + i * vz, (const unsigned char *)j->in[1].elems + (size_t)a[i] * vz, vz);
    }
  } else {
    for (size_t i = 0; i < n; i++)
      out[i] = a[i];
  }
  rc = 0;
done:
  free(key);
  free(key2);
  free(a);
  free(b);
  return rc;
}

static int c_run(struct entry_job *j, struct ps_err *e)
{
  size_t b = entry_value_bytes(&j->in[0]);
  if (kind_of(j) == ARGSORT || kind_of(j) == PAIRS)
    return argsort_ref(j, e);
  if (b > 0)
    memcpy(j->out[0].elems, j->in[0].elems, b);
  return sort_values(j->out[0].elems, (size_t)data_value_count(&j->in[0]), j->in[0].type, 1, e);
}

static int c_result(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  (void)e;
  return 0;
}

/* ========================== multicore backend ============================ */

/* The output, and the sort's scratch in j->state (a struct psort). */
static int mc_prepare(struct entry_job *j, struct ps_err *e)
{
  if (c_prepare(j, e) != 0)
    return -1;
  j->state = psort_open(j->pool, (size_t)data_value_count(&j->in[0]), j->in[0].type, e);
  return j->state == NULL ? -1 : 0;
}

/* The input sorted straight into the output: the first pass reads the input. */
static int mc_run(struct entry_job *j, struct ps_err *e)
{
  return psort_run(j->state, j->pool, j->in[0].elems, j->out[0].elems,
                   (size_t)data_value_count(&j->in[0]), e);
}

static void mc_release(struct entry_job *j)
{
  psort_close(j->state);
  j->state = NULL;
}

/* ============================ opencl backend ============================= */

struct rstate {
  cl_mem in, out, tmp, counts, tot;
  cl_mem in2;          /* radix_sort_pairs: the values */
  cl_mem vals[2], res; /* argsort, pairs: the values between passes (value_bytes
                       ** each); the result (argsort: i64 positions; pairs: the values) */
  struct lookback lb;     /* 8-bit: look-back words (tiles x RADIX), ticket, epochs */
  cl_kernel k[4];  /* argsort: k[3] is its last pass; else NULL */
  uint64_t n;
  unsigned passes; /* key bytes (8-bit) or bits (1-bit) */
  size_t wg;       /* the work-group size (8-bit: os_pass's and the others') */
  uint32_t items;  /* elements per work-item of an 8-bit tile */
  uint32_t groups; /* os_hist's work-groups (8-bit), or blocks (1-bit) */
  size_t hwg;      /* 8-bit: os_hist's work-group size */
  uint32_t ntiles; /* 8-bit: tiles of a pass */
  uint64_t clear;  /* 8-bit with 32-bit look-back words: the words os_hist zeroes */
  size_t cz;       /* 8-bit: bytes of a digit total, an offset and os_hist's flag words (4, or 8: wide) */
  int scang;       /* 8-bit: os_pass's first group scans the totals, not os_scan (scan_group) */
  int stale;       /* 8-bit: the cleared words made stale before each sort (PSEARCH_TEST_LOOKBACK_STALE) */
};

static void release(struct entry_job *j)
{
  struct rstate *s = j->state;
  if (j->backend == BACKEND_C || s == NULL)
    return;
  rt_release(j->rt, s->in);
  rt_release(j->rt, s->out);
  rt_release(j->rt, s->tmp);
  rt_release(j->rt, s->counts);
  rt_release(j->rt, s->tot);
  rt_release(j->rt, s->in2);
  rt_release(j->rt, s->vals[0]);
  rt_release(j->rt, s->vals[1]);
  rt_release(j->rt, s->res);
  lookback_close(j->rt, &s->lb);
  free(s);
  j->state = NULL;
}

static int kernels(struct entry_job *j, struct rstate *s, const char *file, const char *extra,
                   const char *const names[3], struct ps_err *e)
{
  char opts[512];
  entry_type_options(j->in[0].type, extra, opts, sizeof opts);
  for (int i = 0; i < 3; i++)
    if ((s->k[i] = rt_kernel(j->rt, file, names[i], opts, e)) == NULL)
      return -1;
  return 0;
}

/* What one Onesweep job runs: its tuning parameters (sort_params), each with
** its default for the device, the key type t and the bytes of the value each
** key carries (vz: 0 for keys alone, 4 or 8: value_bytes). */
struct os_choice {
  int ptx;       /* NVIDIA's inline PTX (-DNV_PTX) */
  int peers_or;  /* a key's warp peers by atomic OR (-DPEERS_OR), else by ballots or compares */
  int peers_hot; /* with peers_or: the warp's first digits matched by ballots (-DPEERS_HOT) */
  int warp_scan; /* with PTX: the group scan by the warps' shuffles, else Hillis-Steele (-DHS_SCAN) */
  int gid;       /* a tile is its group's id (-DGID), else an atomic ticket's */
  int scang;     /* os_pass's first group scans the totals (-DSCANG), else os_scan */
  int vshare;    /* values through the keys' local memory (-DVSHARE) */
  int packr;     /* ranks two to a register (-DPACKR) */
  int lb32;      /* 32-bit look-back words, a set a pass (-DLB32), else 64-bit with epochs */
  int wide;      /* 64-bit totals, offsets and look-back prefixes (-DWIDE; 2^32 keys or more) */
  int lbn;       /* look-back words read at once: 4, 8 or 16 */
  int hitems;    /* os_hist's loads in flight */
  int hvec;      /* os_hist's keys a load: 1, 2 or 4 */
  int hparts;    /* os_hist's copies of its counts: 1, 2, 4 or 8 */
  int skip;      /* constant passes copy or do nothing, else rank (-DRANK_ALL) */
  int bound;     /* PTX launch bounds: groups an SM (ptx.h); 0 none */
  size_t wg;     /* os_pass's work-items a group */
  uint32_t items; /* os_pass's keys a work-item */
  size_t hwg;    /* os_hist's work-items a group */
};

/* The tile's shape: the default for the key width (narrow: up to 4 bytes)
** and whether values travel, then capped so that the tile (a slot a key: the
** key and its value of vz bytes, or with vshare the wider of the two) and the
** rest of os_pass's local memory (OS_LOCAL_REST) fit the device's; so 8-byte
** values make the tile smaller where local memory bounds it. */
static void os_shape(struct entry_job *j, const struct rt_device_info *info, enum data_type t, size_t vz,
                     struct os_choice *c)
{
  int narrow = data_type_size(t) <= 4, arg = vz != 0;
  size_t kz = data_type_size(t);
  uint64_t per, rest, cap;
  uint32_t want = !c->ptx   ? OS_ITEMS
                  : narrow ? (arg ? OS_ITEMS_PTX_ARG : data_type_size(t) <= 2 ? OS_ITEMS_PTX_SHORT : OS_ITEMS_PTX)
                           : (arg ? OS_ITEMS_PTX_WIDE_ARG : OS_ITEMS_PTX_WIDE);
  size_t dwg = !c->ptx ? OS_WG : narrow ? (arg ? OS_WG_PTX_ARG : OS_WG_PTX) : (arg ? OS_WG : OS_WG_PTX_WIDE);
  c->wg = (size_t)entry_param(j, "sort_wg", (int64_t)dwg) / 32 * 32;
  if (c->wg > info->max_wg && info->max_wg >= RADIX) /* never below one work-item a digit (os_prepare) */
    c->wg = info->max_wg / 32 * 32;
  per = (uint64_t)c->wg * (!arg ? kz : c->vshare ? (kz > vz ? kz : vz) : kz + vz); /* a tile slot */
  /* match_any's words (peers_or): in the tile's memory on the PTX path with keys of 4 bytes or more */
  rest = OS_LOCAL_REST(c->wg, c->ptx ? 2 : 4, c->warp_scan ? c->wg / 32 : c->wg) + (c->wide ? RADIX * 4 : 0) +
         (c->peers_or && !(c->ptx && data_type_size(t) >= 4) ? c->wg / 32 * RADIX * 4 : 0);
  cap = info->local_mem > rest + per ? (info->local_mem - rest) / per : 1;
  c->items = (uint32_t)entry_param(j, "sort_items", want < cap ? want : (uint32_t)cap);
}

/* Every choice of a job over n keys. With PTX (the H100's measurements,
** docs/performance.md, Sorts): tiles by group id (NVIDIA starts groups in
** order of id, as CUB's scan assumes), the scan group, 32-bit look-back
** words, and for keys of up to 4 bytes packed ranks, the values in the keys'
** memory and the atomic-OR ranking (with values only for 4-byte keys); the
** warps' scan but for wider keys with values. Without PTX, the portable
** kernels, with the atomic-OR ranking on GPUs (not on CPUs, where 32
** compares are faster). */
static void os_choose(struct entry_job *j, enum data_type t, size_t vz, uint64_t n, struct os_choice *c)
{
  const struct rt_device_info *info = rt_info(j->rt);
  int narrow = data_type_size(t) <= 4, arg = vz != 0;
  c->ptx = entry_use_ptx(j);
  c->peers_or = (int)entry_param(j, "sort_peers_or", c->ptx ? (arg ? data_type_size(t) == 4 : narrow) : info->is_gpu);
  c->peers_hot = (int)entry_param(j, "sort_peers_hot", c->ptx ? OS_PEERS_HOT_PTX : 0);
  c->warp_scan = c->ptx && (!arg || data_type_size(t) == 4);
  c->gid = (int)entry_param(j, "sort_gid", c->ptx);
  c->scang = (int)entry_param(j, "sort_scan_group", c->ptx);
  c->vshare = arg && entry_param(j, "sort_vshare", c->ptx && narrow);
  c->packr = (int)entry_param(j, "sort_packed_ranks", c->ptx && narrow);
  c->wide = (int)entry_param(j, "sort_wide", n > UINT32_MAX);
  c->lb32 = entry_param(j, "sort_lb32", c->ptx) && n < ((uint64_t)1 << 30) && !c->wide;
  c->lbn = (int)entry_param(j, "sort_lookback_words", OS_LBN);
  c->lbn = c->lbn > 8 ? 16 : c->lbn > 4 ? 8 : 4;
  c->hitems = (int)entry_param(j, "sort_hist_items", info->is_gpu ? OS_HITEMS_GPU : 1);
  c->hvec = (int)entry_param(j, "sort_hist_vec", OS_HVEC);
  c->hvec = c->hvec > 2 ? 4 : c->hvec;
  c->skip = (int)entry_param(j, "sort_skip_constant", 1);
  c->hparts = (int)entry_param(j, "sort_hist_parts", OS_HPARTS);
  c->hparts = c->hparts >= 8 ? 8 : c->hparts >= 4 ? 4 : c->hparts >= 2 ? 2 : 1;
  while (c->hparts > 1 && (uint64_t)c->hparts * data_type_size(t) * RADIX * 4 + 1024 > info->local_mem)
    c->hparts /= 2;
  c->bound = !c->ptx || !narrow ? 0 : arg ? OS_BOUND_PTX_ARG : OS_BOUND_PTX;
  c->hwg = (size_t)entry_param(j, "sort_hist_wg", OS_HWG) / 32 * 32;
  if (c->hwg > info->max_wg)
    c->hwg = info->max_wg;
  os_shape(j, info, t, vz, c);
}

/* Words of the digit totals (s->counts): PASSES * RADIX totals, then the
** scan group's flag, os_hist's count of finished groups and the mask of
** constant passes (cl/onesweep.cl). The offsets (s->tot) are as many as the
** totals. */
static size_t offset_words(const struct rstate *s) { return (size_t)s->passes * RADIX; }
static size_t count_words(const struct rstate *s) { return offset_words(s) + 3; }

/* os_pass's build options for the choices c and values of vz bytes (V, the
** values' carrier in cl/onesweep.cl: uint unless -DV=ulong; the type's
** options are added by kernels). */
static void os_options(const struct os_choice *c, const struct rstate *s, enum data_type t, size_t vz, char *buf,
                       size_t len)
{
  char bounds[40] = "", hot[24] = "";
  if (c->peers_or && c->peers_hot > 0)
    snprintf(hot, sizeof hot, " -DPEERS_HOT=%d", c->peers_hot);
  if (c->bound > 0)
    snprintf(bounds, sizeof bounds, " -DPS_MIN_GROUPS_PER_CU=%d", c->bound);
  snprintf(buf, len,
           "-DWG=%zu -DITEMS=%u -DPASSES=%u -DLBN=%d -DHWG=%zu -DHVEC=%d -DHITEMS=%d -DHPARTS=%d"
           "%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s",
           c->wg, (unsigned)c->items, s->passes, c->lbn, c->hwg, c->hvec, c->hitems, c->hparts,
           c->skip ? "" : " -DRANK_ALL",
           c->peers_or ? " -DPEERS_OR" : "", c->lb32 ? " -DLB32" : "", c->wide ? " -DWIDE" : "",
           data_type_is_float(t) ? " -DFLOATKEY" : "",
           c->ptx ? " -DNV_PTX" : "", hook_lookback_counts() ? " -DLB_COUNTS_ONLY" : "",
           vz == 8 ? " -DVALUES -DV=ulong -DVOUT=ulong" : vz ? " -DVALUES -DVOUT=uint" : "",
           c->ptx && !c->warp_scan ? " -DHS_SCAN" : "",
           c->vshare ? " -DVSHARE" : "", c->packr ? " -DPACKR" : "", c->gid ? " -DGID" : "",
           s->scang ? " -DSCANG" : "", bounds, hot);
}

/* Onesweep's buffers and kernels: os_hist's digit totals (passes x RADIX
** counts, then the word the scan group sets) and the digit offsets; one
** look-back word per tile and digit (zero: not ready) and the ticket. With
** 32-bit words each pass has its own (os_hist clears them); with 64-bit
** words an epoch marks the launch, and one set serves every pass
** (cl/onesweep.cl). */
static int os_prepare(struct entry_job *j, struct rstate *s, struct ps_err *e)
{
  const struct rt_device_info *info = rt_info(j->rt);
  enum data_type t = j->in[0].type;
  size_t vz = value_bytes(j);
  uint64_t tile, want = (uint64_t)(info->compute_units ? info->compute_units : 1) * OS_GROUPS_PER_CU;
  struct os_choice c;
  size_t words, vbytes = (size_t)(s->n ? s->n : 1) * vz;
  char extra[340], last[360], opts[620];
  os_choose(j, t, vz, s->n, &c);
  if (c.wide && !info->int64_atomics)
    return ps_fail(e, "%s of %llu keys needs 64-bit atomics (cl_khr_int64_base_atomics), which the device lacks",
                   j->entry->name, (unsigned long long)s->n);
  if (info->max_wg < c.wg)
    return ps_fail(e, "%s needs work-groups of %zu work-items; the device allows %zu", j->entry->name, c.wg,
                   info->max_wg);
  s->wg = c.wg;
  s->items = c.items;
  s->hwg = c.hwg;
  s->passes = (unsigned)data_type_size(t);
  tile = (uint64_t)s->wg * s->items;
  s->ntiles = (uint32_t)((s->n + tile - 1) / tile);
  s->scang = c.scang;
  s->cz = c.wide ? 8 : 4;
  if (want <= s->n >> 31) /* os_hist's local counts are 32-bit: under 2^31 keys a group */
    want = (s->n >> 31) + 1;
  s->groups = (uint32_t)(s->ntiles < want ? (s->ntiles ? s->ntiles : 1) : want);
  words = c.lb32 ? (size_t)s->passes * s->ntiles * RADIX : ((size_t)s->ntiles + 1) * RADIX * 2;
  s->clear = c.lb32 ? words : 0;
  s->stale = s->clear != 0 && hook_lookback_stale();
  if ((s->counts = rt_alloc(j->rt, count_words(s) * s->cz, e)) == NULL ||
      rt_zero(j->rt, s->counts, 0, count_words(s) * s->cz, e) != 0 ||
      (s->tot = rt_alloc(j->rt, offset_words(s) * s->cz, e)) == NULL ||
      lookback_open(j->rt, &s->lb, s->ntiles + (s->scang != 0), (words ? words : 1) * sizeof(cl_uint), e) != 0)
    return -1;
  os_options(&c, s, t, vz, extra, sizeof extra);
  if (kernels(j, s, "onesweep.cl", extra, (const char *const[]){"os_hist", "os_scan", "os_pass"}, e) != 0)
    return -1;
  if (vz == 0)
    return 0;
  /* the values between passes, the result; argsort: its last pass, i64 */
  if ((s->vals[0] = rt_alloc(j->rt, vbytes, e)) == NULL || (s->vals[1] = rt_alloc(j->rt, vbytes, e)) == NULL ||
      (s->res = rt_alloc(j->rt, (kind_of(j) == ARGSORT ? 2 : 1) * vbytes, e)) == NULL)
    return -1;
  if (kind_of(j) == PAIRS)
    return 0;
  snprintf(last, sizeof last, "%s -DLAST", extra);
  memcpy(strstr(last, "-DVOUT=uint"), "-DVOUT=long", 11);
  entry_type_options(t, last, opts, sizeof opts);
  return (s->k[3] = rt_kernel(j->rt, "onesweep.cl", "os_pass", opts, e)) == NULL ? -1 : 0;
}

static int cl_prepare(struct entry_job *j, struct ps_err *e)
{
  struct rstate *s = calloc(1, sizeof *s);
  enum data_type t = j->in[0].type;
  size_t bytes = entry_value_bytes(&j->in[0]), sz = data_type_size(t);
  const struct rt_device_info *info = rt_info(j->rt);
  char extra[128];
  j->state = s;
  if (s == NULL)
    return ps_fail(e, "out of memory");
  s->n = data_value_count(&j->in[0]); /* within max_n (SORT_WIDE_MAX_N and the others): entry_prepare */
  s->in = rt_alloc(j->rt, bytes ? bytes : 4, e);
  if (s->in == NULL || rt_upload(j->rt, s->in, j->in[0].elems, bytes, e) != 0)
    return -1;
  if (kind_of(j) == PAIRS) { /* the values, checked as the reference checks them */
    size_t vb = entry_value_bytes(&j->in[1]);
    if (pairs_check(j, e) != 0 || (s->in2 = rt_alloc(j->rt, vb ? vb : 4, e)) == NULL ||
        rt_upload(j->rt, s->in2, j->in[1].elems, vb, e) != 0)
      return -1;
  }
  if ((s->out = rt_alloc(j->rt, bytes ? bytes : 4, e)) == NULL ||
      (s->tmp = rt_alloc(j->rt, bytes ? bytes : 4, e)) == NULL)
    return -1;
  if (kind_of(j) == RADIX1) {
    s->wg = info->max_wg >= 256 ? 256 : info->max_wg;
    s->passes = (unsigned)sz * 8;
    s->groups = (uint32_t)((s->n + s->wg - 1) / s->wg);
    if ((s->counts = rt_alloc(j->rt, ((size_t)s->groups + 1) * sizeof(cl_uint), e)) == NULL)
      return -1;
    snprintf(extra, sizeof extra, "-DWG=%zu%s", s->wg, data_type_is_float(t) ? " -DFLOATKEY" : "");
    return kernels(j, s, "radix1.cl", extra, (const char *const[]){"count", "scan", "scatter"}, e);
  }
  return os_prepare(j, s, e);
}

/* The value arguments of pass p: the values it reads (in the first pass the
** pairs' values, or none for argsort: iota makes the positions), where it
** writes them (the result in the last). */
static int argsort_args(struct entry_job *j, struct rstate *s, cl_kernel k, unsigned p, int last, cl_uint iota,
                        struct ps_err *e)
{
  cl_mem vin = p == 0 && s->in2 != NULL ? s->in2 : s->vals[(p + 1) % 2], vout = last ? s->res : s->vals[p % 2];
  return rt_args_at(j->rt, k, 11, sizeof vin, &vin, e) != 0 || rt_args_at(j->rt, k, 12, sizeof vout, &vout, e) != 0 ||
         rt_args_at(j->rt, k, 13, sizeof iota, &iota, e) != 0 ? -1 : 0;
}

/* PSEARCH_TEST_LOOKBACK_STALE: words [from, to) of the digit totals (and,
** at offset_words, the scan group's flag), read back (blocking), must be
** zero: the totals before os_hist, which the sort before must have left
** zeroed, and the flag after os_hist, which zeroes it. Otherwise a sort that
** left them set would go unseen where every run sorts the same keys. */
static int counts_zero(struct entry_job *j, struct rstate *s, size_t from, size_t to, struct ps_err *e)
{
  size_t words = count_words(s);
  unsigned char *h = malloc(words * s->cz);
  int rc = -1;
  if (h == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  if (rt_download(j->rt, s->counts, h, words * s->cz, e) != 0)
    goto done;
  for (size_t i = from; i < to; i++) {
    uint64_t w = 0;
    memcpy(&w, h + i * s->cz, s->cz); /* (little-endian hosts and devices) */
    if (w != 0) {
      ps_fail(e, "%s word %zu is %llu, not 0",
              i < offset_words(s) ? "the sort before left digit total" : "os_hist left the scan group's flag", i,
              (unsigned long long)w);
      goto done;
    }
  }
  rc = 0;
done:
  free(h);
  return rc;
}

/* One launch counts the digits of every pass (and clears 32-bit look-back
** words), one scans them (or the first pass's first group does: scan_group),
** then one launch per pass, buffers swapping as in run_1bit. Nothing is
** filled: the digit totals, zeroed at prepare, are zeroed again by what
** scans them (a fill before os_hist costs a command and its gap:
** docs/performance.md, Sorts). So a run that fails midway leaves them counted: the
** job must not run again (a failed run ends its measurement). The ticket
** (and 64-bit look-back words) are cleared only when the epochs or the
** ticket would run out. With PSEARCH_TEST_LOOKBACK_STALE the words os_hist
** clears are first made ready prefixes of 0 (cl/onesweep.cl: flag 2 << 30 |
** 0), which keep every write in bounds but lose keys; with the scan group,
** the offsets are zeroed as well, which tiles that did not wait for its flag
** would read. */
static int run_onesweep(struct entry_job *j, struct rstate *s, struct ps_err *e)
{
  cl_ulong n = s->n, clear = s->clear;
  cl_uint g = s->groups;
  size_t flag = offset_words(s);
  if (s->stale && counts_zero(j, s, 0, flag, e) != 0)
    return -1;
  if ((s->stale && rt_fill(j->rt, s->lb.status, 0, (size_t)clear * sizeof(cl_uint), 0x80000000u, e) != 0) ||
      (s->stale && s->scang && rt_zero(j->rt, s->tot, 0, offset_words(s) * s->cz, e) != 0) ||
      RT_ARGS(j->rt, s->k[0], e, RT_ARG(s->in), RT_ARG(n), RT_ARG(s->counts), RT_ARG(s->lb.status),
              RT_ARG(clear)) != 0 ||
      rt_launch(j->rt, s->k[0], (size_t)g * s->hwg, s->hwg, e) != 0 ||
      (s->stale && s->scang && counts_zero(j, s, flag, flag + 1, e) != 0) ||
      (!s->scang && (RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->counts), RT_ARG(s->tot)) != 0 ||
                     rt_launch(j->rt, s->k[1], (size_t)s->passes * s->wg, s->wg, e) != 0)))
    return -1;
  for (unsigned p = 0; p < s->passes; p++) {
    cl_mem src = p == 0 ? s->in : (s->passes - p) % 2 ? s->tmp : s->out;
    cl_mem dst = (s->passes - p) % 2 ? s->out : s->tmp;
    cl_uint shift = 8 * p, base, epoch, iota = p == 0 && s->in2 == NULL, first = p == 0;
    int last = p + 1 == s->passes;
    cl_kernel k = s->k[3] != NULL && last ? s->k[3] : s->k[2];
    if (lookback_next(j->rt, &s->lb, &base, &epoch, e) != 0 ||
        RT_ARGS(j->rt, k, e, RT_ARG(src), RT_ARG(dst), RT_ARG(n), RT_ARG(shift), RT_ARG(s->tot),
                RT_ARG(s->lb.status), RT_ARG(s->lb.ticket), RT_ARG(base), RT_ARG(epoch), RT_ARG(s->counts),
                RT_ARG(first)) != 0 ||
        (s->res != NULL && argsort_args(j, s, k, p, last, iota, e) != 0) ||
        rt_launch(j->rt, k, ((size_t)s->ntiles + (s->scang != 0)) * s->wg, s->wg, e) != 0)
      return -1;
  }
  return 0;
}

/* One stable split per key bit; src and dst swap each pass, the first
** reading the input and the last writing out. */
static int run_1bit(struct entry_job *j, struct rstate *s, struct ps_err *e)
{
  cl_ulong n = s->n;
  cl_uint nb = s->groups;
  for (cl_uint bit = 0; bit < s->passes; bit++) {
    cl_mem src = bit == 0 ? s->in : (s->passes - bit) % 2 ? s->tmp : s->out;
    cl_mem dst = (s->passes - bit) % 2 ? s->out : s->tmp;
    if (RT_ARGS(j->rt, s->k[0], e, RT_ARG(src), RT_ARG(s->counts), RT_ARG(n), RT_ARG(bit)) != 0 ||
        rt_launch(j->rt, s->k[0], (size_t)n, s->wg, e) != 0 ||
        RT_ARGS(j->rt, s->k[1], e, RT_ARG(s->counts), RT_ARG(nb)) != 0 ||
        rt_launch(j->rt, s->k[1], s->wg, s->wg, e) != 0 ||
        RT_ARGS(j->rt, s->k[2], e, RT_ARG(src), RT_ARG(dst), RT_ARG(s->counts), RT_ARG(n), RT_ARG(bit), RT_ARG(nb)) != 0 ||
        rt_launch(j->rt, s->k[2], (size_t)n, s->wg, e) != 0)
      return -1;
  }
  return 0;
}

static int cl_run(struct entry_job *j, struct ps_err *e)
{
  struct rstate *s = j->state;
  if (s->n == 0)
    return 0;
  return kind_of(j) == RADIX1 ? run_1bit(j, s, e) : run_onesweep(j, s, e);
}

static int cl_result(struct entry_job *j, struct ps_err *e)
{
  struct rstate *s = j->state;
  if (c_prepare(j, e) != 0)
    return -1;
  if (kind_of(j) == PAIRS)
    return entry_download(j, 0, s->out, entry_value_bytes(&j->out[0]), e) != 0 ||
                   entry_download(j, 1, s->res, entry_value_bytes(&j->out[1]), e) != 0 ? -1 : 0;
  return entry_download(j, 0, s->res != NULL ? s->res : s->out, entry_value_bytes(&j->out[0]), e);
}

/* ================================ Registry ============================= */

#define SORT_TYPES ((1u << DATA_NTYPES) - 1)
/* radix_sort_pairs' values (v): the types of 4 and 8 bytes, carried as their bits
** (value_bytes) */
#define PAIR_VALUE_TYPES                                                                                  \
  ((1u << DATA_I32) | (1u << DATA_U32) | (1u << DATA_F32) | (1u << DATA_I64) | (1u << DATA_U64) | \
   (1u << DATA_F64))
/* The sorts' elements at most. radix_sort and sorted: Onesweep's look-back
** words hold counts of 38 bits with sort_wide (cl/onesweep.cl). argsort and
** radix_sort_pairs: the positions their reference sorts (argsort_ref) and
** argsort carries are 32-bit; the 1-bit sort's block offsets (cl/radix1.cl)
** too. */
#define SORT_WIDE_MAX_N .max_n = ((uint64_t)1 << 38) - 1, .max_why = "2^38 - 1: the look-back words' counts are 38-bit"
#define SORT_POS_MAX_N .max_n = UINT32_MAX, .max_why = "2^32 - 1: the positions are 32-bit"
#define SORT_1BIT_MAX_N .max_n = UINT32_MAX, .max_why = "2^32 - 1: the block offsets are 32-bit"
#define IMPLS                                                                   \
  {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release}, \
   {mc_prepare, mc_run, c_result, mc_release}}

/* The least any sort moves: the keys read once and written once (Onesweep moves
** that per 8-bit pass, plus one read for all its digit counts). */
static uint64_t sort_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }
/* argsort: the keys read once, the positions written once. */
static uint64_t argsort_bytes(uint64_t n, size_t elem) { return n * elem + 8 * n; }
/* radix_sort_pairs: keys and values read once and written once. */
static uint64_t pairs_bytes(const struct entry *en, const struct data_value *in, int nin)
{
  (void)en;
  (void)nin;
  return 2 * data_value_count(&in[0]) * (data_type_size(in[0].type) + data_type_size(in[1].type));
}

const struct entry radix_entries[] = {
  {.name = "sorted", .answer = "stable_sort", .aux = &(const enum rkind){SORTED}, SORT_WIDE_MAX_N,
   .desc = "Sort an array, stable (the engine's sort: radix_sort on the device)",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]t",
   .work = "O(n w)", .span = "O(w log n)", .bytes_desc = "2 n sizeof(t)", .bytes = sort_bytes,
   .impl = IMPLS, .params = sort_params},
  {.name = "radix_sort", .answer = "stable_sort", .aux = &(const enum rkind){RADIX8}, SORT_WIDE_MAX_N,
   .desc = "Stable LSD radix sort, 8-bit digits, Onesweep: one digit count for all passes; per pass warp ranking, look-back, scatter",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]t",
   .work = "O(n w / 8)", .span = "O(w / 8 log n)", .bytes_desc = "2 n sizeof(t)", .bytes = sort_bytes,
   .impl = IMPLS, .params = sort_params},
  {.name = "radix_sort_1bit", .answer = "stable_sort", .aux = &(const enum rkind){RADIX1}, SORT_1BIT_MAX_N,
   .desc = "The lecture's radix sort: one stable split (count, scan, scatter) per key bit",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]t",
   .work = "O(n w)", .span = "O(w log n)", .bytes_desc = "2 n sizeof(t)", .bytes = sort_bytes,
   .impl = IMPLS},
  {.name = "argsort", .aux = &(const enum rkind){ARGSORT}, SORT_POS_MAX_N,
   .desc = "The positions of the elements in stable sorted order (i64): radix_sort's passes carrying each key's position",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]i64",
   .work = "O(n w / 8)", .span = "O(w / 8 log n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = argsort_bytes,
   .impl = {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release},
            {c_prepare, c_run, c_result, release}},
   .params = sort_params},
  {.name = "radix_sort_pairs", .aux = &(const enum rkind){PAIRS}, SORT_POS_MAX_N,
   .desc = "Keys sorted stably with their values (values of 4 or 8 bytes, as CUB's SortPairs): radix_sort's passes "
           "carrying each key's value",
   .nin = 2, .types = SORT_TYPES, .vtypes = PAIR_VALUE_TYPES, .vinputs = 2u, .in_desc = "[n]t [n]v",
   .out_desc = "[n]t [n]v", .work = "O(n w / 8)", .span = "O(w / 8 log n)",
   .bytes_desc = "2 n sizeof(t) + 2 n sizeof(v)", .bytes_of = pairs_bytes,
   .impl = {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release},
            {c_prepare, c_run, c_result, release}},
   .params = sort_params},
  {.name = NULL},
};
