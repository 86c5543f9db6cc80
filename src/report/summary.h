/*
** summary.h: which entry is fastest, in the manner of hyperfine's summary:
** for each group of datasets, the entries from fastest to slowest, each with
** how many times slower than the fastest it ran. A group is the entries of
** one family (registry.h) with one output shape, which compute the same
** thing in different ways, on one dataset name less the layout word of a
** generated dataset ("sorted [1000]i32" and "eytzinger [1000]i32" are both
** "[1000]i32"): searches of the same data in different layouts stand side by
** side, and a search is never ranked against the layout it reads. The ± is the ratio's
** standard error, from the standard errors of the two means.
*/
#ifndef summary_h
#define summary_h

#include <stddef.h>
#include <stdio.h>

struct ps_err;

/* One measured dataset. */
struct summary_row {
  const char *family, *output; /* static: registry_family, entry.out_desc */
  char *entry, *dataset; /* owned */
  double mean_us, se_us; /* the mean and its standard error */
};

struct summary {
  struct summary_row *rows;
  size_t n, cap;
};

/* Add a dataset that ran; 0, or -1 when out of memory. */
int summary_add(struct summary *s, const char *family, const char *output, const char *entry,
                const char *dataset, double mean_us, double se_us);
void summary_free(struct summary *s); /* accepts a zeroed s */

/* A dataset name less its layout word, into buf. */
void summary_group(const char *dataset, char *buf, size_t n);

/* Groups with two entries or more, as text ("Summary for [1000]i32: A ran /
** 1.83 ± 0.02 times faster than B ...") or as markdown tables; the rows
** are sorted in place. */
void summary_print_text(FILE *f, const struct summary *s);
void summary_print_markdown(FILE *f, const struct summary *s);
/* The markdown into path (whole or not at all; "-": stdout); 0 or -1 (e). */
int summary_write_markdown(const char *path, const struct summary *s, struct ps_err *e);

#endif
