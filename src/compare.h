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

/* Judge the runtimes (µs) of one dataset: *speedup = mean(old) / mean(new)
** (NaN when a mean is 0), *p the two-sided p-value (NaN for the futhark rule or
** when untestable). CMP_UNTESTABLE when the U test cannot reach alpha with so
** few runs. */
enum compare_verdict compare_runs(const struct compare_rule *r, const double *old, size_t nold,
                                  const double *new, size_t nnew, double *speedup, double *p);

void compare_help(FILE *f);
int compare_main(int argc, char **argv);

#endif
