/*
** benchrun.h: how bench measures one dataset: an entry alone (its checks
** and reference, prepared, measured, its result taken and validated), or,
** with --interleave, the entries of a block on one dataset in turns
** (measure_interleaved), all prepared at once, or, in a --concurrent worker,
** an entry in step with the other devices' workers (benchcon.h).
*/
#ifndef benchrun_h
#define benchrun_h

#include "benchcon.h"
#include "measure.h"
#include "nvml.h"
#include "progress.h"
#include "report.h"

#include <signal.h>

/* What bench measures with. */
struct benchrun_env {
  const struct target *tg;  /* where the entries run */
  const struct target *ref; /* where references are computed */
  struct measure_params mp; /* the protocol */
  int validate, use_cache;
  struct nvml *nvml;        /* the GPU's clocks, sampled around the runs; NULL: none */
  volatile sig_atomic_t *stop;
  uint64_t t_program;       /* bench's start, for -v */
  struct benchcon_peer *peer; /* a --concurrent worker's end; NULL: none */
};

/* What became of one dataset of one entry: its measurement and, on failure, why. */
struct benchrun_outcome {
  struct measure_result m;
  char *error;             /* owned; NULL when it ran and validated */
  const char *validation;
  int has_peak;
  uint64_t peak;
  double phase_s[PHASE_COUNT];
  int has_gpu;                /* clocks sampled before [0] and after [1] the runs */
  struct nvml_sample gpu[2];
  int done;                   /* interleaved: measured (bench prints it later) */
  struct tune_used tuning;    /* the tuning parameters prepare read, with their values */
  struct report_concurrent con; /* --concurrent: the runs alone and the devices' at once; devices 0: none */
};

/* Entry en on in[0..nin) (digest: the inputs' cache digest): checked,
** prepared, measured, its result validated; progress on pg. */
void benchrun_alone(const struct benchrun_env *cf, const struct entry *en, const struct data_value *in,
                    int nin, uint64_t digest, struct progress *pg, struct benchrun_outcome *o);

/* Entries en[0..n) on in[0..nin), interleaved: each checked and its
** reference digested, then all prepared (their buffers alive together), then
** measured in turns, then each result taken and validated; o[i] is en[i]'s,
** pg[i] its progress. When they cannot all be prepared together, or their
** device buffers exceed the device's global memory, a note on stderr and
** each is measured alone. */
void benchrun_interleaved(const struct benchrun_env *cf, const struct entry *const *en, int n,
                          const struct data_value *in, int nin, uint64_t digest, struct progress *pg,
                          struct benchrun_outcome *o);

/* A --concurrent worker's dataset (cf->peer): entry en on in[0..nin) (its
** inputs did not load when load_error is not NULL: the worker keeps step all
** the same), checked and prepared, measured alone and at once with the
** other devices when the conductor says (benchcon_measure), its result
** validated; o->m holds the runs at once, o->con the rest. label names the
** dataset to the conductor ("SUITE:ENTRY DATASET"). */
void benchrun_concurrent(const struct benchrun_env *cf, const char *label, const struct entry *en,
                         const struct data_value *in, int nin, uint64_t digest, const char *load_error,
                         struct progress *pg, struct benchrun_outcome *o);

/* Free what o owns; accepts a zeroed o. */
void benchrun_outcome_free(struct benchrun_outcome *o);

#endif
