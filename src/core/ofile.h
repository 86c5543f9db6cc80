/*
** ofile.h: output files that appear whole or not at all. Writing goes to a
** temporary file beside the target, TARGET.tmp.HOST.PID.XXXXXX (HOST this
** host's name, ofile_host; PID the writer's process id: a later run can tell
** a dead writer's leftovers), created with O_EXCL and O_NOFOLLOW; commit
** renames it over the target. On failure, abort or a fatal signal (SIGINT,
** SIGTERM, SIGHUP) the temporary file is removed and the target is left
** untouched.
**
** A path (ofile_open): "-" (or NULL) means standard output, written directly;
** so is an existing target that is not a regular file (/dev/null, a FIFO).
** A symbolic link is written through (its target is replaced), never
** replaced itself. Replacing a file keeps its mode (and, where the writer may
** give it, its owner and group); the file is replaced by rename, so a target
** with several hard links becomes a new file and its other names keep the old
** contents (a warning says so): in-place writing would give up the promise
** that a reader sees the whole old file or the whole new one. Opening a path
** first removes this user's stale temporaries of the same target
** (ofile_temp_stale), such as a SIGKILLed writer's.
**
** A name in a directory (ofile_openat, for the cache): the temporary is made
** in that directory, mode 0600, and renamed over the name with renameat: a
** link at the name is replaced, never followed.
*/
#ifndef ofile_h
#define ofile_h

#include "ps.h"

#include <stdio.h>
#include <sys/stat.h>

/* A temporary older than this is stale whatever its pid says (another
** host's, or a pid reused): far above the longest plausible write. */
#define OFILE_STALE_AGE_S (24 * 3600)

struct ofile;

/* Whether path can be written, checked before long work: "-" always; else
** its directory must exist and be writable and path must not be a
** directory. 0, or -1 with "PATH: ..." in e. */
int ofile_check(const char *path, struct ps_err *e);

/* Open for writing; NULL on failure (message in e). */
struct ofile *ofile_open(const char *path, struct ps_err *e);
/* Open name in the directory dirfd (not closed; ofile keeps its own
** descriptor) for writing; display names it in messages. NULL on failure
** (message in e). */
struct ofile *ofile_openat(int dirfd, const char *name, const char *display, struct ps_err *e);
/* The stream; for ofile_openat's files its descriptor is also open for
** reading (pread, after fflush). */
FILE *ofile_stream(struct ofile *o);
int ofile_is_stdout(const struct ofile *o);
/* Flush and rename into place; frees o. 0 or -1 (message in e). */
int ofile_commit(struct ofile *o, struct ps_err *e);
/* Flush and link into place only where the target does not exist (a file
** that must not change once made, which the first of several writers
** makes); frees o. 0, also when the target was there, or -1 (message in e). */
int ofile_commit_new(struct ofile *o, struct ps_err *e);
/* Discard: remove the temporary file; frees o; accepts NULL. */
void ofile_abort(struct ofile *o);
/* Remove every live temporary file; async-signal-safe, for programs that
** install their own SIGINT/SIGTERM handler (ofile then leaves those alone). */
void ofile_remove_temporaries(void);

/* This host's name as temporaries record it: gethostname's, at most 63
** bytes, every byte but [A-Za-z0-9_-] as '-'. */
const char *ofile_host(void);
/* Whether a directory entry's name is a temporary's (TARGET.tmp.HOST.PID.XXXXXX,
** or the older TARGET.tmp.PID.XXXXXX): the length of TARGET, or 0. */
size_t ofile_temp_target(const char *name);
/* Whether the temporary `name` (st: its lstat) is stale: older than
** OFILE_STALE_AGE_S, or this host's with no process PID left. Another host's
** pid, or an older name's (no host), says nothing here: those go by age. */
int ofile_temp_stale(const char *name, const struct stat *st);

#endif
