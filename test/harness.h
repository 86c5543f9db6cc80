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

/* Which grids the tests run: 0, the fast suite's (every edge case, each on
** some type and pattern); 1, the slow suite's exhaustive type x size x
** pattern grids (test/meson.build: suite 'slow'). Set by harness_main. */
extern int harness_slow;

/* Whether point (i, j) of a grid runs, j in [0, stride): in the slow suite
** always; in the fast one when j == i mod stride, so that each i meets one j
** and, as i runs over consecutive values, every j is met. */
int harness_grid(size_t i, size_t j, size_t stride);

/* A test of harness_main's table: after it, the tuning parameters and the
** test hooks it set are cleared, and its wall time is printed on stderr. */
#define HARNESS_TEST(f) {#f, f, harness_before, harness_after, (void *)#f}
int harness_before(void **state);
int harness_after(void **state);

/* A test program's main: argv[1] is "fast" (the default) or "slow"
** (harness_slow), argv[2] a cmocka filter of test names ("*sort*"); the
** tests run in a group that opens the device and the pool when `device`. */
int harness_main(int argc, char **argv, const struct CMUnitTest *tests, size_t n, int device);

/* Test data the entry tests share. harness_get: element i of an integer
** value, sign-extended when its type is signed. harness_sorted: a sorted [n]t
** from gen_fill with the seed (dup: values in a tiny range, so most repeat).
** harness_set_extremes: the type's minimum first and maximum last, when the
** value has two elements or more (it stays sorted). */
int64_t harness_get(const struct data_value *v, int64_t i);
struct data_value harness_sorted(enum data_type t, int64_t n, int dup, uint64_t seed);
void harness_set_extremes(struct data_value *xs);

/* Run entry `name` on backend b over in[0..nin): prepare, `runs` runs, sync,
** result. Fails the test with the entry's message on any error. Returns the
** first output (caller frees). */
struct data_value harness_run(const char *name, enum backend b, const struct data_value *in, int nin,
                              int runs);

#endif
