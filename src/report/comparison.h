/*
** comparison.h: two sides of results (each one file, or several pooled as
** rounds: results_pool) judged dataset by dataset by a rule (stats.h), as
** `psearch compare` and the gate need: rows grouped by program and sorted,
** notes (programs and datasets on one side only, failures, a changed backend
** or device), counts; printed as futhark benchcmp's text, markdown or JSON.
*/
#ifndef comparison_h
#define comparison_h

#include "results.h"
#include "stats.h"

#include <stdio.h>

enum comparison_order { COMPARISON_BY_NAME, COMPARISON_BY_SIGNIFICANT, COMPARISON_BY_GEOMEAN_SIGNIFICANT,
                        COMPARISON_BY_GEOMEAN_ALL };

/* One dataset present and successful on both sides. */
struct comparison_row {
  const char *prog;
  const struct res_dataset *o, *n;
  struct stats_judgement c;
};

/* The rows of one program, with its sort keys. */
struct comparison_group {
  const char *name;
  struct comparison_row *rows;
  size_t nrows;
  double slower, geosig, geoall;
};

struct comparison {
  struct stats_rule rule;          /* the test applied (never STATS_AUTO) */
  const char *old_path, *new_path; /* not owned */
  int rounds[2];                   /* files per side */
  struct comparison_row *rows;
  size_t nrows;
  struct comparison_group *groups;
  size_t ngroups;
  struct { char **s; size_t n, cap; } notes; /* sorted, no duplicates */
  size_t slower, faster, same, untestable;
  size_t missing;                  /* programs and datasets on one side only */
  int newly_failed;                /* a dataset that ran in OLD failed in NEW */
  int allow_changed_source;        /* judge programs whose user kernel's source changed */
  size_t changed_source;           /* programs not judged: their user kernel's source changed */
  double geomean;                  /* of all finite speedups */
};

/* Judge every dataset of ro (old) against rn (new) with rule (STATS_AUTO:
** rounds when both sides have two files or more, else Mann-Whitney), groups
** sorted by `order` (worst first unless best_first). A program whose user
** kernel's source differs between the sides (RES_KERNEL_SOURCE) is not the
** same program: not judged, with a note, unless allow_changed_source. 0, or
** -1 when out of memory. The comparison points into ro and rn: keep them alive. */
int comparison_build(struct comparison *c, const struct results *ro, const struct results *rn,
                     const struct stats_rule *rule, enum comparison_order order, int best_first,
                     int allow_changed_source);
void comparison_free(struct comparison *c); /* accepts a zeroed c */

/* Dataset o against n by the per-run test of rule (Mann-Whitney or the
** futhark rule) on their recorded runs, the means those of every run (a
** file may keep a sample of its runs): what plot's speedups show. */
void comparison_judge_runs(const struct stats_rule *rule, const struct res_dataset *o, const struct res_dataset *n,
                           struct stats_judgement *out);

/* The notes, one a line (escaped for a terminal). */
void comparison_print_notes(FILE *f, const struct comparison *c);
/* futhark benchcmp's layout (colours when color); strict: say nothing of --strict. */
void comparison_print_text(FILE *f, const struct comparison *c, int color, int strict);
/* A pull-request comment. */
void comparison_print_markdown(FILE *f, const struct comparison *c);
/* The same as JSON, with the exit code the comparison ended with. */
void comparison_print_json(FILE *f, const struct comparison *c, int strict, int code);

#endif
