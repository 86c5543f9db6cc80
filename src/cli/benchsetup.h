/*
** benchsetup.h: what bench says and opens around its runs: the header of a
** device's part, the device's extras (--cache=cold's scratch, NVML's clocks
** and identity, --discard-throttled, --kernel-time), the cache's upkeep, and
** the conditions of the run announced on stderr.
*/
#ifndef benchsetup_h
#define benchsetup_h

#include "benchopt.h"

/* The header of a device's part on standard output: the device, the rule of
** the runs, the conditions in force. */
void benchsetup_header(const struct bench_config *cf);

/* With the device open: --cache=cold's scratch, and the GPU's clocks and
** identity where NVML has them (-v says why not), the probes they allow.
** 0, or -1 with e set. */
int benchsetup_extras(struct bench_config *cf, struct ps_err *e);

/* Remove dead writers' temporaries and keep the cache under its cap. 0, or
** -1 said. */
int benchsetup_upkeep(const struct bench_config *cf);

/* Say on stderr each condition of the run that makes its results unlike a
** default run's (they are recorded in the JSON, and compare, plot and export
** name any that differs between files). */
void benchsetup_announce(const struct bench_config *cf);

#endif
