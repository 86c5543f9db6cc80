/*
** bench.h: `psearch bench`, run suites of entry points and report runtimes
** like futhark bench (docs/cli.md, docs/json.md).
*/
#ifndef bench_h
#define bench_h

#include <stdio.h>

int bench_main(int argc, char **argv);
void bench_help(FILE *f);

#endif
