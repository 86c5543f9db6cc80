// prelude.cl: what every kernel file shares. rt.c puts it before each
// program's own source (followed by `#line 1`, so build logs give the file's
// own line numbers). Built with -DT (the element type), -DU (the unsigned
// type of its width) and -DFLIP (the sign bit for signed types, else 0), and
// per family -DWG (work-group size) and -DITEMS (elements per work-item of a
// tile); a macro that names one of them may only be used where it is defined.
// rt.c adds -DPS_NVIDIA on NVIDIA's devices, also where -DNV_PTX is left out
// (PSEARCH_TEST_PORTABLE): what correctness needs there (device_fence).

// Wrapping addition in T, done in U: two's complement, as C's unsigned arithmetic.
#define ADD(a, b) ((T)((U)(a) + (U)(b)))

// A tile: WG work-items of ITEMS elements each. Local-memory index of tile
// element q, padded by one word per 32 so that strided walks over a tile hit
// distinct banks; TILE_LOCAL words hold a padded tile.
#define TILE (WG * ITEMS)
#define PAD(q) ((q) + ((q) >> 5))
#define TILE_LOCAL (TILE + TILE / 32)

// The top bit of U, and KEY: the element's bits (as U) mapped to an unsigned
// key in the element order: the sign bit flipped for signed integers (FLIP),
// and with -DFLOATKEY the IEEE total order (negatives: every bit flipped;
// positives: the sign bit set; so -NaN first, +NaN last). UNKEY inverts KEY.
#define TOP ((U)((U)1 << (sizeof(U) * 8 - 1)))
#ifdef FLOATKEY
#define KEY(u) ((U)(((u) & TOP) ? (U)~(u) : (U)((u) | TOP)))
#define UNKEY(k) ((U)(((k) & TOP) ? (U)((k) & (U)~TOP) : (U)~(k)))
#else
#define KEY(u) ((U)((u) ^ (U)FLIP))
#define UNKEY(k) ((U)((k) ^ (U)FLIP))
#endif

// Warp vote, for 1-D work-groups of a multiple of 32 work-items (a warp: 32
// consecutive work-items; lane = local id % 32): bit j of ballot(p, sh) is set
// where lane j of this work-item's warp has p != 0. With -DNV_PTX NVIDIA's
// vote.sync; without it the same contract through sh (one word per
// work-item of the group, local memory) and two barriers, so that a kernel
// built on it runs and is tested on any device. Every work-item of the group
// calls it together.
#ifdef NV_PTX
inline uint ballot(int p, __local uint *sh)
{
  uint v;
  (void)sh;
  asm volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }"
               : "=r"(v) : "r"(p));
  return v;
}

// Warp shuffles (NVIDIA's PTX only; the same 1-D warps as ballot; every lane
// of the warp calls them together). shfl_up: lane l gets lane l - d's v (its
// own where l < d); shfl_down: lane l + d's (its own where l + d > 31);
// shfl_idx: lane src's; shfl_xor: lane l ^ m's.
inline uint shfl_up(uint v, uint d)
{
  uint r;
  asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(r) : "r"(v), "r"(d));
  return r;
}
inline uint shfl_down(uint v, uint d)
{
  uint r;
  asm volatile("shfl.sync.down.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v), "r"(d));
  return r;
}
inline uint shfl_idx(uint v, uint src)
{
  uint r;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v), "r"(src));
  return r;
}
inline uint shfl_xor(uint v, uint m)
{
  uint r;
  asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v), "r"(m));
  return r;
}
#else
inline uint ballot(int p, __local uint *sh)
{
  uint l = get_local_id(0), w0 = l & ~31u, v = 0;
  sh[l] = p != 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint j = 0; j < 32; j++)
    v |= sh[w0 + j] << j;
  barrier(CLK_LOCAL_MEM_FENCE);
  return v;
}
#endif

// Orders this work-item's global writes before its later ones as every
// work-group sees them (before a ticket or flag that tells another group to
// read them), and on the reading side its reads after what it saw. NVIDIA
// compiles mem_fence(CLK_GLOBAL_MEM_FENCE) to membar.cta, which orders them
// for the work-item's own group only; membar.gl is the device's fence (CUDA's
// __threadfence). Elsewhere mem_fence, which PoCL's CPUs keep in order.
#ifdef PS_NVIDIA
inline void device_fence(void) { asm volatile("membar.gl;" ::: "memory"); }
#else
inline void device_fence(void) { mem_fence(CLK_GLOBAL_MEM_FENCE); }
#endif

// A vector type of n elements of t: VEC(T, 16).
#define CAT(a, b) a##b
#define VEC(t, n) CAT(t, n)
