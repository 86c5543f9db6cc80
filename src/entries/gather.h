/*
** gather.h: bench_gather, the floor of the random-key searches (a row of
** search.c's table, docs/entries.md): n positions drawn uniformly from
** [0, n - 1] with the keys' seed (KEYS_SEED, keys.h), the very keys a
** *_random search would draw over an [n]i64 array of its own indices, and
** out[i] = xs[position i] widened to i64 (sign-extended for signed types). No
** search, no keys read: one random load and one answer written per key, what
** every random-key search does at least. Each backend computes the positions
** inside the timed run (gen_uniform_at on the host, cl/gather.cl on a device).
*/
#ifndef gather_h
#define gather_h

#include "entry.h"

/* The phases of each backend, for the entry's row. */
int gather_c_prepare(struct entry_job *j, struct ps_err *e);
int gather_c_run(struct entry_job *j, struct ps_err *e);
int gather_mc_run(struct entry_job *j, struct ps_err *e);
int gather_cl_prepare(struct entry_job *j, struct ps_err *e);
int gather_cl_run(struct entry_job *j, struct ps_err *e);
int gather_cl_result(struct entry_job *j, struct ps_err *e);
int gather_no_result(struct entry_job *j, struct ps_err *e); /* host outputs are in place */
void gather_release(struct entry_job *j);

#define GATHER_IMPLS                                                                              \
  {{gather_c_prepare, gather_c_run, gather_no_result, gather_release},                            \
   {gather_cl_prepare, gather_cl_run, gather_cl_result, gather_release},                          \
   {gather_c_prepare, gather_mc_run, gather_no_result, gather_release}}

/* Minimum bytes: the answers written and one 32-byte sector read per key. */
uint64_t gather_bytes(uint64_t n, size_t elem);

#endif
