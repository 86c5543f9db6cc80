/*
** benchcon.h: `bench -d all --concurrent`: every device of the selection runs
** the same dataset at the same time. The workers are benchpar's (a process a
** device), each running every dataset on its device; this module is the
** barrier between them, kept by the parent that conducts them over a pair of
** pipes a worker, and the interference table the parent prints.
**
** A dataset goes thus. Each worker loads, checks and prepares it, says that it
** is ready (or that it cannot run it) and waits. Once every worker has said
** so, the conductor has each ready worker measure it alone, one after
** another, the others waiting idle; then all of them at once, each on its own
** clock by measure's rule, and a worker whose timed runs are done keeps
** running the entry, untimed, until the last worker's are, so that every
** timed run had the other devices' load beside it. Then the conductor tells
** every worker the devices' summed throughput, and each takes and validates
** its result and goes on to the next dataset. A worker that ends (its device
** did not open, it crashed) is left out from then on; the others go on.
*/
#ifndef benchcon_h
#define benchcon_h

#include "measure.h"
#include "progress.h"
#include "ps.h"

#include <signal.h>
#include <stdio.h>

struct benchcon;      /* the conductor, in the parent */
struct benchcon_peer; /* a worker's end of its pipes, in the worker */

/* ------------------------------ the parent ------------------------------ */

/* A conductor of n workers; NULL when out of memory. */
struct benchcon *benchcon_new(int n);

/* Worker k's pipes, made before it is forked; key ("@pPdD") names its
** column of the table. 0, or -1 with e set. */
int benchcon_pipes(struct benchcon *c, int k, const char *key, struct ps_err *e);

/* In worker k's process, once forked: its end; every other descriptor of c
** is closed. */
struct benchcon_peer *benchcon_child(struct benchcon *c, int k);

/* In the parent, once worker k is forked: the worker's ends closed; with
** started 0 (no fork) the parent's too, so that k is left out. */
void benchcon_forked(struct benchcon *c, int k, int started);

/* Wait up to ms for the workers' messages and act on them. Once stopped is
** non-zero, every pipe is closed (a worker then stops as if interrupted) and
** nothing more is conducted. */
void benchcon_step(struct benchcon *c, int ms, int stopped);

/* The interference table on f: for each dataset that ran at once, the ratio
** of each device's mean at once to its mean alone, and the devices'
** throughput at once, summed, with its share of their sum alone. Nothing
** when no dataset ran at once. */
void benchcon_print(const struct benchcon *c, FILE *f);

void benchcon_free(struct benchcon *c); /* accepts NULL; closes what is open */

/* ------------------------------- a worker ------------------------------- */

/* What became of a worker's dataset: the conductor's word at its end, and
** the worker's own times. */
struct benchcon_end {
  int devices;           /* the devices that measured it at once */
  double rps, alone_rps; /* their runs a second, summed: at once, and each alone */
  uint64_t alone_ns[2], at_once_ns[2]; /* the worker's: when its timed runs began and ended (ps_now_ns) */
  int64_t untimed;       /* the worker's: runs made untimed after its runs at once, until the others' ended */
};

/* Dataset label ("SUITE:ENTRY DATASET", every worker's the same) on this
** worker's device, j prepared (NULL: it cannot be run; the worker still keeps
** step), a run working on `elements` elements and `bytes` bytes (0: unknown):
** the conductor told, and what it says done: the measurement alone into
** *alone, at once into *m (measure_run's, with mp and stop; pg shows the progress),
** its word at the end and the
** worker's times into *end. 0 when both ran without error; else -1
** with e set: j NULL, a measurement's error, stopped, or the conductor gone
** (which sets *stop: the worker ends as if interrupted). Free *alone and *m
** with measure_result_free either way. */
int benchcon_measure(struct benchcon_peer *p, const char *label, struct entry_job *j, double elements,
                     double bytes, const struct measure_params *mp, volatile sig_atomic_t *stop, struct progress *pg,
                     struct measure_result *alone, struct measure_result *m, struct benchcon_end *end,
                     struct ps_err *e);

#endif
