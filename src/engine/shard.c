/*
** shard.c: the --shard spelling, job arrays' environment, and the
** longest-first assignment of cases to parts.
*/
#include "shard.h"

#include "opt.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *env_get(const char *name)
{
  return getenv(name);
}

int shard_parse(const char *s, struct shard_spec *sp, struct ps_err *e)
{
  const char *slash = strchr(s, '/');
  char first[32];
  int64_t i, n;
  if (strcmp(s, "auto") == 0)
    return shard_from_env(env_get, sp, e);
  if (slash == NULL || (size_t)(slash - s) >= sizeof first)
    return ps_fail(e, "--shard '%s': not I/N (the I-th of N parts, 1-based) or auto", s);
  memcpy(first, s, (size_t)(slash - s));
  first[slash - s] = '\0';
  if (opt_parse_i64(first, &i) != 0 || opt_parse_i64(slash + 1, &n) != 0)
    return ps_fail(e, "--shard '%s': not I/N (the I-th of N parts, 1-based) or auto", s);
  if (n < 1 || n > SHARD_MAX)
    return ps_fail(e, "--shard '%s': the number of parts must be 1 to %d", s, SHARD_MAX);
  if (i < 1 || i > n)
    return ps_fail(e, "--shard '%s': the part must be 1 to %lld (parts count from 1)", s, (long long)n);
  sp->index = (int)i;
  sp->count = (int)n;
  sp->from = "option";
  return 0;
}

/* Variable name of get as an integer in [lo, hi]: 1 when set and valid, 0
** when unset, -1 (e set) when set but not such a number. */
static int env_int(const char *(*get)(const char *), const char *name, int64_t lo, int64_t hi,
                   int64_t *out, struct ps_err *e)
{
  const char *v = get(name);
  if (v == NULL || *v == '\0')
    return 0;
  if (opt_parse_i64(v, out) != 0 || *out < lo || *out > hi)
    return ps_fail(e, "--shard=auto: %s='%s' is not a number from %lld to %lld", name, v,
                   (long long)lo, (long long)hi);
  return 1;
}

/* Slurm's job array: the task's place among the array's ids (which start at
** --array's minimum and step by its step), and their count. */
static int from_slurm(const char *(*get)(const char *), struct shard_spec *sp, struct ps_err *e)
{
  int64_t id, min = 0, max = 0, step = 1, count = 0;
  int has_min, has_count, has_max;
  if (env_int(get, "SLURM_ARRAY_TASK_ID", 0, INT32_MAX, &id, e) != 1 ||
      (has_min = env_int(get, "SLURM_ARRAY_TASK_MIN", 0, INT32_MAX, &min, e)) < 0 ||
      env_int(get, "SLURM_ARRAY_TASK_STEP", 1, INT32_MAX, &step, e) < 0 ||
      (has_max = env_int(get, "SLURM_ARRAY_TASK_MAX", 0, INT32_MAX, &max, e)) < 0 ||
      (has_count = env_int(get, "SLURM_ARRAY_TASK_COUNT", 1, SHARD_MAX, &count, e)) < 0)
    return -1;
  if (!has_count && has_min && has_max && max >= min)
    count = (max - min) / step + 1;
  if (count < 1 || count > SHARD_MAX)
    return ps_fail(e, "--shard=auto: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT "
                      "(or MIN and MAX) giving 1 to %d tasks", SHARD_MAX);
  if (id < min || (id - min) % step != 0 || (id - min) / step >= count)
    return ps_fail(e, "--shard=auto: task %lld is not one of %lld tasks from %lld in steps of %lld; "
                      "give sbatch --array a range (0-N or 1-N), or use --shard I/N",
                   (long long)id, (long long)count, (long long)min, (long long)step);
  sp->index = (int)((id - min) / step) + 1;
  sp->count = (int)count;
  sp->from = "SLURM_ARRAY_TASK_ID";
  return 0;
}

int shard_from_env(const char *(*get)(const char *), struct shard_spec *sp, struct ps_err *e)
{
  int64_t idx, count;
  int got;
  if (get("SLURM_ARRAY_TASK_ID") != NULL)
    return from_slurm(get, sp, e);
  if ((got = env_int(get, "JOB_COMPLETION_INDEX", 0, SHARD_MAX - 1, &idx, e)) < 0)
    return -1;
  if (got == 0)
    return ps_fail(e, "--shard=auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor "
                      "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; use --shard I/N");
  if ((got = env_int(get, "PSEARCH_SHARD_COUNT", 1, SHARD_MAX, &count, e)) < 0)
    return -1;
  if (got == 0)
    return ps_fail(e, "--shard=auto: JOB_COMPLETION_INDEX is set but PSEARCH_SHARD_COUNT is not "
                      "(set it to the Job's completions)");
  if (idx >= count)
    return ps_fail(e, "--shard=auto: JOB_COMPLETION_INDEX=%lld is not below PSEARCH_SHARD_COUNT=%lld",
                   (long long)idx, (long long)count);
  sp->index = (int)idx + 1;
  sp->count = (int)count;
  sp->from = "JOB_COMPLETION_INDEX";
  return 0;
}

/* The order of cases: most costly first, then the earlier. */
struct ranked {
  double cost;
  int k;
};

static int by_cost(const void *a, const void *b)
{
  const struct ranked *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost > y->cost ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

int shard_assign(const double *cost, int n, int nbins, int *bin)
{
  struct ranked *r = NULL;
  double *load = NULL;
  int rc = -1;
  if (n < 0 || nbins < 1 || nbins > SHARD_MAX)
    goto done;
  r = malloc(((size_t)n + 1) * sizeof *r);
  load = calloc((size_t)nbins, sizeof *load);
  if (r == NULL || load == NULL)
    goto done;
  for (int k = 0; k < n; k++) {
    if (!isfinite(cost[k]) || cost[k] < 0)
      goto done;
    r[k] = (struct ranked){cost[k], k};
  }
  qsort(r, (size_t)n, sizeof *r, by_cost);
  for (int i = 0; i < n; i++) {
    int best = 0;
    for (int b = 1; b < nbins; b++)
      if (load[b] < load[best])
        best = b;
    bin[r[i].k] = best;
    load[best] += r[i].cost;
  }
  rc = 0;
done:
  free(r);
  free(load);
  return rc;
}
