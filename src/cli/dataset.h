/*
** dataset.h: `psearch dataset`, generate or convert values (docs/cli.md).
*/
#ifndef dataset_h
#define dataset_h

#include "opt.h"

extern const struct opt_cmd dataset_cmd;

#endif
