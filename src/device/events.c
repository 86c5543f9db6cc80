/*
** events.c: the profiling events of rt's commands (events.h).
*/
#include "events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Add ns to the by-kernel table's entry of kernel k, or of command cmd when k
** is NULL (a full table drops it). */
static void add_time(struct events *s, cl_kernel k, const char *cmd, uint64_t ns)
{
  char name[48] = "?";
  int i;
  if (k != NULL)
    clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
  else
    snprintf(name, sizeof name, "%s", cmd);
  name[sizeof name - 1] = '\0';
  for (i = 0; i < s->nby; i++)
    if (strcmp(s->by[i].name, name) == 0)
      break;
  if (i == s->nby) {
    if (i == (int)(sizeof s->by / sizeof s->by[0]))
      return;
    memset(&s->by[i], 0, sizeof s->by[i]);
    memcpy(s->by[i].name, name, sizeof name);
    s->by[i].is_kernel = k != NULL;
    s->nby++;
  }
  s->by[i].ns += ns;
  s->by[i].launches++;
}

void events_track(struct events *s, cl_event ev, cl_kernel k, const char *cmd)
{
  if (ev == NULL)
    return;
  if (s->n == EVENTS_MAX)
    events_collect(s);
  s->kernel[s->n] = k;
  s->cmd[s->n] = cmd;
  s->ev[s->n++] = ev;
}

void events_collect(struct events *s)
{
  for (int i = 0; i < s->n; i++) {
    cl_ulong a = 0, b = 0;
    clWaitForEvents(1, &s->ev[i]);
    if (clGetEventProfilingInfo(s->ev[i], CL_PROFILING_COMMAND_START, sizeof a, &a, NULL) == CL_SUCCESS &&
        clGetEventProfilingInfo(s->ev[i], CL_PROFILING_COMMAND_END, sizeof b, &b, NULL) == CL_SUCCESS &&
        b > a) {
      s->ns += b - a;
      s->launches += s->kernel[i] != NULL;
      add_time(s, s->kernel[i], s->cmd[i], b - a);
      if (s->run_end == 0 || a < s->run_start)
        s->run_start = a;
      if (b > s->run_end)
        s->run_end = b;
    }
    clReleaseEvent(s->ev[i]);
  }
  s->n = 0;
}

void events_end_run(struct events *s)
{
  events_collect(s);
  s->span_ns += s->run_end - s->run_start;
  s->run_start = s->run_end = 0;
}

/* Forget what was folded in (after a take). */
static void forget(struct events *s)
{
  s->ns = s->launches = s->span_ns = s->run_start = s->run_end = 0;
  s->nby = 0;
}

uint64_t events_take_ns(struct events *s)
{
  uint64_t ns;
  events_collect(s);
  ns = s->ns;
  forget(s);
  return ns;
}

static int by_time_desc(const void *a, const void *b)
{
  const struct rt_kernel_time *x = a, *y = b;
  return x->ns < y->ns ? 1 : x->ns > y->ns ? -1 : strcmp(x->name, y->name);
}

int events_take_times(struct events *s, struct rt_kernel_time *out, int max, struct rt_kernel_totals *t)
{
  int n;
  events_end_run(s);
  t->ns = s->ns;
  t->span_ns = s->span_ns;
  t->launches = s->launches;
  qsort(s->by, (size_t)s->nby, sizeof s->by[0], by_time_desc);
  n = s->nby < max ? s->nby : max;
  memcpy(out, s->by, (size_t)n * sizeof *out);
  forget(s);
  return n;
}
