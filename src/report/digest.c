/*
** digest.c: the end-of-run digest of bench's per-dataset conditions (digest.h).
*/
#include "digest.h"

#include <stdio.h>
#include <string.h>

void digest_add(struct digest *g, const struct report_dataset *d, const char *what, int extended)
{
  g->datasets++;
  if (d->error != NULL)
    return;
  if (d->s.rsd > REPORT_NOISY_RSD) {
    g->noisy++;
    if (d->s.rsd > g->noisiest_rsd) {
      g->noisiest_rsd = d->s.rsd;
      snprintf(g->noisiest, sizeof g->noisiest, "%s", what);
    }
  }
  if (d->out_hi_preempted > 0) {
    g->preempted++;
    g->preempted_runs += d->out_hi_preempted;
    g->outliers_high += d->s.out_hi;
  }
  g->kernel_over_wall += extended && d->kernel_over_wall;
  if (d->kernel_runs_us != NULL && d->s.out_hi > 0) {
    g->causes++;
    g->cause_kernels += d->out_hi_kernels;
    g->cause_host += d->out_hi_host;
    g->cause_preempted += d->out_hi_preempted;
  }
}

int digest_print(const struct digest *g, int median, int verbose)
{
  const char *more = verbose ? "" : "; each dataset with -v";
  int lines = 0;
  if (g->noisy > 0) {
    ps_warn("%d of %d datasets noisy (RSD > %.2f; most: %s, %.2f): %s%s", g->noisy, g->datasets,
            REPORT_NOISY_RSD, g->noisiest, g->noisiest_rsd,
            median ? "the medians printed are steadier than their means"
                   : "their means are noise; read the medians (-x, or --headline=median)",
            more);
    lines++;
    more = "";
  }
  if (g->preempted > 0) {
    ps_warn("%d of %d datasets had slow outliers (Tukey) while the OS preempted the measuring thread: "
            "%zu of their %zu (a busy host)%s", g->preempted, g->datasets, g->preempted_runs,
            g->outliers_high, more);
    lines++;
    more = "";
  }
  if (g->causes > 0) {
    ps_info(1, "%d of %d datasets had slow outliers: %zu with slow kernels (the device), %zu with the "
               "kernels at their usual time (the host's launch and sync), %zu preempted (--kernel-time)%s",
            g->causes, g->datasets, g->cause_kernels, g->cause_host, g->cause_preempted, more);
    lines++;
    more = "";
  }
  if (g->kernel_over_wall > 0) {
    ps_warn("%d of %d datasets: the kernel time of -x exceeds the runs' median wall time (some runs of its "
            "separate profiled pass were slow): not representative%s", g->kernel_over_wall, g->datasets, more);
    lines++;
  }
  return lines;
}
