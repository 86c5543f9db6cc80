/*
** report.c: one dataset's summary and its text lines.
*/
#include "report.h"

#include <string.h>

void report_summarize(struct report_dataset *d, const struct measure_result *m, const char *error,
                      const struct entry *en, const struct data_value *in, int nin)
{
  memset(d, 0, sizeof *d);
  d->error = error != NULL ? error : m->error;
  d->validation = "skipped";
  if (d->error != NULL)
    return;
  d->us = m->us;
  d->n = m->n;
  stats_compute(m->us, m->n, &d->s);
  stats_bootstrap_ci(m->us, m->n, 2000, &d->ci_lo, &d->ci_hi);
  if (nin > 0) {
    d->has_inputs = 1;
    d->elements = data_value_count(&in[0]);
    d->has_bytes = en->bytes != NULL;
    if (d->has_bytes)
      d->min_bytes = (double)en->bytes(d->elements, data_type_size(in[0].type));
  }
  if (m->kernel_ns > 0 && m->kernel_runs > 0) {
    d->kernel_us = (double)m->kernel_ns / 1e3 / (double)m->kernel_runs;
    d->nkernels = m->nktimes;
    for (int i = 0; i < m->nktimes; i++) {
      d->kernels[i].name = m->ktimes[i].name;
      d->kernels[i].us = (double)m->ktimes[i].ns / 1e3 / (double)m->kernel_runs;
    }
  }
}

void report_print_line(FILE *f, const struct report_dataset *d, int color)
{
  if (d->error != NULL) {
    fprintf(f, "\n%s%s%s\n", color ? "\033[31m" : "", d->error, color ? "\033[0m" : "");
    return;
  }
  fprintf(f, "%10.0f\u03bcs (RSD: %.3f; min: %3.0f%%; max: %+3.0f%%)\n", d->s.mean, d->s.rsd,
          d->s.min_pct, d->s.max_pct);
}

void report_print_extended(FILE *f, const struct report_dataset *d, double copy_gbs)
{
  double gbs = d->min_bytes / (d->s.mean * 1e3);
  if (d->error != NULL)
    return;
  fprintf(f, "    %zu runs; median %.1f\u03bcs; 95%% CI of mean [%.1f, %.1f]\u03bcs; %.3g elements/s; "
          "%.1f GB/s",
          d->n, d->s.median, d->ci_lo, d->ci_hi, (double)d->elements / (d->s.mean * 1e-6), gbs);
  if (copy_gbs > 0)
    fprintf(f, " (%.0f%% of copy bandwidth)", 100 * gbs / copy_gbs);
  if (d->kernel_us > 0) {
    fprintf(f, "; kernel time %.1f\u03bcs/run", d->kernel_us);
    for (int i = 0; i < d->nkernels && d->nkernels > 1; i++)
      fprintf(f, "%s%s %.0f%%", i ? ", " : " (", d->kernels[i].name, 100.0 * d->kernels[i].us / d->kernel_us);
    if (d->nkernels > 1)
      fprintf(f, ")");
  }
  fprintf(f, "\n");
}
