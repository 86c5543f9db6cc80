/*
** reference.c: the digests of reference outputs from the multicore or c
** backend, cached, and the check.
*/
#include "reference.h"

#include "cache.h"
#include "ps_version.h"

#include <stdlib.h>
#include <string.h>

/* XXH64 of this executable's file, computed once; the version and commit
** when it cannot be read. */
static uint64_t exe_digest(void)
{
  static uint64_t d;
  static int done;
  if (!done) {
    done = 1;
    if (cache_key_file("/proc/self/exe", &d) != 0)
      d = cache_key_str(0, PS_VERSION " " PS_GIT);
  }
  return d;
}

int reference_target(const struct target *measured, struct target *ref, struct ps_err *e)
{
  memset(ref, 0, sizeof *ref);
  ref->backend = BACKEND_C;
  if (measured->backend == BACKEND_MULTICORE)
    return 0;
  ref->backend = BACKEND_MULTICORE;
  ref->pool = pool_open(pool_usable_cores(), e);
  return ref->pool == NULL ? -1 : 0;
}

void reference_target_close(struct target *ref)
{
  pool_close(ref->pool);
  ref->pool = NULL;
}

/* en's outputs on in[0..nin), computed on t (c where t lacks en) by en's
** reference entry (struct entry.reference), or en. */
static int compute(const struct entry *en, const struct data_value *in, int nin, const struct target *t,
                   struct data_value *ref, int *nref, struct ps_err *e)
{
  static const struct target c = {BACKEND_C, NULL, NULL, NULL};
  struct entry_job j;
  if (en->reference != NULL)
    en = en->reference;
  j = entry_job_init(en, entry_supports(en, t->backend) ? t : &c, in, nin);
  int rc = -1;
  if (entry_run_once(&j, e) == 0) {
    *nref = j.nout;
    for (int i = 0; i < j.nout; i++)
      ref[i] = j.out[i];
    j.nout = 0;
    rc = 0;
  }
  entry_release(&j);
  return rc;
}

int reference_digest(const struct entry *en, const struct data_value *in, int nin, uint64_t digest,
                     int use_cache, const struct target *t, uint64_t *want, struct ps_err *e)
{
  struct data_value ref[ENTRY_MAX_IO];
  struct cache_entry ce;
  unsigned char *blob = NULL;
  size_t len = 0;
  const char *answer = en->answer != NULL ? en->answer : en->name;
  uint64_t key = cache_key_str(digest ^ exe_digest(), answer);
  int have_path = use_cache && cache_entry(CACHE_REF, key, ".bin", &ce) == 0, nref = 0;
  if (have_path && cache_load_blob(&ce, &blob, &len) == 0 && len == sizeof *want) {
    memcpy(want, blob, sizeof *want);
    free(blob);
    ps_info(2, "%s: the reference (%s) from the cache", en->name, answer);
    return 0;
  }
  free(blob);
  if (compute(en, in, nin, t, ref, &nref, e) != 0) {
    ps_err_prefix(e, "computing the reference failed");
    return -1;
  }
  *want = entry_digest(ref, nref);
  for (int i = 0; i < nref; i++)
    data_value_free(&ref[i]);
  if (have_path && cache_store_blob(&ce, want, sizeof *want, e) != 0)
    ps_warn("reference cache: %s", e->msg);
  return 0;
}

int reference_check(const struct entry_job *j, uint64_t want, const struct target *t, struct ps_err *e)
{
  struct data_value ref[ENTRY_MAX_IO];
  int nref = 0, rc = 0;
  if (entry_digest(j->out, j->nout) == want)
    return 0;
  /* They differ in some bit: the reference itself says where (floats
  ** within the tolerance of entry_compare still pass). */
  if (compute(j->entry, j->in, j->nin, t, ref, &nref, e) != 0) {
    ps_err_prefix(e, "computing the reference failed");
    return -1;
  }
  if (nref != j->nout)
    rc = ps_fail(e, "the result has a different number of values than the reference");
  else if (entry_compare(ref, j->out, nref, e) != 0) {
    char where[sizeof e->msg];
    memcpy(where, e->msg, sizeof where);
    rc = ps_fail(e, "result does not match the reference:\n%.900s", where);
  }
  for (int i = 0; i < nref; i++)
    data_value_free(&ref[i]);
  return rc;
}
