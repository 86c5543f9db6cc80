/*
** bench.h: `psearch bench`, run suites of entry points and report runtimes
** like futhark bench (docs/cli.md, docs/json.md).
*/
#ifndef bench_h
#define bench_h

#include "opt.h"

struct bench_config;

/* The command (its rows in benchopt.c). */
extern const struct opt_cmd bench_cmd;

/* The benchmark a parsed command line asks for; the exit code. */
int bench_run(const struct bench_config *cf);

#endif
