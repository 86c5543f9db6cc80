/*
** gentree.h: the bucket counts of a sorted sample of n uniform offsets over
** a power-of-two range, by halving: the buckets are the leaves of a binary
** tree of depth w (the bucket bits), node h (the root 1, children 2h and
** 2h + 1) holding c of the n offsets; its first child holds Binomial(c, 1/2)
** of them, the ones among c bits of node h's stream draw(s, 2^63 + h, q)
** (64 a draw, of the last draw its top bits), the second the rest. That is
** the law of the counts of n uniform offsets' top w bits; a node's count
** depends only on the seed, h and its parent's, so the subtrees can be
** walked in any order, by any thread, with the same counts.
*/
#ifndef gentree_h
#define gentree_h

#include <stdint.h>

/* A walk of the tree of seed s down to depth w. */
struct gen_tree {
  uint64_t seed;
  unsigned w;
  int insn; /* the CPU has the popcnt instruction (x86) */
};

void gen_tree_init(struct gen_tree *t, uint64_t seed, unsigned w);

/* The counts of the nodes at depth t->w under node h (at depth d <= t->w,
** holding c offsets) into leaf[0, 2^(t->w - d)). */
void gen_tree_counts(const struct gen_tree *t, uint64_t h, unsigned d, uint64_t c, uint64_t *leaf);
#endif
