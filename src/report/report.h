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
#include "nvml.h"
#include "stats.h"
#include "tune.h"

#include <stdio.h>

/* How a result line looks: futhark bench's exact shape ("%10.0fμs (RSD: ...)"),
** or times in the unit that fits (ns, µs, ms, s) with four digits. */
enum report_format { REPORT_FUTHARK, REPORT_HUMAN };

/* RSD above which the mean of a dataset is called noise (a warning). */
#define REPORT_NOISY_RSD 0.25

/* The profiled pass's kernel time per run above this times the timed runs'
** median wall time: its runs were not like the timed ones (a warning). */
#define REPORT_KERNEL_OVER_WALL 1.1

/* Where a dataset's wall time went, in seconds: loading its inputs
** (generation or the dataset cache; counted for the first entry that needs
** them), prepare (upload, kernel builds), the warm-up and timed runs, the
** result (download), and validation (the reference and the comparison). */
enum report_phase { PHASE_LOAD, PHASE_PREPARE, PHASE_RUNS, PHASE_RESULT, PHASE_VALIDATE, PHASE_COUNT };
extern const char *const report_phase_names[PHASE_COUNT];

/* bench --concurrent (docs/cli.md): the dataset measured on this device alone
** and then on every device of the run at once, each on its own clock. */
struct report_concurrent {
  int devices;           /* the devices measured at once, this one included */
  struct stats alone;    /* this device's runs alone (the dataset's runs are those at once) */
  double rps, alone_rps; /* runs a second of those devices summed: at once, and each alone */
  double alone_s[2], at_once_s[2]; /* when this device's timed runs began and ended, s since bench began */
  int64_t untimed;       /* runs it made untimed after those at once, until the other devices' ended */
};

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
  double span_us;         /* per run: its first command's start to its last one's end; 0: not profiled */
  int kernel_over_wall;   /* kernel_us above REPORT_KERNEL_OVER_WALL x the median wall time */
  int nkernels;           /* the kernels' shares, most first */
  struct { const char *name; double us; } kernels[MEASURE_KERNELS];
  int has_peak;           /* a device: peak_bytes is its peak memory */
  uint64_t peak_bytes;
  const char *validation; /* "ok", "mismatch" or "skipped" */
  enum measure_stop stop; /* how the measurement ended */
  double rse, rse_target; /* the RSE of the mean at the end, and what the rule asks */
  int64_t launches;       /* kernels launched per run; -1: unknown (no profiling) */
  double phase_s[PHASE_COUNT];
  int has_gpu;            /* NVML's clocks before [0] and after [1] the runs */
  struct nvml_sample gpu[2];
  int64_t discarded;      /* runs discarded as throttled (--discard-throttled); -1: not checked */
  size_t preempted;       /* runs during which the OS preempted the measuring thread */
  size_t out_hi_preempted; /* of the high outliers (s.out_hi), those preempted: their cause */
  /* --kernel-time: the runs' kernel times (not owned; NULL: not timed), their
  ** statistics, and each outlier's cause by where its difference from the
  ** median went: `kernels` when its kernels' difference is at least half of
  ** it (the device), `host` otherwise (launch and sync); high outliers that
  ** were preempted count as preempted only. */
  const double *kernel_runs_us;
  struct stats ks;
  size_t out_hi_kernels, out_hi_host, out_lo_kernels, out_lo_host;
  const struct tune_used *tuning; /* the tuning parameters the entry read, with their values; NULL: none */
  int64_t batch;          /* runs each time is the mean of (1: not batched: measure_params.batch) */
  double sync_mean_us;    /* batched: the synchronous runs' mean; NaN: none */
  const struct report_concurrent *concurrent; /* bench --concurrent; NULL: measured alone only */
};

/* What one run of en on in[0..nin) works on: the elements of its first input
** into *elements, and whether the entry states the minimum bytes it moves
** (*has_bytes) and how many (*min_bytes, else 0). -1 when there is no input
** (nothing set), else 0. */
int report_work(const struct entry *en, const struct data_value *in, int nin, uint64_t *elements, int *has_bytes,
                double *min_bytes);

/* Summarise a measurement of entry en on in[0..nin) (m->error: a failure;
** error overrides it when not NULL). d points into m: keep m alive. */
void report_summarize(struct report_dataset *d, const struct measure_result *m, const char *error,
                      const struct entry *en, const struct data_value *in, int nin);

/* The result part, after "NAME: " and padding: futhark bench's
** "%10.0fμs (RSD: %.3f; min: %3.0f%%; max: %+3.0f%%)\n" of the mean (median:
** of the median, min and max relative to it), or in REPORT_HUMAN the same
** with the time in its unit and a note when no kernel ran; or the error on a
** line of its own (red when color). */
void report_print_line(FILE *f, const struct report_dataset *d, enum report_format fmt, int median, int color);

/* A time given in µs in the unit that fits it, four significant digits:
** "33.00 ns", "12.06 µs", "8.647 ms", "11.05 s". */
void report_time(double us, char *buf, size_t n);

/* Warnings on stderr about what changes the meaning of a dataset's line: it
** failed (the message, also on stdout), it did not converge, no kernel ran,
** the GPU was throttled or runs were discarded as throttled. `what` names it
** ("PROGRAM DATASET"). */
void report_warn(const struct report_dataset *d, const char *what, double conv_max_s);

/* The rest, which the end-of-run digest counts (digest.h), for -v: a noisy
** mean, slow outliers that ran preempted, their causes (--kernel-time), and
** with extended (-x, which prints it) a kernel time above the runs' median. */
void report_details(const struct report_dataset *d, const char *what, int extended);

/* bench --concurrent's line after the result line: this device's mean alone
** and the ratio of the mean at once to it, and the devices' throughput at
** once, summed (elements/s, GB/s when the entry states its bytes) and as a
** share of their sum alone. Nothing when d failed or is not concurrent. */
void report_print_concurrent(FILE *f, const struct report_dataset *d);

/* The extended line (-x): runs, median, the interval, elements/s, GB/s and
** the share of copy_gbs (when > 0), the kernel time and its split. */
void report_print_extended(FILE *f, const struct report_dataset *d, double copy_gbs);

#endif
