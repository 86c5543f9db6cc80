/*
** merge.h: `psearch merge A.json B.json ... --json ALL.json`: the results of
** shards (`bench --shard`) and devices joined into one file that compare,
** plot and export read. A program and dataset may come from one input only;
** each program's psearch_context keeps the context of every part.
*/
#ifndef merge_h
#define merge_h

#include "jtree.h"
#include "opt.h"
#include "strmap.h"

#include <stdio.h>

extern const struct opt_cmd merge_cmd;

/* What merge has joined so far: the inputs' trees (owned), the output's
** programs in order of first appearance, each with its parts. Zeroed: empty. */
struct merge {
  struct jtree **trees;
  int ntrees;
  struct merge_prog *progs;
  size_t nprogs, cap;
  struct strmap idx; /* program name -> index in progs */
};

/* Input tree t (read from path, its schema checked by the results reader;
** taken over, also on failure) into m. PS_EXIT_OK, or PS_EXIT_BADDATA (a
** program's dataset already in m) or PS_EXIT_FAILED (out of memory) with e set. */
int merge_add(struct merge *m, struct jtree *t, const char *path, struct ps_err *e);

/* The merged results on f, in cJSON_Print's layout (no allocation: a failed
** write shows in f's error state). */
void merge_print(FILE *f, const struct merge *m);

void merge_free(struct merge *m); /* empties m; accepts a zeroed m and NULL */

#endif
