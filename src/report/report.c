/*
** report.c: one dataset's summary and its text lines.
*/
#include "report.h"

#include <math.h>
#include <string.h>

const char *const report_phase_names[PHASE_COUNT] = {"load", "prepare", "runs", "result", "validate"};

/* Name the cause of each of d's outliers from the runs' kernel times k. */
static void outlier_causes(struct report_dataset *d, const struct measure_result *m)
{
  const double *k = m->kernel_us;
  double hi = d->s.q3 + 1.5 * (d->s.q3 - d->s.q1), lo = d->s.q1 - 1.5 * (d->s.q3 - d->s.q1);
  d->kernel_runs_us = k;
  stats_compute(k, d->n, &d->ks);
  for (size_t i = 0; i < d->n; i++) {
    double dw = d->us[i] - d->s.median, dk = k[i] - d->ks.median;
    int kernels = dw > 0 ? dk >= dw / 2 : dk <= dw / 2;
    if (d->us[i] > hi && !(m->preempted != NULL && m->preempted[i])) {
      d->out_hi_kernels += kernels;
      d->out_hi_host += !kernels;
    } else if (d->us[i] < lo) {
      d->out_lo_kernels += kernels;
      d->out_lo_host += !kernels;
    }
  }
}

int report_work(const struct entry *en, const struct data_value *in, int nin, uint64_t *elements, int *has_bytes,
                double *min_bytes)
{
  if (nin <= 0)
    return -1;
  *elements = data_value_count(&in[0]);
  *has_bytes = en->bytes != NULL || en->bytes_of != NULL;
  *min_bytes = 0;
  if (en->bytes_of != NULL)
    *min_bytes = (double)en->bytes_of(en, in, nin);
  else if (*has_bytes)
    *min_bytes = (double)en->bytes(*elements, data_type_size(in[0].type));
  return 0;
}

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
  d->stop = m->stop;
  d->rse = m->rse;
  d->rse_target = m->rse_target;
  d->launches = m->launches;
  d->discarded = m->discarded;
  d->batch = m->batch > 0 ? m->batch : 1;
  d->sync_mean_us = m->sync_mean_us;
  stats_compute(m->us, m->n, &d->s);
  stats_bootstrap_ci(m->us, m->n, 2000, &d->ci_lo, &d->ci_hi);
  for (size_t i = 0; m->preempted != NULL && i < m->n; i++)
    if (m->preempted[i]) {
      d->preempted++;
      d->out_hi_preempted += m->us[i] > d->s.q3 + 1.5 * (d->s.q3 - d->s.q1);
    }
  if (m->kernel_us != NULL && m->n > 0)
    outlier_causes(d, m);
  d->has_inputs = report_work(en, in, nin, &d->elements, &d->has_bytes, &d->min_bytes) == 0;
  if (m->kernel_ns > 0 && m->kernel_runs > 0) {
    d->kernel_us = (double)m->kernel_ns / 1e3 / (double)m->kernel_runs;
    d->span_us = (double)m->kernel_span_ns / 1e3 / (double)m->kernel_runs;
    /* batched runs overlap their neighbours' launches: set the kernels beside the synchronous runs */
    double wall = m->batch > 1 && !isnan(m->sync_mean_us) ? m->sync_mean_us : d->s.median;
    d->kernel_over_wall = m->n > 0 && d->kernel_us > REPORT_KERNEL_OVER_WALL * wall;
    d->nkernels = m->nktimes;
    for (int i = 0; i < m->nktimes; i++) {
      d->kernels[i].name = m->ktimes[i].name;
      d->kernels[i].us = (double)m->ktimes[i].ns / 1e3 / (double)m->kernel_runs;
    }
  }
}

void report_time(double us, char *buf, size_t n)
{
  static const char *const unit[] = {"ns", "\u00b5s", "ms", "s"};
  double v = us * 1000;
  int u = 0, digits;
  while (u < 3 && fabs(v) >= 999.95) {
    v /= 1000;
    u++;
  }
  digits = fabs(v) >= 99.995 ? 1 : fabs(v) >= 9.9995 ? 2 : 3;
  snprintf(buf, n, "%.*f %s", digits, v, unit[u]);
}

/* What a result line says of an entry with no reference (answer: none): never nothing. */
static const char *unvalidated(const struct report_dataset *d)
{
  return d->validation != NULL && strcmp(d->validation, "unvalidated") == 0
             ? "  unvalidated: no answer checks it (answer: none)" : "";
}

void report_print_line(FILE *f, const struct report_dataset *d, enum report_format fmt, int median, int color)
{
  char t[32];
  double v = median ? d->s.median : d->s.mean, lo = d->s.min_pct, hi = d->s.max_pct;
  if (d->error != NULL) {
    fprintf(f, "\n%s%s%s\n", color ? "\033[31m" : "", d->error, color ? "\033[0m" : "");
    return;
  }
  if (median && v > 0) { /* min and max relative to the figure printed */
    lo = 100 * (d->s.min / v - 1);
    hi = 100 * (d->s.max / v - 1);
  }
  if (fmt == REPORT_FUTHARK) {
    fprintf(f, "%10.0f\u03bcs (RSD: %.3f; min: %3.0f%%; max: %+3.0f%%)%s\n", v, d->s.rsd, lo, hi, unvalidated(d));
    return;
  }
  report_time(v, t, sizeof t);
  fprintf(f, "%11s (RSD: %.3f; min: %3.0f%%; max: %+3.0f%%)%s%s\n", t, d->s.rsd, lo, hi,
          d->launches == 0 ? "  no kernel launched: an empty call" : "", unvalidated(d));
}

void report_warn(const struct report_dataset *d, const char *what, double conv_max_s)
{
  if (d->error != NULL) {
    ps_error("%s: %s", what, d->error);
    return;
  }
  if (d->stop == MEASURE_BUDGET)
    ps_warn("%s: did not converge in %g s: RSE %.4f > %.4f (more runs, a quieter machine, or "
            "--convergence-max-seconds)", what, conv_max_s, d->rse, d->rse_target);
  else if (d->stop == MEASURE_MAX_RUNS)
    ps_warn("%s: did not converge in %zu runs (--max-runs): RSE %.4f > %.4f", what, d->n, d->rse,
            d->rse_target);
  if (d->launches == 0)
    ps_warn("%s: no kernel launched: the runs timed an empty call", what);
  if (d->discarded > 0)
    ps_warn("%s: %lld runs discarded: the GPU was throttled or its SM clock fell during them%s", what,
            (long long)d->discarded, d->discarded >= MEASURE_MAX_DISCARDS ? " (the cap: later runs kept)" : "");
  if (d->has_gpu) {
    const struct nvml_sample *b = &d->gpu[0], *a = &d->gpu[1];
    char r[160];
    if ((a->reasons | b->reasons) & NVML_THROTTLED)
      ps_warn("%s: the GPU was throttled (%s); SM clock %u -> %u MHz", what,
              nvml_reasons((a->reasons | b->reasons) & NVML_THROTTLED, r, sizeof r), b->sm_mhz, a->sm_mhz);
    else if (a->sm_mhz < b->sm_mhz * NVML_FELL) /* rising from an idle clock is the GPU waking up */
      ps_warn("%s: the SM clock fell during the runs: %u -> %u MHz", what, b->sm_mhz, a->sm_mhz);
  }
}

void report_details(const struct report_dataset *d, const char *what, int extended)
{
  if (d->error != NULL)
    return;
  if (d->s.rsd > REPORT_NOISY_RSD)
    ps_warn("%s: RSD %.3f: the runs spread so widely that the mean is noise; the median (-x) is "
            "steadier", what, d->s.rsd);
  if (extended && d->kernel_over_wall)
    ps_warn("%s: kernel time %.1f\u03bcs/run exceeds the runs' median wall time %.1f\u03bcs: some of the "
            "runs profiled for it (a separate pass) were slow, so it and its split are not representative",
            what, d->kernel_us, d->s.median);
  if (d->out_hi_preempted > 0)
    ps_warn("%s: %zu of the %zu slow outliers (Tukey) ran while the OS preempted the measuring "
            "thread (a busy host)", what, d->out_hi_preempted, d->s.out_hi);
  if (d->kernel_runs_us != NULL && d->s.out_hi > 0)
    ps_info(1, "%s: the %zu slow outliers (Tukey): %zu with slow kernels (the device), %zu with the "
            "kernels at their usual time (the host's launch and sync), %zu preempted; kernel time "
            "RSD %.3f, wall time RSD %.3f", what, d->s.out_hi, d->out_hi_kernels, d->out_hi_host,
            d->out_hi_preempted, d->ks.rsd, d->s.rsd);
}

void report_print_extended(FILE *f, const struct report_dataset *d, double copy_gbs)
{
  double gbs = d->min_bytes / (d->s.mean * 1e3);
  if (d->error != NULL)
    return;
  fprintf(f, "    %zu runs", d->n);
  if (d->batch > 1) /* each run the mean of a batch: say so, and the synchronous mean */
    fprintf(f, " (batches of %lld, the mean of %d synchronous runs %.1f\u03bcs)", (long long)d->batch,
            MEASURE_SYNC_RUNS, d->sync_mean_us);
  fprintf(f, "; median %.1f\u03bcs; 95%% CI of mean [%.1f, %.1f]\u03bcs; %.3g elements/s; %.1f GB/s", d->s.median,
          d->ci_lo, d->ci_hi, (double)d->elements / (d->s.mean * 1e-6), gbs);
  if (copy_gbs > 0)
    fprintf(f, " (%.0f%% of copy bandwidth)", 100 * gbs / copy_gbs);
  if (d->s.out_lo + d->s.out_hi > 0)
    fprintf(f, "; outliers %zu low, %zu high (Tukey%s", d->s.out_lo, d->s.out_hi,
            d->kernel_runs_us != NULL && d->s.out_hi > 0 ? "; high: " : ")");
  if (d->kernel_runs_us != NULL && d->s.out_hi > 0)
    fprintf(f, "%zu slow kernels, %zu slow launch and sync, %zu preempted)", d->out_hi_kernels,
            d->out_hi_host, d->out_hi_preempted);
  else if (d->out_hi_preempted > 0)
    fprintf(f, ", %zu of them with the measuring thread preempted", d->out_hi_preempted);
  if (d->kernel_runs_us != NULL)
    fprintf(f, "; kernels per run: median %.1f\u03bcs, RSD %.3f", d->ks.median, d->ks.rsd);
  if (d->kernel_us > 0) {
    fprintf(f, "; kernel time %.1f\u03bcs/run", d->kernel_us);
    for (int i = 0; i < d->nkernels && d->nkernels > 1; i++)
      fprintf(f, "%s%s %.0f%%", i ? ", " : " (", d->kernels[i].name, 100.0 * d->kernels[i].us / d->kernel_us);
    if (d->nkernels > 1)
      fprintf(f, ")");
    fprintf(f, ", span %.1f\u03bcs/run", d->span_us);
  }
  fprintf(f, "\n");
}

void report_print_concurrent(FILE *f, const struct report_dataset *d)
{
  const struct report_concurrent *c = d->concurrent;
  char t[32];
  if (d->error != NULL || c == NULL)
    return;
  report_time(c->alone.mean, t, sizeof t);
  fprintf(f, "    alone %s (RSD: %.3f; %zu runs); at once %.3fx the mean alone; %d devices together: %.3g elements/s",
          t, c->alone.rsd, c->alone.n, d->s.mean / c->alone.mean, c->devices, (double)d->elements * c->rps);
  if (d->has_bytes)
    fprintf(f, ", %.1f GB/s", d->min_bytes * c->rps / 1e9);
  fprintf(f, " (%.0f%% of their sum alone)\n", c->alone_rps > 0 ? 100 * c->rps / c->alone_rps : 0.0);
}
