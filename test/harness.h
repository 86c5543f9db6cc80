/*
** harness.h: what the entry-point unit tests share: the device (the default
** one, PoCL in CI) opened once per test group, and one call that runs an
** entry point through all its phases. Include after cmocka.h.
*/
#ifndef harness_h
#define harness_h

#include "entry.h"

/* The device and the multicore workers of the group; set by harness_setup.
** The pool has HARNESS_THREADS threads: an odd count, so that the workers'
** shares of a power-of-two size are uneven. */
#define HARNESS_THREADS 3
extern struct rt *harness_rt;
extern struct pool *harness_pool;

/* The tuning parameters the harness's jobs run with (tune.h): harness_tune
** sets them from "NAME=V,..." (failing the test on a bad spec), "" clears
** them; harness_tuning is what targets made by a test point to. */
extern struct tune harness_tuning;
void harness_tune(const char *spec);

/* cmocka group setup and teardown: open and close harness_rt and harness_pool. */
int harness_setup(void **state);
int harness_teardown(void **state);

/* Run entry `name` on backend b over in[0..nin): prepare, `runs` runs, sync,
** result. Fails the test with the entry's message on any error. Returns the
** first output (caller frees). */
struct data_value harness_run(const char *name, enum backend b, const struct data_value *in, int nin,
                              int runs);

#endif
