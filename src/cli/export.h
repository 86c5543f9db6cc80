/*
** export.h: `psearch export RESULTS.json... --format=FMT [-o FILE]`: results
** files in the formats dashboards and pull requests read: Google Benchmark's
** JSON, CSV with one row per run, a markdown table.
*/
#ifndef export_h
#define export_h

#include <stdio.h>

void export_help(FILE *f);
int export_main(int argc, char **argv);

#endif
