/*
** shard.h: splitting a run's cases into N disjoint parts (`bench --shard
** I/N`). The spelling "I/N" (1-based) or "auto" (the index and count a job
** array gives its tasks: Slurm's SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN
** and SLURM_ARRAY_TASK_COUNT; a Kubernetes Indexed Job's
** JOB_COMPLETION_INDEX with PSEARCH_SHARD_COUNT), and the assignment:
** greedy longest-first onto the least loaded part, so every process that
** sees the same cases and costs computes the same parts, whose union is
** every case exactly once.
*/
#ifndef shard_h
#define shard_h

#include "ps.h"

/* The most parts a run may be split into. */
#define SHARD_MAX 4096

/* Which part this process runs; count 0: no sharding. */
struct shard_spec {
  int index;        /* 1-based, 1 .. count */
  int count;
  const char *from; /* where it came from: "option", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX" */
};

/* Parse "I/N" (1 <= I <= N <= SHARD_MAX) or "auto" (the environment,
** through getenv). 0, or -1 with e set ("--shard '3/2': ..."). */
int shard_parse(const char *s, struct shard_spec *sp, struct ps_err *e);

/* "auto" with the environment read through get (tests pass their own):
** Slurm's array variables first, then JOB_COMPLETION_INDEX (0-based) with
** PSEARCH_SHARD_COUNT. 0, or -1 with e naming the variable at fault. */
int shard_from_env(const char *(*get)(const char *name), struct shard_spec *sp, struct ps_err *e);

/* Assign n cases of the given costs (finite, >= 0) to nbins parts: each
** case, most costly first (ties: the earlier case first), goes to the part
** with the least cost so far (ties: the lower part). bin[k] gets case k's
** part, 0-based. 0, or -1 when out of memory or an argument is out of range. */
int shard_assign(const double *cost, int n, int nbins, int *bin);

#endif
