/*
** keys.h: the keys the *_random searches draw from their input: n keys
** uniform in [min, max] of the array with a fixed seed, the same bytes on
** every backend and for every number of threads. A user kernel that answers
** such a search gets the same keys (docs/own-kernels.md: random_keys). And
** the positions bench_gather loads from, drawn so too.
*/
#ifndef keys_h
#define keys_h

#include "data.h"

/* The keys of xs (sorted; eytz: an Eytzinger array of sorted elements,
** whose extremes are its leftmost and rightmost nodes) into keys, as many
** as xs has elements. 0, or -1 with e set. */
int keys_random(const struct data_value *xs, int eytz, struct data_value *keys, struct ps_err *e);

/* bench_gather's positions: n indices uniform in [0, n) with a fixed seed,
** u32 when n <= 2^32, else u64, into pos. 0, or -1 with e set. */
int keys_positions(int64_t n, struct data_value *pos, struct ps_err *e);

/* The positions' type for n elements: u32 when every index fits, else u64. */
enum data_type keys_position_type(int64_t n);

#endif
