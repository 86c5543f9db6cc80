/*
** ofile.c: atomic output files (temporary file + rename), cleaned up on
** fatal signals; the temporaries' names and when they are stale.
*/
#include "ofile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

struct ofile {
  FILE *f;
  int dirfd;     /* path and tmp are relative to it: AT_FDCWD, or ofile_openat's own descriptor */
  char *path;    /* target, NULL for stdout */
  char *tmp;     /* temporary file, NULL when writing the target directly */
  char *display; /* the target in messages (ofile_openat); NULL: path */
};

/* Temporary files to remove if a fatal signal arrives (async-signal-safe:
** only unlinkat and re-raise are called from the handler). */
#define MAXLIVE 16
static struct live {
  volatile int dirfd;
  char *volatile name;
} live[MAXLIVE];
static int handlers_set;

void ofile_remove_temporaries(void)
{
  for (int i = 0; i < MAXLIVE; i++)
    if (live[i].name != NULL)
      unlinkat(live[i].dirfd, live[i].name, 0);
}

static void on_signal(int sig)
{
  ofile_remove_temporaries();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void set_handlers(void)
{
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

/* Track (add) or untrack tmp, relative to dirfd; called with signals blocked. */
static void track(int dirfd, char *tmp, int add)
{
  for (int i = 0; i < MAXLIVE; i++) {
    if (add && live[i].name == NULL) {
      live[i].dirfd = dirfd;
      live[i].name = tmp;
      break;
    }
    if (!add && live[i].name == tmp) {
      live[i].name = NULL;
      break;
    }
  }
  if (add && !handlers_set)
    set_handlers();
}

static void untrack(char *tmp)
{
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  track(-1, tmp, 0);
  sigprocmask(SIG_SETMASK, &old, NULL);
}

/* ---- the temporaries' names ---- */

static int host_byte(int c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static int alnum_byte(int c) { return host_byte(c) && c != '_' && c != '-'; }

const char *ofile_host(void)
{
  static char host[64];
  if (host[0] == '\0') {
    char h[256] = "";
    size_t k = 0;
    gethostname(h, sizeof h - 1);
    for (; h[k] != '\0' && k < sizeof host - 1; k++)
      host[k] = host_byte((unsigned char)h[k]) ? h[k] : '-';
    if (k == 0)
      host[k++] = '-';
    host[k] = '\0';
  }
  return host;
}

/* The parts of a temporary's name TARGET.tmp.HOST.PID.XXXXXX (host NULL for
** the older TARGET.tmp.PID.XXXXXX); 0, or -1 when name is no temporary's. */
struct tmpname {
  size_t target;
  const char *host;
  size_t hostlen;
  long pid;
};

static int parse_temp(const char *name, struct tmpname *t)
{
  size_t n = strlen(name);
  const char *dot, *p, *h;
  if (n < 8 || name[n - 7] != '.')
    return -1;
  for (size_t k = n - 6; k < n; k++)
    if (!alnum_byte((unsigned char)name[k]))
      return -1;
  dot = name + n - 7; /* before XXXXXX */
  for (p = dot; p > name && p[-1] >= '0' && p[-1] <= '9'; p--)
    ;
  if (p == dot || dot - p > 10 || p == name || p[-1] != '.')
    return -1;
  t->pid = strtol(p, NULL, 10);
  dot = p - 1; /* before PID */
  for (h = dot; h > name && host_byte((unsigned char)h[-1]); h--)
    ;
  if (h < dot && h - name >= 6 && memcmp(h - 5, ".tmp.", 5) == 0) {
    t->host = h;
    t->hostlen = (size_t)(dot - h);
    t->target = (size_t)(h - 5 - name);
    return 0;
  }
  if (dot - name >= 5 && memcmp(dot - 4, ".tmp", 4) == 0) {
    t->host = NULL;
    t->hostlen = 0;
    t->target = (size_t)(dot - 4 - name);
    return 0;
  }
  return -1;
}

size_t ofile_temp_target(const char *name)
{
  struct tmpname t;
  return parse_temp(name, &t) == 0 ? t.target : 0;
}

int ofile_temp_stale(const char *name, const struct stat *st)
{
  struct tmpname t;
  const char *me = ofile_host();
  if (parse_temp(name, &t) != 0)
    return 0;
  if (time(NULL) - st->st_mtime > OFILE_STALE_AGE_S)
    return 1;
  if (t.host == NULL || t.hostlen != strlen(me) || memcmp(t.host, me, t.hostlen) != 0)
    return 0; /* another host's pid says nothing here */
  return t.pid > 0 && kill((pid_t)t.pid, 0) != 0 && errno == ESRCH;
}

/* Create the temporary beside target, both relative to dirfd: O_EXCL and
** O_NOFOLLOW, mode 0600, read and write, tracked for removal on a fatal
** signal. Its descriptor, or -1 with errno set (*tmp then NULL). */
static int make_temporary(int dirfd, const char *target, char **tmp)
{
  static const char az[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  static uint64_t count;
  size_t n = strlen(target) + 100;
  int fd = -1, err = EEXIST;
  if ((*tmp = malloc(n)) == NULL) {
    errno = ENOMEM;
    return -1;
  }
  for (int tries = 0; fd < 0 && err == EEXIST && tries < 100; tries++) {
    uint64_t seed[3] = {ps_now_ns(), (uint64_t)getpid(), count++}, r = XXH64(seed, sizeof seed, 0);
    char sfx[7];
    sigset_t all, old;
    for (int k = 0; k < 6; k++, r /= 62)
      sfx[k] = az[r % 62];
    sfx[6] = '\0';
    snprintf(*tmp, n, "%s.tmp.%s.%ld.%s", target, ofile_host(), (long)getpid(), sfx);
    sigfillset(&all); /* a fatal signal between the two waits, so the temporary is never left */
    sigprocmask(SIG_BLOCK, &all, &old);
    if ((fd = openat(dirfd, *tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)) >= 0)
      track(dirfd, *tmp, 1);
    err = errno;
    sigprocmask(SIG_SETMASK, &old, NULL);
  }
  if (fd < 0) {
    free(*tmp);
    *tmp = NULL;
    errno = err;
  }
  return fd;
}

/* ---- opening ---- */

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

/* Remove this user's stale temporaries of target (ofile_temp_stale) from
** its directory; a file of another user, a link or a directory is left. */
static void reap(const char *target)
{
  const char *slash = strrchr(target, '/'), *base = slash != NULL ? slash + 1 : target;
  char *dir = slash == NULL ? strdup(".") : slash == target ? strdup("/") : strndup(target, (size_t)(slash - target));
  size_t blen = strlen(base);
  int dfd = dir != NULL ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
  DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
  struct dirent *de;
  if (d == NULL && dfd >= 0)
    close(dfd);
  while (d != NULL && (de = readdir(d)) != NULL) {
    struct stat st;
    if (strncmp(de->d_name, base, blen) != 0 || ofile_temp_target(de->d_name) != blen ||
        fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
        st.st_uid != geteuid() || !ofile_temp_stale(de->d_name, &st))
      continue;
    if (unlinkat(dfd, de->d_name, 0) == 0)
      ps_info(1, "removed %s/%s, a temporary file its writer left", dir, de->d_name);
  }
  if (d != NULL)
    closedir(d);
  free(dir);
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

/* The temporary beside o->path (relative to o->dirfd) as o->f, with mode. */
static int open_temporary(struct ofile *o, const char *shown, mode_t mode, struct ps_err *e)
{
  int fd = make_temporary(o->dirfd, o->path, &o->tmp);
  if (fd < 0)
    return ps_fail(e, "%s: cannot create: %s", shown, strerror(errno));
  fchmod(fd, mode);
  if ((o->f = fdopen(fd, "wb")) == NULL) {
    ps_fail(e, "%s: %s", shown, strerror(errno));
    close(fd);
    unlinkat(o->dirfd, o->tmp, 0);
    untrack(o->tmp);
    return -1;
  }
  return 0;
}

static void ofile_free(struct ofile *o)
{
  if (o->dirfd >= 0)
    close(o->dirfd);
  free(o->path);
  free(o->tmp);
  free(o->display);
  free(o);
}

struct ofile *ofile_open(const char *path, struct ps_err *e)
{
  struct ofile *o = calloc(1, sizeof *o);
  struct stat st;
  mode_t um;
  if (o == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  o->dirfd = AT_FDCWD;
  if (path == NULL || strcmp(path, "-") == 0) {
    o->f = stdout;
    return o;
  }
  um = umask(0); /* a new file gets the usual 0666 & ~umask; a replaced one its own (commit) */
  umask(um);
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    if (open_direct(o, path, e) == 0)
      return o;
  } else if ((o->path = target_of(path)) == NULL) {
    ps_fail(e, "out of memory");
  } else {
    reap(o->path);
    if (open_temporary(o, path, 0666 & ~um, e) == 0)
      return o;
  }
  ofile_free(o);
  return NULL;
}

struct ofile *ofile_openat(int dirfd, const char *name, const char *display, struct ps_err *e)
{
  struct ofile *o = calloc(1, sizeof *o);
  if (o == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  o->dirfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
  o->path = strdup(name);
  o->display = strdup(display);
  if (o->dirfd < 0 || o->path == NULL || o->display == NULL)
    ps_fail(e, "%s: %s", display, o->dirfd < 0 ? strerror(errno) : "out of memory");
  else if (open_temporary(o, display, 0600, e) == 0)
    return o;
  ofile_free(o);
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

/* A path's replaced file: the temporary takes its mode, and its owner and
** group where the writer may give them; several hard links are warned about. */
static void keep_old(const struct ofile *o)
{
  struct stat st;
  int fd = fileno(o->f);
  if (o->display != NULL || stat(o->path, &st) != 0 || !S_ISREG(st.st_mode))
    return; /* ofile_openat's, or a new file */
  if (st.st_nlink > 1)
    ps_warn("%s had %lu links: it is replaced by a new file, and its other names keep the old contents",
            o->path, (unsigned long)st.st_nlink);
  if ((st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(fd, st.st_uid, st.st_gid) != 0)
    ps_info(1, "%s: its owner and group could not be kept: %s", o->path, strerror(errno));
  fchmod(fd, st.st_mode & 0777);
}

/* Flush and close o->f, then rename the temporary into place; with excl,
** link it into place where nothing is there and remove it either way. */
static int finish_temporary(struct ofile *o, int excl, struct ps_err *e)
{
  const char *shown = o->display != NULL ? o->display : o->path;
  int rc = 0;
  if (fflush(o->f) != 0 || ferror(o->f)) /* no fsync: atomic against interruption, not power loss */
    rc = ps_fail(e, "%s: write error: %s", shown, strerror(errno));
  else
    keep_old(o);
  if (fclose(o->f) != 0 && rc == 0)
    rc = ps_fail(e, "%s: write error: %s", shown, strerror(errno));
  o->f = NULL;
  if (rc == 0 && excl && linkat(o->dirfd, o->tmp, o->dirfd, o->path, 0) != 0 && errno != EEXIST)
    rc = ps_fail(e, "%s: cannot link into place: %s", shown, strerror(errno));
  else if (rc == 0 && !excl && renameat(o->dirfd, o->tmp, o->dirfd, o->path) != 0)
    rc = ps_fail(e, "%s: cannot rename into place: %s", shown, strerror(errno));
  if (rc != 0 || excl)
    unlinkat(o->dirfd, o->tmp, 0);
  untrack(o->tmp);
  return rc;
}

/* ofile_commit, and ofile_commit_new with excl. */
static int commit(struct ofile *o, int excl, struct ps_err *e)
{
  int rc = 0;
  if (o->path == NULL) {
    if (fflush(stdout) != 0 || ferror(stdout))
      rc = ps_fail(e, "standard output: write error: %s", strerror(errno));
  } else if (o->tmp == NULL) { /* written directly */
    if (fflush(o->f) != 0 || ferror(o->f))
      rc = ps_fail(e, "%s: write error: %s", o->path, strerror(errno));
    if (fclose(o->f) != 0 && rc == 0)
      rc = ps_fail(e, "%s: write error: %s", o->path, strerror(errno));
  } else {
    rc = finish_temporary(o, excl, e);
  }
  ofile_free(o);
  return rc;
}

int ofile_commit(struct ofile *o, struct ps_err *e) { return commit(o, 0, e); }

int ofile_commit_new(struct ofile *o, struct ps_err *e) { return commit(o, 1, e); }

void ofile_abort(struct ofile *o)
{
  if (o == NULL)
    return;
  if (o->path != NULL) {
    if (o->f != NULL)
      fclose(o->f);
    if (o->tmp != NULL) {
      unlinkat(o->dirfd, o->tmp, 0);
      untrack(o->tmp);
    }
  }
  ofile_free(o);
}
