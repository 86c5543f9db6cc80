/*
** compare.h: `psearch compare OLD.json NEW.json`: per dataset, old and new
** mean, speedup (mean old / mean new, as futhark benchcmp) and a verdict from
** a stated significance test; the exit code is the CI gate.
*/
#ifndef compare_h
#define compare_h

#include <stddef.h>
#include <stdio.h>

/* The verdict on one dataset, and the rule that gives it. */
enum compare_verdict { CMP_SAME, CMP_FASTER, CMP_SLOWER, CMP_UNTESTABLE };
enum compare_test { CMP_MANN_WHITNEY, CMP_FUTHARK };
struct compare_rule {
  enum compare_test test;
  double alpha;     /* significance level of the U test */
  double threshold; /* minimum change, a fraction: slower needs speedup < 1 - threshold */
};

/* The judgement of one dataset. */
struct compare_outcome {
  double mean_old, mean_new; /* µs */
  double speedup;            /* mean_old / mean_new; NaN when a mean is 0 */
  double p;                  /* two-sided p-value; NaN for the futhark rule or when untestable */
  enum compare_verdict verdict;
};

/* Judge the runtimes (µs) of one dataset, old (nold > 0) against new (nnew > 0).
** CMP_UNTESTABLE when the U test cannot reach alpha with so few runs. */
void compare_runs(const struct compare_rule *r, const double *old, size_t nold, const double *new,
                  size_t nnew, struct compare_outcome *out);

void compare_help(FILE *f);
int compare_main(int argc, char **argv);

#endif
