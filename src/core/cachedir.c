/*
** cachedir.c: the cache's directories, checked before they are trusted, and
** the user's secret that keys the entries' tags.
*/
#define XXH_STATIC_LINKING_ONLY /* XXH3_generateSecret, XXH3_SECRET_DEFAULT_SIZE */
#include "cachedir.h"

#include "ofile.h"
#include "ps.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#define SECRET_BYTES 32

/* The secret of one root, expanded for XXH3's _withSecret functions. */
static struct {
  char root[4096];
  int loaded;
  unsigned char xs[XXH3_SECRET_DEFAULT_SIZE];
} secret;

/* Say `what` about path once for the process: the digests of what was said. */
static void warn_once(const char *path, const char *what)
{
  static uint64_t said[32];
  static int nsaid;
  uint64_t h = XXH64(path, strlen(path), 0);
  for (int i = 0; i < nsaid; i++)
    if (said[i] == h)
      return;
  if (nsaid < 32)
    said[nsaid++] = h;
  ps_warn("cache: %s %s", path, what);
}

/* Why a directory, st its fstat, is not the user's alone: NULL when it is. */
static const char *unsafe(const struct stat *st, char *why, size_t n)
{
  if (!S_ISDIR(st->st_mode))
    return "is not a directory";
  if (st->st_uid != geteuid())
    snprintf(why, n, "is owned by uid %lu, not by you (uid %lu)", (unsigned long)st->st_uid,
             (unsigned long)geteuid());
  else if (st->st_mode & S_IWOTH)
    snprintf(why, n, "is writable by others (mode %04o)", (unsigned)(st->st_mode & 07777));
  else if (st->st_mode & S_IWGRP)
    snprintf(why, n, "is writable by its group (mode %04o)", (unsigned)(st->st_mode & 07777));
  else
    return NULL;
  return why;
}

/* Refuse path (fd open on it, or -1 where it did not open): warned once;
** CACHEDIR_REFUSED. */
static int refuse(int fd, const char *path, const char *why)
{
  char what[800];
  snprintf(what, sizeof what,
           "%.400s: not used, so what it would hold is made afresh (a cache directory must be yours and "
           "writable by you alone; docs/reliability.md, \"The caches' trust model\")",
           why);
  warn_once(path, what);
  if (fd >= 0)
    close(fd);
  return CACHEDIR_REFUSED;
}

/* Open the directory name (relative to dirfd) without following a link, and check it. */
static int open_checked(int dirfd, const char *name, const char *path)
{
  char why[128];
  const char *bad;
  struct stat st;
  int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      return CACHEDIR_MISSING;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
      return refuse(-1, path, "is a symbolic link");
    snprintf(why, sizeof why, "cannot be opened: %s", strerror(errno));
    return refuse(-1, path, why);
  }
  if (fstat(fd, &st) != 0)
    return refuse(fd, path, "cannot be examined");
  if ((bad = unsafe(&st, why, sizeof why)) != NULL)
    return refuse(fd, path, bad);
  return fd;
}

int cachedir_open_root(const char *path, int create)
{
  char dir[4096];
  size_t n = strlen(path);
  if (n >= sizeof dir || path[0] != '/')
    return CACHEDIR_MISSING;
  if (create) { /* mkdir -p, private */
    memcpy(dir, path, n + 1);
    for (char *s = dir + 1; *s; s++) {
      if (*s == '/') {
        *s = '\0';
        mkdir(dir, 0700);
        *s = '/';
      }
    }
    mkdir(dir, 0700);
  }
  return open_checked(AT_FDCWD, path, path);
}

int cachedir_open_area(int rfd, const char *path, const char *name, int create)
{
  if (create)
    mkdirat(rfd, name, 0700);
  return open_checked(rfd, name, path);
}

/* Make the secret of rfd where there is none: written beside it, then
** linked into place, so that two processes making one at once agree on the
** first (the second's link fails and its own is dropped). */
static void make_secret(int rfd, const char *path)
{
  unsigned char s[SECRET_BYTES];
  struct ps_err e;
  struct ofile *o;
  if (getrandom(s, sizeof s, 0) != (ssize_t)sizeof s) {
    ps_fail(&e, "%s: no random bytes: %s", path, strerror(errno));
  } else if ((o = ofile_openat(rfd, "secret", path, &e)) != NULL) {
    fwrite(s, 1, sizeof s, ofile_stream(o));
    if (ofile_commit_new(o, &e) == 0)
      return;
  }
  warn_once(path, e.msg);
}

/* Read the secret of rfd into s: 0, or -1 with why set. */
static int read_secret(int rfd, unsigned char *s, char *why, size_t n)
{
  struct stat st;
  int fd = openat(rfd, "secret", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), rc = -1;
  if (fd < 0) {
    snprintf(why, n, "cannot be read: %s: the cache is not used", strerror(errno));
  } else if (fstat(fd, &st) != 0) {
    snprintf(why, n, "cannot be examined: %s: the cache is not used", strerror(errno));
  } else if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 077) != 0 ||
             st.st_size != SECRET_BYTES) {
    snprintf(why, n, "is not a private file of %d bytes (a regular file of yours, mode 0600: it is %s of "
             "uid %lu, mode %04o, %lld bytes): the cache is not used (remove the file: a new one is made, "
             "and every entry afresh)", SECRET_BYTES, S_ISREG(st.st_mode) ? "a file" : "not a file",
             (unsigned long)st.st_uid, (unsigned)(st.st_mode & 07777), (long long)st.st_size);
  } else if (pread(fd, s, SECRET_BYTES, 0) != SECRET_BYTES) {
    snprintf(why, n, "cannot be read: %s: the cache is not used", strerror(errno));
  } else {
    rc = 0;
  }
  if (fd >= 0)
    close(fd);
  return rc;
}

int cachedir_load_secret(int rfd, const char *path)
{
  char file[4200], why[400];
  unsigned char s[SECRET_BYTES];
  if (secret.loaded && strcmp(secret.root, path) == 0)
    return 0;
  secret.loaded = 0;
  snprintf(file, sizeof file, "%s/secret", path);
  if (faccessat(rfd, "secret", F_OK, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT)
    make_secret(rfd, file);
  if (read_secret(rfd, s, why, sizeof why) != 0) {
    warn_once(file, why);
    return -1;
  }
#if XXH_VERSION_NUMBER >= 801
  if (XXH3_generateSecret(secret.xs, sizeof secret.xs, s, sizeof s) != XXH_OK) {
    warn_once(file, "cannot be expanded: the cache is not used");
    return -1;
  }
#else
  XXH3_generateSecret(secret.xs, s, sizeof s);
#endif
  snprintf(secret.root, sizeof secret.root, "%s", path);
  secret.loaded = 1;
  return 0;
}

int cachedir_open_file(int afd, const char *name, const char *path)
{
  static int said;
  struct stat st;
  int fd = openat(afd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP && !said++)
      ps_warn("cache: %s is a symbolic link: not followed; the entry is made afresh in its place "
              "(and so is any other link found in the cache, unsaid)", path);
    return -1;
  }
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
    close(fd);
    return -1;
  }
  return fd;
}

XXH3_state_t *cachedir_tag_begin(uint64_t key)
{
  XXH3_state_t *h = secret.loaded ? XXH3_createState() : NULL;
  if (h == NULL)
    return NULL;
  XXH3_128bits_reset_withSecret(h, secret.xs, sizeof secret.xs);
  XXH3_128bits_update(h, &key, sizeof key);
  return h;
}

void cachedir_tag_add(XXH3_state_t *h, const void *p, size_t n)
{
  XXH3_128bits_update(h, p, n);
}

XXH128_hash_t cachedir_tag_end(XXH3_state_t *h, uint64_t bytes)
{
  XXH128_hash_t t;
  XXH3_128bits_update(h, &bytes, sizeof bytes);
  t = XXH3_128bits_digest(h);
  XXH3_freeState(h);
  return t;
}
