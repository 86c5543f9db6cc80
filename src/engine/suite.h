/*
** suite.h: benchmark suites in the syntax of a Futhark test block, spec-file
** form (docs/suites.md): blocks start at a line `==`, `entry: a b c` names
** the entry points that get the block's cases, and each case is
**   ["NAME"] [TAG...] input { VALUES } | input @ FILE
**   ["NAME"] [TAG...] random input { TYPES }      (tags `sorted`, `reversed`)
** optionally followed by an output clause (parsed, then ignored: psearch
** validates against its c backend). `--` starts a comment line; a comment
** `-- kernels: FILE...` before the first `==` names files of user kernels.
*/
#ifndef suite_h
#define suite_h

#include "ps.h"

#include <stdint.h>

#define SUITE_MAX_TAGS 8

struct suite_case {
  char *name;          /* display name (Futhark's rules, docs/suites.md) */
  char *tags[SUITE_MAX_TAGS];
  int ntags;
  int random, sorted, eytzinger; /* eytzinger: sorted, then in Eytzinger order */
  char *file;          /* input @ FILE, resolved relative to the suite; or NULL */
  char *values;        /* the text inside { } */
  int line;
  int reversed;        /* random: generated sorted, then reversed (descending) */
};

struct suite_block {
  char **entries;      /* entry point names ("main" if none given) */
  int nentries;
  int line;            /* of its `entry:` line, else of its `==` */
  struct suite_case *cases;
  int ncases;
};

struct suite {
  char *path;          /* as given (the JSON key prefix), or "builtin:NAME" */
  struct suite_block *blocks;
  int nblocks;
  char *tags[SUITE_MAX_TAGS]; /* tags { } of the first block */
  int ntags;
  char **kernels;      /* the files of `-- kernels: FILE...` lines before the first
                       ** `==` (user kernels, docs/own-kernels.md), resolved as
                       ** `input @` paths are */
  int *kernel_lines;   /* the line that names each */
  int nkernels;
};

/* Parse suite text; `path` names it in messages and keys, `dir` resolves
** `input @` paths (NULL: relative to the working directory). NULL on error
** with "PATH:LINE: problem" in e. */
struct suite *suite_parse(const char *text, size_t len, const char *path, const char *dir,
                          struct ps_err *e);
/* Read and parse a suite file. */
struct suite *suite_load(const char *path, struct ps_err *e);
void suite_free(struct suite *s); /* accepts NULL */

/* The built-in suites (the .bench files of datasets, embedded at build time). */
struct suite_builtin {
  const char *name; /* "engine.bench" */
  const char *text;
  size_t len;
};
extern const struct suite_builtin suite_builtins[]; /* ends with a NULL name */
/* Names of the suites `psearch bench` runs when given none. */
extern const char *const suite_defaults[];

int suite_case_has_tag(const struct suite_case *c, const char *tag);

/* One (entry, case) pair of a suite: entry e and case c of block bl of suites[si]. */
struct suite_pos {
  int si;
  const struct suite_block *bl;
  int e, c;
};

/* each(ctx, at) for every entry and case of every block of suites[0..n), in
** suite, block, entry, case order; the first nonzero return stops the walk
** and is returned, else 0. */
int suite_each(struct suite *const *suites, int n, int (*each)(void *ctx, const struct suite_pos *at), void *ctx);

#endif
