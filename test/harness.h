/*
** harness.h: what the entry-point unit tests share: the device (the default
** one, PoCL in CI) opened once per test group, and one call that runs an
** entry point through all its phases. Include after cmocka.h.
*/
#ifndef harness_h
#define harness_h

#include "entry.h"

/* The device of the group; set by harness_setup. */
extern struct rt *harness_rt;

/* cmocka group setup and teardown: open and close harness_rt. */
int harness_setup(void **state);
int harness_teardown(void **state);

/* Run entry `name` on backend b over in[0..nin): prepare, `runs` runs, sync,
** result. Fails the test with the entry's message on any error. Returns the
** first output (caller frees). */
struct data_value harness_run(const char *name, enum backend b, const struct data_value *in, int nin,
                              int runs);

#endif
