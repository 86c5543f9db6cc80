/*
** user.h: the user family: a user's own OpenCL kernels as entry points
** beside psearch's (docs/own-kernels.md). A suite names .cl files with a
** line `-- kernels: FILE...`; each file's declarations (udecl.h) are
** checked against the registry and become rows of struct entry at run
** time, one per combination of a declaration's params
** (`my_lower_bound[WG=128]`), which the registry lists after the built-in
** families. A row runs on the opencl backend only: its `answer:` names the
** built-in entry whose c and multicore backends compute its reference
** (struct entry.reference), or `answer: none` leaves it unvalidated.
*/
#ifndef user_h
#define user_h

#include "entry.h"
#include "suite.h"

#include <cjson/cJSON.h>

#define USER_MAX_ENTRIES 1024 /* rows of every file loaded */
#define USER_MAX_FILES 64

/* Load the .cl file at path (a file loaded before is not read again): its
** declarations parsed, checked against the built-in entries (the answer,
** its inputs and types; no name taken twice) and registered. 0, or -1 with
** e set ("PATH:LINE: problem" with the fix). */
int user_load(const char *path, struct ps_err *e);

/* The rows, ended by one whose name is NULL (the registry's user family);
** they stay where they are until user_unload. */
const struct entry *user_entries(void);

/* Forget every file and row (for tests; the rows' pointers die). */
void user_unload(void);

/* Replace each name of b's entry: line that names a declaration with its
** rows' names, in order. 0, or -1 with e set (out of memory). */
int user_expand(struct suite_block *b, struct ps_err *e);

/* The rows that disagree with the values t sets for their params left out
** of s's blocks (bench --tune WG=256 pins WG). 0, or -1 with e set when a
** declaration is left with no row (the value is not one it declares). */
int user_pin(struct suite *s, const struct tune *t, struct ps_err *e);

/* Whether en is a user row. */
int user_is(const struct entry *en);

/* A user row's identity for the results (docs/json.md): its file's path and
** XXH64, the declaration as written, the build options, the params' values
** and the answer; NULL for any other entry or when out of memory. */
cJSON *user_json(const struct entry *en);

/* "xxh64:HEX" of a user row's file (the results' condition kernel_source), or NULL. */
const char *user_source_hash(const struct entry *en);

#endif
