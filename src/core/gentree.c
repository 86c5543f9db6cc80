/*
** gentree.c: the bucket counts' tree of gentree.h.
*/
#include "gentree.h"
#include "genimpl.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define TREE_STREAM 0x8000000000000000ull /* node h's bits: stream 2^63 + h (h >= 1) */

/* Node h's first child's share of c, the ones counted by POPCOUNT. On x86
** the build may not assume the popcnt instruction: half_any is then the C
** library's count, half_insn the instruction's, taken where the CPU has
** it. */
#define MAKE_HALF(NAME, ATTR, POPCOUNT)                                                         \
  ATTR static uint64_t NAME(uint64_t seed, uint64_t h, uint64_t c)                            \
  {                                                                                           \
    uint64_t key = mix64(seed + STREAM * (TREE_STREAM + h)), ones = 0, q = 0;                 \
    for (; c >= 64; c -= 64, q++)                                                             \
      ones += POPCOUNT(mix64(key + (q + 1) * GOLDEN));                                        \
    if (c > 0)                                                                                \
      ones += POPCOUNT(mix64(key + (q + 1) * GOLDEN) >> (64 - c));                            \
    return ones;                                                                              \
  }

#define POPCOUNT64(x) (uint64_t) __builtin_popcountll(x)
MAKE_HALF(half_any, , POPCOUNT64)
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
MAKE_HALF(half_insn, __attribute__((target("popcnt"))), POPCOUNT64)
#define HAVE_POPCNT() __builtin_cpu_supports("popcnt")
#else
#define half_insn half_any
#define HAVE_POPCNT() 0
#endif

void gen_tree_init(struct gen_tree *t, uint64_t seed, unsigned w)
{
  t->seed = seed;
  t->w = w;
  t->insn = HAVE_POPCNT() != 0;
}

void gen_tree_counts(const struct gen_tree *t, uint64_t h, unsigned d, uint64_t c, uint64_t *leaf)
{
  uint64_t half;
  if (d == t->w) {
    leaf[0] = c;
  } else if (c == 0) {
    memset(leaf, 0, ((size_t)1 << (t->w - d)) * sizeof *leaf);
  } else {
    half = t->insn ? half_insn(t->seed, h, c) : half_any(t->seed, h, c);
    gen_tree_counts(t, 2 * h, d + 1, half, leaf);
    gen_tree_counts(t, 2 * h + 1, d + 1, c - half, leaf + ((size_t)1 << (t->w - d - 1)));
  }
}
