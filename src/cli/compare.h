/*
** compare.h: `psearch compare OLD.json NEW.json`: per dataset, old and new
** mean, speedup (mean old / mean new, as futhark benchcmp) and a verdict from
** a stated significance test; the exit code is the CI gate.
*/
#ifndef compare_h
#define compare_h

#include <stddef.h>
#include <stdio.h>

/* The verdict on one dataset, and the rule that gives it.
**
** Tests: CMP_ROUNDS judges rounds (separate invocations of bench, e.g. the
** gate's interleaved old/new rounds): each round is summarised by its median,
** and the log ratios new/old of paired rounds (the i-th file of each side)
** get a one-sample t-test, or, when the sides have different numbers of
** rounds, the log medians a Welch test; so the noise the test sees is the
** spread between rounds, not between the correlated runs of one round.
** CMP_MANN_WHITNEY judges the runs of one invocation per side (it sees only
** within-run spread). CMP_FUTHARK is futhark benchcmp's rule. CMP_AUTO is
** CMP_ROUNDS when both sides have at least two files, else Mann-Whitney.
** In every test, a verdict other than "same" needs both p < alpha and a
** change beyond the threshold. */
enum compare_verdict { CMP_SAME, CMP_FASTER, CMP_SLOWER, CMP_UNTESTABLE };
enum compare_test { CMP_AUTO, CMP_ROUNDS, CMP_MANN_WHITNEY, CMP_FUTHARK };
struct compare_rule {
  enum compare_test test;
  double alpha;     /* significance level */
  double threshold; /* minimum change, a fraction: slower needs speedup < 1 - threshold */
};

/* Rounds needed for the rounds test: paired rounds, or per side unpaired. */
#define COMPARE_MIN_ROUNDS 3

/* The judgement of one dataset. */
struct compare_outcome {
  enum compare_test test;    /* the test that was applied (never CMP_AUTO) */
  double mean_old, mean_new; /* µs: means of the runs; for rounds, geometric means of the
                             ** round medians, so that speedup = mean_old / mean_new */
  double speedup;            /* mean_old / mean_new; NaN when a mean is 0 */
  double p;                  /* two-sided p-value; NaN for the futhark rule or when untestable */
  size_t rounds;             /* rounds tested (pairs when paired); 0 for per-run tests */
  enum compare_verdict verdict;
};

/* Judge the runtimes (µs) of one dataset, old (nold > 0) against new (nnew > 0),
** by a per-run test (r->test is CMP_MANN_WHITNEY or CMP_FUTHARK).
** CMP_UNTESTABLE when the U test cannot reach alpha with so few runs. */
void compare_runs(const struct compare_rule *r, const double *old, size_t nold, const double *new,
                  size_t nnew, struct compare_outcome *out);

/* Judge rounds: old[i] and new[i] are round medians (µs, > 0); paired: both
** have k = nold = nnew rounds, pair i from the same position. CMP_UNTESTABLE
** with fewer than COMPARE_MIN_ROUNDS (pairs, or on either side). */
void compare_rounds(const struct compare_rule *r, const double *old, size_t nold, const double *new,
                    size_t nnew, int paired, struct compare_outcome *out);

void compare_help(FILE *f);
int compare_main(int argc, char **argv);

#endif
