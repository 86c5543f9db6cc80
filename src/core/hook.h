/*
** hook.h: test hooks, compiled only into test builds (meson option
** test_hooks, on in `scripts/setup.sh --tests`, the sanitizer and mutation
** builds; off in the release build that `scripts/setup.sh` makes). In a test
** build, environment variables PSEARCH_TEST_* plant faults and delays so that
** tests can check what psearch reports (docs/reliability.md); bench announces
** each one that is set on stderr and records it in the JSON context, so no
** result made under a hook passes for a real one. In a release build every
** function below is a constant: no hook can be set.
**
**   PSEARCH_TEST_SLOWDOWN=ENTRY:PCT      every timed run of ENTRY PCT% longer
**                                        (spinning after the run; under --batch
**                                        after each call, PCT% of its K runs, and
**                                        after each synchronous run)
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
**   PSEARCH_TEST_LOG_SECONDS=S           off a terminal, a progress line on
**                                        stderr every S seconds (not 30)
**   PSEARCH_TEST_LOOKBACK_COUNTS=1       radix_sort's tiles publish only their
**                                        counts, never their prefixes, so every
**                                        look-back sums counts back to tile 0
**                                        (the path that timing rarely takes);
**                                        the cost family's look-backs so too
**                                        (aggregates, never inclusive words)
**   PSEARCH_TEST_LOOKBACK_STALE=1        radix_sort's look-back words that
**                                        os_hist clears are first filled with
**                                        ready prefixes of 0, as a missing clear
**                                        would leave them, so that a sort that
**                                        reads one goes wrong where validation
**                                        sees it
**   PSEARCH_TEST_POISON=1                the cost family's output, count,
**                                        partials and look-back words filled
**                                        with 0xa5 bytes before each run, so a
**                                        run that leaves part of them unwritten,
**                                        or reads one before it is written,
**                                        fails validation
**   PSEARCH_TEST_NVML=LIB                bench samples GPU clocks from LIB (a
**                                        stand-in for libnvidia-ml.so.1) as
**                                        NVML device 0, on any device
**   PSEARCH_TEST_FILL_WORDS=N            rt_fill takes the path of fills that
**                                        end past 2^31 words (128-byte patterns,
**                                        the ends written) past N words instead
**   PSEARCH_TEST_DEVICE_FAIL=pPdD[:abort] bench -d all: the device keyed @pPdD
**                                        does not open (a bad device's stand-in);
**                                        with :abort it opens and its process
**                                        aborts (a crashed --parallel or
**                                        --concurrent worker)
**   PSEARCH_TEST_FAULT=ENTRY             each dataset of ENTRY breaks the
**                                        device's context once prepared (rt's
**                                        queue released: every later command
**                                        fails, as after a fault that breaks
**                                        NVIDIA's context), so that bench's
**                                        recovery is seen to work
*/
#ifndef hook_h
#define hook_h

#include <stddef.h>
#include <stdint.h>

#ifndef PS_TEST_HOOKS
#define PS_TEST_HOOKS 0
#endif

#if PS_TEST_HOOKS

/* Nanoseconds to add to call `call` of entry (0: the dataset's first, the
** warm-up) whose run took run_ns: the delay and the slowdown; 0 when neither
** is set for it. */
uint64_t hook_extra_ns(const char *entry, uint64_t call, uint64_t run_ns);

/* Whether entry's result is to be corrupted. */
int hook_corrupt(const char *entry);

/* The largest allocation to pretend the device has; 0 when not set. */
uint64_t hook_max_alloc(void);

/* The device memory to pretend the device has; 0 when not set. */
uint64_t hook_device_mem(void);

/* Seconds between progress lines off a terminal: the hook's, else dflt. */
double hook_log_seconds(double dflt);

/* Whether radix_sort's and the cost family's look-backs are to see counts
** (aggregates) only, no prefixes. */
int hook_lookback_counts(void);

/* Whether radix_sort's cleared look-back words are to be filled with stale
** ready words before each sort. */
int hook_lookback_stale(void);

/* Whether the cost family's outputs are to be poisoned before each run. */
int hook_poison(void);

/* The library to load as NVML, or NULL for NVIDIA's own. */
const char *hook_nvml_library(void);

/* Words past whose end rt_fill fills by 128-byte patterns; 0 when not set. */
uint64_t hook_fill_words(void);

/* What opening the device keyed key ("p0d1", bench -d all) is to do: 0
** open, 1 fail, 2 open and abort the process. */
int hook_device_fail(const char *key);
/* Whether entry's datasets are to break the device's context. */
int hook_fault(const char *entry);

/* The hooks that are set: up to max (name, value) pairs; returns the count. */
int hook_active(const char **names, const char **values, int max);

#else /* a release build: no hook */

static inline uint64_t hook_extra_ns(const char *entry, uint64_t call, uint64_t run_ns)
{
  (void)entry, (void)call, (void)run_ns;
  return 0;
}
static inline int hook_corrupt(const char *entry) { return (void)entry, 0; }
static inline uint64_t hook_max_alloc(void) { return 0; }
static inline uint64_t hook_device_mem(void) { return 0; }
static inline double hook_log_seconds(double dflt) { return dflt; }
static inline int hook_lookback_counts(void) { return 0; }
static inline int hook_lookback_stale(void) { return 0; }
static inline int hook_poison(void) { return 0; }
static inline const char *hook_nvml_library(void) { return NULL; }
static inline uint64_t hook_fill_words(void) { return 0; }
static inline int hook_device_fail(const char *key) { return (void)key, 0; }
static inline int hook_fault(const char *entry) { return (void)entry, 0; }
static inline int hook_active(const char **names, const char **values, int max)
{
  (void)names, (void)values, (void)max;
  return 0;
}

#endif

/* Whether this build has the test hooks. */
static inline int hook_built(void) { return PS_TEST_HOOKS; }

/* Warn on stderr once per process about every hook that is set. */
void hook_announce(void);

#endif
