/*
** exportdash.h: export's forms for comparison tools and dashboards (docs/cli.md,
** "psearch export"): Google Benchmark's JSON as `--benchmark_repetitions=N`
** writes it (each run a repetition, then the aggregates: what Google
** Benchmark's tools/compare.py reads for its U test), Bencher's Metric Format
** and github-action-benchmark's customSmallerIsBetter JSON. Each program and
** dataset that ran is a benchmark named "PROGRAM/DATASET"; failed ones are
** left out (the caller names them).
*/
#ifndef exportdash_h
#define exportdash_h

#include "results.h"

#include <stdio.h>

/* Google Benchmark's JSON of r on f: per dataset an iteration entry per
** recorded run, then (two runs or more) the mean, median, stddev and cv
** aggregates of every run; aggregates_only: those alone where there are
** two runs or more. 0, or -1 when out of memory. */
int exportdash_gbench(FILE *f, const struct results *r, int aggregates_only);

/* Bencher Metric Format: {"PROGRAM/DATASET": {"latency": {"value",
** "lower_value", "upper_value"}}} in ns (the mean and the 95% interval of
** the mean). 0, or -1 when out of memory. */
int exportdash_bmf(FILE *f, const struct results *r);

/* github-action-benchmark's customSmallerIsBetter: [{"name", "unit": "µs",
** "value": the mean, "range": "± half the 95% interval of the mean",
** "extra": runs, median and device}]. 0, or -1 when out of memory. */
int exportdash_gab(FILE *f, const struct results *r);

/* "DEVICE (BACKEND)", or what of it the program states, into buf ("" when neither). */
void exportdash_device(const struct res_program *p, char *buf, size_t n);

#endif
