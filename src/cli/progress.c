/*
** progress.c: the plan, the status line, and periodic lines off a terminal.
*/
#include "progress.h"

#include "hook.h"
#include "report.h"

#include <math.h>
#include <stdio.h>

/* Fold the new runs into the running mean and sum of squares. */
static void fold(struct progress *pg, const struct measure_progress *p)
{
  if (p->n < pg->seen) /* the runs were restarted (convergence phase) */
    pg->seen = 0, pg->mean = pg->m2 = 0;
  for (; pg->seen < p->n; pg->seen++) {
    double d = p->us[pg->seen] - pg->mean;
    pg->mean += d / (double)(pg->seen + 1);
    pg->m2 += d * (p->us[pg->seen] - pg->mean);
  }
}

/* "42/300 s, RSE 0.0116 -> 0.0100" (the target once the rule has been checked). */
static void convergence_text(const struct progress *pg, const struct measure_progress *p, char *buf, size_t n)
{
  double rse = p->n > 0 && pg->mean > 0 ? sqrt(pg->m2 / (double)p->n) / sqrt((double)p->n) / pg->mean : 0;
  if (isfinite(p->rse_target))
    snprintf(buf, n, "%.0f/%g s, RSE %.4f -> %.4f", p->phase_s, pg->budget_s, rse, p->rse_target);
  else
    snprintf(buf, n, "%.0f/%g s, RSE %.4f", p->phase_s, pg->budget_s, rse);
}

/* " 0:12 ~0:40 left": the time since the plan was made and the plan's ETA. */
static void eta(const struct progress *pg, char *buf, size_t n)
{
  char a[32], b[32];
  buf[0] = '\0';
  if (pg->plan == NULL)
    return;
  benchplan_clock(benchplan_elapsed(pg->plan), a, sizeof a);
  benchplan_clock(benchplan_left(pg->plan), b, sizeof b);
  snprintf(buf, n, " %s ~%s left", a, b);
}

static void draw(struct progress *pg, const struct measure_progress *p)
{
  static const char *const cells[] = {" ", "\u258f", "\u258e", "\u258d", "\u258d", "\u258c",
                                      "\u258b", "\u258a", "\u2589", "\u2588"};
  static const char *const spin[] = {"\u280b", "\u2819", "\u2839", "\u2838", "\u283c",
                                     "\u2834", "\u2826", "\u2827", "\u2807", "\u280f"};
  double f = fmin(p->elapsed_s / MEASURE_MIN_TIME_S, (double)p->n / (double)pg->runs);
  char t[32], conv[96], when[80];
  eta(pg, when, sizeof when);
  printf("\r\033[K[%d/%d%s] %s: %*s", pg->index, pg->total, when, pg->desc, pg->pad, "");
  if (p->n == 0) {
    printf("%s ...", pg->entry);
  } else if (!p->conv) {
    report_time(pg->mean, t, sizeof t);
    printf("%11s |", t);
    for (int i = 1; i <= 10; i++) {
      int idx = (int)floor((f - (i - 1) * 0.1) * 10 / 0.1);
      fputs(i * 0.1 <= f ? "\u2588" : idx >= 0 && idx < 10 ? cells[idx] : " ", stdout);
    }
    printf("| %zu runs", p->n);
  } else {
    report_time(pg->mean, t, sizeof t);
    convergence_text(pg, p, conv, sizeof conv);
    printf("%11s %s %s (%zu runs)", t, spin[pg->step++ % 10], conv, p->n);
  }
  fflush(stdout);
}

void progress_update(void *ctx, const struct measure_progress *p)
{
  struct progress *pg = ctx;
  fold(pg, p);
  if (pg->fancy) {
    draw(pg, p);
  } else if (p->elapsed_s >= pg->logged_s + hook_log_seconds(PROGRESS_LOG_S)) {
    char conv[96], when[80];
    convergence_text(pg, p, conv, sizeof conv);
    eta(pg, when, sizeof when);
    if (p->conv)
      ps_info(1, "[%d/%d%s] %s %s: converging, %s, %zu runs", pg->index, pg->total, when, pg->entry, pg->desc,
              conv, p->n);
    else
      ps_info(1, "[%d/%d%s] %s %s: %.0f s, %zu runs", pg->index, pg->total, when, pg->entry, pg->desc,
              p->elapsed_s, p->n);
    pg->logged_s = p->elapsed_s;
  }
}

