/*
** events.h: the profiling events of rt's commands (rt.c), folded into the
** kernel-time figures: the sum of the commands' event times, the same by
** kernel (fills and copies by their command's name), and runs' spans (first
** command's start to last command's end). Only rt.c uses it.
*/
#ifndef events_h
#define events_h

#include "ps.h"
#include "rt_types.h"

#include <stdint.h>

/* Events kept before they are folded in. A run of more commands waits for
** its first ones to finish while it enqueues (events_collect), which leaves
** the device idle in its span; the entries enqueue at most 192 a run. */
#define EVENTS_MAX 1024

/* Events not yet folded in, and what was folded since the last take. Starts
** zeroed (memset or calloc). */
struct events {
  cl_event ev[EVENTS_MAX];
  cl_kernel kernel[EVENTS_MAX]; /* the kernel of each event; NULL: a command (cmd) */
  const char *cmd[EVENTS_MAX];  /* "clEnqueueFillBuffer" or "clEnqueueCopyBuffer" */
  int n;
  uint64_t ns;                 /* the folded events' times (END - START) */
  uint64_t launches;           /* of them, kernels' */
  uint64_t run_start, run_end; /* the run's first start and last end so far (device ns; 0, 0: none) */
  uint64_t span_ns;            /* the closed runs' spans (events_end_run) */
  struct rt_kernel_time by[32]; /* ns by kernel or command */
  int nby;
};

/* Keep event ev (NULL: none, ignored) of kernel k, or of command cmd when k
** is NULL (a static string); a full list is folded in first. */
void events_track(struct events *s, cl_event ev, cl_kernel k, const char *cmd);
/* Fold in the kept events (waiting for each) and release them. */
void events_collect(struct events *s);
/* A run is over: fold in its events and add its span. */
void events_end_run(struct events *s);
/* The sum of the event times since the last take, in ns; resets everything. */
uint64_t events_take_ns(struct events *s);
/* The same by kernel, as rt_take_kernel_times (rt.h) documents. */
int events_take_times(struct events *s, struct rt_kernel_time *out, int max, struct rt_kernel_totals *t);

#endif
