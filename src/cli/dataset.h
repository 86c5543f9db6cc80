/*
** dataset.h: `psearch dataset`, generate or convert values (docs/cli.md).
*/
#ifndef dataset_h
#define dataset_h

#include <stdio.h>

int dataset_main(int argc, char **argv);
void dataset_help(FILE *f);

#endif
