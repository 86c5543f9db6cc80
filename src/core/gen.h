/*
** gen.h: random dataset generation with a counter-based generator, so every
** element can be computed on its own (any thread count, or a device, gives
** the same bytes). docs/data-format.md describes the generator exactly.
*/
#ifndef gen_h
#define gen_h

#include "data.h"

/* The generator's version: part of every dataset cache key. Bump it whenever
** the bytes gen_fill makes for a (type, shape, seed, bounds, order) change. */
#define GEN_VERSION 1

/* Inclusive bounds for one element type. */
union gen_bound {
  int64_t i;  /* signed integer types */
  uint64_t u; /* unsigned integer types */
  double f;   /* float types */
};

/* The law of generated elements: bounds per type and the distribution over
** them. zipf 0: uniform; zipf s > 0 (integer types only): the truncated
** Zipf law over the m = HI - LO + 1 integers, LO + k - 1 with probability
** proportional to k^-s (rank k from 1, so LO is the most frequent). */
struct gen_bounds {
  union gen_bound lo[DATA_NTYPES], hi[DATA_NTYPES];
  double zipf;
};

/* The largest Zipf exponent taken. */
#define GEN_ZIPF_MAX 100.0

/* The order of generated elements: as drawn, ascending, or descending (the
** ascending array reversed: the same multiset). */
enum gen_order { GEN_DRAWN, GEN_SORTED, GEN_REVERSED };

/* Futhark's defaults: the full range of integer types, [0, 1] for floats;
** uniform. */
void gen_bounds_default(struct gen_bounds *b);

/* Parse "LO:HI" for type t (both sides must parse completely as t and
** LO <= HI). Returns 0 or -1 with a message in e. */
int gen_bounds_parse(struct gen_bounds *b, enum data_type t, const char *s, struct ps_err *e);

/* The i-th 64-bit draw of a stream: SplitMix64's output function applied to
** key + (i + 1) * 0x9E3779B97F4A7C15, where key = mix(seed + 0x632BE59BD9B4E019 * stream).
** stream 0 holds element i's first draw, streams 1, 2, ... retries. */
uint64_t gen_draw(uint64_t seed, uint64_t stream, uint64_t i);

/* Uniform integers in [0, range - 1] one element at a time: element i of
** gen_uniform_at is element i of what gen_fill makes, from the same seed, for
** a u64 or i64 value with bounds 0:range-1 and the uniform law (the draw's
** top bits for a power-of-two range, else Lemire's with retries), so a
** kernel that computes the same (docs/data-format.md) is checked against it.
** key0 and thresh are what such a kernel needs besides the seed: the
** stream-0 key mix(seed) and the rejection bound 2^64 mod range. */
struct gen_uniform {
  uint64_t seed, key0, range, thresh;
};
void gen_uniform_init(struct gen_uniform *u, uint64_t seed, uint64_t range); /* range >= 1 */
uint64_t gen_uniform_at(const struct gen_uniform *u, uint64_t i);

/* Parse a Zipf exponent: a finite number in (0, GEN_ZIPF_MAX]. 0 or -1. */
int gen_zipf_parse(const char *s, double *zipf);

/* Fill v (already allocated with its type and shape) with random elements
** from the seed and the law b, in the order `order` (enum gen_order: sorted
** and reversed are the drawn multiset, reordered). Uses nthreads threads
** (>= 1); the bytes do not depend on them. A Zipf law on a type that is not
** an integer fails. */
int gen_fill(struct data_value *v, uint64_t seed, const struct gen_bounds *b, int order,
             int nthreads, struct ps_err *e);

/* Parse a generator type "[d1][d2]...t" of exactly len chars (t one of the 12
** element types, dimensions decimal). 0 on success, -1 if it is not one. */
int gen_parse_type(const char *s, size_t len, enum data_type *t, int *rank, int64_t *shape);
#endif
