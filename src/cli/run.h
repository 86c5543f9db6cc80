/*
** run.h: `psearch run`, execute one entry point once (or -r times), like a
** compiled Futhark program run with -e ENTRY.
*/
#ifndef run_h
#define run_h

#include "opt.h"

extern const struct opt_cmd run_cmd;

#endif
