/*
** keys.h: the keys the *_random searches draw from their input: n keys
** uniform in [min, max] of the array with a fixed seed, the same bytes on
** every backend and for every number of threads. A user kernel that answers
** such a search gets the same keys (docs/own-kernels.md: random_keys).
*/
#ifndef keys_h
#define keys_h

#include "data.h"

/* The keys' seed; bench_gather draws its positions from it too (gather.h). */
#define KEYS_SEED 0x5eac4u

/* The keys of xs (sorted; eytz: an Eytzinger array of sorted elements,
** whose extremes are its leftmost and rightmost nodes) into keys, as many
** as xs has elements. 0, or -1 with e set. */
int keys_random(const struct data_value *xs, int eytz, struct data_value *keys, struct ps_err *e);

#endif
