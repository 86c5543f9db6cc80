/*
** hook.c: the PSEARCH_TEST_* test hooks (hook.h), parsed where they are used.
** A release build (PS_TEST_HOOKS 0) compiles only hook_announce, which then
** has nothing to announce.
*/
#include "hook.h"

#include "opt.h"
#include "ps.h"

#include <stdlib.h>
#include <string.h>

#if PS_TEST_HOOKS

static const char *const names[] = {"PSEARCH_TEST_SLOWDOWN", "PSEARCH_TEST_DELAY",
                                    "PSEARCH_TEST_CORRUPT_RESULT", "PSEARCH_TEST_MAX_ALLOC",
                                    "PSEARCH_TEST_LOG_SECONDS", "PSEARCH_TEST_LOOKBACK_COUNTS",
                                    "PSEARCH_TEST_LOOKBACK_STALE", "PSEARCH_TEST_POISON",
                                    "PSEARCH_TEST_NVML", "PSEARCH_TEST_DEVICE_MEM",
                                    "PSEARCH_TEST_FILL_WORDS", "PSEARCH_TEST_FAULT", "PSEARCH_TEST_DEVICE_FAIL"};
#define NHOOKS (int)(sizeof names / sizeof names[0])

/* The text after "ENTRY:" in hook, when hook names this entry; else NULL. */
static const char *for_entry(const char *hook, const char *entry)
{
  size_t len = strlen(entry);
  if (hook == NULL || strncmp(hook, entry, len) != 0 || hook[len] != ':')
    return NULL;
  return hook + len + 1;
}

static double slowdown_pct(const char *entry)
{
  const char *v = for_entry(getenv("PSEARCH_TEST_SLOWDOWN"), entry);
  double pct;
  if (v == NULL || opt_parse_double(v, &pct) != 0 || pct < 0)
    return 0;
  return pct;
}

/* Field k (0-based) of a colon-separated list of numbers, into *out; -1 if absent or bad. */
static int field(const char *v, int k, uint64_t *out)
{
  char buf[32];
  const char *end;
  for (; k > 0 && v != NULL; k--)
    if ((v = strchr(v, ':')) != NULL)
      v++;
  if (v == NULL)
    return -1;
  end = strchr(v, ':');
  snprintf(buf, sizeof buf, "%.*s", end ? (int)(end - v) : (int)strlen(v), v);
  return opt_parse_u64(buf, out);
}

static uint64_t delay_ns(const char *entry, uint64_t call)
{
  const char *v = for_entry(getenv("PSEARCH_TEST_DELAY"), entry);
  uint64_t us = 0, saw = 0;
  if (v == NULL || field(v, 0, &us) != 0)
    return 0;
  if (call == 0)
    field(v, 1, &us); /* FIRST, when given */
  else if (field(v, 2, &saw) == 0 && saw > 0)
    us *= 1 + call % saw;
  return us > UINT64_MAX / 1000 ? UINT64_MAX : us * 1000;
}

uint64_t hook_extra_ns(const char *entry, uint64_t call, uint64_t run_ns)
{
  uint64_t d = delay_ns(entry, call);
  double pct = slowdown_pct(entry);
  return d + (uint64_t)((double)(run_ns + d) * pct / 100);
}

/* Whether the variable `var` names this entry. */
static int names_entry(const char *var, const char *entry)
{
  const char *v = getenv(var);
  return v != NULL && strcmp(v, entry) == 0;
}

int hook_corrupt(const char *entry) { return names_entry("PSEARCH_TEST_CORRUPT_RESULT", entry); }

int hook_fault(const char *entry) { return names_entry("PSEARCH_TEST_FAULT", entry); }

/* The number in environment variable var; 0 when unset or bad. */
static uint64_t number(const char *var)
{
  const char *v = getenv(var);
  uint64_t x = 0;
  if (v == NULL || opt_parse_u64(v, &x) != 0)
    return 0;
  return x;
}

uint64_t hook_max_alloc(void) { return number("PSEARCH_TEST_MAX_ALLOC"); }

uint64_t hook_device_mem(void) { return number("PSEARCH_TEST_DEVICE_MEM"); }

double hook_log_seconds(double dflt)
{
  const char *v = getenv("PSEARCH_TEST_LOG_SECONDS");
  double s;
  if (v == NULL || opt_parse_double(v, &s) != 0 || !(s > 0))
    return dflt;
  return s;
}

/* Whether the variable `name` is set to anything but 0. */
static int flag(const char *name)
{
  const char *v = getenv(name);
  return v != NULL && strcmp(v, "0") != 0;
}

int hook_lookback_counts(void) { return flag("PSEARCH_TEST_LOOKBACK_COUNTS"); }

int hook_lookback_stale(void) { return flag("PSEARCH_TEST_LOOKBACK_STALE"); }

int hook_poison(void) { return flag("PSEARCH_TEST_POISON"); }

const char *hook_nvml_library(void) { return getenv("PSEARCH_TEST_NVML"); }

uint64_t hook_fill_words(void) { return number("PSEARCH_TEST_FILL_WORDS"); }

int hook_device_fail(const char *key)
{
  const char *v = getenv("PSEARCH_TEST_DEVICE_FAIL");
  size_t len = strlen(key);
  if (v == NULL || strncmp(v, key, len) != 0)
    return 0;
  return v[len] == '\0' ? 1 : strcmp(v + len, ":abort") == 0 ? 2 : 0;
}

int hook_active(const char **out_names, const char **values, int max)
{
  int n = 0;
  for (int i = 0; i < NHOOKS && n < max; i++) {
    const char *v = getenv(names[i]);
    if (v != NULL) {
      out_names[n] = names[i];
      values[n++] = v;
    }
  }
  return n;
}

#endif

void hook_announce(void)
{
  static int done;
  const char *n[16], *v[16];
  int k = hook_active(n, v, 16);
  if (done)
    return;
  done = 1;
  for (int i = 0; i < k; i++)
    ps_warn("test hook %s=%s is set: results are not real measurements", n[i], v[i]);
}
