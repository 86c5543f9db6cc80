/*
** summary.h: which entry is fastest, in the manner of hyperfine's summary:
** for each group of datasets, the entries from fastest to slowest, each with
** how many times slower than the fastest it ran. A group is the entries of
** one family (registry.h) with one output shape, which compute the same
** thing in different ways, on one dataset name less the layout word of a
** generated dataset ("sorted [1000]i32" and "eytzinger [1000]i32" are both
** "[1000]i32"): searches of the same data in different layouts stand side by
** side, and a search is never ranked against the layout it reads.
**
** Only what the runs resolve is ranked: entries are ordered by their median,
** and each is set against the fastest by the ratio of the medians with its
** 95% bootstrap interval (stats_ratio_ci). An entry whose interval reaches
** down to 1 + SUMMARY_THRESHOLD is "indistinguishable" from the fastest, not
** slower by some factor; a noisy dataset (RSD above REPORT_NOISY_RSD) or one
** that did not converge is marked on its line. With fewer than
** SUMMARY_MIN_RUNS runs on either side the bootstrap of a median is too
** coarse to trust near 1 (its resamples take a handful of values, and a load
** that drifts between two entries' runs shifts them all alike), so the margin
** is SUMMARY_FEW_THRESHOLD instead, and a ratio that only more runs could
** judge says so. So is it where either side is noisy: a load that comes and
** goes shifts one entry's runs against the other's by a few percent with a
** tight interval (the same code ranked 1.02x faster than itself at RSD 0.73);
** the line's noisy mark says why.
*/
#ifndef summary_h
#define summary_h

#include "report.h"

#include <stddef.h>
#include <stdio.h>

struct ps_err;

#define SUMMARY_THRESHOLD 0.02     /* a ratio interval above 1 + this: resolved */
#define SUMMARY_MIN_RUNS 10        /* fewer runs on a side: the margin below */
#define SUMMARY_FEW_THRESHOLD 0.10 /* the margin with fewer than SUMMARY_MIN_RUNS runs */
#define SUMMARY_RESAMPLES 1000 /* bootstrap resamples of a ratio */

/* One measured dataset. */
struct summary_row {
  const char *family, *output; /* static: registry_family, entry.out_desc */
  char *entry, *dataset; /* owned */
  double median_us;      /* of all the runs */
  double *us;            /* the runs, thinned to at most STATS_RATIO_MAX_N (owned) */
  size_t n;
  double rsd;            /* of all the runs */
  int converged;         /* 0: the convergence phase ended without the rule passing */
};

struct summary {
  struct summary_row *rows;
  size_t n, cap;
};

/* Add a dataset that ran, as its report d summarises it (d->us, d->s,
** d->stop); 0, or -1 when out of memory. */
int summary_add(struct summary *s, const char *family, const char *output, const char *entry,
                const char *dataset, const struct report_dataset *d);
void summary_free(struct summary *s); /* accepts a zeroed s */

/* A dataset name less its layout word, into buf. */
void summary_group(const char *dataset, char *buf, size_t n);

/* Groups with two entries or more, as text ("Summary for ... on [1000]i32:
** A ran (median 12.06 µs) / 1.83x [1.79, 1.88] faster than B /
** indistinguishable from C [0.98, 1.03]") or as markdown tables; the rows
** are sorted in place. */
void summary_print_text(FILE *f, const struct summary *s);
void summary_print_markdown(FILE *f, const struct summary *s);
/* The markdown into path (whole or not at all; "-": stdout); 0 or -1 (e). */
int summary_write_markdown(const char *path, const struct summary *s, struct ps_err *e);

#endif
