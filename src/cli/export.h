/*
** export.h: `psearch export RESULTS.json... --csv FILE ...`: results
** files in the formats dashboards and pull requests read: Google Benchmark's
** JSON, CSV with one row per run, a markdown table.
*/
#ifndef export_h
#define export_h

#include "opt.h"

extern const struct opt_cmd export_cmd;

#endif
