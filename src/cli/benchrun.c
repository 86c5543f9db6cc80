/*
** benchrun.c: one dataset's measurement for bench: an entry alone, or the
** entries of a block interleaved (benchrun.h).
*/
#include "benchrun.h"

#include "hook.h"
#include "reference.h"

#include <stdlib.h>
#include <string.h>

static void vlog(const struct benchrun_env *cf, const char *what, const char *name)
{
  ps_info(2, "[%.3f s] %s: %s", (double)(ps_now_ns() - cf->t_program) / 1e9, name, what);
}

/* Seconds since *t0, which moves to now. */
static double lap(uint64_t *t0)
{
  uint64_t t = ps_now_ns(), d = t - *t0;
  *t0 = t;
  return (double)d / 1e9;
}

static void fail_with(struct benchrun_outcome *o, const char *msg)
{
  if (o->error == NULL)
    o->error = strdup(msg);
}

/* Check a finished job's result against the reference digest (test hook:
** corrupt it first). */
static void validate(const struct benchrun_env *cf, struct entry_job *j, uint64_t want,
                     struct benchrun_outcome *o)
{
  struct ps_err e;
  if (hook_corrupt(j->entry->name) && j->nout > 0 && j->out[0].elems != NULL)
    ((unsigned char *)j->out[0].elems)[0] ^= 1; /* test hook: tests of validation */
  if (reference_check(j, want, cf->ref, &e) != 0)
    fail_with(o, e.msg);
  o->validation = o->error ? "mismatch" : "ok";
}

/* o starts afresh; en's inputs checked and its reference digested into
** *want. 0, or -1 with o failed. */
static int checks(const struct benchrun_env *cf, const struct entry *en, const struct data_value *in,
                  int nin, uint64_t digest, uint64_t *want, struct benchrun_outcome *o)
{
  struct ps_err e;
  uint64_t t0 = ps_now_ns();
  memset(o, 0, sizeof *o);
  o->validation = en->unvalidated ? "unvalidated" : "skipped"; /* unvalidated: no reference exists */
  if (entry_check_inputs(en, in, nin, &e) != 0) {
    fail_with(o, e.msg);
    return -1;
  }
  if (cf->validate && !en->unvalidated && reference_digest(en, in, nin, digest, cf->use_cache, cf->ref, want, &e) != 0) {
    fail_with(o, e.msg);
    o->validation = "mismatch";
    return -1;
  }
  o->phase_s[PHASE_VALIDATE] = lap(&t0);
  return 0;
}

/* After a failed dataset (its jobs released): where the device's context no
** longer works, a fresh one, so that the datasets after it run (a fault
** that breaks NVIDIA's context fails every later command otherwise). */
static void recover(struct rt *rt, const struct progress *pg)
{
  struct ps_err e, e2;
  if (rt == NULL || rt_usable(rt, &e) == 0)
    return;
  ps_warn("%s %s: the device's context no longer works (%s): a new context and queue for the datasets after it",
          pg->entry, pg->desc, e.msg);
  if (rt_renew(rt, &e2) != 0)
    ps_error("%s %s: no new context: %s", pg->entry, pg->desc, e2.msg);
}

/* A measured job's result taken and validated; its device buffers go before
** the check. A device's outputs are digested as they stream to the host
** (entry_result_digest), never held whole there beside the device's copy;
** only where they differ from the reference are they downloaded whole, to
** say where. */
static void result(const struct benchrun_env *cf, struct entry_job *j, uint64_t want,
                   struct benchrun_outcome *o)
{
  struct ps_err e;
  uint64_t t0 = ps_now_ns(), got = 0;
  int streamed = j->backend == BACKEND_OPENCL, check = cf->validate && !j->entry->unvalidated, agrees;
  if ((streamed ? entry_result_digest(j, &got, &e) : entry_result(j, &e)) != 0) {
    fail_with(o, e.msg);
    return;
  }
  agrees = streamed && got == want;
  if (streamed && check && !agrees && entry_result(j, &e) != 0) {
    fail_with(o, e.msg);
    return;
  }
  o->phase_s[PHASE_RESULT] = lap(&t0);
  entry_release_state(j);
  if (check && agrees)
    o->validation = o->error ? "mismatch" : "ok";
  else if (check)
    validate(cf, j, want, o);
  o->phase_s[PHASE_VALIDATE] += lap(&t0);
}

void benchrun_alone(const struct benchrun_env *cf, const struct entry *en, const struct data_value *in,
                    int nin, uint64_t digest, struct progress *pg, struct benchrun_outcome *o)
{
  struct rt *rt = cf->tg->rt;
  struct entry_job j = entry_job_init(en, cf->tg, in, nin);
  struct measure_params mp = cf->mp;
  struct ps_err e;
  uint64_t t0, want = 0;
  if (checks(cf, en, in, nin, digest, &want, o) != 0)
    goto done;
  t0 = ps_now_ns();
  if (rt != NULL)
    rt_reset_peak(rt);
  if (entry_prepare(&j, &e) != 0) {
    fail_with(o, e.msg);
    goto done;
  }
  o->phase_s[PHASE_PREPARE] = lap(&t0);
  o->tuning = j.used;
  vlog(cf, "prepared (inputs on the device, kernels built)", pg->desc);
  if (rt != NULL && hook_fault(en->name))
    rt_break(rt); /* test hook: the runs fail as after a fault that broke the context */
  o->has_gpu = cf->nvml != NULL && nvml_sample(cf->nvml, &o->gpu[0]) == 0;
  if (measure_run(&mp, &j, cf->stop, progress_update, pg, &o->m) != 0)
    goto done;
  o->has_gpu = o->has_gpu && nvml_sample(cf->nvml, &o->gpu[1]) == 0;
  o->phase_s[PHASE_RUNS] = lap(&t0);
  vlog(cf, "measured", pg->desc);
  o->has_peak = rt != NULL;
  o->peak = rt != NULL ? rt_peak_bytes(rt) - evict_bytes(mp.evict) : 0; /* the scratch is in use throughout */
  result(cf, &j, want, o);
done:
  entry_release(&j);
  if (o->error != NULL || o->m.error != NULL)
    recover(rt, pg);
}

void benchrun_concurrent(const struct benchrun_env *cf, const char *label, const struct entry *en,
                         const struct data_value *in, int nin, uint64_t digest, const char *load_error,
                         struct progress *pg, struct benchrun_outcome *o)
{
  struct rt *rt = cf->tg->rt;
  struct entry_job j = entry_job_init(en, cf->tg, in, load_error != NULL ? 0 : nin);
  struct measure_result alone;
  struct benchcon_end end;
  struct ps_err e;
  uint64_t t0, want = 0, elements = 0;
  double bytes = 0;
  int ready = 0, has_bytes = 0;
  memset(&alone, 0, sizeof alone);
  memset(o, 0, sizeof *o);
  if (load_error != NULL)
    fail_with(o, load_error);
  else
    ready = checks(cf, en, in, nin, digest, &want, o) == 0;
  t0 = ps_now_ns();
  if (ready && rt != NULL)
    rt_reset_peak(rt);
  if (ready && entry_prepare(&j, &e) != 0) {
    fail_with(o, e.msg);
    ready = 0;
  }
  o->phase_s[PHASE_PREPARE] = lap(&t0);
  o->tuning = j.used;
  if (ready && report_work(en, in, nin, &elements, &has_bytes, &bytes) != 0)
    elements = 0;
  vlog(cf, ready ? "prepared; in step with the other devices" : "not runnable; in step with the other devices",
       pg->desc);
  o->has_gpu = ready && cf->nvml != NULL && nvml_sample(cf->nvml, &o->gpu[0]) == 0;
  if (benchcon_measure(cf->peer, label, ready ? &j : NULL, (double)elements, bytes, &cf->mp, cf->stop, pg,
                       &alone, &o->m, &end, &e) != 0) {
    fail_with(o, e.msg);
  } else {
    o->has_gpu = o->has_gpu && nvml_sample(cf->nvml, &o->gpu[1]) == 0;
    o->phase_s[PHASE_RUNS] = lap(&t0);
    vlog(cf, "measured alone, then at once with the other devices", pg->desc);
    o->has_peak = rt != NULL;
    o->peak = rt != NULL ? rt_peak_bytes(rt) - evict_bytes(cf->mp.evict) : 0;
    o->con.devices = end.devices;
    o->con.rps = end.rps;
    o->con.alone_rps = end.alone_rps;
    o->con.untimed = end.untimed;
    for (int i = 0; i < 2; i++) {
      o->con.alone_s[i] = (double)(end.alone_ns[i] - cf->t_program) / 1e9;
      o->con.at_once_s[i] = (double)(end.at_once_ns[i] - cf->t_program) / 1e9;
    }
    stats_compute(alone.us, alone.n, &o->con.alone);
    result(cf, &j, want, o);
  }
  measure_result_free(&alone);
  entry_release(&j);
  if (o->error != NULL || o->m.error != NULL)
    recover(rt, pg);
}

/* The device's global memory (the test hook's, when smaller). */
static uint64_t device_mem(const struct rt *rt)
{
  uint64_t mem = rt_info(rt)->global_mem, hook = hook_device_mem();
  return hook > 0 && (hook < mem || mem == 0) ? hook : mem;
}

/* Prepare jobs j[live[0..k)] together, each one's device bytes its peak.
** 0, or -1 when they do not fit (every job released, a note on stderr). */
static int prepare_all(const struct benchrun_env *cf, struct entry_job *j, const int *live, int k,
                       const char *name, struct benchrun_outcome *o)
{
  struct rt *rt = cf->tg->rt;
  struct ps_err e;
  int t = 0, rc = 0;
  for (; t < k && rc == 0; t++) {
    int i = live[t];
    uint64_t t0 = ps_now_ns(), before = 0;
    if (rt != NULL) {
      rt_reset_peak(rt);
      before = rt_peak_bytes(rt); /* the bytes in use */
    }
    if (entry_prepare(&j[i], &e) != 0) {
      ps_warn("--interleave: %s: the entries cannot be prepared together (%s %s): measured one after another",
              name, j[i].entry->name, e.msg);
      rc = -1;
    }
    o[i].phase_s[PHASE_PREPARE] = lap(&t0);
    o[i].tuning = j[i].used;
    o[i].has_peak = rt != NULL;
    o[i].peak = rt != NULL ? rt_peak_bytes(rt) - before : 0;
  }
  if (rc == 0 && rt != NULL && device_mem(rt) > 0) {
    rt_reset_peak(rt);
    if (rt_peak_bytes(rt) > device_mem(rt)) {
      ps_warn("--interleave: %s: the entries' buffers, %llu bytes, exceed the device's memory, %llu bytes: "
              "measured one after another", name, (unsigned long long)rt_peak_bytes(rt),
              (unsigned long long)device_mem(rt));
      rc = -1;
    }
  }
  for (int u = 0; u < t && rc != 0; u++)
    entry_release(&j[live[u]]);
  return rc;
}

/* The jobs j[live[0..k)], prepared, measured in turns; the GPU's clocks
** around the whole. */
static void measure_all(const struct benchrun_env *cf, struct entry_job *j, const int *live, int k,
                        const struct measure_params *mp, struct progress *pg, struct benchrun_outcome *o)
{
  struct measure_job *mj = calloc((size_t)k, sizeof *mj);
  struct nvml_sample gpu[2];
  uint64_t t0 = ps_now_ns();
  double runs_s;
  int has_gpu = cf->nvml != NULL && nvml_sample(cf->nvml, &gpu[0]) == 0;
  if (mj == NULL) {
    for (int t = 0; t < k; t++)
      fail_with(&o[live[t]], "out of memory");
    return;
  }
  for (int t = 0; t < k; t++)
    mj[t] = (struct measure_job){&mp[live[t]], &j[live[t]], progress_update, &pg[live[t]], &o[live[t]].m, 0};
  measure_interleaved(mj, k, cf->stop);
  has_gpu = has_gpu && nvml_sample(cf->nvml, &gpu[1]) == 0;
  runs_s = lap(&t0);
  for (int t = 0; t < k; t++) {
    struct benchrun_outcome *oi = &o[live[t]];
    oi->phase_s[PHASE_RUNS] = runs_s; /* the whole interleaved measurement */
    oi->has_gpu = has_gpu;
    memcpy(oi->gpu, gpu, sizeof gpu);
  }
  free(mj);
}

void benchrun_interleaved(const struct benchrun_env *cf, const struct entry *const *en, int n,
                          const struct data_value *in, int nin, uint64_t digest, struct progress *pg,
                          struct benchrun_outcome *o)
{
  struct entry_job *j = calloc((size_t)n, sizeof *j);
  struct measure_params *mp = calloc((size_t)n, sizeof *mp);
  uint64_t *want = calloc((size_t)n, sizeof *want);
  int *live = calloc((size_t)n, sizeof *live), k = 0;
  for (int i = 0; i < n; i++) {
    if (checks(cf, en[i], in, nin, digest, &want[i], &o[i]) != 0 || j == NULL || mp == NULL || want == NULL ||
        live == NULL) {
      fail_with(&o[i], "out of memory");
      continue;
    }
    j[i] = entry_job_init(en[i], cf->tg, in, nin);
    mp[i] = cf->mp;
    live[k++] = i;
  }
  if (k > 0 && prepare_all(cf, j, live, k, pg[live[0]].desc, o) != 0) {
    for (int t = 0; t < k; t++)
      benchrun_alone(cf, en[live[t]], in, nin, digest, &pg[live[t]], &o[live[t]]);
    goto done;
  }
  vlog(cf, "prepared, all entries (inputs on the device, kernels built)", k > 0 ? pg[live[0]].desc : "");
  measure_all(cf, j, live, k, mp, pg, o);
  vlog(cf, "measured, all entries in turns", k > 0 ? pg[live[0]].desc : "");
  for (int t = 0; t < k; t++) {
    int i = live[t];
    if (o[i].m.error == NULL && o[i].error == NULL)
      result(cf, &j[i], want[i], &o[i]);
    entry_release(&j[i]);
  }
  for (int t = 0; t < k; t++)
    if (o[live[t]].error != NULL || o[live[t]].m.error != NULL) {
      recover(cf->tg->rt, &pg[live[t]]);
      break;
    }
done:
  free(j);
  free(mp);
  free(want);
  free(live);
}

void benchrun_outcome_free(struct benchrun_outcome *o)
{
  measure_result_free(&o->m);
  free(o->error);
  o->error = NULL;
}
