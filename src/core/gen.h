/*
** gen.h: random dataset generation with a counter-based generator, so every
** element can be computed on its own (any thread count, or a device, gives
** the same bytes). docs/data-format.md describes the generator exactly.
*/
#ifndef gen_h
#define gen_h

#include "data.h"

/* The generator's version: part of every dataset cache key. Bump it whenever
** the bytes gen_fill makes for a (type, shape, seed, bounds, sorted) change. */
#define GEN_VERSION 1

/* Inclusive bounds for one element type. */
union gen_bound {
  int64_t i;  /* signed integer types */
  uint64_t u; /* unsigned integer types */
  double f;   /* float types */
};

struct gen_bounds {
  union gen_bound lo[DATA_NTYPES], hi[DATA_NTYPES];
};

/* Futhark's defaults: the full range of integer types, [0, 1] for floats. */
void gen_bounds_default(struct gen_bounds *b);

/* Parse "LO:HI" for type t (both sides must parse completely as t and
** LO <= HI). Returns 0 or -1 with a message in e. */
int gen_bounds_parse(struct gen_bounds *b, enum data_type t, const char *s, struct ps_err *e);

/* The i-th 64-bit draw of a stream: SplitMix64's output function applied to
** key + (i + 1) * 0x9E3779B97F4A7C15, where key = mix(seed + 0x632BE59BD9B4E019 * stream).
** stream 0 holds element i's first draw, streams 1, 2, ... retries. */
uint64_t gen_draw(uint64_t seed, uint64_t stream, uint64_t i);

/* Fill v (already allocated with its type and shape) with uniform random
** elements from the seed and bounds; if sorted, sort them afterwards
** (the same multiset). Uses nthreads threads (>= 1). */
int gen_fill(struct data_value *v, uint64_t seed, const struct gen_bounds *b, int sorted,
             int nthreads, struct ps_err *e);



/* Parse a generator type "[d1][d2]...t" of exactly len chars (t one of the 12
** element types, dimensions decimal). 0 on success, -1 if it is not one. */
int gen_parse_type(const char *s, size_t len, enum data_type *t, int *rank, int64_t *shape);
#endif
