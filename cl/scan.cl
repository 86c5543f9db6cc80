// scan.cl: the cost family's tile scans (docs/entries.md): scan, scan_exclusive,
// scan_max, filter (and the lecture's, by flags, scan and scatter), the
// segmented scan and reduce, chained by decoupled look-back, and
// reduce-then-scan. Built with -DT (element type, int or uint), -DU (its
// unsigned type), -DWG (work-group size, a power of two), -DITEMS (elements
// per work-item of a tile) and the look-back's form (tile_prefix). Arithmetic
// wraps (ADD, prelude.cl); tiles are padded in local memory (TILE, PAD,
// TILE_LOCAL, prelude.cl).

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
// ---------------------------------------------------------------- tile scans
// The scans' operator and its identity: + and 0, or with -DSCAN_MAX max and the
// smallest T ((T)(U)FLIP: the most negative int, or 0 for uint).
#ifdef SCAN_MAX
#define SCAN_OP(a, b) ((a) > (b) ? (a) : (b))
#define SCAN_ID ((T)(U)FLIP)
#else
#define SCAN_OP(a, b) ADD(a, b)
#define SCAN_ID ((T)0)
#endif

// A tile's prefix from the look-back (tile_prefix): a T, which wraps as the
// scan does, or with -DWIDE (filter past 2^32 - 1 elements, cost.c) a 64-bit
// count. A status word packs epoch << (PB + 2) | flag << PB | the prefix's
// low PB bits (PB = 32, or 38 with WIDE: counts below 2^38, epochs below
// 2^24, lookback.c). P_COUNT is a prefix as a count (a filter's kept
// elements before the tile: the tile's first place in the output).
#ifdef WIDE
typedef ulong P;
#define PB 38
#define P_OP(a, b) ((a) + (b))
#define P_ID ((P)0)
#define P_OF(s) ((P)((s) & (((ulong)1 << PB) - 1)))
#define P_COUNT(p) (p)
#else
typedef T P;
#define PB 32
#define P_OP(a, b) SCAN_OP(a, b)
#define P_ID SCAN_ID
#define P_OF(s) ((T)(uint)(s))
#define P_COUNT(p) ((ulong)(U)(p))
#endif
#define P_WORD(ep, f, v) ((ulong)(ep) << (PB + 2) | (ulong)(f) << PB | ((ulong)(v) & (((ulong)1 << PB) - 1)))
#define P_FLAG(s) ((uint)((s) >> PB) & 3u)
#define P_EPOCH(s) ((s) >> (PB + 2))

// The group scans below (local_scan, local_seg_scan) have two forms. With
// -DWARP_SCAN (NVIDIA's PTX, T of 4 bytes, WG a multiple of the 32-wide warp)
// each warp scans its work-items' values in registers with shfl.sync, and
// each then adds the totals of the warps before it: 3 barriers. Otherwise
// Hillis-Steele in local memory: 2 log2(WG) + 1 barriers. Both return with a
// barrier passed. Fewer barriers is not always faster: on the H100 the
// shuffles made scan_exclusive and segmented_reduce faster and scan, filter
// and segmented_scan slower (the host picks per op, cost.c).
#ifdef WARP_SCAN
// Inclusive scan of each work-item's x over the work-group, into sums[].
static void local_scan(__local T *sums, T x)
{
  uint lid = get_local_id(0), lane = lid & 31, w = lid >> 5;
  T c = SCAN_ID;
  for (uint d = 1; d < 32; d <<= 1) {
    T v = (T)shfl_up((uint)x, d);
    if (lane >= d)
      x = SCAN_OP(v, x);
  }
  sums[lid] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < w; k++)
    c = SCAN_OP(c, sums[32 * k + 31]);
  barrier(CLK_LOCAL_MEM_FENCE);
  sums[lid] = SCAN_OP(c, x);
  barrier(CLK_LOCAL_MEM_FENCE);
}
#else
// Inclusive scan of each work-item's x over the work-group, into sums[].
static void local_scan(__local T *sums, T x)
{
  uint lid = get_local_id(0);
  sums[lid] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < WG; off <<= 1) {
    T v = lid >= off ? sums[lid - off] : SCAN_ID;
    barrier(CLK_LOCAL_MEM_FENCE);
    sums[lid] = SCAN_OP(sums[lid], v);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
#endif

// Load tile `t` (TILE elements, 0 past n) into local memory with coalesced
// reads, scan it: each work-item its ITEMS consecutive elements, then the
// work-item totals (Hillis-Steele in local memory). On return tile[] holds the
// tile's inclusive scan without the work-item offsets, sums[lid] the inclusive
// scan of the totals; the tile's total is sums[WG - 1].
// With FILTER the tile holds keep flags (1 if in[i] >= 0) instead of values,
// and xs[k] the work-item's element k for tile_write (held in registers
// rather than read again, which measured faster on the H100); other kernels
// leave xs alone.
static void tile_scan(__global const T *in, ulong n, uint t, __local T *tile, __local T *sums, T *xs)
{
  uint lid = get_local_id(0);
  ulong base = (ulong)t * TILE;
  T acc = SCAN_ID;
  (void)xs;
  for (uint k = 0; k < ITEMS; k++) {
    ulong i = base + k * WG + lid;
#ifdef FILTER
    xs[k] = i < n ? in[i] : (T)-1; // never kept (a filter's T is signed); `i < n &&` in the flag: 1.2x slower
    tile[PAD(k * WG + lid)] = xs[k] >= 0 ? 1 : 0;
#else
    tile[PAD(k * WG + lid)] = i < n ? in[i] : SCAN_ID;
#endif
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < ITEMS; k++) {
    acc = SCAN_OP(acc, tile[PAD(lid * ITEMS + k)]);
    tile[PAD(lid * ITEMS + k)] = acc;
  }
  local_scan(sums, acc);
}

// Write the scanned tile: element q of the tile gets its inclusive (or with
// EXCLUSIVE, exclusive) prefix plus the tile's prefix `pre`. With FILTER,
// the kept elements of the tile (xs, from tile_scan) go to out at their
// places instead: the tile's count before each (32-bit, at most TILE) from
// the tile's first place, out + pre (64-bit, once a tile).
static void tile_write(__global const T *in, __global T *out, ulong n, uint t, P pre,
                       __local T *tile, __local T *sums, const T *xs)
{
  uint lid = get_local_id(0);
  ulong base = (ulong)t * TILE;
#ifdef FILTER
  T off = lid ? sums[lid - 1] : (T)0;
  __global T *o = out + P_COUNT(pre);
#else
  T off = SCAN_OP(pre, lid ? sums[lid - 1] : SCAN_ID);
#endif
  (void)xs;
  for (uint k = 0; k < ITEMS; k++)
    tile[PAD(lid * ITEMS + k)] = SCAN_OP(tile[PAD(lid * ITEMS + k)], off);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < ITEMS; k++) {
    uint q = k * WG + lid;
    ulong i = base + q;
    if (i >= n)
      break;
#if defined(FILTER)
    T x = xs[k];
    if (x >= 0)
      o[(U)tile[PAD(q)] - 1] = x;
#elif defined(EXCLUSIVE)
    out[i] = q ? tile[PAD(q - 1)] : pre;
#else
    out[i] = tile[PAD(q)];
#endif
  }
}

// This group's tile for this launch, for the look-back kernels: work-item 0
// takes the next ticket (the tickets of earlier launches, epoch_base of them,
// left out); every work-item returns it. Tiles are so taken in the order
// groups start, so a tile waits only for tiles held by started groups. With
// -DGID (NVIDIA, which starts groups in order of id) the group's id, with no
// atomic; the barrier stays, as callers rely on it.
static uint tile_ticket(volatile __global uint *ticket, uint epoch_base, __local uint *sh)
{
#ifdef GID
  (void)ticket, (void)epoch_base, (void)sh;
  barrier(CLK_LOCAL_MEM_FENCE);
  return get_group_id(0);
#else
  if (get_local_id(0) == 0)
    *sh = atomic_inc(ticket) - epoch_base;
  barrier(CLK_LOCAL_MEM_FENCE);
  return *sh;
#endif
}

// The look-back of tile t, shared by every tile scan of this file (scan,
// filter, segmented scan). Called by the work-items LB_CALLER admits,
// together; every one returns the same. It publishes the tile's aggregate agg,
// folds the words of the tiles before it with SCAN_OP back to the newest
// inclusive one, publishes its own inclusive prefix and returns the exclusive
// one. A tile with a segment head (`head`, segmented scan) knows its
// inclusive value at once: it publishes agg as inclusive and still walks back
// for the elements before its first head. A window spins only on tiles before
// t, which started groups hold (tile_ticket).
//
// Three forms, by build option. With WARP_LOOKBACK (NVIDIA's PTX) the walkers
// are the 32 lanes of warp 0: lane k reads the word of tile j - k, so one read
// covers 32 tiles; when the words up to the newest inclusive one (or all 32)
// are ready, the warp folds them by shuffles and goes on 32 tiles back if none
// was inclusive, else reads the window again (faster than one work-item's walk
// on the H100, docs/performance.md, Scans). With -DWALKERS=W (W > 1, W <= WG;
// the window, LB_WINDOW, any OpenCL 1.2 device) the whole group calls it: each
// round walker k < W reads the word of tile j - k into local memory, and after
// one barrier every work-item folds the same words from the newest on, up to
// the first inclusive one, or the first not ready (the next round starts
// there: spinning on it, the words read again), or all W (the next round W
// tiles back); so every decision is the same in every work-item. Otherwise
// (WALKERS 1) one work-item walks back a tile at a time, spinning on a word
// until it is ready: the window of one word, read straight from status.
// With -DLB_AGG_ONLY (test hook PSEARCH_TEST_LOOKBACK_COUNTS) no tile but 0
// (and a segmented scan's tile with a head) publishes an inclusive word, so
// every look-back folds aggregates back to tile 0: the path a device's timing
// seldom takes, every round of a window full.
#if defined(WARP_LOOKBACK)
#define TILE_WALKERS 32
#elif defined(WALKERS) && WALKERS > 1
#define TILE_WALKERS WALKERS
#define LB_WINDOW
#else
#define TILE_WALKERS 1
#endif
#if TILE_WALKERS > WG
#error "the look-back's walkers are more than a work-group"
#endif
// Whether work-item lid calls the look-backs (tile_prefix, SEG_PREFIX): the
// walkers, or with the window every work-item of the group, in uniform
// control flow (its barriers). LB_WORDS: the local words a caller passes
// (win): the window's two halves, which the rounds alternate so that one
// barrier a round suffices; one, unused, in the other forms.
#ifdef LB_WINDOW
#define LB_CALLER(lid) 1
#define LB_WORDS (2 * TILE_WALKERS)
#else
#define LB_CALLER(lid) ((lid) < TILE_WALKERS)
#define LB_WORDS 1
#endif
// A status word's flag in this launch: 0 not ready (unwritten, or an earlier
// epoch's), 1 aggregate, 2 inclusive.
#define P_READY(s, ep) (P_EPOCH(s) == (ep) ? P_FLAG(s) : 0u)
#if defined(WARP_LOOKBACK) && defined(WIDE)
static P shfl_xor_p(P x, uint d) { return (ulong)shfl_xor((uint)x, d) | (ulong)shfl_xor((uint)(x >> 32), d) << 32; }
#elif defined(WARP_LOOKBACK)
#define shfl_xor_p(x, d) ((T)shfl_xor((uint)(x), d))
#endif
static P tile_prefix(volatile __global ulong *status, uint t, uint epoch, P agg, int head, __local ulong *win)
{
  uint lane = get_local_id(0);
  P pre = P_ID;
#ifdef LB_WINDOW
  uint r = 0; // the half of win this round writes
#endif
  (void)win;
  if (lane == 0)
    atom_xchg(&status[t], P_WORD(epoch, t == 0 || head ? 2u : 1u, agg));
  for (long j = (long)t - 1; j >= 0;) {
#ifdef WARP_LOOKBACK
    long i = j - (long)lane;
    ulong s = i >= 0 ? status[i] : P_WORD(epoch, 2u, P_ID); // before tile 0: inclusive, the identity
    uint f = P_READY(s, epoch); // one aligned 64-bit load above: the word is read whole
    uint ready = ballot(f != 0, 0), incl = ballot(f == 2, 0);
    uint last = incl ? popcount((incl & (0u - incl)) - 1u) : 31u; // the oldest lane needed
    uint need = last == 31u ? ~0u : (2u << last) - 1u;
    P x;
    if ((ready & need) != need)
      continue; // not all ready: read the window again
    x = lane <= last ? P_OF(s) : P_ID;
    for (uint d = 16; d > 0; d >>= 1) {
      P y = shfl_xor_p(x, d); // every lane, outside P_OP (which may read an argument twice)
      x = P_OP(x, y);
    }
    pre = P_OP(pre, x);
    if (incl)
      break;
    j -= 32;
#else
    uint f, k = 0;
#ifdef LB_WINDOW
    __local ulong *w = win + r * TILE_WALKERS;
    r ^= 1u;
    if (lane < TILE_WALKERS) // before tile 0: inclusive, the identity
      w[lane] = j >= (long)lane ? status[j - (long)lane] : P_WORD(epoch, 2u, P_ID);
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
    do {
#ifdef LB_WINDOW
      ulong s = w[k];
#else
      ulong s = status[j]; // one aligned 64-bit load: the word is read whole
#endif
      f = P_READY(s, epoch);
      if (f == 0)
        break; // not ready: the next round reads it again (spins on it)
      pre = P_OP(pre, P_OF(s));
    } while (f == 1 && ++k < TILE_WALKERS);
    if (f == 2)
      break;
    j -= k;
#endif
  }
#ifndef LB_AGG_ONLY
  if (lane == 0 && t != 0 && !head)
    atom_xchg(&status[t], P_WORD(epoch, 2u, P_OP(pre, agg)));
#endif
  return pre;
}

// Single-pass scan with decoupled look-back (Merrill and Garland). Tile ids come
// from an atomic ticket (with -DGID the group's id: tile_ticket), so every tile
// a group waits for is held by a group that has already started (docs/entries.md,
// forward progress). A tile's status word
// packs (epoch << 34 | flag << 32 | value): flag 1 = aggregate, 2 = inclusive
// prefix, written and read only with 64-bit atomics. The epoch (one per launch,
// from 1) makes the words of earlier launches read as "not ready", so nothing
// is cleared between runs; ticket - epoch_base gives this launch's tile id.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scan_lookback(__global const T *in, __global T *out, const ulong n,
                   volatile __global ulong *status, volatile __global uint *ticket,
                   const uint epoch_base, const uint epoch, __global T *total)
{
  __local T tile[TILE_LOCAL];
  __local T sums[WG];
  __local uint tid_sh;
  __local P pre_sh;
  __local ulong win[LB_WORDS];
  T xs[ITEMS]; // FILTER: the work-item's elements between scan and write
  uint lid = get_local_id(0), t = tile_ticket(ticket, epoch_base, &tid_sh);
  tile_scan(in, n, t, tile, sums, xs);
  if (LB_CALLER(lid)) {
    P agg = sums[WG - 1], pre = tile_prefix(status, t, epoch, agg, 0, win);
    if (lid == 0) {
      pre_sh = pre;
      if ((ulong)(t + 1) * TILE >= n) // the last tile: the whole sum as a 64-bit count (filter's)
        *(__global ulong *)total = P_COUNT(P_OP(pre, agg));
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  tile_write(in, out, n, t, pre_sh, tile, sums, xs);
}

#ifdef FILTER
// The filter by warp votes (on NVIDIA by default, cost.c): warp w of the group
// takes the 32 ITEMS consecutive elements at w 32 ITEMS of the tile, 32 at a
// time (coalesced), and holds them in registers; a ballot of the keep flags
// gives each 32 their count and each kept element its rank among them, so
// the tile needs no scan in local memory: the warps' counts (one word each)
// are summed, tile_prefix chains the tile, and each warp writes its
// kept elements in order from its offset. The same tiles, arguments and
// result as scan_lookback with -DFILTER.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void filter_ballot(__global const T *in, __global T *out, const ulong n,
                   volatile __global ulong *status, volatile __global uint *ticket,
                   const uint epoch_base, const uint epoch, __global T *total)
{
  __local uint sh[WG]; // the ballot's, without NV_PTX
  __local uint cnt_sh[WG / 32];
  __local uint tid_sh;
  __local P pre_sh;
  __local ulong win[LB_WORDS];
  T xs[ITEMS];
  uint lid = get_local_id(0), lane = lid & 31, w = lid >> 5, below = (1u << lane) - 1u, t, cnt = 0, off = 0,
       agg = 0;
  ulong base;
  __global T *o;
  t = tile_ticket(ticket, epoch_base, &tid_sh);
  base = (ulong)t * TILE + (ulong)w * 32 * ITEMS + lane;
  for (uint k = 0; k < ITEMS; k++) {
    ulong i = base + 32 * k;
    xs[k] = i >= n ? (T)-1 : in[i]; // never kept
  }
  for (uint k = 0; k < ITEMS; k++)
    cnt += popcount(ballot(xs[k] >= 0, sh));
  if (lane == 0)
    cnt_sh[w] = cnt;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint v = 0; v < WG / 32; v++) {
    off += v < w ? cnt_sh[v] : 0;
    agg += cnt_sh[v];
  }
  if (LB_CALLER(lid)) {
    P pre = tile_prefix(status, t, epoch, (P)agg, 0, win);
    if (lid == 0) {
      pre_sh = pre;
      if ((ulong)(t + 1) * TILE >= n)
        *(__global ulong *)total = P_COUNT(P_OP(pre, (P)agg));
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  o = out + P_COUNT(pre_sh); // the tile's first place; off within the tile
  for (uint k = 0; k < ITEMS; k++) {
    uint m = ballot(xs[k] >= 0, sh);
    if (xs[k] >= 0)
      o[off + popcount(m & below)] = xs[k];
    off += popcount(m);
  }
}
#endif
// ---------------------------------------------------------------- segmented scan
// The lecture's segmented (+) scan: flags[i] != 0 starts a segment at i; the
// scan restarts there. Pairs (head, value) combine as
// (f1, v1) . (f2, v2) = (f1 | f2, f2 ? v2 : v1 + v2), which is associative.

// Inclusive segmented scan of each work-item's pair (x, f) over the
// work-group, into sums[] and sf[] (the two forms of local_scan): f counts the
// heads among the work-item's elements, so sf[] is their inclusive scan and
// nonzero where the sum restarted.
#ifdef WARP_SCAN
static void local_seg_scan(__local T *sums, __local uint *sf, T x, uint f)
{
  uint lid = get_local_id(0), lane = lid & 31, w = lid >> 5, cf = 0;
  T c = 0;
  for (uint d = 1; d < 32; d <<= 1) {
    T v = (T)shfl_up((uint)x, d);
    uint g = shfl_up(f, d);
    if (lane >= d) {
      x = f ? x : ADD(v, x);
      f += g;
    }
  }
  sums[lid] = x;
  sf[lid] = f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < w; k++) {
    T y = sums[32 * k + 31];
    uint h = sf[32 * k + 31];
    c = h ? y : ADD(c, y);
    cf += h;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  sums[lid] = f ? x : ADD(c, x);
  sf[lid] = cf + f;
  barrier(CLK_LOCAL_MEM_FENCE);
}
#else
static void local_seg_scan(__local T *sums, __local uint *sf, T x, uint f)
{
  uint lid = get_local_id(0);
  sums[lid] = x;
  sf[lid] = f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < WG; off <<= 1) {
    T v = 0;
    uint g = 0;
    if (lid >= off) {
      v = sums[lid - off];
      g = sf[lid - off];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid >= off) {
      if (!sf[lid])
        sums[lid] = ADD(v, sums[lid]);
      sf[lid] += g;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
#endif

// Takes this group's tile id from the ticket (into *tid_sh, returned) and
// loads the tile: values into tile[], head flags (a set flag past index 0:
// index 0 starts a segment anyway) into hd[].
static uint seg_tile_load(__global const T *in, __global const uchar *flags, ulong n,
                          volatile __global uint *ticket, uint epoch_base, __local uint *tid_sh,
                          __local T *tile, __local uchar *hd)
{
  uint lid = get_local_id(0), t = tile_ticket(ticket, epoch_base, tid_sh);
  ulong base = (ulong)t * TILE;
  for (uint k = 0; k < ITEMS; k++) {
    ulong i = base + k * WG + lid;
    tile[PAD(k * WG + lid)] = i < n ? in[i] : 0;
    hd[PAD(k * WG + lid)] = i < n && i > 0 && flags[i] ? 1 : 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  return t;
}

// The work-item's ITEMS elements of the tile scanned in place, restarting at
// each head (hd[q] set); cnt[q] (which may be hd) = the heads at or before q
// among them. The last sum is returned, the number of heads left in *h.
static T seg_items(__local T *tile, __local uchar *hd, __local uchar *cnt, uint *h)
{
  uint lid = get_local_id(0);
  T acc = 0;
  *h = 0;
  for (uint k = 0; k < ITEMS; k++) {
    uint q = PAD(lid * ITEMS + k);
    if (hd[q]) {
      acc = tile[q];
      (*h)++;
    } else {
      acc = ADD(acc, tile[q]);
    }
    tile[q] = acc;
    cnt[q] = (uchar)*h;
  }
  return acc;
}

// The carry into the work-item's elements that no head of its own precedes
// (cnt[q] == 0): the tile's prefix pre, then the work-items before it (the
// group's segmented scan: sums, and head counts sf).
static void seg_carry(__local T *tile, __local const uchar *cnt, __local const T *sums,
                      __local const uint *sf, T pre)
{
  uint lid = get_local_id(0);
  T c = lid == 0 ? pre : sf[lid - 1] ? sums[lid - 1] : ADD(pre, sums[lid - 1]);
  for (uint k = 0; k < ITEMS; k++) {
    uint q = PAD(lid * ITEMS + k);
    if (!cnt[q])
      tile[q] = ADD(c, tile[q]);
  }
}

// One pass, the same look-back as scan_lookback (tile_prefix); a tile with a
// head publishes its inclusive value at once, so look-backs stop there.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void seg_scan_lookback(__global const T *in, __global const uchar *flags, __global T *out,
                       const ulong n, volatile __global ulong *status, volatile __global uint *ticket,
                       const uint epoch_base, const uint epoch)
{
  __local T tile[TILE_LOCAL];
  __local uchar hq[TILE_LOCAL]; // heads, then the heads at or before q among the work-item's elements
  __local T sums[WG];
  __local uint sf[WG];
  __local uint tid_sh;
  __local T pre_sh;
  __local ulong win[LB_WORDS];
  uint lid = get_local_id(0), t = seg_tile_load(in, flags, n, ticket, epoch_base, &tid_sh, tile, hq), h;
  ulong base = (ulong)t * TILE;
  T acc = seg_items(tile, hq, hq, &h);
  local_seg_scan(sums, sf, acc, h);
  if (LB_CALLER(lid)) {
    T pre = tile_prefix(status, t, epoch, sums[WG - 1], sf[WG - 1] != 0, win);
    if (lid == 0)
      pre_sh = pre;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  seg_carry(tile, hq, sums, sf, pre_sh);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < ITEMS; k++) {
    ulong i = base + k * WG + lid;
    if (i < n)
      out[i] = tile[PAD(k * WG + lid)];
  }
}

// Segmented reduce in one pass: the segmented scan's tiles, each element
// also carrying the number of heads (set flags past index 0) at or before
// it, which is its segment's index. One look-back per tile carries both the
// segmented sum and the head count (seg_reduce_prefix); only each segment's
// last element is written, at its segment's index; the last tile leaves the
// number of segments - 1 in total[0].
//
// A status word packs the sum in its low 32 bits and the count in its high
// 32 bits h: 0 = not ready, 1 + c = the tile's own sum and count c (c <= TILE),
// TILE + 2 + c = the inclusive ones (c < n < 2^32 - 2 TILE, cost.c). No bits
// are left for an epoch, so launches alternate between two banks of words,
// status[0, stride) and status[stride, 2 stride), by the epoch's parity, and
// each tile clears its word of the other bank for the next launch (the
// previous launch, which used it, has finished).
#define SEG_NOT_READY 0u
#define SEG_AGG(c) (1u + (c))
#define SEG_INCL(c) (TILE + 2u + (c))
#define SEG_WORD(h, v) ((ulong)(h) << 32 | (uint)(v))
#define SEG_COUNT(h) ((h) >= SEG_INCL(0) ? (h) - SEG_INCL(0) : (h) - SEG_AGG(0)) // h ready

// Tile t's own word (inclusive for tile 0), and its word of the other bank
// cleared; then, once the look-back gave the exclusive pair (v, c), the
// inclusive one. Called by one work-item.
static void seg_publish_own(volatile __global ulong *st, volatile __global ulong *other, uint t, T agg, uint cnt)
{
  atom_xchg(&st[t], SEG_WORD(t == 0 ? SEG_INCL(cnt) : SEG_AGG(cnt), agg));
  atom_xchg(&other[t], 0UL);
}
static void seg_publish_incl(volatile __global ulong *st, uint t, T agg, uint cnt, T v, uint c)
{
#ifdef LB_AGG_ONLY
  (void)st, (void)t, (void)agg, (void)cnt, (void)v, (void)c;
#else
  if (t != 0)
    atom_xchg(&st[t], SEG_WORD(SEG_INCL(c + cnt), cnt ? agg : ADD(v, agg)));
#endif
}

// The look-back of tile t over the bank st, called as tile_prefix is (the
// single walker or the window; every caller returns the same): publishes
// (agg, cnt), clears its word of the other bank, combines the words back to
// the first inclusive one, publishes the inclusive pair and returns the
// exclusive one (the sum, and the count in *pc). Going back, (v, c) = word .
// (v, c) keeps v once c counts a head.
static T seg_reduce_prefix(volatile __global ulong *st, volatile __global ulong *other, uint t, T agg,
                           uint cnt, uint *pc, __local ulong *win)
{
  uint lane = get_local_id(0), c = 0;
  T v = 0;
#ifdef LB_WINDOW
  uint r = 0; // the half of win this round writes
#endif
  (void)win;
  if (lane == 0)
    seg_publish_own(st, other, t, agg, cnt);
  for (long j = (long)t - 1; j >= 0;) {
    uint h, k = 0;
#ifdef LB_WINDOW
    __local ulong *w = win + r * TILE_WALKERS;
    r ^= 1u;
    if (lane < TILE_WALKERS) // before tile 0: inclusive (0, 0)
      w[lane] = j >= (long)lane ? st[j - (long)lane] : (ulong)SEG_INCL(0) << 32;
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
    do {
#ifdef LB_WINDOW
      ulong s = w[k];
#else
      ulong s = st[j]; // one aligned 64-bit load: the packed word is read whole
#endif
      h = (uint)(s >> 32);
      if (h == SEG_NOT_READY)
        break; // not ready: the next round reads it again (spins on it)
      if (c == 0)
        v = ADD((T)(uint)s, v);
      c += SEG_COUNT(h);
    } while (h < SEG_INCL(0) && ++k < TILE_WALKERS);
    if (h >= SEG_INCL(0))
      break;
    j -= k;
  }
  if (lane == 0)
    seg_publish_incl(st, t, agg, cnt, v, c);
  *pc = c;
  return v;
}

#ifdef WARP_LOOKBACK
// seg_reduce_prefix by the 32 work-items of warp 0 together (NVIDIA's PTX):
// lane k reads the word of tile j - k, so one read covers 32 tiles; when the
// words up to the newest inclusive one (or all 32) are ready, the warp folds
// them by shuffles, (v, c) = older . newer, and goes on 32 tiles back if none
// was inclusive. Every lane returns the same.
static T seg_reduce_prefix_warp(volatile __global ulong *st, volatile __global ulong *other, uint t, T agg,
                                uint cnt, uint *pc, __local ulong *win)
{
  uint lane = get_local_id(0) & 31, c = 0;
  T v = 0;
  (void)win;
  if (lane == 0)
    seg_publish_own(st, other, t, agg, cnt);
  for (long j = (long)t - 1; j >= 0;) {
    long i = j - (long)lane;
    ulong s = i >= 0 ? st[i] : (ulong)SEG_INCL(0) << 32; // before tile 0: inclusive (0, 0)
    uint h = (uint)(s >> 32), ready = ballot(h != SEG_NOT_READY, 0), incl = ballot(h >= SEG_INCL(0), 0);
    uint last = incl ? popcount((incl & (0u - incl)) - 1u) : 31u; // the oldest lane needed
    uint need = last == 31u ? ~0u : (2u << last) - 1u, y;
    T x;
    if ((ready & need) != need)
      continue; // not all ready: read the window again
    x = lane <= last ? (T)(uint)s : 0;
    y = lane <= last ? SEG_COUNT(h) : 0u;
    for (uint d = 1; d < 32; d <<= 1) {
      T xo = (T)shfl_down((uint)x, d);
      uint yo = shfl_down(y, d);
      if (lane + d < 32) {
        x = y ? x : ADD(xo, x);
        y += yo;
      }
    }
    x = (T)shfl_idx((uint)x, 0);
    y = shfl_idx(y, 0);
    if (c == 0)
      v = ADD(x, v);
    c += y;
    if (incl)
      break;
    j -= 32;
  }
  if (lane == 0)
    seg_publish_incl(st, t, agg, cnt, v, c);
  *pc = c;
  return v;
}
#define SEG_PREFIX seg_reduce_prefix_warp
#else
#define SEG_PREFIX seg_reduce_prefix
#endif

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void seg_reduce_lookback(__global const T *in, __global const uchar *flags, __global T *out,
                         const ulong n, volatile __global ulong *status, volatile __global uint *ticket,
                         const uint epoch_base, const uint epoch, const uint stride, __global T *total)
{
  __local T tile[TILE_LOCAL];
  __local uchar fl[TILE_LOCAL]; // 1: a head (a set flag past index 0)
  __local uchar ci[TILE_LOCAL]; // heads at or before q among the work-item's elements
  __local T sums[WG];
  __local uint sf[WG];
  __local uint tid_sh, cnt_sh;
  __local T pre_sh;
  __local ulong win[LB_WORDS];
  uint lid = get_local_id(0), t = seg_tile_load(in, flags, n, ticket, epoch_base, &tid_sh, tile, fl), h;
  ulong base = (ulong)t * TILE;
  T acc = seg_items(tile, fl, ci, &h);
  local_seg_scan(sums, sf, acc, h);
  if (LB_CALLER(lid)) {
    volatile __global ulong *st = status + (epoch & 1) * stride, *other = status + (~epoch & 1) * stride;
    uint c;
    T pre = SEG_PREFIX(st, other, t, sums[WG - 1], sf[WG - 1], &c, win);
    if (lid == 0) {
      pre_sh = pre;
      cnt_sh = c;
      if ((ulong)(t + 1) * TILE >= n)
        total[0] = (T)(c + sf[WG - 1]);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  seg_carry(tile, ci, sums, sf, pre_sh);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < ITEMS; k++) {
    uint q = k * WG + lid;
    ulong i = base + q;
    if (i < n && (i == n - 1 || (q + 1 < TILE ? fl[PAD(q + 1)] : flags[i + 1]))) {
      uint w = q / ITEMS;
      out[cnt_sh + (w ? sf[w - 1] : 0) + ci[PAD(q)]] = tile[PAD(q)];
    }
  }
}

// seg_reduce_lookback's result, arguments and look-back, with less local memory
// traffic: a work-item's ITEMS (<= 32) elements stay in registers, its heads
// and segment ends in bit masks; after the look-back the tile's E segment sums
// go to tile[] in order (the end at q is the j-th, j = the tile's heads at or
// before q - hd0, hd0 = head at element 0; E = the tile's heads - hd0 + 1 if
// its last element ends a segment) and to out[cnt + hd0, +E) contiguously.
// -DSEG_RELOAD (cost_seg_compact=2): they wait out the look-back in tile[] instead.
// -DSEG_DIRECT (cost_seg_compact=3): each work-item reads its ITEMS elements
// and flags straight from global memory (seg_load_direct), with no tile load
// through local memory and its barrier.
#ifdef SEG_DIRECT
// x[k] = in[first + k] (0 from n on) for the work-item's ITEMS consecutive
// elements; returns their head mask (bit k: flags[first + k] set and
// first + k > 0). Whole runs of 4 in range are read by aligned 4-wide vector
// loads (first is a multiple of ITEMS, the buffers' starts aligned).
static uint seg_load_direct(__global const T *in, __global const uchar *flags, ulong n, ulong first, T *x)
{
  uint hm = 0;
#if ITEMS % 4 == 0
  if (first + ITEMS <= n) {
    for (uint k = 0; k < ITEMS; k += 4) {
      VEC(T, 4) v = *(__global const VEC(T, 4) *)(in + first + k);
      uchar4 f = *(__global const uchar4 *)(flags + first + k);
      x[k] = v.x, x[k + 1] = v.y, x[k + 2] = v.z, x[k + 3] = v.w;
      hm |= (uint)(f.x != 0) << k | (uint)(f.y != 0) << (k + 1) | (uint)(f.z != 0) << (k + 2) |
            (uint)(f.w != 0) << (k + 3);
    }
    return first == 0 ? hm & ~1u : hm;
  }
#endif
  for (uint k = 0; k < ITEMS; k++) {
    ulong i = first + k;
    x[k] = i < n ? in[i] : 0;
    hm |= (uint)(i < n && i > 0 && flags[i] != 0) << k;
  }
  return hm;
}
#endif
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void seg_reduce_compact(__global const T *in, __global const uchar *flags, __global T *out,
                        const ulong n, volatile __global ulong *status, volatile __global uint *ticket,
                        const uint epoch_base, const uint epoch, const uint stride, __global T *total)
{
  __local T tile[TILE_LOCAL];
#ifndef SEG_DIRECT
  __local uchar hd[TILE_LOCAL]; // 1: a head (a set flag past index 0)
#endif
  __local T sums[WG], pre_sh;
  __local uint sf[WG], tid_sh, cnt_sh, last_sh;
  __local ulong win[LB_WORDS];
  T x[ITEMS], acc = 0, c;
#ifdef SEG_DIRECT
  uint lid = get_local_id(0), t = tile_ticket(ticket, epoch_base, &tid_sh), hm, em, next, j, hd0;
  ulong base = (ulong)t * TILE, first = base + (ulong)lid * ITEMS; // first: the work-item's first element
  hm = seg_load_direct(in, flags, n, first, x);
  next = first + ITEMS < n && flags[first + ITEMS] ? 1u : 0u; // the next element a head
  hd0 = base > 0 && base < n && flags[base] ? 1u : 0u;
#else
  uint lid = get_local_id(0), t = seg_tile_load(in, flags, n, ticket, epoch_base, &tid_sh, tile, hd), hm = 0, em, next, j, hd0;
  ulong base = (ulong)t * TILE, first = base + (ulong)lid * ITEMS; // first: the work-item's first element
  for (uint k = 0; k < ITEMS; k++) {
    uint q = PAD(lid * ITEMS + k);
    x[k] = tile[q];
    hm |= (uint)hd[q] << k;
  }
  next = lid + 1 < WG ? hd[PAD((lid + 1) * ITEMS)] : base + TILE < n && flags[base + TILE] ? 1u : 0u;
  hd0 = hd[PAD(0)];
#endif
  em = hm >> 1 | next << (ITEMS - 1);
  if (first + ITEMS >= n) // element n - 1 ends the last segment; none past it ends one
    em = n > first ? (em & ((1u << (n - 1 - first)) - 1u)) | 1u << (n - 1 - first) : 0u;
  if (lid == WG - 1)
    last_sh = em >> (ITEMS - 1) | (base + TILE >= n ? 1u : 0u);
  for (uint k = 0; k < ITEMS; k++)
    x[k] = acc = (hm >> k & 1u) ? x[k] : ADD(acc, x[k]);
#ifdef SEG_RELOAD
  for (uint k = 0; k < ITEMS; k++) tile[PAD(lid * ITEMS + k)] = x[k];
#endif
  local_seg_scan(sums, sf, acc, popcount(hm));
  if (LB_CALLER(lid)) {
    volatile __global ulong *st = status + (epoch & 1) * stride, *other = status + (~epoch & 1) * stride;
    uint cp;
    T pre = SEG_PREFIX(st, other, t, sums[WG - 1], sf[WG - 1], &cp, win);
    if (lid == 0 && (pre_sh = pre, cnt_sh = cp, (ulong)(t + 1) * TILE >= n))
      total[0] = (T)(cp + sf[WG - 1]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef SEG_RELOAD
  for (uint k = 0; k < ITEMS; k++) x[k] = tile[PAD(lid * ITEMS + k)];
  barrier(CLK_LOCAL_MEM_FENCE); // every work-item's elements read before tile[] takes the sums
#endif
  c = lid == 0 ? pre_sh : sf[lid - 1] ? sums[lid - 1] : ADD(pre_sh, sums[lid - 1]);
  j = (lid ? sf[lid - 1] : 0u) - hd0;
  for (uint k = 0; k < ITEMS; k++) {
    uint m = hm & ((2u << k) - 1u); // the work-item's heads at or before k (2u << 31 is 0)
    if (em >> k & 1u)
      tile[PAD(j + popcount(m))] = m ? x[k] : ADD(c, x[k]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint q = lid, ends = sf[WG - 1] - hd0 + last_sh; q < ends; q += WG)
    out[cnt_sh + hd0 + q] = tile[PAD(q)];
}

// Segmented reduce, as the lecture builds it from a segmented scan: each
// segment's last scanned value goes to its segment's index. heads[i] = 1
// where a segment other than the first starts; its inclusive scan is the
// segment index of i.
__kernel void seg_heads(__global const uchar *flags, __global T *heads, const ulong n)
{
  ulong i = get_global_id(0);
  if (i < n)
    heads[i] = i > 0 && flags[i] ? 1 : 0;
}

__kernel void seg_last(__global const T *scanned, __global const uchar *flags,
                       __global const T *segidx, __global T *out, const ulong n)
{
  ulong i = get_global_id(0);
  if (i < n && (i == n - 1 || flags[i + 1]))
    out[(U)segidx[i]] = scanned[i];
}

// Reduce-then-scan: 1) tile totals, 2) their exclusive scan in one group,
// 3) each tile rescanned with its offset. No inter-group waiting at all.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void rts_reduce(__global const T *in, const ulong n, __global T *tiles)
{
  __local T tile[TILE_LOCAL];
  __local T sums[WG];
  T xs[ITEMS];
  tile_scan(in, n, get_group_id(0), tile, sums, xs);
  if (get_local_id(0) == 0)
    tiles[get_group_id(0)] = sums[WG - 1];
}

// One work-group scans the ntiles tile sums in place (exclusive) and leaves
// their total in total[0]: TILE of them at a time, each work-item ITEMS
// consecutive ones in registers, one group scan of the work-items' sums.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void rts_spine(__global T *tiles, const uint ntiles, __global T *total)
{
  __local T sums[WG];
  __local T carry_sh;
  uint lid = get_local_id(0);
  if (lid == 0)
    carry_sh = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint base = 0; base < ntiles; base += TILE) {
    T x[ITEMS], acc = 0, run;
    for (uint k = 0; k < ITEMS; k++) {
      uint i = base + lid * ITEMS + k;
      x[k] = i < ntiles ? tiles[i] : 0;
      acc = ADD(acc, x[k]);
    }
    local_scan(sums, acc);
    run = ADD(carry_sh, ADD(sums[lid], (T)(0 - (U)acc))); // exclusive
    for (uint k = 0; k < ITEMS; k++) {
      uint i = base + lid * ITEMS + k;
      if (i < ntiles)
        tiles[i] = run;
      run = ADD(run, x[k]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
      carry_sh = ADD(carry_sh, sums[WG - 1]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    total[0] = carry_sh;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void rts_scan(__global const T *in, __global T *out, const ulong n, __global const T *tiles)
{
  __local T tile[TILE_LOCAL];
  __local T sums[WG];
  T xs[ITEMS];
  uint t = get_group_id(0);
  tile_scan(in, n, t, tile, sums, xs);
  tile_write(in, out, n, t, tiles[t], tile, sums, xs);
}
// ---------------------------------------------------------------- filter (lecture)
// Map: keep flag of each element. Scatter: kept x[i] goes to idx[i] - 1, idx the
// inclusive scan of the flags.
__kernel void filter_flags(__global const T *in, __global T *flags, const ulong n)
{
  ulong i = get_global_id(0);
  if (i < n)
    flags[i] = in[i] >= 0 ? 1 : 0;
}

__kernel void filter_scatter(__global const T *in, __global const T *idx, __global T *out, const ulong n)
{
  ulong i = get_global_id(0);
  if (i < n && in[i] >= 0)
    out[(U)idx[i] - 1] = in[i];
}
