/*
** reference.h: validation against the sequential c backend. Reference
** outputs are computed once per input, entry and executable, and cached
** (cache area "ref"): any rebuild of psearch misses the cache, since the
** outputs depend on the code that made them.
*/
#ifndef reference_h
#define reference_h

#include "entry.h"

/* The c backend's outputs of en on in[0..nin) (whose values' digest is
** `digest`, cache_value_digest) into ref[0..ENTRY_MAX_IO), their count in
** *nref; through the cache when use_cache. 0, or -1 with e set. */
int reference_outputs(const struct entry *en, const struct data_value *in, int nin, uint64_t digest,
                      int use_cache, struct data_value *ref, int *nref, struct ps_err *e);

/* Check a job's outputs (after entry_result) against the reference: 0 when
** they match; -1 with e set otherwise ("result does not match the c
** reference:" and where, or why the reference could not be computed). */
int reference_check(const struct entry_job *j, uint64_t digest, int use_cache, struct ps_err *e);

#endif
