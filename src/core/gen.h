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
#define GEN_VERSION 3

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
** ascending array reversed). Ascending is a sample of the same law as the
** drawn elements, sorted: for the uniform laws it is made sorted directly
** (docs/data-format.md), not from the drawn elements, so it is not their
** multiset; for Zipf's law (and floats whose hi - lo overflows) it is. */
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

/* Whether the law b can generate type t: 0, or -1 (message in e) for a Zipf
** law on a type that is not an integer. */
int gen_law_check(enum data_type t, const struct gen_bounds *b, struct ps_err *e);

/* Fill v (already allocated with its type and shape) with random elements
** from the seed and the law b, in the order `order` (enum gen_order). Uses
** nthreads threads (>= 1); the bytes do not depend on them. Fails where
** gen_law_check does, or out of memory. */
int gen_fill(struct data_value *v, uint64_t seed, const struct gen_bounds *b, int order,
             int nthreads, struct ps_err *e);

/* Where gen_stream hands its elements: len bytes, the next ones in order.
** 0, or -1 with a message in e to stop. */
typedef int gen_sink(void *ctx, const void *bytes, size_t len, struct ps_err *e);

/* The bytes gen_fill makes for n elements of type t, handed to sink in
** order in pieces of at most chunk bytes (more only when one sorted bucket
** is larger), without holding the whole array where the law allows (the
** uniform laws, any order): the sink is called from one thread, in order,
** while later pieces are made. 0, or -1 (message in e) where gen_fill fails
** or the sink does. */
int gen_stream(enum data_type t, uint64_t n, uint64_t seed, const struct gen_bounds *b, int order,
               int nthreads, size_t chunk, gen_sink *sink, void *ctx, struct ps_err *e);

/* Parse a generator type "[d1][d2]...t" of exactly len chars (t one of the 12
** element types, dimensions decimal). 0 on success, -1 if it is not one. */
int gen_parse_type(const char *s, size_t len, enum data_type *t, int *rank, int64_t *shape);
#endif
