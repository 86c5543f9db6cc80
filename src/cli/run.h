/*
** run.h: `psearch run`, execute one entry point once (or -r times), like a
** compiled Futhark program run with -e ENTRY.
*/
#ifndef run_h
#define run_h

#include <stdio.h>

int run_main(int argc, char **argv);
void run_help(FILE *f);

#endif
