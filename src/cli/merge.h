/*
** merge.h: `psearch merge A.json B.json ... --json ALL.json`: the results of
** shards (`bench --shard`) and devices joined into one file that compare,
** plot and export read. A program and dataset may come from one input only;
** each program's psearch_context keeps the context of every part.
*/
#ifndef merge_h
#define merge_h

#include "opt.h"

extern const struct opt_cmd merge_cmd;

#endif
