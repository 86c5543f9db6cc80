/*
** lookback.h: the device state of a decoupled look-back kernel (single-pass
** scans, the radix sort's passes; docs/entries.md): its status words and
** tile ticket, and an epoch per launch. A launch's tiles take tickets from
** base up; its words carry its epoch, so the words of earlier launches read
** as "not ready" and nothing is cleared between launches, only when the
** epochs or the tickets would run out.
*/
#ifndef lookback_h
#define lookback_h

#include "rt.h"

struct lookback {
  cl_mem status, ticket;
  size_t status_bytes;
  uint32_t tiles; /* tiles of a launch: the tickets it takes */
  uint32_t epoch; /* launches since the words were cleared */
};

/* Allocate status_bytes of words and the ticket, both zero, for launches of
** `tiles` tiles. 0, or -1 with e set; close lb either way. */
int lookback_open(struct rt *rt, struct lookback *lb, uint32_t tiles, size_t status_bytes, struct ps_err *e);

/* Epochs a set of words serves before it is cleared: a word's epoch field
** has 30 bits in most kernels, 24 where its count takes 38 (cl/scan.cl's
** filter past 2^32 - 1 elements). */
#define LOOKBACK_EPOCHS (1u << 24)

/* Whether the next launch must clear the words and the ticket first: its
** epoch would reach LOOKBACK_EPOCHS, or its tickets (epoch x tiles of them
** before it, and its own) would pass 2^31. Host arithmetic alone (tested
** at 2^31 - 1, 2^31 and 2^32 + 1 tickets). */
int lookback_due(const struct lookback *lb);

/* The ticket base and the epoch (from 1) of the next launch, clearing the
** words and the ticket first when the epochs (below LOOKBACK_EPOCHS) or the
** tickets (below 2^31) would run out. 0, or -1 with e set. */
int lookback_next(struct rt *rt, struct lookback *lb, cl_uint *base, cl_uint *epoch, struct ps_err *e);

/* Release the buffers; accepts a zeroed lb. */
void lookback_close(struct rt *rt, struct lookback *lb);

#endif
