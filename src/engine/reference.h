/*
** reference.h: validation against a reference backend: the multicore
** backend (every core of the host), or the sequential c backend when the
** multicore backend is the one measured or lacks the entry. The two agree
** bit for bit (the unit tests compare them at the edge sizes). A reference
** is kept as the digest of its outputs (XXH64 of types, shapes and bytes),
** computed before the measured job allocates anything, so validation holds
** one result, never a result and its reference; it is computed once per
** input, answer (entry.answer: entries with the same semantics share one)
** and executable, and cached (cache area "ref"): any rebuild of psearch
** misses the cache, since the outputs depend on the code that made them.
*/
#ifndef reference_h
#define reference_h

#include "entry.h"

/* The reference target for jobs on `measured` into ref: multicore on every
** usable core, or c when measured is multicore (so the c backend, too, is
** checked against an independent implementation). 0, or -1 with e set; close
** it with reference_target_close either way. */
int reference_target(const struct target *measured, struct target *ref, struct ps_err *e);
void reference_target_close(struct target *ref);

/* The digest of en's reference outputs on in[0..nin) (whose values' digest
** is `digest`, cache_value_digest), computed on t (c where t lacks en) and
** freed at once, so that only 8 bytes outlive it; through the cache when
** use_cache. 0, or -1 with e set ("computing the reference failed: ..."). */
int reference_digest(const struct entry *en, const struct data_value *in, int nin, uint64_t digest,
                     int use_cache, const struct target *t, uint64_t *want, struct ps_err *e);

/* Check a job's outputs (after entry_result) against the reference digest
** `want`: 0 when they match. When they differ, the reference is computed
** again on t to say where: -1 with e set ("result does not match the
** reference:" and the first difference), or 0 when entry_compare accepts
** them (floats within its tolerance). */
int reference_check(const struct entry_job *j, uint64_t want, const struct target *t, struct ps_err *e);

#endif
