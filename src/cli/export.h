/*
** export.h: `psearch export RESULTS.json... --csv FILE ...`: results
** files in the formats comparison tools, dashboards and pull requests read:
** Google Benchmark's JSON, Bencher's Metric Format, github-action-benchmark's
** custom JSON (exportdash.h), CSV with one row per run, a markdown table.
*/
#ifndef export_h
#define export_h

#include "opt.h"
#include "results.h"

#include <stdio.h>

extern const struct opt_cmd export_cmd;

enum export_form { EXPORT_GBENCH, EXPORT_CSV, EXPORT_MARKDOWN, EXPORT_BMF, EXPORT_GAB };

/* r (read from the files paths[0, npaths), at most 64, named in the
** markdown's heading) in one form on f; aggregates: --gbench's. 0, or -1
** when out of memory. */
int export_write(FILE *f, enum export_form form, const struct results *r, int aggregates,
                 const char *const *paths, int npaths);

#endif
