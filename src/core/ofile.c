/*
** ofile.c: atomic output files (temporary file + rename), cleaned up on
** fatal signals.
*/
#include "ofile.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ofile {
  FILE *f;
  char *path; /* target, NULL for stdout */
  char *tmp;  /* temporary file, NULL when writing the target directly */
};

/* Temporary files to remove if a fatal signal arrives (async-signal-safe:
** only unlink and re-raise are called from the handler). */
#define MAXLIVE 16
static char *volatile live[MAXLIVE];
static int handlers_set;

void ofile_remove_temporaries(void)
{
  for (int i = 0; i < MAXLIVE; i++)
    if (live[i] != NULL)
      unlink(live[i]);
}

static void on_signal(int sig)
{
  ofile_remove_temporaries();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void track(char *tmp, int add)
{
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  for (int i = 0; i < MAXLIVE; i++) {
    if (add && live[i] == NULL) {
      live[i] = tmp;
      break;
    }
    if (!add && live[i] == tmp) {
      live[i] = NULL;
      break;
    }
  }
  if (add && !handlers_set) {
    struct sigaction sa;
    int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
      struct sigaction prev;
      if (sigaction(sigs[k], NULL, &prev) == 0 && prev.sa_handler != SIG_DFL)
        continue; /* ignored (nohup), or the program handles it (bench) */
      sigaction(sigs[k], &sa, NULL);
    }
    handlers_set = 1;
  }
  sigprocmask(SIG_SETMASK, &old, NULL);
}

/* The file a path names, through symbolic links (written through, never
** replaced), a dangling link's target included; malloc'ed, NULL when out of
** memory. */
static char *target_of(const char *path)
{
  char *real = realpath(path, NULL), link[4096];
  struct stat ls;
  ssize_t n;
  if (real != NULL)
    return real;
  if (lstat(path, &ls) == 0 && S_ISLNK(ls.st_mode) && (n = readlink(path, link, sizeof link - 1)) > 0) {
    const char *slash = strrchr(path, '/');
    link[n] = '\0';
    if (link[0] == '/' || slash == NULL)
      return strdup(link);
    if ((real = malloc((size_t)(slash - path) + 2 + (size_t)n)) != NULL)
      sprintf(real, "%.*s/%s", (int)(slash - path), path, link);
    return real;
  }
  return strdup(path);
}

/* A device, FIFO or socket (/dev/null, /dev/stderr, a pipe) is written directly. */
static int open_direct(struct ofile *o, const char *path, struct ps_err *e)
{
  if ((o->f = fopen(path, "wb")) == NULL)
    return ps_fail(e, "%s: cannot open: %s", path, strerror(errno));
  if ((o->path = strdup(path)) == NULL) {
    fclose(o->f);
    return ps_fail(e, "out of memory");
  }
  return 0;
}

/* The temporary file beside o->path, tracked for removal on a fatal signal. */
static int open_temporary(struct ofile *o, const char *path, struct ps_err *e)
{
  mode_t um;
  int fd;
  sigset_t all, old;
  if ((o->tmp = malloc(strlen(o->path) + 40)) == NULL)
    return ps_fail(e, "out of memory");
  sprintf(o->tmp, "%s.tmp.%ld.XXXXXX", o->path, (long)getpid());
  sigfillset(&all); /* a fatal signal between the two waits, so the temporary is never left */
  sigprocmask(SIG_BLOCK, &all, &old);
  if ((fd = mkstemp(o->tmp)) >= 0)
    track(o->tmp, 1);
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (fd < 0)
    return ps_fail(e, "%s: cannot create: %s", path, strerror(errno));
  um = umask(0); /* mkstemp makes 0600; give the file the usual 0666 & ~umask */
  umask(um);
  fchmod(fd, 0666 & ~um);
  if ((o->f = fdopen(fd, "wb")) == NULL) {
    ps_fail(e, "%s: %s", path, strerror(errno));
    close(fd);
    unlink(o->tmp);
    track(o->tmp, 0);
    return -1;
  }
  return 0;
}

struct ofile *ofile_open(const char *path, struct ps_err *e)
{
  struct ofile *o = calloc(1, sizeof *o);
  struct stat st;
  if (o == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  if (path == NULL || strcmp(path, "-") == 0) {
    o->f = stdout;
    return o;
  }
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    if (open_direct(o, path, e) == 0)
      return o;
  } else if ((o->path = target_of(path)) == NULL) {
    ps_fail(e, "out of memory");
  } else if (open_temporary(o, path, e) == 0) {
    return o;
  }
  free(o->path);
  free(o->tmp);
  free(o);
  return NULL;
}

int ofile_check(const char *path, struct ps_err *e)
{
  struct stat st;
  char *dir, *slash;
  int rc = 0;
  if (path == NULL || strcmp(path, "-") == 0)
    return 0;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return ps_fail(e, "%s: is a directory", path);
  if ((dir = target_of(path)) == NULL)
    return ps_fail(e, "out of memory");
  slash = strrchr(dir, '/');
  if (slash == dir)
    slash[1] = '\0';
  else if (slash != NULL)
    *slash = '\0';
  if (slash == NULL ? access(".", W_OK | X_OK) != 0 : access(dir, W_OK | X_OK) != 0)
    rc = ps_fail(e, "%s: cannot write there: %s", path, strerror(errno));
  free(dir);
  return rc;
}

FILE *ofile_stream(struct ofile *o) { return o->f; }

int ofile_is_stdout(const struct ofile *o) { return o->path == NULL; }

int ofile_commit(struct ofile *o, struct ps_err *e)
{
  int rc = 0;
  if (o->path == NULL) {
    if (fflush(stdout) != 0 || ferror(stdout))
      rc = ps_fail(e, "standard output: write error: %s", strerror(errno));
    free(o);
    return rc;
  }
  if (o->tmp == NULL) { /* written directly */
    if (fflush(o->f) != 0 || ferror(o->f))
      rc = ps_fail(e, "%s: write error: %s", o->path, strerror(errno));
    if (fclose(o->f) != 0 && rc == 0)
      rc = ps_fail(e, "%s: write error: %s", o->path, strerror(errno));
    free(o->path);
    free(o);
    return rc;
  }
  if (fflush(o->f) != 0 || ferror(o->f)) { /* no fsync: atomic against interruption, not power loss */
    rc = ps_fail(e, "%s: write error: %s", o->path, strerror(errno));
    fclose(o->f);
    o->f = NULL;
  } else if (fclose(o->f) != 0) {
    o->f = NULL;
    rc = ps_fail(e, "%s: write error: %s", o->path, strerror(errno));
  } else {
    o->f = NULL;
    if (rename(o->tmp, o->path) != 0)
      rc = ps_fail(e, "%s: cannot rename into place: %s", o->path, strerror(errno));
  }
  if (rc != 0)
    unlink(o->tmp);
  track(o->tmp, 0);
  free(o->path);
  free(o->tmp);
  free(o);
  return rc;
}

void ofile_abort(struct ofile *o)
{
  if (o == NULL)
    return;
  if (o->path != NULL) {
    if (o->f != NULL)
      fclose(o->f);
    if (o->tmp != NULL) {
      unlink(o->tmp);
      track(o->tmp, 0);
    }
  }
  free(o->path);
  free(o->tmp);
  free(o);
}
