/*
** benchshard.h: `bench --shard I/N`: the run's (suite, entry, dataset)
** cases, each with an estimate of its cost (its elements and its entry's
** work formula, or its time in an earlier results file: --balance-from),
** split into N parts by shard_assign; which cases are this process's, and
** what its JSON records about it.
*/
#ifndef benchshard_h
#define benchshard_h

#include "opt.h"
#include "shard.h"
#include "suite.h"

#include <cjson/cJSON.h>
#include <stddef.h>

struct benchshard;

/* What the rows set. */
struct benchshard_opts {
  struct shard_spec sp;     /* count 0: no --shard */
  const char *balance_from; /* NULL: the cost model's estimate */
};

/* The rows, put into bench's option table; BASE is the offset of its struct
** benchshard_opts in bench's configuration. */
#define BENCHSHARD_ROWS(BASE)                                                                      \
  OPT_ROW_CALL("shard", 0, (BASE) + offsetof(struct benchshard_opts, sp), "I/N", benchshard_row, 0, \
               "Run only the I-th of N parts of the datasets (auto: a job array's task)"),           \
  OPT_ROW_STRING("balance-from", 0, (BASE) + offsetof(struct benchshard_opts, balance_from), "FILE", \
                 "--shard: balance the parts by the runtimes in this results file")

/* --shard's function (opt_call_fn): at is the struct shard_spec. */
int benchshard_row(void *at, const struct opt_def *d, const char *val, const char *spelled);

/* After parsing: --balance-from needs --shard or (parallel) bench --parallel,
** which shards by itself. 0, or -1 with the message printed. */
int benchshard_check(const struct benchshard_opts *o, int parallel);

/* o's --balance-from file, when given, read as benchshard_plan reads it,
** before work that would plan from it: PS_EXIT_OK, or benchshard_plan's exit
** code for it with the message printed. */
int benchshard_readable(const struct benchshard_opts *o);

/* Whether a case runs at all (bench's -e and --exclude-case), asked for each
** entry name and case of every block. */
typedef int (*benchshard_keep)(const void *ctx, const char *entry, const struct suite_case *c);

/* The plan of part o->sp of suites[0..n): the cases keep admits, costed
** (from the results file o->balance_from when set) and assigned. Says on stderr
** what this part runs. NULL on failure with e set and *code the exit code
** (PS_EXIT_FAILED: cannot read the file or out of memory; PS_EXIT_BADDATA:
** not results JSON). */
struct benchshard *benchshard_plan(const struct benchshard_opts *o, struct suite *const *suites, int n,
                                   benchshard_keep keep, const void *ctx, int *code, struct ps_err *e);
void benchshard_free(struct benchshard *p); /* accepts NULL */

/* Whether case c of entry e (the index in bl->entries) of block bl is this
** part's; any case of entry e when c is -1. Always 1 when p is NULL. */
int benchshard_mine(const struct benchshard *p, const struct suite_block *bl, int e, int c);

/* The elements of a case's inputs, without loading them: a random case's
** shapes, a file's bytes / 4, an inline case's values. */
double benchshard_elements(const struct suite_case *c);

/* The units of work of entry on case c, the cost model's: its elements times
** the entry's work formula (a log multiplies by log2 n, a key width w by 4). */
double benchshard_work(const char *entry, const struct suite_case *c);

/* The cases of this part. */
int benchshard_count(const struct benchshard *p);

/* Add "shard": {"index", "count", "from"} to a program's psearch_context
** (nothing when p is NULL). 0, or -1 when out of memory. */
int benchshard_context(const struct benchshard *p, cJSON *ctx);

#endif
