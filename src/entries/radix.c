/*
** radix.c: the sorting family: `radix_sort_1bit` (the lecture's radix sort,
** one stable split per key bit, cl/radix1.cl), `radix_sort` (8-bit digits
** in the Onesweep structure, cl/onesweep.cl), `sorted` (the engine's sort, the same
** code as radix_sort), `argsort` (the positions in stable sorted order, as
** i64: the Onesweep passes carrying each key's position) and
** `radix_sort_pairs` (32-bit keys and values: the passes carrying the values). The c backend of the
** sorts is sort_values, the sequential stable radix sort that `psearch
** dataset --sorted` uses; their multicore backend is psort (sort_values on the
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
/* Onesweep's tile shapes: work-items a group (at least one per digit,
** cl/onesweep.cl) x keys a work-item. Tuned on the H100 ([33554431]i32,
** 2026-11-24, docs/performance.md): with the PTX path and keys of up to 4
** bytes, keys only: 384 x 19 with PTX launch bounds of 3 groups an SM
** (OS_BOUND_PTX, ptx.h: ptxas fits os_pass in 56 registers), the atomic-OR
** ranking and the ranks packed (peers_or, packed_ranks; 724.7 and 725.9 us,
** x 18 738.3 and 738.6, x 20 732.9 and 734.3, call 59; x 16 791.2, x 17
** 759.8, 256 x 24 bound to 4 groups 810.3, 512 x 16 bound to 2 780.2, call
** 58; before a key's slot took one look-up, x 18 was fastest: 767.5, x 19
** 771.8, with ballots at 512 x 18 bound to 2 groups 798.9); with
** values 512 x 18 bound to 2 groups (OS_BOUND_PTX_ARG), the values through
** the keys' local memory and loaded once the keys are written (vshare_tile),
** the ranks packed and, for keys of 4 bytes, the atomic-OR ranking and the
** warps' scan (radix_sort_pairs 1172.2 us against 1175.3 at 512 x 17 with
** ballots, argsort 1113.8 against 1126.2, call 89; with tiles by group id x
** 17 1173.2, x 16 1192.5 against 1166.9, call 102; os_shape caps other keys
** at 17); before, 512 x 17 (radix_sort_pairs 1193.6 and 1194.2 us against
** 1205.0 and 1205.0 at 512 x 14 with the values loaded with the keys; x 16 1195.3,
** 448 x 20 1210.6, 384 x 19 at 3 groups 1356.6; argsort 1146.0 against
** 1147.6; calls 71-73, 2026-11-24. Before the late loads: argsort 1170.2
** us at 512 x 14; 512 x 12 unbound and unpacked 1202.7, 384 x 14 1244.7, 512 x 13
** unbound 1546.6 at 75 registers, 512 x 14 bound but unpacked 1213.0, 640 x
** 10 1579.3; beside the keys, 384 x 12: 1294.6); 256 x 16 for 8-byte keys
** (256 x 20 with values) and without PTX, where it was tuned first. Each
** capped by the device's local memory (os_shape). os_hist: OS_GROUPS_PER_CU
** groups of OS_HWG a compute unit (8 x 256: one wave on the H100, 67.1 us
** with 4 keys a load, 2 loads in flight; os_pass's 384, 74.3 us with 1 key a
** load, 8 in flight; 128 x 16 75.3, 64 x 32 97.9, 384 x 5 70.2; call 32-35,
** 2026-11-24; 2, 4, 16 groups of 256 slower in an earlier session). */
#define OS_WG 256
#define OS_ITEMS 16
#define OS_WG_PTX 384
#define OS_ITEMS_PTX 19
#define OS_BOUND_PTX 3 /* the groups an SM whose registers ptxas must fit (ptx.h), keys of up to 4 bytes */
#define OS_BOUND_PTX_ARG 2 /* the same with values */
#define OS_WG_PTX_ARG 512
#define OS_ITEMS_PTX_ARG 18
#define OS_ITEMS_PTX_WIDE_ARG 20 /* 8-byte keys with values, at 256 (argsort: 16 -> 1632 us, 20 -> 1478, 24 -> 1819) */
/* 8-byte keys only: radix_sort [33554431]i64 on the H100 (calls 114-117, kernel
** us) 2265 at 512 x 9 (47168 bytes of local memory), against 3356 at 256 x 16
** (the shape of other devices), 2474 at 256 x 17, 2261 at 384 x 13; f64 2596
** at 256 x 16. 512 x 10 took 2200 but needs 51264 bytes, more than the 48 KiB
** the device reports, which os_shape keeps to. */
#define OS_WG_PTX_WIDE 512
#define OS_ITEMS_PTX_WIDE 9
/* Keys of 1 and 2 bytes only, at OS_WG_PTX: radix_sort [33554431]i16 on the
** H100 (calls 120-121, kernel us) 321.1-321.6 at 384 x 24 against 336.9-337.0
** at 384 x 19, u8 164.6-165.6 against 171.3-172.3; x 26, 28 and 32 spilled. */
#define OS_ITEMS_PTX_SHORT 24
/* os_pass's local memory besides the tile, bytes, for wg work-items: the
** warps' counters (of cb bytes: 2 with the PTX path, else 4), the group
** scan's sw words (a warp's or a work-item's), the digits' starts and bases,
** and 1 KiB to spare */
#define OS_LOCAL_REST(wg, cb, sw) ((wg) / 32 * RADIX * (cb) + ((sw) + 2 * RADIX) * 4 + 1024)
#define OS_GROUPS_PER_CU 8
#define OS_LBN 4 /* look-back words read at once: 4, 8 or 16 (radix_sort 758.7, 784.5, 836.3 us; call 50, 2026-11-24) */
#define OS_HWG 256
/* os_hist's keys a load (1, 2 or 4): on the H100 with 2 loads in flight 67.1 us against 74.3 with 1 key and 8 in
** flight; on PoCL (2-core VM, [4194304]i32) 26.8 ms against 37.7-39.7 with 1 */
#define OS_HVEC 4
/* os_hist's loads a work-item in flight on GPUs (4 keys a load: 2, 4, 8 -> 67.1, 73.8, 71.6 us); CPUs 1 (PoCL: 8
** keys slower) */
#define OS_HITEMS_GPU 2

enum rkind { SORTED, RADIX8, RADIX1, ARGSORT, PAIRS };

/* Each entry's row carries its kind (entry.aux). */
static enum rkind kind_of(const struct entry_job *j) { return *(const enum rkind *)j->entry->aux; }

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
    if (data_value_init(&j->out[1], j->in[1].type, 1, j->in[1].shape, e) != 0)
      return -1;
  }
  return data_value_init(&j->out[0], kind_of(j) == ARGSORT ? DATA_I64 : j->in[0].type, 1, j->in[0].shape, e);
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
** a pass; argsort writes them as i64, radix_sort_pairs gathers the keys and
** values by them. */
static int argsort_ref(struct entry_job *j, struct ps_err *e)
{
  size_t n = (size_t)data_value_count(&j->in[0]), sz = data_type_size(j->in[0].type), cnt[256];
  const unsigned char *x = j->in[0].elems;
  uint64_t *key = malloc(n ? n * sizeof *key : 1);
  uint32_t *a = malloc(n ? n * sizeof *a : 1), *b = malloc(n ? n * sizeof *b : 1), *swap;
  int64_t *out = j->out[0].elems;
  int rc = -1;
  if (key == NULL || a == NULL || b == NULL) {
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
      cnt[(key[a[i]] >> (8 * byte)) & 255]++;
    for (int d = 0; d < 256; d++) {
      size_t c = cnt[d];
      cnt[d] = sum;
      sum += c;
    }
    for (size_t i = 0; i < n; i++)
      b[cnt[(key[a[i]] >> (8 * byte)) & 255]++] = a[i];
    swap = a;
    a = b;
    b = swap;
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
  cl_mem vals[2], res; /* argsort, pairs: the values between passes; the result
                       ** (argsort: i64 positions; pairs: the values) */
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

/* Whether os_pass finds a key's peers in its warp by atomic OR on bit masks in
** local memory (-DPEERS_OR; arg: with values, t: the keys' type): on GPUs
** without the PTX path, where it took 1138 us against 1959 for 32 compares
** (the H100 with the PTX path turned off, [33554431]i32); on the PTX path
** (with warp syncs, in the tile's memory) for keys only of up to 4 bytes,
** where with the ranks packed it lets 384 x 18 fit 3 groups an SM (767.5
** us against 798.9 with 8 ballots a key at 512 x 18), and with values for
** keys of 4 bytes, at 512 x 18 (radix_sort_pairs 1171.6 us against 1175.3
** with ballots at 512 x 17, argsort 1113.5 against 1126.2, call 89,
** 2026-11-24; ballots were faster when the values waited in registers,
** 1170.8 against 1184.9); not on CPUs, where PoCL took 185 against 155 ms
** ([4194304]i32, the 2-core VM). PSEARCH_TEST_TUNE: OS_PEERS_OR. */
static int peers_or(const struct rt_device_info *info, enum data_type t, int arg)
{
  int ptx = entry_use_ptx(info);
  return (int)hook_tune("OS_PEERS_OR", ptx ? (arg ? data_type_size(t) == 4 : data_type_size(t) <= 4) : info->is_gpu,
                        0, 1);
}

/* Whether os_pass's digits are scanned by warp shuffles (the PTX path; arg:
** with values, t: the keys' type), else Hillis-Steele. Its scratch is a
** word a warp, so that 512 x 18 fits 48 KiB: keys only (with the bounds 864
** against 868 us on the H100), and with values for keys of 4 bytes, ranked
** by atomic OR (radix_sort_pairs 1172.2 us against 1171.6 Hillis-Steele at
** 512 x 18 forced by OS_ITEMS, call 89: the same, and only the warps' scan
** leaves os_shape room for the 18th key); other keys with values
** Hillis-Steele (argsort 1302 against 1294 us by shuffles, with the values
** in registers). PSEARCH_TEST_TUNE: OS_WSCAN. */
static int warp_scan(const struct rt_device_info *info, enum data_type t, int arg)
{
  return entry_use_ptx(info) && hook_tune("OS_WSCAN", !arg || data_type_size(t) == 4, 0, 1);
}

/* Whether os_pass's tile is its group's id (-DGID) rather than an atomic
** ticket's: on NVIDIA (the PTX path), which starts groups in order of id (CUB's
** scan relies on it too). On the H100 (call 99, kernel us): radix_sort
** [33554431]i32 696.0 and 696.3 against 722.1 and 723.8, argsort 1101.9 and
** 1107.7 against 1110.7 and 1111.6, radix_sort_pairs 1164.2 and 1166.7 against
** 1171.8 and 1172.1. PSEARCH_TEST_TUNE: OS_GID (1 on any device). */
static int group_ids(const struct rt_device_info *info)
{
  return (int)hook_tune("OS_GID", entry_use_ptx(info), 0, 1);
}

/* Whether each pass's launch has a first group that is no tile, which in the
** first pass scans the digit totals into the offsets (-DSCANG), so that
** os_scan is not launched: the tiles need the offsets only at their end. On
** NVIDIA (the PTX path): on the H100 (call 108, kernel us, ABAB) radix_sort
** [33554431]i32 685.0 and 684.7 against 697.8 and 697.7, f32 725.4 and 723.5
** against 734.8 and 733.7, argsort 1096.1 and 1093.4 against 1104.8 and
** 1103.0, radix_sort_pairs 1158.2 and 1156.6 against 1165.0 and 1166.5. On
** PoCL (the 2-core VM) radix_sort_pairs [1048576]i32 took 82 ms against 75,
** so elsewhere os_scan stays. PSEARCH_TEST_TUNE: OS_SCANG (1 on any device). */
static int scan_group(const struct rt_device_info *info)
{
  return (int)hook_tune("OS_SCANG", entry_use_ptx(info), 0, 1);
}

/* Whether os_pass with values (keys of type t) moves them through the keys'
** local memory once the keys are written (-DVSHARE), rather than beside them:
** half the local memory a key of up to 4 bytes, for two more barriers; the
** values are then loaded only once the keys are written (cl/onesweep.cl). On
** the PTX path with such keys, where the freed memory makes larger tiles fit:
** at 512 x 12 argsort [33554431]i32 took 1202.7 us against 1294.6 beside
** them at 384 x 12, radix_sort_pairs 1233.2 against 1345.6 (the H100,
** 2026-11-24, call 24; packed ranks then allowed 512 x 14: packed_ranks).
** PSEARCH_TEST_TUNE: OS_VSHARE. */
static int vshare_tile(const struct rt_device_info *info, enum data_type t)
{
  return (int)hook_tune("OS_VSHARE", entry_use_ptx(info) && data_type_size(t) <= 4, 0, 1);
}

/* Whether os_pass packs its keys' ranks two to a register (-DPACKR), which
** frees ITEMS / 2 registers for a few more instructions a key: on the PTX
** path with keys of up to 4 bytes. With values it lets 512 x 14 fit 64
** registers without spilling (argsort 1170.2 us against 1200.7 at 512 x 12
** unpacked, radix_sort_pairs 1211.9 against 1233.2, call 25); keys only with
** the atomic-OR ranking (peers_or) it lets 384 x 18 fit 3 groups an SM
** (767.5 against 798.9, call 30; packed with ballots at 512 x 18 it was
** slower, 826.3 against 798.4, call 25). The H100, 2026-11-24.
** PSEARCH_TEST_TUNE: OS_PACKR. */
static int packed_ranks(const struct rt_device_info *info, enum data_type t)
{
  return (int)hook_tune("OS_PACKR", entry_use_ptx(info) && data_type_size(t) <= 4, 0, 1);
}

/* An os_pass tile's shape for keys of type t (arg: with values): *wg
** work-items (a multiple of 32, at least RADIX) of *items keys, the tuned
** size capped so that the tile (its keys, and the values) and the rest of
** os_pass's local memory (OS_LOCAL_REST) fit the device's. PSEARCH_TEST_TUNE:
** OS_WG, OS_ITEMS. */
static void os_shape(const struct rt_device_info *info, enum data_type t, int arg, size_t *wg, uint32_t *items)
{
  int ptx = entry_use_ptx(info), narrow = data_type_size(t) <= 4;
  uint64_t per, rest, cap;
  uint32_t want = !ptx    ? OS_ITEMS
                  : narrow ? (arg ? OS_ITEMS_PTX_ARG : data_type_size(t) <= 2 ? OS_ITEMS_PTX_SHORT : OS_ITEMS_PTX)
                           : (arg ? OS_ITEMS_PTX_WIDE_ARG : OS_ITEMS_PTX_WIDE);
  size_t dwg = !ptx ? OS_WG : narrow ? (arg ? OS_WG_PTX_ARG : OS_WG_PTX) : (arg ? OS_WG : OS_WG_PTX_WIDE);
  *wg = (size_t)hook_tune("OS_WG", (int64_t)dwg, RADIX, 1024) / 32 * 32;
  if (*wg > info->max_wg && info->max_wg >= RADIX) /* never below one work-item a digit (os_prepare) */
    *wg = info->max_wg / 32 * 32;
  per = (uint64_t)*wg * (!arg                   ? data_type_size(t)
                         : vshare_tile(info, t) ? (data_type_size(t) > 4 ? data_type_size(t) : 4)
                                                : data_type_size(t) + 4);
  /* match_any's words (peers_or): in the tile's memory on the PTX path with keys of 4 bytes or more */
  rest = OS_LOCAL_REST(*wg, ptx ? 2 : 4, warp_scan(info, t, arg) ? *wg / 32 : *wg) +
         (peers_or(info, t, arg) && !(ptx && data_type_size(t) >= 4) ? *wg / 32 * RADIX * 4 : 0);
  cap = info->local_mem > rest + per ? (info->local_mem - rest) / per : 1;
  *items = (uint32_t)hook_tune("OS_ITEMS", want < cap ? want : (uint32_t)cap, 1, 32);
}

/* Words of the digit totals (s->counts): PASSES * RADIX totals, then the
** scan group's flag. The offsets (s->tot) are as many, without the flag. */
static size_t offset_words(const struct rstate *s) { return (size_t)s->passes * RADIX; }
static size_t count_words(const struct rstate *s) { return offset_words(s) + 1; }

/* Onesweep's buffers and kernels: os_hist's digit totals (passes x RADIX
** counts, then the word the scan's group sets: scan_group) and the digit
** offsets; one
** look-back word per tile and digit (zero: not ready) and the ticket. With
** the PTX path below 2^30 keys a word is 32 bits and each pass has its own
** (os_hist clears them): 8% faster on the H100; elsewhere 64 bits with an
** epoch, one set for all passes (cl/onesweep.cl): the emulated ranking on
** the H100 took 2.3x as long with 32-bit words, PoCL the same either way
** (docs/performance.md). PSEARCH_TEST_TUNE: OS_LB32, OS_LBN, OS_HWG, OS_HVEC,
** OS_HITEMS, OS_HGROUPS (os_hist's groups a compute unit), OS_MIN_GROUPS (PTX
** launch bounds, 0: none) (os_shape: OS_WG, OS_ITEMS; warp_scan: OS_WSCAN). */
static int os_prepare(struct entry_job *j, struct rstate *s, struct ps_err *e)
{
  const struct rt_device_info *info = rt_info(j->rt);
  enum data_type t = j->in[0].type;
  uint64_t tile, want = (uint64_t)(info->compute_units ? info->compute_units : 1) *
                        (uint64_t)hook_tune("OS_HGROUPS", OS_GROUPS_PER_CU, 1, 64);
  int lb32 = s->n < ((uint64_t)1 << 30) && hook_tune("OS_LB32", entry_use_ptx(info), 0, 1);
  int lbn = (int)hook_tune("OS_LBN", OS_LBN, 4, 16);
  int hitems = (int)hook_tune("OS_HITEMS", info->is_gpu ? OS_HITEMS_GPU : 1, 1, 16);
  int hvec = (int)hook_tune("OS_HVEC", OS_HVEC, 1, 4);
  int arg = kind_of(j) == ARGSORT || kind_of(j) == PAIRS;
  int vshare = arg && vshare_tile(info, t), packr = packed_ranks(info, t);
  int ming = !entry_use_ptx(info) ? 0
             : (int)hook_tune("OS_MIN_GROUPS", data_type_size(t) > 4 ? 0
                                               : arg ? OS_BOUND_PTX_ARG : OS_BOUND_PTX, 0, 32);
  size_t words, vbytes = (size_t)(s->n ? s->n : 1) * sizeof(cl_uint);
  char extra[300], last[320], opts[576], bounds[40] = "";
  os_shape(info, t, arg, &s->wg, &s->items);
  if (info->max_wg < s->wg)
    return ps_fail(e, "%s needs work-groups of %zu work-items; the device allows %zu", j->entry->name, s->wg,
                   info->max_wg);
  s->passes = (unsigned)data_type_size(t);
  tile = (uint64_t)s->wg * s->items;
  s->ntiles = (uint32_t)((s->n + tile - 1) / tile);
  s->scang = scan_group(info);
  s->groups = (uint32_t)(s->ntiles < want ? (s->ntiles ? s->ntiles : 1) : want);
  s->hwg = (size_t)hook_tune("OS_HWG", OS_HWG, 32, 1024) / 32 * 32;
  if (s->hwg > info->max_wg)
    s->hwg = info->max_wg;
  words = lb32 ? (size_t)s->passes * s->ntiles * RADIX : ((size_t)s->ntiles + 1) * RADIX * 2;
  s->clear = lb32 ? words : 0;
  s->stale = s->clear != 0 && hook_lookback_stale();
  if ((s->counts = rt_alloc(j->rt, count_words(s) * sizeof(cl_uint), e)) == NULL ||
      rt_zero(j->rt, s->counts, 0, count_words(s) * sizeof(cl_uint), e) != 0 ||
      (s->tot = rt_alloc(j->rt, offset_words(s) * sizeof(cl_uint), e)) == NULL ||
      lookback_open(j->rt, &s->lb, s->ntiles + (s->scang != 0), (words ? words : 1) * sizeof(cl_uint), e) != 0)
    return -1;
  if (ming > 0)
    snprintf(bounds, sizeof bounds, " -DPS_MIN_GROUPS_PER_CU=%d", ming);
  snprintf(extra, sizeof extra,
           "-DWG=%zu -DITEMS=%u -DPASSES=%u -DLBN=%d -DHWG=%zu -DHVEC=%d -DHITEMS=%d%s%s%s%s%s%s%s%s%s%s%s%s%s", s->wg,
           (unsigned)s->items, s->passes, lbn > 8 ? 16 : lbn > 4 ? 8 : 4, s->hwg, hvec > 2 ? 4 : hvec, hitems,
           peers_or(info, t, arg) ? " -DPEERS_OR" : "", lb32 ? " -DLB32" : "",
           hook_tune("OS_MATCH_ANY", 0, 0, 1) ? " -DMATCH_ANY" : "", data_type_is_float(t) ? " -DFLOATKEY" : "",
           entry_use_ptx(info) ? " -DNV_PTX" : "", hook_lookback_counts() ? " -DLB_COUNTS_ONLY" : "",
           arg ? " -DVALUES -DVOUT=uint" : "", entry_use_ptx(info) && !warp_scan(info, t, arg) ? " -DHS_SCAN" : "",
           vshare ? " -DVSHARE" : "", packr ? " -DPACKR" : "",
           group_ids(info) ? " -DGID" : "", s->scang ? " -DSCANG" : "", bounds);
  if (kernels(j, s, "onesweep.cl", extra, (const char *const[]){"os_hist", "os_scan", "os_pass"}, e) != 0)
    return -1;
  if (!arg)
    return 0;
  /* the values between passes, the result; argsort: its last pass */
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
  s->n = data_value_count(&j->in[0]);
  if (s->n >= ((uint64_t)1 << 32))
    return ps_fail(e, "%s handles fewer than 2^32 elements", j->entry->name);
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
  cl_uint *h = malloc(words * sizeof *h);
  int rc = -1;
  if (h == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  if (rt_download(j->rt, s->counts, h, words * sizeof *h, e) != 0)
    goto done;
  for (size_t i = from; i < to; i++)
    if (h[i] != 0) {
      ps_fail(e, "%s word %zu is %u, not 0",
              i < offset_words(s) ? "the sort before left digit total" : "os_hist left the scan group's flag", i,
              (unsigned)h[i]);
      goto done;
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
** scans them (on the H100 a fill before os_hist cost 15 us of span:
** docs/performance.md). So a run that fails midway leaves them counted: the
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
      (s->stale && s->scang && rt_zero(j->rt, s->tot, 0, offset_words(s) * sizeof(cl_uint), e) != 0) ||
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
    return rt_download(j->rt, s->out, j->out[0].elems, entry_value_bytes(&j->out[0]), e) != 0 ||
                   rt_download(j->rt, s->res, j->out[1].elems, entry_value_bytes(&j->out[1]), e) != 0 ? -1 : 0;
  return rt_download(j->rt, s->res != NULL ? s->res : s->out, j->out[0].elems, entry_value_bytes(&j->out[0]), e);
}

/* ================================ Registry ============================= */

#define SORT_TYPES ((1u << DATA_NTYPES) - 1)
#define IMPLS                                                                   \
  {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release}, \
   {mc_prepare, mc_run, c_result, mc_release}}

/* The least any sort moves: the keys read once and written once (Onesweep moves
** that per 8-bit pass, plus one read for all its digit counts). */
static uint64_t sort_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }
/* argsort: the keys read once, the positions written once. */
static uint64_t argsort_bytes(uint64_t n, size_t elem) { return n * elem + 8 * n; }
/* radix_sort_pairs: keys and values read once and written once. */
static uint64_t pairs_bytes(uint64_t n, size_t elem) { return 4 * n * elem; }

const struct entry radix_entries[] = {
  {.name = "sorted", .answer = "stable_sort", .aux = &(const enum rkind){SORTED},
   .desc = "Sort an array, stable (the engine's sort: radix_sort on the device)",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]t",
   .work = "O(n w)", .span = "O(w log n)", .bytes_desc = "2 n sizeof(t)", .bytes = sort_bytes,
   .impl = IMPLS},
  {.name = "radix_sort", .answer = "stable_sort", .aux = &(const enum rkind){RADIX8},
   .desc = "Stable LSD radix sort, 8-bit digits, Onesweep: one digit count for all passes; per pass warp ranking, look-back, scatter",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]t",
   .work = "O(n w / 8)", .span = "O(w / 8 log n)", .bytes_desc = "2 n sizeof(t)", .bytes = sort_bytes,
   .impl = IMPLS},
  {.name = "radix_sort_1bit", .answer = "stable_sort", .aux = &(const enum rkind){RADIX1},
   .desc = "The lecture's radix sort: one stable split (count, scan, scatter) per key bit",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]t",
   .work = "O(n w)", .span = "O(w log n)", .bytes_desc = "2 n sizeof(t)", .bytes = sort_bytes,
   .impl = IMPLS},
  {.name = "argsort", .aux = &(const enum rkind){ARGSORT},
   .desc = "The positions of the elements in stable sorted order (i64): radix_sort's passes carrying each key's position",
   .nin = 1, .types = SORT_TYPES, .in_desc = "[n]t", .out_desc = "[n]i64",
   .work = "O(n w / 8)", .span = "O(w / 8 log n)", .bytes_desc = "n sizeof(t) + 8 n", .bytes = argsort_bytes,
   .impl = {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release},
            {c_prepare, c_run, c_result, release}}},
  {.name = "radix_sort_pairs", .aux = &(const enum rkind){PAIRS},
   .desc = "Keys sorted stably with their values (32-bit keys and values): radix_sort's passes carrying each key's value",
   .nin = 2, .types = (1u << DATA_I32) | (1u << DATA_U32) | (1u << DATA_F32), .in_desc = "[n]t [n]t",
   .out_desc = "[n]t [n]t", .work = "O(n w / 8)", .span = "O(w / 8 log n)", .bytes_desc = "4 n sizeof(t)",
   .bytes = pairs_bytes,
   .impl = {{c_prepare, c_run, c_result, release}, {cl_prepare, cl_run, cl_result, release},
            {c_prepare, c_run, c_result, release}}},
  {.name = NULL},
};
