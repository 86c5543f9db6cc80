// onesweep.cl: stable LSD radix sort with 8-bit digits in the Onesweep
// structure (Adinets and Merrill 2022; docs/entries.md, `radix_sort`):
//   os_hist: one read of the keys counts the digits of every pass (each
//            work-group's local counts added to the totals with atomics);
//            the last group to finish marks the passes whose digit is the
//            same in every key (one digit's total is n)
//   os_scan: per pass, the digit totals scanned into the digits' offsets
//            (with -DSCANG os_pass's first group does it instead, below)
//   os_pass: one launch per pass. A tile of TILE keys, held in registers,
//            is ranked by warp multi-split (each warp's keys in order, with
//            private counters per warp and digit), publishes its digit
//            counts at once, chains its digit offsets to the tiles before it
//            by decoupled look-back per digit (one work-item per digit),
//            reorders its keys by digit in local memory and writes each
//            digit's run contiguously. A pass reads and writes the keys once.
//            A pass whose digit is constant moves nothing: it is the identity,
//            so its tiles copy their keys (and values) in place of the ranking
//            and the look-back, or, for two constant passes in a row between
//            the first and the last, do nothing at all (the keys stay in the
//            buffer the pass after them reads: pass_mode).
// Tiles take their ids from an atomic ticket, so a tile waits only for tiles
// held by groups that have started (forward progress); with -DGID (NVIDIA,
// which starts groups in order of id, as CUB's scan assumes) from the group's
// id, which saves the atomic's round trip at each tile's start. Stable: warps
// hold consecutive parts of a tile and rank their keys in order, and tiles
// chain in order. Elements move as U and are ranked by KEY (prelude.cl).
//
// Warp primitives: with -DNV_PTX, NVIDIA's inline PTX (vote.sync.ballot,
// bar.warp.sync; a warp is 32 consecutive work-items of a 1-D group); without
// it the same contract in local memory with work-group barriers, so the
// algorithm runs and is tested on any device. A key's peers in its warp: with
// -DPEERS_OR (GPUs: on NVIDIA for keys only, with warp syncs) by atomic OR on
// a bit mask per warp and digit ([-DPEERS_HOT=H]: the first H digits of the
// warp by ballots), else by 8 ballots (NVIDIA) or 32 compares (CPUs). Every
// work-item of a group calls them together.
// With -DVALUES os_pass also carries a value per key (from vin, or with iota
// the key's position) as V, its bits: uint, or with -DV=ulong 8 bytes; it
// writes it as VOUT to vout; with -DLAST as well (an argsort's last pass) it
// writes only the values, not the keys.
// Built with -DU, -DFLIP, [-DFLOATKEY], -DWG (a multiple of 32, at least
// RADIX: work-item d < RADIX speaks for digit d),
// -DITEMS, -DPASSES (key bytes), [-DLB32], [-DWIDE], -DLBN (look-back words read
// at once: 4, 8 or 16), -DHWG, -DHVEC, -DHITEMS, -DHPARTS (os_hist's group
// size, keys a load: 1, 2 or 4, loads a work-item in flight, copies of its
// local counts: work-item l counts in copy l % HPARTS, so that keys of one
// hot digit spread their atomics over HPARTS words, as CUB's NUM_PARTS),
// [-DHS_SCAN] (with -DNV_PTX: the group scan Hillis-Steele's, not the warps'),
// [-DRANK_ALL] (every pass ranks, its digit constant or not),
// [-DPACKR] (the ranks two to a register) and, with -DVALUES, [-DVSHARE]
// (the values go through the keys' local memory once the keys are written,
// rather than beside them: half the local memory a key; and they are loaded
// only then, as CUB does, so that no register holds them through the ranking;
// with -DNV_PTX L2 is asked for them at the tile's start, to evict last).

#define RADIX 256
#ifndef V
#define V uint
#endif
// A count of keys over the whole input (the digit totals, their offsets, a
// look-back prefix, a run's place in the output): 32-bit, or with -DWIDE
// (2^32 keys or more, radix.c) 64-bit, the totals then added with 64-bit
// atomics.
#ifdef WIDE
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
typedef ulong gcount;
#define TOT_ADD(p, x) atom_add(p, (ulong)(x))
#define TOT_INC(p) atom_inc(p)
#else
typedef uint gcount;
#define TOT_ADD(p, x) atomic_add(p, x)
#define TOT_INC(p) atomic_inc(p)
#endif
// A look-back word is written with one aligned store and read with one load,
// so it is seen whole; no other memory is ordered by it. Its flag: 0 not
// ready, 1 the tile's count, 2 the inclusive prefix.
// With LB32 (fewer than 2^30 keys) a word is 32 bits, flag << 30 | count,
// and each pass has its own words, cleared by os_hist before the first pass.
// Without it a word is 64 bits, epoch << (LB_B + 2) | flag << LB_B | count
// (LB_B = 32, or 38 with -DWIDE: counts below 2^38, epochs below 2^24,
// lookback.h): the epoch (one per launch) makes the words of earlier launches
// read as not ready, so one set of words serves every pass and nothing is
// cleared.
#ifdef LB32
typedef uint lbword;
#define LB_FLAG(s) ((s) >> 30)
#define LB_VAL(s) ((s) & 0x3fffffffu)
#define LB_WORD(f, v) (((uint)(f) << 30) | (v))
#define LB_READY(s) (LB_FLAG(s) != 0)
#else
typedef ulong lbword;
#ifdef WIDE
#define LB_B 38
#else
#define LB_B 32
#endif
#define LB_FLAG(s) (((s) >> LB_B) & 3)
#define LB_VAL(s) ((gcount)((s) & (((ulong)1 << LB_B) - 1)))
#define LB_WORD(f, v) (((ulong)epoch << (LB_B + 2)) | ((ulong)(f) << LB_B) | (v))
#define LB_READY(s) (((s) >> (LB_B + 2)) == epoch && LB_FLAG(s) != 0)
#endif
#define PUBLISH(p, v) (*(p) = (v))
#define WARPS (WG / 32)
// Whether work-item l speaks for a digit: a constant where WG == RADIX (a
// run-time test there made the emulated ranking's pass 20% slower on the H100)
#define A_DIGIT(l) (WG == RADIX || (l) < RADIX)
// os_pass's warp counters (below TILE, at most 2^15): 16 bits with the PTX
// path, which saves local memory for larger tiles; 32 elsewhere (on PoCL the
// 16-bit ones made argsort 2-4% slower)
#ifdef NV_PTX
typedef ushort count_t;
#else
typedef uint count_t;
#endif
#define ONES ((U)~(U)0)
#define DIGIT(k, shift) ((uint)((k) >> (shift)) & (RADIX - 1u))

#ifdef NV_PTX
// Orders the warp's local-memory accesses before it against those after it.
static void warp_sync(void) { asm volatile("bar.warp.sync 0xffffffff;" ::: "memory"); }
#if defined(VALUES) && defined(VSHARE)
// Asks L2 for the 32-byte sector holding p, to be evicted last (a hint:
// nothing waits for it).
static void l2_ask(__global const void *p)
{
  asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(p) : "memory");
}
#endif
#else
static void warp_sync(void) { barrier(CLK_LOCAL_MEM_FENCE); }
#endif

#if defined(PEERS_OR)
// scratch: WARPS * RADIX words, zero on the first call; each lane sets its bit
// in its warp's word of d. After every peer has read the word (the caller's
// next warp_sync) the lowest peer clears it (PEERS_CLEAR). With
// -DPEERS_HOT=H (1 or 2), in a hot pass, match_hot matches the first H digits
// in lane order (lane 0's, then the lowest lane's not yet matched) by a
// ballot each instead, and the rest so: the lanes of a hot digit
// (the high bytes of Zipf-like keys, mostly 0) would otherwise OR into one
// word, and those atomics serialise; elsewhere the ballots cost more than
// they save (os_pass takes one or the other for the whole pass, outside its
// ranking loop). A word whose digit a ballot matched stays zero, so its
// clear is harmless. sh: one word a work-item for the portable ballot and
// broadcast (unused with PTX).
#ifndef PEERS_HOT
#define PEERS_HOT 0
#endif
static uint match_any(uint d, __local uint *scratch, __local uint *sh)
{
  uint l = get_local_id(0);
  (void)sh;
  atomic_or(&scratch[(l >> 5) * RADIX + d], 1u << (l & 31u));
  warp_sync();
  return scratch[(l >> 5) * RADIX + d];
}
#if PEERS_HOT > 0
// Lane src's x, to every lane of the warp.
static uint warp_bcast(uint x, uint src, __local uint *sh)
{
#ifdef NV_PTX
  (void)sh;
  return shfl_idx(x, src);
#else
  uint l = get_local_id(0), r;
  sh[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  r = sh[(l & ~31u) + src];
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
#endif
}
static uint match_hot(uint d, __local uint *scratch, __local uint *sh)
{
  uint l = get_local_id(0), me = 1u << (l & 31u), done = 0, m = 0;
  for (int h = 0; h < PEERS_HOT; h++) {
    uint src = done == ~0u ? 0u : popcount((~done & (done + 1u)) - 1u); // the lowest lane not matched
    uint dh = warp_bcast(d, src, sh), b = ballot(d == dh, sh);
    m = d == dh ? b : m;
    done |= b;
  }
  if (!(done & me))
    atomic_or(&scratch[(l >> 5) * RADIX + d], me);
  warp_sync();
  return done & me ? m : scratch[(l >> 5) * RADIX + d];
}
#endif
#define PEERS_CLEAR(scratch, d) ((scratch)[(get_local_id(0) >> 5) * RADIX + (d)] = 0)
#elif defined(NV_PTX)
// The lanes of this warp whose d equals this lane's: an AND over the 8 digit
// bits of each bit's ballot (faster on the H100 than match.any.sync).
static uint match_any(uint d, __local uint *scratch, __local uint *sh)
{
  uint m = ~0u;
  (void)scratch, (void)sh;
  for (uint b = 0; b < 8; b++) {
    uint bit = (d >> b) & 1u, v = ballot(bit, scratch);
    m &= bit ? v : ~v;
  }
  return m;
}
#define PEERS_CLEAR(scratch, d) ((void)(scratch), (void)(d))
#else
#define PEERS_CLEAR(scratch, d) ((void)(scratch), (void)(d))
static uint match_any(uint d, __local uint *scratch, __local uint *sh)
{
  uint l = get_local_id(0), w0 = l & ~31u, m = 0;
  (void)sh;
  scratch[l] = d;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint j = 0; j < 32; j++)
    m |= (uint)(scratch[w0 + j] == d) << j;
  barrier(CLK_LOCAL_MEM_FENCE);
  return m;
}
#endif

// x through a move the compiler cannot see through (PTX path), so that what
// is computed from it is computed again where it is needed rather than held
// in a register per key: without it ptxas kept each key's digit and counter
// address across the ranking's barrier and spilled (os_pass at 512 x 15: 76
// bytes spilled; with it none).
#ifdef NV_PTX
static uint opaque(uint x)
{
  uint y;
  asm volatile("mov.u32 %0, %1;" : "=r"(y) : "r"(x));
  return y;
}
#else
#define opaque(x) (x)
#endif

// Exclusive scan of one uint per work-item; *total gets the group's sum.
// sh is scratch of SCAN_WORDS words, free again on return. With the PTX path
// each warp scans by shuffles and adds the totals of the warps before it (2
// barriers, a word a warp); elsewhere Hillis-Steele (2 log2(WG) + 1, a word
// a work-item).
#if defined(NV_PTX) && !defined(HS_SCAN)
#define SCAN_WORDS WARPS
static uint group_scan(__local uint *sh, uint x, uint *total)
{
  uint l = get_local_id(0), lane = l & 31u, w = l >> 5, y = x, before = 0, all = 0;
  for (uint d = 1; d < 32; d <<= 1) {
    uint v = shfl_up(y, d);
    y += lane >= d ? v : 0u;
  }
  if (lane == 31u)
    sh[w] = y;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < WARPS; k++) {
    uint s = sh[k];
    before += k < w ? s : 0u;
    all += s;
  }
  *total = all;
  barrier(CLK_LOCAL_MEM_FENCE);
  return before + y - x;
}
#else
#define SCAN_WORDS WG
static uint group_scan(__local uint *sh, uint x, uint *total)
{
  uint l = get_local_id(0);
  sh[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 1; s < WG; s <<= 1) {
    uint y = l >= s ? sh[l - s] : 0u;
    barrier(CLK_LOCAL_MEM_FENCE);
    sh[l] += y;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  *total = sh[WG - 1];
  uint r = sh[l] - x;
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}
#endif

// The words of tot after the digit totals (PASSES * RADIX of them): the scan
// group's flag (below), os_hist's count of finished groups (the last one
// sets it back to 0) and the masks of constant and hot passes (bit p: one
// digit of pass p holds all n keys; bit HOT_BIT + p: one holds more than
// n / HOT_SHARE, so that warps meet it many lanes at once, and with
// -DPEERS_HOT the ranking matches it by ballots), which os_hist's last group
// writes for the passes.
#define FLAG_W (PASSES * RADIX)
#define DONE_W (PASSES * RADIX + 1)
#define CONST_W (PASSES * RADIX + 2)
#define HOT_BIT 16u
#define HOT_SHARE 8u

// os_hist's last group: the constant and hot passes into tot[CONST_W], from
// the totals that every group has added (each group's adds are ordered before
// its count of DONE_W by the device's fence); m is a local word.
static void constant_passes(volatile __global gcount *tot, const ulong n, __local uint *m)
{
  uint l = get_local_id(0);
  if (l == 0)
    *m = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  device_fence();
  for (uint i = l; i < PASSES * RADIX; i += HWG)
  {
    gcount c = tot[i];
    if (c == (gcount)n)
      atomic_or(m, 1u << (i / RADIX));
    if (c > n / HOT_SHARE)
      atomic_or(m, 1u << (HOT_BIT + i / RADIX));
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    tot[CONST_W] = *m;
    tot[DONE_W] = 0;
  }
}

// Adds to tot[p * RADIX + d] (zero before the launch: whoever reads them zeroes
// them again for the next sort, os_scan or the scan's group) how many keys have
// digit d in pass p: each group of HWG work-items counts its share (a
// grid-stride walk of loads of HVEC keys, HITEMS loads a work-item in flight)
// in local memory (HPARTS copies), then adds its counts with global atomics;
// the last group to finish writes the constant passes (constant_passes).
// Also zeroes clear[0, words) (LB32: every pass's look-back words) and the
// scan's group's flag tot[FLAG_W], which the first pass's tiles wait on.
#if HVEC == 1
#define HLOAD U
#else
#define HLOAD VEC(U, HVEC)
#endif
__kernel __attribute__((reqd_work_group_size(HWG, 1, 1)))
void os_hist(__global const U *restrict in, const ulong n, volatile __global gcount *tot,
             __global uint *restrict clear, const ulong words)
{
  __local uint h[PASSES * RADIX * HPARTS];
  __local uint last;
  __global const HLOAD *vin = (__global const HLOAD *)in; // (a buffer's start: aligned)
  uint l = get_local_id(0), part = l % HPARTS;
  ulong stride = (ulong)get_num_groups(0) * HWG, nv = n / HVEC;
  for (uint i = l; i < PASSES * RADIX * HPARTS; i += HWG)
    h[i] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
#define HCOUNT(u)                   \
  for (uint p = 0; p < PASSES; p++) \
    atomic_inc(&h[(p * RADIX + DIGIT(KEY(u), 8 * p)) * HPARTS + part]);
  for (ulong i0 = get_global_id(0); i0 < nv; i0 += stride * HITEMS) {
    HLOAD k[HITEMS];
    for (uint j = 0; j < HITEMS; j++) {
      ulong i = i0 + j * stride;
      k[j] = i < nv ? vin[i] : (HLOAD)0;
    }
    for (uint j = 0; j < HITEMS; j++)
      if (i0 + j * stride < nv) {
#if HVEC == 1
        HCOUNT(k[j])
#else
        HCOUNT(k[j].s0) HCOUNT(k[j].s1)
#if HVEC == 4
        HCOUNT(k[j].s2) HCOUNT(k[j].s3)
#endif
#endif
      }
  }
  for (ulong i = nv * HVEC + get_global_id(0); i < n; i += stride) // the last n % HVEC
    HCOUNT(in[i])
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = l; i < PASSES * RADIX; i += HWG) {
    uint c = 0;
    for (uint q = 0; q < HPARTS; q++)
      c += h[i * HPARTS + q];
    if (c != 0)
      TOT_ADD(&tot[i], c);
  }
  for (ulong i = get_global_id(0); i < words; i += stride)
    clear[i] = 0;
  if (get_global_id(0) == 0)
    tot[FLAG_W] = 0;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); // every work-item's adds
  if (l == 0) {
    device_fence();
    last = TOT_INC(&tot[DONE_W]) == get_num_groups(0) - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (last)
    constant_passes(tot, n, h);
}

// Work-item d of a group (every one calls it together): the keys whose pass-p
// digit is below d, by the group's scan of the totals (work-item d reads only
// total d). With -DWIDE (totals below 2^38) two 32-bit scans: of each total's
// bits from 8 up (their sum over the RADIX digits stays below 2^32 while n is
// below 2^40) and of its low 8 bits (a sum below RADIX * 256). sh: SCAN_WORDS
// words.
static gcount digits_below(volatile __global const gcount *tot, uint p, uint d, __local uint *sh)
{
  uint total;
#ifdef WIDE
  gcount c = A_DIGIT(d) ? tot[p * RADIX + d] : 0u;
  gcount o = (gcount)group_scan(sh, (uint)(c >> 8), &total) << 8;
  return o + group_scan(sh, (uint)c & 0xffu, &total);
#else
  uint c = A_DIGIT(d) ? tot[p * RADIX + d] : 0u;
  return group_scan(sh, c, &total);
#endif
}

// Work-group p: off[p * RADIX + d] = the keys whose pass-p digit is below d;
// tot zeroed again for the next sort's os_hist.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void os_scan(volatile __global gcount *restrict tot, __global gcount *restrict off)
{
  __local uint sh[SCAN_WORDS];
  uint d = get_local_id(0), p = get_group_id(0);
  gcount o = digits_below(tot, p, d, sh);
  if (A_DIGIT(d)) {
    off[p * RADIX + d] = o;
    tot[p * RADIX + d] = 0;
  }
}

// The look-back of digit d for tile t (one work-item per digit): the tile's
// count of d is already published; sums the words of the tiles before it back
// to the first inclusive prefix, publishes its own and returns the exclusive
// one. The words are read LBN at a time (independent loads in flight: at a
// launch's start a tile's walk back can be hundreds of tiles long) and summed
// in order, while ready, through the first prefix; the first not ready is
// read again. Scalars and no branches: PoCL's LLVM miscompiled the same with
// an array or with breaks.
#define LB_LOAD(k)                                                               \
  lbword s##k = status[(ulong)(j - k >= 0 ? j - k : 0) * RADIX + d]; /* whole */ \
  s##k = j - k >= 0 ? s##k : LB_WORD(2, 0); /* before tile 0: prefix 0 */
#define LB_TAKE(k)                                                               \
  f = LB_FLAG(s##k);                                                             \
  go = go && LB_READY(s##k);                                                     \
  pre += go ? LB_VAL(s##k) : 0u;                                                 \
  j -= go;                                                                       \
  done |= go && f == 2;                                                          \
  go = go && f != 2;
// M(0) M(1) ... M(LBN - 1)
#if LBN > 8
#define LB_EACH(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)
#elif LBN > 4
#define LB_EACH(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)
#else
#define LB_EACH(M) M(0) M(1) M(2) M(3)
#endif
static gcount digit_prefix(volatile __global lbword *status, uint t, uint d, uint epoch, uint count)
{
  gcount pre = 0;
  uint f;
  long j = (long)t - 1;
  (void)epoch;
  if (t == 0)
    return 0;
  for (int done = 0, go; !done;) {
    LB_EACH(LB_LOAD)
    go = 1;
    LB_EACH(LB_TAKE)
  }
#ifndef LB_COUNTS_ONLY // (tests: every walk then sums counts back to tile 0)
  PUBLISH(&status[(ulong)t * RADIX + d], LB_WORD(2, pre + count));
#endif
  return pre;
}

// With -DSCANG the launch's first group (by id, or the first ticket) is no
// tile. In the first pass (first = 1) it does os_scan's work: it scans every
// pass's digit totals tot into the offsets off, zeroes the totals for the
// next sort's os_hist and then sets tot[FLAG_W] (zeroed by os_hist).
// The tiles, the groups after it, wait for that word only where they read
// off, long after it is set. In the later passes it returns at once: every
// launch has it, so that each takes the same number of tickets. Without
// -DSCANG, tot and first are unused.
#ifdef SCANG
#define OFF_T volatile __global gcount *
static void scan_group_work(__local uint *sh, volatile __global gcount *tot, OFF_T off, uint first)
{
  uint l = get_local_id(0);
  for (uint p = 0; first && p < PASSES; p++) {
    gcount o = digits_below(tot, p, l, sh);
    if (A_DIGIT(l)) {
      off[p * RADIX + l] = o;
      tot[p * RADIX + l] = 0;
    }
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (first && l == 0) {
    device_fence(); // every offset before the flag, for the other groups
    tot[FLAG_W] = 1;
  }
}
#else
#define OFF_T __global const gcount *restrict
#endif

// This group's tile: the group's id (-DGID) or a ticket; with -DSCANG the
// first is the scan group's (see above), and a tile is one less. Also zeroes
// the warps' counters cnt and the peers' scratch pm (-DPEERS_OR). Every
// work-item returns the same, with a barrier passed.
static uint tile_start(volatile __global uint *ticket, uint epoch_base, __local count_t *cnt, __local uint *pm,
                       __local uint *tid_sh)
{
  uint l = get_local_id(0);
#ifndef GID
  if (l == 0)
    *tid_sh = atomic_inc(ticket) - epoch_base;
#endif
  for (uint i = l; i < WARPS * RADIX; i += WG) {
    cnt[i] = 0;
#ifdef PEERS_OR
    pm[i] = 0;
#endif
  }
  (void)pm;
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef GID
  (void)ticket, (void)epoch_base, (void)tid_sh;
  return get_group_id(0);
#else
  return *tid_sh;
#endif
}

// After the ranking, work-item l < RADIX is digit l: it turns the warps'
// counts of l into their offsets within its run, publishes the tile's count of
// l at once (for the tiles after it), and with the group's scan of the counts
// sets dstart[l] (where the run starts in the tile) and moves each warp's
// offset by it (each warp's first slot of l, so that a key's slot takes one
// look-up). Returns the tile's count of l (0 past RADIX).
static uint digit_runs(__local count_t *cnt, __local uint *sh, __local uint *dstart,
                       volatile __global lbword *status, uint t, uint epoch)
{
  uint d = get_local_id(0), sum = 0, start, total;
  (void)epoch;
  if (A_DIGIT(d)) {
    for (uint v = 0; v < WARPS; v++) {
      uint c = cnt[v * RADIX + d];
      cnt[v * RADIX + d] = (count_t)sum;
      sum += c;
    }
    PUBLISH(&status[(ulong)t * RADIX + d], LB_WORD(t == 0 ? 2 : 1, sum));
  }
  start = group_scan(sh, sum, &total);
  if (A_DIGIT(d)) {
    dstart[d] = start;
    for (uint v = 0; v < WARPS; v++)
      cnt[v * RADIX + d] += (count_t)start;
  }
  return sum;
}

// Work-item l < RADIX: gb[l] = where digit l's run goes in the output, as an
// offset from tile slots (gcount arithmetic wraps back): its offset in the
// pass, plus the tile's prefix of l by look-back, less its start in the tile.
static void run_bases(OFF_T off, volatile __global lbword *status, volatile __global gcount *tot, uint first,
                      uint shift, uint t, uint epoch, uint count, __local const uint *dstart, __local gcount *gb)
{
  uint l = get_local_id(0);
  (void)tot, (void)first;
  if (A_DIGIT(l)) {
    gcount pre = digit_prefix(status, t, l, epoch, count);
#ifdef SCANG
    while (first && tot[FLAG_W] == 0) // the offsets not yet scanned
      ;
    // The offsets are loaded only once the flag's load returned 1, and no group
    // loads them before that: mem_fence keeps the compiler from hoisting the
    // load. The writer's device_fence is what orders the offsets (a device
    // fence here too measured slower on the H200).
    mem_fence(CLK_GLOBAL_MEM_FENCE);
#endif
    gb[l] = off[(shift >> 3) * RADIX + l] + pre - dstart[l];
  }
}

// os_pass's private arrays and local memory, by its options.
// The keys' ranks in the tile: with -DPACKR two to a word (each below
// TILE <= 2^15), which frees ITEMS / 2 registers.
#ifdef PACKR
#define RANKS uint rp[(ITEMS + 1) / 2] = {0}
#define R_GET(i) ((i) & 1 ? rp[(i) >> 1] >> 16 : rp[(i) >> 1] & 0xffffu)
#define R_ADD(i, x) (rp[(i) >> 1] += (i) & 1 ? (uint)(x) << 16 : (uint)(x))
#else
#define RANKS uint r[ITEMS] = {0}
#define R_GET(i) r[i]
#define R_ADD(i, x) (r[i] += (x))
#endif
// The tile in digit order: the keys and their values; with -DVSHARE the
// values in the keys' memory once the keys are written, each slot's digit
// kept four to a register (dig) for its value's place.
#if defined(VALUES) && defined(VSHARE)
#define TILE_MEMORY                                      \
  __local union { U k[TILE]; V v[TILE]; } tb;            \
  __local U *keys = tb.k;                                \
  __local V *vals = tb.v;                                \
  uint dig[(ITEMS + 3) / 4] = {0}
#elif defined(VALUES)
#define TILE_MEMORY          \
  __local U keys[TILE];      \
  __local V vals[TILE];      \
  V v[ITEMS]
#else
#define TILE_MEMORY __local U keys[TILE]
#endif
// match_any's scratch (WARPS * RADIX words): with the PTX path and keys of
// 4 bytes or more in the tile's memory, which the ranking does not use.
#if defined(PEERS_OR) && defined(NV_PTX) && PASSES >= 4 && ITEMS * PASSES >= 32
#define PEERS_MEMORY __local uint *pm = (__local uint *)keys
#elif defined(PEERS_OR)
#define PEERS_MEMORY __local uint pm[WARPS * RADIX]
#else
#define PEERS_MEMORY __local uint *pm = sh
#endif
// Tile slot q's value: with iota its position; past the end 0.
#define VALUE(q) (iota ? (V)t * TILE + (q) : (q) < m ? vin[(ulong)t * TILE + (q)] : 0u)

// What pass p does, by the constant passes os_hist marked (tot[CONST_W]):
// ranks (a digit that varies); copies its input (a constant digit); or
// nothing, for two constant passes in a row from pass 1 up to the one before
// the last, taken in pairs from the first: the buffers swap every pass, so
// the pass after a pair reads the buffer the pass before it wrote (keys and
// values alike), while pass 0 must read the input and the last write the
// result.
#define P_RANK 0
#define P_COPY 1
#define P_NONE 2
static uint pass_mode(volatile __global const gcount *tot, uint p)
{
#ifdef RANK_ALL
  uint c = 0; // (every pass ranks)
  (void)tot;
#else
  uint c = (uint)tot[CONST_W];
#endif
  if (!(c >> p & 1u))
    return P_RANK;
  for (uint q = 1; q + 2 < PASSES; q++)
    if ((c >> q & 3u) == 3u) {
      if (p == q || p == q + 1)
        return P_NONE;
      q++;
    }
  return P_COPY;
}

// A constant pass's tile: its m elements copied where they are (each key's
// run starts where the keys before it end), and their values (VOUT); with
// LAST the values only.
#ifdef VALUES
#define COPY_VALUES , __global const V *restrict vin, __global VOUT *restrict vout, uint iota
#define COPY_VARGS , vin, vout, iota
#else
#define COPY_VALUES
#define COPY_VARGS
#endif
static void copy_tile(__global const U *restrict in, __global U *restrict out, uint t, uint m COPY_VALUES)
{
  for (uint i = 0; i < ITEMS; i++) {
    uint q = i * WG + get_local_id(0);
    if (q < m) {
#ifndef LAST
      out[(ulong)t * TILE + q] = in[(ulong)t * TILE + q];
#endif
#ifdef VALUES
      vout[(ulong)t * TILE + q] = (VOUT)VALUE(q);
#endif
    }
  }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void os_pass(__global const U *restrict in, __global U *restrict out, const ulong n, const uint shift,
             OFF_T off /* all passes' */, volatile __global lbword *status,
             volatile __global uint *ticket, const uint epoch_base, const uint epoch,
             volatile __global gcount *tot, const uint first
#ifdef VALUES
             , __global const V *restrict vin, __global VOUT *restrict vout, const uint iota
#endif
             )
{
  TILE_MEMORY;
  __local count_t cnt[WARPS * RADIX]; // [w * RADIX + d]: warp w's count of d, then its first slot of d
  __local uint sh[SCAN_WORDS], dstart[RADIX];
  __local gcount gb[RADIX];
  __local uint tid_sh;
  PEERS_MEMORY;
  uint l = get_local_id(0), lane = l & 31u, w = l >> 5, t, m, count, mode, hot;
  uint lt = (1u << lane) - 1u; // the lanes below this one
  U k[ITEMS];
  RANKS;
  t = tile_start(ticket, epoch_base, cnt, pm, &tid_sh);
#ifdef SCANG
  if (t == 0) {
    scan_group_work(sh, tot, off, first);
    return;
  }
  t -= 1;
#endif
  m = (uint)min((ulong)TILE, n - (ulong)t * TILE);
  if ((mode = pass_mode(tot, shift >> 3)) != P_RANK) {
    if (mode == P_COPY)
      copy_tile(in, out, t, m COPY_VARGS);
    return;
  }
  hot = (uint)(tot[CONST_W] >> (HOT_BIT + (shift >> 3))) & 1u;
#ifdef LB32
  status += (ulong)(shift >> 3) * ((n + TILE - 1) / TILE) * RADIX; // this pass's words
#endif
  // warp w holds tile elements [w * 32 * ITEMS, (w + 1) * 32 * ITEMS), lane
  // by lane; keys past the end are all ones, last of digit 255
  for (uint i = 0; i < ITEMS; i++) {
    uint q = w * 32 * ITEMS + i * 32 + lane;
    k[i] = q < m ? KEY(in[(ulong)t * TILE + q]) : ONES;
#if defined(VALUES) && !defined(VSHARE)
    v[i] = VALUE(q);
#endif
  }
#if defined(VALUES) && defined(VSHARE) && defined(NV_PTX)
  // the values are loaded late (below): L2 fetches them meanwhile, to be
  // evicted last
  if (!iota)
    for (uint o = l * 32u; o < m * (uint)sizeof(V); o += WG * 32u)
      l2_ask((__global const uchar *)(vin + (ulong)t * TILE) + o);
#endif
  // warp multi-split: r[i] = the keys of this warp before k[i] with its digit
  // (the warp's counter of the digit, then the peers in lower lanes); a hot
  // pass's peers by match_hot, in a loop of its own so that the others' loop
  // is unchanged
#define RANK_KEYS(MATCH)                                                     \
  for (uint i = 0; i < ITEMS; i++) {                                         \
    uint d = DIGIT(k[i], opaque(shift)); /* here, not for every key at once */ \
    uint peers = MATCH(d, pm, sh);                                           \
    uint below = popcount(peers & lt);                                       \
    uint old = cnt[w * RADIX + d];                                           \
    warp_sync();                                                             \
    if (below == 0) {                                                        \
      cnt[w * RADIX + d] = (count_t)(old + popcount(peers));                 \
      PEERS_CLEAR(pm, d);                                                    \
    }                                                                        \
    warp_sync();                                                             \
    R_ADD(i, old + below);                                                   \
  }
#if defined(PEERS_OR) && PEERS_HOT > 0
  if (hot) {
    RANK_KEYS(match_hot)
  } else
#endif
  {
    RANK_KEYS(match_any)
  }
  (void)hot;
  barrier(CLK_LOCAL_MEM_FENCE);
  count = digit_runs(cnt, sh, dstart, status, t, epoch);
  barrier(CLK_LOCAL_MEM_FENCE);
  // each key's slot in the tile in digit order. The digits and counters'
  // addresses again, not kept from the ranking.
  uint shift2 = opaque(shift), w2 = opaque(w);
  for (uint i = 0; i < ITEMS; i++)
    R_ADD(i, cnt[w2 * RADIX + DIGIT(k[i], shift2)]);
  // the tile in digit order (before the look-back, which may wait on other
  // tiles), then each run written contiguously: consecutive work-items write
  // consecutive addresses of a run
  for (uint i = 0; i < ITEMS; i++) {
    keys[R_GET(i)] = k[i];
#if defined(VALUES) && !defined(VSHARE)
    vals[R_GET(i)] = v[i];
#endif
  }
  run_bases(off, status, tot, first, shift, t, epoch, count, dstart, gb);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = 0; i < ITEMS; i++) {
    uint q = i * WG + l;
    if (q < m) {
      U x = keys[q];
#ifndef LAST
      out[gb[DIGIT(x, shift)] + q] = UNKEY(x);
#endif
#if defined(VALUES) && defined(VSHARE)
      dig[i >> 2] |= DIGIT(x, shift) << (8 * (i & 3));
#elif defined(VALUES)
      vout[gb[DIGIT(x, shift)] + q] = (VOUT)vals[q];
#endif
    }
  }
#if defined(VALUES) && defined(VSHARE)
  // the values loaded only now that the keys are written, in the keys' places
  V v[ITEMS];
  for (uint i = 0; i < ITEMS; i++)
    v[i] = VALUE(w2 * 32 * ITEMS + i * 32 + lane);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = 0; i < ITEMS; i++)
    vals[R_GET(i)] = v[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = 0; i < ITEMS; i++)
    if (i * WG + l < m)
      vout[gb[dig[i >> 2] >> (8 * (i & 3)) & (RADIX - 1u)] + i * WG + l] = (VOUT)vals[i * WG + l];
#endif
}
