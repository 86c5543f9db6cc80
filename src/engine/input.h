/*
** input.h: from a description to input values, for `psearch bench` (suite
** cases), `psearch dataset` (-g items) and `psearch run` (values on stdin). An item is a generator type with
** its shape ("[1000]i32", "[10][20]f32") or one literal value ("42i64",
** "[1, 2]"); a generated item is drawn from a seed and bounds, optionally
** sorted and then laid out in Eytzinger order. A suite case's inputs come
** from a file, from inline values, or from random items through the dataset
** cache, keyed on everything that determines their bytes (cache.h).
*/
#ifndef input_h
#define input_h

#include "data.h"
#include "gen.h"
#include "suite.h"

/* The most inputs one case may have. */
#define INPUT_MAX 16

/* The Zipf exponent of an item's `zipf` without one. */
#define INPUT_ZIPF 1.2

/* How to make one item. */
struct input_item {
  const char *spec;               /* a generator type or one literal value */
  uint64_t seed;                  /* for a generated item */
  const struct gen_bounds *bounds; /* and the distribution */
  int sorted, eytzinger;          /* the order (enum gen_order); then the sorted array laid
                                  ** out in Eytzinger order (rank 1) */
  int nthreads;                   /* generation threads (>= 1) */
};

/* Make v from one item. 0, or -1 with e set; *bad_spec is then 1 when the
** item itself is wrong (neither a type nor one value, a size that overflows)
** rather than the machine (out of memory). */
int input_make(const struct input_item *it, struct data_value *v, int *bad_spec, struct ps_err *e);

/* The types and shapes of a random case's items (generator types; constants
** are parsed) into v[0..INPUT_MAX), without generating anything (elems
** NULL): enough to check them against an entry before any work. An item is
** a type or a constant; a type may be followed by `in LO..HI` (its bounds,
** inclusive) and `zipf` or `zipf(S)` (Zipf's law over them, S 1.2 unless
** given; integer types). The count, or -1 with e set ("random input:
** '[3]i33' is not a type ..."). Release with data_value_free. */
int input_case_types(const struct suite_case *c, struct data_value *v, struct ps_err *e);

/* Read every value of r into in[0..INPUT_MAX) and close r (NULL: out of
** memory); name is the source in errors. The count, or -1 with e set and
** nothing kept, also when there are more than INPUT_MAX values (none is
** dropped unseen). */
int input_read_all(struct data_reader *r, const char *name, struct data_value *in, struct ps_err *e);

/* Load the inputs of a suite case into in[0..INPUT_MAX); use_cache: read and
** fill the dataset cache for random cases. Returns the count, or -1 with e
** set (nothing kept). *digest gets the XXH64 of the values (cache keys of
** references). */
int input_load_case(const struct suite_case *c, int use_cache, struct data_value *in,
                    uint64_t *digest, struct ps_err *e);

#endif
