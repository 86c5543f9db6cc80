/*
** benchpar.h: `bench -d all --parallel` and `--concurrent`: one worker
** process per device of the selection, all at once, each bound to its device
** and running its part of the datasets (--parallel: --shard's cost-balanced
** split, one part a device) or every dataset in step with the others
** (--concurrent: benchcon.h conducts them); once all have ended, their
** reports printed in device order (--concurrent: then the interference
** table) and their JSON merged into one file (merge.h). A worker that fails
** is named and the others' results are kept.
**
** This process never loads an OpenCL driver: the devices are listed in a
** child process of their own, so every worker is a fork of a process without
** a driver's threads and state (which do not survive fork).
*/
#ifndef benchpar_h
#define benchpar_h

#include "benchcon.h"
#include "devopt.h"

#include <signal.h>

/* The signal that asks a worker to stop after its current run and write what
** it has: the parent's interruption passed on, once. A real-time signal,
** because the OpenCL drivers' LLVM takes over SIGUSR1 (its "info" signal) and
** chains the others only once. */
#define BENCHPAR_STOP (SIGRTMIN + 1)

/* A worker's work, in its own process: on device k of the selection, part
** k + 1 of n (peer NULL: --parallel), or every dataset in step with the other
** workers through peer (--concurrent, benchcon_measure); its report on
** standard output (a file the parent prints), its JSON written to json; it
** stops on BENCHPAR_STOP as on a first Ctrl-C. Returns the worker's exit code. */
typedef int (*benchpar_work)(void *ctx, int k, int n, const char *json, struct benchcon_peer *peer);

/* Run work for every device of d's selection (-d all) at once, in worker
** processes, and wait for them all (concurrent: conducting them); then print
** their reports on standard output in device order (concurrent: and the
** interference table) and write the merged JSON to json (NULL: none),
** atomically, with what every worker wrote. While they run, once *stop is set
** (the caller's signal handler), each worker is sent BENCHPAR_STOP. Returns the exit
** code: 130 when stopped, PS_EXIT_OK when every worker exited 0, PS_EXIT_USAGE
** (said) when concurrent and the selection has one device, else
** PS_EXIT_FAILED with each failed worker named on stderr (its device, its
** exit status or signal, whether its results are kept). */
int benchpar_run(const struct devopt *d, benchpar_work work, void *ctx, const char *json,
                 volatile sig_atomic_t *stop, int concurrent);

#endif
