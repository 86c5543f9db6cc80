/*
** report.h: what `psearch bench` reports about one dataset, computed once
** from its measurement (the statistics, the bootstrap interval, throughput,
** kernel times) and then printed: futhark bench's result line, the extended
** line, and the JSON (results.h). Every printer reads the same summary, so
** the text and the JSON cannot disagree.
*/
#ifndef report_h
#define report_h

#include "measure.h"
#include "stats.h"

#include <stdio.h>

struct report_dataset {
  const char *error;      /* why the dataset failed, or NULL */
  const double *us;       /* the reported runtimes in µs (not owned), n of them */
  size_t n;
  struct stats s;         /* over us */
  double ci_lo, ci_hi;    /* 95% bootstrap interval of the mean, µs */
  int has_inputs;         /* elements is known */
  uint64_t elements;      /* of the first input */
  int has_bytes;          /* the entry states its minimum bytes moved: */
  double min_bytes;
  double kernel_us;       /* event-profiled kernel time per run; 0 when not profiled */
  int nkernels;           /* the kernels' shares, most first */
  struct { const char *name; double us; } kernels[MEASURE_KERNELS];
  int has_peak;           /* a device: peak_bytes is its peak memory */
  uint64_t peak_bytes;
  const char *validation; /* "ok", "mismatch", "reference" or "skipped" */
};

/* Summarise a measurement of entry en on in[0..nin) (m->error: a failure;
** error overrides it when not NULL). d points into m: keep m alive. */
void report_summarize(struct report_dataset *d, const struct measure_result *m, const char *error,
                      const struct entry *en, const struct data_value *in, int nin);

/* futhark bench's result part, after "NAME: " and padding:
** "%10.0fμs (RSD: %.3f; min: %3.0f%%; max: %+3.0f%%)\n", or the error on a
** line of its own (red when color). */
void report_print_line(FILE *f, const struct report_dataset *d, int color);

/* The extended line (-x): runs, median, the interval, elements/s, GB/s and
** the share of copy_gbs (when > 0), the kernel time and its split. */
void report_print_extended(FILE *f, const struct report_dataset *d, double copy_gbs);

#endif
