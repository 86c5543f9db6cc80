/*
** ofile.h: output files that appear whole or not at all. Writing goes to a
** temporary file beside the target (TARGET.tmp.PID.XXXXXX, PID the writer's
** process id, so a later run can tell a dead writer's leftovers), which commit renames
** over the target. On failure, abort or a fatal signal (SIGINT, SIGTERM,
** SIGHUP) the temporary file is removed and the target is left untouched.
** The path "-" (or NULL) means standard output, written directly; so is an
** existing target that is not a regular file (/dev/null, a FIFO). A symbolic
** link is written through (its target is replaced), never replaced itself.
*/
#ifndef ofile_h
#define ofile_h

#include "ps.h"

#include <stdio.h>

struct ofile;

/* Whether path can be written, checked before long work: "-" always; else
** its directory must exist and be writable and path must not be a
** directory. 0, or -1 with "PATH: ..." in e. */
int ofile_check(const char *path, struct ps_err *e);

/* Open for writing; NULL on failure (message in e). */
struct ofile *ofile_open(const char *path, struct ps_err *e);
FILE *ofile_stream(struct ofile *o);
int ofile_is_stdout(const struct ofile *o);
/* Flush, sync and rename into place; frees o. 0 or -1 (message in e). */
int ofile_commit(struct ofile *o, struct ps_err *e);
/* Discard: remove the temporary file; frees o; accepts NULL. */
void ofile_abort(struct ofile *o);
/* Remove every live temporary file; async-signal-safe, for programs that
** install their own SIGINT/SIGTERM handler (ofile then leaves those alone). */
void ofile_remove_temporaries(void);

#endif
