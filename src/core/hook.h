/*
** hook.h: test hooks. Environment variables PSEARCH_TEST_* plant faults and
** delays so that tests can check what psearch reports (docs/reliability.md).
** They are live in every build; bench announces each one that is set on
** stderr and records it in the JSON context, so no result made under a hook
** passes for a real one.
**
**   PSEARCH_TEST_SLOWDOWN=ENTRY:PCT      every timed run of ENTRY PCT% longer
**                                        (spinning after the run)
**   PSEARCH_TEST_DELAY=ENTRY:US[:FIRST[:SAW]]
**                                        every call of ENTRY (warm-up included)
**                                        US µs longer, inside the timed region;
**                                        the first call of each dataset FIRST µs;
**                                        with SAW, call k US x (1 + k mod SAW) µs
**                                        (runs that spread and drift: noise)
**   PSEARCH_TEST_CORRUPT_RESULT=ENTRY    flip one bit of ENTRY's first output
**   PSEARCH_TEST_MAX_ALLOC=BYTES         a smaller largest device allocation
**   PSEARCH_TEST_DEVICE_MEM=BYTES        a smaller device memory, for what
**                                        --interleave checks its jobs by
**                                        (read in cli/benchrun.c)
**   PSEARCH_TEST_LOG_SECONDS=S           off a terminal, a progress line on
**                                        stderr every S seconds (not 30)
**   PSEARCH_TEST_PORTABLE=1              kernels use no vendor code (NVIDIA's
**                                        inline PTX): the warp primitives of
**                                        radix_sort emulated as on other devices
**   PSEARCH_TEST_LOOKBACK_COUNTS=1       radix_sort's tiles publish only their
**                                        counts, never their prefixes, so every
**                                        look-back sums counts back to tile 0
**                                        (the path that timing rarely takes)
**   PSEARCH_TEST_LOOKBACK_STALE=1        radix_sort's look-back words that
**                                        os_hist clears are first filled with
**                                        ready prefixes of 0, as a missing clear
**                                        would leave them, so that a sort that
**                                        reads one goes wrong where validation
**                                        sees it (a run after the first reads
**                                        the last run's words, which are right)
**   PSEARCH_TEST_POISON=1               the cost family's output, count and
**                                        partials filled with 0xa5 bytes before
**                                        each run, so a run after the first that
**                                        leaves part of them unwritten, or reads
**                                        a partial before it is written, fails
**                                        validation (the run before left the
**                                        same values there)
**   PSEARCH_TEST_NVML=LIB                bench samples GPU clocks from LIB (a
**                                        stand-in for libnvidia-ml.so.1) as
**                                        NVML device 0, on any device
**                                        (read in device/nvml.c)
**   PSEARCH_TEST_TUNE=NAME=V[,NAME=V...] tuning parameters of kernels (their
**                                        names and ranges: docs/reliability.md),
**                                        for A/B measurements of a design choice
*/
#ifndef hook_h
#define hook_h

#include <stdint.h>

/* Percentage to add to each timed run of entry; 0 when not set for it. */
double hook_slowdown_pct(const char *entry);

/* Nanoseconds to add to call `call` of entry (0: the dataset's first, the
** warm-up); 0 when not set for it. */
uint64_t hook_delay_ns(const char *entry, uint64_t call);

/* Whether entry's result is to be corrupted. */
int hook_corrupt(const char *entry);

/* The largest allocation to pretend the device has; 0 when not set. */
uint64_t hook_max_alloc(void);

/* The device memory to pretend the device has; 0 when not set. */
uint64_t hook_device_mem(void);

/* Seconds between progress lines off a terminal: the hook's, else dflt. */
double hook_log_seconds(double dflt);

/* Whether kernels are to use no vendor code. */
int hook_portable(void);

/* Whether radix_sort's look-back is to see counts only (no prefixes). */
int hook_lookback_counts(void);

/* Whether radix_sort's cleared look-back words are to be filled with stale
** ready words before each sort. */
int hook_lookback_stale(void);

/* Whether the cost family's outputs are to be poisoned before each run. */
int hook_poison(void);

/* The tuning parameter name of PSEARCH_TEST_TUNE if it is set and in
** [lo, hi]; else dflt (with a warning when it is set but out of range). */
int64_t hook_tune(const char *name, int64_t dflt, int64_t lo, int64_t hi);

/* The hooks that are set: up to max (name, value) pairs; returns the count. */
int hook_active(const char **names, const char **values, int max);

/* Warn on stderr once per process about every hook that is set. */
void hook_announce(void);

#endif
