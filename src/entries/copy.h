/*
** copy.h: the copy family: bench_copy (docs/entries.md), and the copy
** bandwidth it measures for bench -x.
*/
#ifndef copy_h
#define copy_h

#include "entry.h"

extern const struct entry copy_entries[];

/* The copy bandwidth of a target in GB/s (read + write): the best of 19
** timed bench_copy runs of 64 MiB after one untimed; 0 when it cannot run
** (bench -x prints it and each dataset's share of it). */
double copy_bandwidth(const struct target *tg);

#endif
