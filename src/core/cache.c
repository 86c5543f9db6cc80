/*
** cache.c: verified on-disk cache of values and blobs, with least recently
** used eviction under a size cap and removal of dead writers' temporaries;
** its directories and the secret that keys its tags are cachedir's.
*/
#include "cache.h"

#include "cachedir.h"
#include "ofile.h"
#include "opt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

const char *const cache_areas[CACHE_NAREAS] = {"data", "ref", "kernels", "times"};

#define SIDECAR_FORMAT 2                      /* a sidecar's first field */
static const char blob_magic[4] = {'P', 'S', 'K', '2'};
#define BLOB_HEADER 36                        /* magic, key, payload length, tag (high, low) */

/* This process's working set: a digest of every entry it has asked for.
** Stores never evict it (that would only make the run regenerate it); a
** time window would not do, since a run that started a moment after another
** would count the other's entries as its own. */
static uint64_t *used;
static size_t nused, capused;

static int upkeep(uint64_t limit, const struct cache_entry *keep, int spare_used);

static uint64_t entry_id(enum cache_area a, const char *name)
{
  return XXH64(name, strlen(name), (uint64_t)a + 1);
}

/* Add an entry to the working set (silently not when out of memory). */
static void mark_used(enum cache_area a, const char *name)
{
  uint64_t h = entry_id(a, name);
  for (size_t i = 0; i < nused; i++)
    if (used[i] == h)
      return;
  if (nused == capused) {
    size_t nc = capused ? 2 * capused : 64;
    uint64_t *nu = realloc(used, nc * sizeof *nu);
    if (nu == NULL)
      return;
    used = nu;
    capused = nc;
  }
  used[nused++] = h;
}

static int is_used(enum cache_area a, const char *name)
{
  uint64_t h = entry_id(a, name);
  for (size_t i = 0; i < nused; i++)
    if (used[i] == h)
      return 1;
  return 0;
}

uint64_t cache_key_bytes(uint64_t seed, const void *p, size_t n)
{
  return XXH64(p, n, seed);
}

uint64_t cache_key_str(uint64_t seed, const char *s)
{
  return XXH64(s, strlen(s) + 1, seed); /* with the NUL: "ab"+"c" differs from "a"+"bc" */
}

XXH64_state_t *cache_value_digest_begin(const struct data_value *v, uint64_t seed)
{
  XXH64_state_t *h = XXH64_createState();
  int t = (int)v->type;
  if (h == NULL)
    return NULL;
  XXH64_reset(h, seed);
  XXH64_update(h, &t, sizeof t);
  XXH64_update(h, &v->rank, sizeof v->rank);
  XXH64_update(h, v->shape, (size_t)v->rank * sizeof v->shape[0]);
  return h;
}

uint64_t cache_value_digest_end(XXH64_state_t *h)
{
  uint64_t d = XXH64_digest(h);
  XXH64_freeState(h);
  return d;
}

uint64_t cache_value_digest(const struct data_value *v, uint64_t seed)
{
  XXH64_state_t *h = cache_value_digest_begin(v, seed);
  size_t bytes = 0;
  if (h == NULL)
    return 0;
  if (data_value_bytes(v, &bytes) == 0 && bytes > 0)
    XXH64_update(h, v->elems, bytes);
  return cache_value_digest_end(h);
}

int cache_key_file(const char *path, uint64_t *key)
{
  FILE *f = fopen(path, "rb");
  XXH64_state_t *h = NULL;
  char *buf = NULL;
  size_t got;
  int rc = -1;
  if (f == NULL)
    return -1;
  buf = malloc(1 << 20);
  h = XXH64_createState();
  if (buf == NULL || h == NULL)
    goto done;
  XXH64_reset(h, 0);
  while ((got = fread(buf, 1, 1 << 20, f)) > 0)
    XXH64_update(h, buf, got);
  *key = XXH64_digest(h);
  rc = ferror(f) ? -1 : 0;
done:
  free(buf);
  XXH64_freeState(h);
  fclose(f);
  return rc;
}

int cache_root(char *buf, size_t n)
{
  const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
  int len;
  if (x != NULL && x[0] == '/')
    len = snprintf(buf, n, "%s/psearch", x);
  else if (h != NULL && h[0] == '/')
    len = snprintf(buf, n, "%s/.cache/psearch", h);
  else
    return -1;
  return len > 0 && (size_t)len < n ? 0 : -1;
}

/* Area a's directory, checked (cachedir.h), made where missing with create;
** with secret, the root's secret loaded first. Its descriptor, or -1. */
static int open_area(enum cache_area a, int create, int secret)
{
  char root[4096], path[4200];
  int rfd, afd = -1;
  if (cache_root(root, sizeof root) != 0 || (rfd = cachedir_open_root(root, create)) < 0)
    return -1;
  snprintf(path, sizeof path, "%s/%s", root, cache_areas[a]);
  if (!secret || cachedir_load_secret(rfd, root) == 0)
    afd = cachedir_open_area(rfd, path, cache_areas[a], create);
  close(rfd);
  return afd < 0 ? -1 : afd;
}

int cache_entry(enum cache_area area, uint64_t key, const char *ext, struct cache_entry *c)
{
  char root[4096];
  int afd, len;
  c->area = area;
  c->key = key;
  if (cache_root(root, sizeof root) != 0 || strlen(ext) > 16)
    return -1;
  snprintf(c->name, sizeof c->name, "%016llx%s", (unsigned long long)key, ext);
  len = snprintf(c->path, sizeof c->path, "%s/%s/%s", root, cache_areas[area], c->name);
  if (len <= 0 || (size_t)len >= sizeof c->path || (afd = open_area(area, 1, 1)) < 0)
    return -1;
  close(afd);
  mark_used(area, c->name);
  return 0;
}

/* Read n bytes at off into p: 0, or -1 (an error or the end first). */
static int read_at(int fd, void *p, size_t n, off_t off)
{
  unsigned char *b = p;
  while (n > 0) {
    ssize_t got = pread(fd, b, n, off);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return -1;
    b += got;
    n -= (size_t)got;
    off += got;
  }
  return 0;
}

/* The tag under key of fd's bytes, from its start to its end, and their count: 0, or -1. */
static int file_tag(int fd, uint64_t key, XXH128_hash_t *tag, uint64_t *size)
{
  XXH3_state_t *h = cachedir_tag_begin(key);
  char *buf = malloc(1 << 20);
  ssize_t got = 1;
  XXH128_hash_t t;
  *size = 0;
  while (h != NULL && buf != NULL && got != 0) {
    got = pread(fd, buf, 1 << 20, (off_t)*size);
    if (got < 0 && errno != EINTR)
      break;
    if (got > 0) {
      cachedir_tag_add(h, buf, (size_t)got);
      *size += (uint64_t)got;
    }
  }
  free(buf);
  if (h == NULL)
    return -1;
  t = cachedir_tag_end(h, *size);
  if (got != 0)
    return -1;
  *tag = t;
  return 0;
}

/* The sidecar of c: its name and path into name and path, and whether it is
** c's: its format, its key (the entry's binding), the size and tag it
** records. 0 when it is, else -1. */
static int read_sidecar(int afd, const struct cache_entry *c, uint64_t *size, XXH128_hash_t *tag)
{
  char name[64], path[4300], buf[128];
  unsigned long long key = 0, sz = 0, hi = 0, lo = 0;
  int fd, fmt = 0, rc = -1;
  ssize_t got;
  snprintf(name, sizeof name, "%s.xxh", c->name);
  snprintf(path, sizeof path, "%s.xxh", c->path);
  if ((fd = cachedir_open_file(afd, name, path)) < 0)
    return -1;
  got = pread(fd, buf, sizeof buf - 1, 0);
  buf[got > 0 ? got : 0] = '\0';
  if (sscanf(buf, "%d %16llx %llu %16llx%16llx", &fmt, &key, &sz, &hi, &lo) == 5 && fmt == SIDECAR_FORMAT) {
    *size = sz;
    tag->high64 = hi;
    tag->low64 = lo;
    rc = key == c->key ? 0 : -1; /* a sidecar copied to another key's name */
  }
  close(fd);
  return rc;
}

/* Up to max values from the entry's file fd (closed here): the count, or -1 (nothing kept). */
static int read_values(int fd, const char *path, struct data_value *vals, int max)
{
  FILE *f = fdopen(fd, "rb");
  struct data_reader *r = f != NULL ? data_reader_file(f, path) : NULL;
  struct ps_err e;
  int n = 0, got = 0;
  while (r != NULL && n < max && (got = data_read(r, &vals[n], &e)) == 1)
    n++;
  data_reader_close(r);
  if (f != NULL)
    fclose(f);
  else
    close(fd);
  if (r == NULL || got < 0) {
    for (int i = 0; i < n; i++)
      data_value_free(&vals[i]);
    return -1;
  }
  return n;
}

int cache_load(const struct cache_entry *c, struct data_value *vals, int max)
{
  XXH128_hash_t want, got;
  uint64_t want_size = 0, size = 0;
  int afd = open_area(c->area, 0, 1), fd = -1, n = -1;
  if (afd < 0 || read_sidecar(afd, c, &want_size, &want) != 0 ||
      (fd = cachedir_open_file(afd, c->name, c->path)) < 0)
    goto done;
  if (file_tag(fd, c->key, &got, &size) != 0 || size != want_size || !XXH128_isEqual(got, want)) {
    ps_info(2, "cache: %s fails its check (corrupt, or not written under this key by this cache)", c->path);
    goto done;
  }
  futimens(fd, NULL); /* used now: the mtime orders eviction */
  n = read_values(fd, c->path, vals, max);
  fd = -1;
done:
  if (fd >= 0)
    close(fd);
  if (afd >= 0)
    close(afd);
  return n;
}

/* Keep the cache under its cap after adding c; a bad cap is warned about
** once and treated as the default. */
static void after_store(const struct cache_entry *c)
{
  static int warned;
  uint64_t limit;
  struct ps_err e;
  if (cache_limit(&limit, &e) != 0) {
    if (!warned)
      ps_warn("%s; using %llu bytes", e.msg, (unsigned long long)CACHE_DEFAULT_MAX);
    warned = 1;
    limit = CACHE_DEFAULT_MAX;
  }
  upkeep(limit, c, 1);
}

static int write_sidecar(int afd, const struct cache_entry *c, uint64_t size, XXH128_hash_t tag, struct ps_err *e)
{
  char name[64], path[4300];
  struct ofile *o;
  snprintf(name, sizeof name, "%s.xxh", c->name);
  snprintf(path, sizeof path, "%s.xxh", c->path);
  if ((o = ofile_openat(afd, name, path, e)) == NULL)
    return -1;
  fprintf(ofile_stream(o), "%d %016llx %llu %016llx%016llx\n", SIDECAR_FORMAT, (unsigned long long)c->key,
          (unsigned long long)size, (unsigned long long)tag.high64, (unsigned long long)tag.low64);
  return ofile_commit(o, e);
}

int cache_store(const struct cache_entry *c, const struct data_value *vals, int n, struct ps_err *e)
{
  XXH128_hash_t tag;
  uint64_t size;
  struct ofile *o = NULL;
  int afd = open_area(c->area, 1, 1), rc = -1;
  if (afd < 0)
    return ps_fail(e, "%s: the cache is not used", c->path);
  if ((o = ofile_openat(afd, c->name, c->path, e)) == NULL)
    goto done;
  for (int i = 0; i < n; i++)
    if (data_write_binary(ofile_stream(o), &vals[i], e) != 0)
      goto done;
  if (fflush(ofile_stream(o)) != 0 || file_tag(fileno(ofile_stream(o)), c->key, &tag, &size) != 0) {
    ps_fail(e, "%s: write error: %s", c->path, strerror(errno));
    goto done;
  }
  rc = ofile_commit(o, e);
  o = NULL;
  if (rc == 0 && (rc = write_sidecar(afd, c, size, tag, e)) != 0)
    unlinkat(afd, c->name, 0); /* never an entry without its sidecar: a full disk would wedge its key */
  if (rc == 0)
    after_store(c);
done:
  ofile_abort(o);
  close(afd);
  return rc;
}

/* The tag of a blob: its header's key, its payload and the payload's length. */
static int blob_tag(uint64_t key, const void *p, uint64_t n, XXH128_hash_t *t)
{
  XXH3_state_t *h = cachedir_tag_begin(key);
  if (h == NULL)
    return -1;
  cachedir_tag_add(h, p, (size_t)n);
  *t = cachedir_tag_end(h, n);
  return 0;
}

/* Blob file: "PSK2", u64 key, u64 payload length, the tag (u64 high, u64
** low), the payload. The tag is computed under the header's key, which must
** be the entry's: a blob copied to another key's name is refused. */
int cache_load_blob(const struct cache_entry *c, unsigned char **buf, size_t *len)
{
  unsigned char hdr[BLOB_HEADER], *bin = NULL;
  uint64_t key, n;
  XXH128_hash_t want, got;
  struct stat st;
  int afd = open_area(c->area, 0, 1), fd = -1, rc = -1;
  if (afd < 0 || (fd = cachedir_open_file(afd, c->name, c->path)) < 0 || fstat(fd, &st) != 0 ||
      read_at(fd, hdr, sizeof hdr, 0) != 0 || memcmp(hdr, blob_magic, 4) != 0)
    goto done;
  memcpy(&key, hdr + 4, 8);
  memcpy(&n, hdr + 12, 8);
  memcpy(&want.high64, hdr + 20, 8);
  memcpy(&want.low64, hdr + 28, 8);
  /* the length is checked against the file's size before anything is allocated */
  if (key != c->key || (uint64_t)st.st_size != BLOB_HEADER + n || (bin = malloc(n ? n : 1)) == NULL ||
      read_at(fd, bin, n, BLOB_HEADER) != 0 || blob_tag(key, bin, n, &got) != 0 || !XXH128_isEqual(got, want)) {
    ps_info(2, "cache: %s fails its check (corrupt, or not written under this key by this cache)", c->path);
    goto done;
  }
  futimens(fd, NULL);
  *buf = bin;
  *len = n;
  bin = NULL;
  rc = 0;
done:
  free(bin);
  if (fd >= 0)
    close(fd);
  if (afd >= 0)
    close(afd);
  return rc;
}

int cache_store_blob(const struct cache_entry *c, const void *buf, size_t len, struct ps_err *e)
{
  unsigned char hdr[BLOB_HEADER];
  uint64_t n = len;
  XXH128_hash_t tag;
  struct ofile *o = NULL;
  int afd = open_area(c->area, 1, 1), rc = -1;
  if (afd < 0)
    return ps_fail(e, "%s: the cache is not used", c->path);
  if (blob_tag(c->key, buf, n, &tag) != 0) {
    ps_fail(e, "out of memory");
    goto done;
  }
  memcpy(hdr, blob_magic, 4);
  memcpy(hdr + 4, &c->key, 8);
  memcpy(hdr + 12, &n, 8);
  memcpy(hdr + 20, &tag.high64, 8);
  memcpy(hdr + 28, &tag.low64, 8);
  if ((o = ofile_openat(afd, c->name, c->path, e)) == NULL)
    goto done;
  if (fwrite(hdr, 1, sizeof hdr, ofile_stream(o)) != sizeof hdr || fwrite(buf, 1, len, ofile_stream(o)) != len) {
    ps_fail(e, "%s: write error: %s", c->path, strerror(errno));
    goto done;
  }
  rc = ofile_commit(o, e);
  o = NULL;
  if (rc == 0)
    after_store(c);
done:
  ofile_abort(o);
  close(afd);
  return rc;
}

int cache_limit(uint64_t *bytes, struct ps_err *e)
{
  const char *s = getenv("PSEARCH_CACHE_MAX");
  char num[64];
  size_t len;
  uint64_t v, mult = 1;
  *bytes = CACHE_DEFAULT_MAX;
  if (s == NULL || s[0] == '\0')
    return 0;
  if (strcmp(s, "none") == 0) {
    *bytes = UINT64_MAX;
    return 0;
  }
  len = strlen(s);
  if (len >= sizeof num)
    return ps_fail(e, "PSEARCH_CACHE_MAX: '%.40s...' is not a size", s);
  memcpy(num, s, len + 1);
  switch (num[len - 1]) {
  case 'K': case 'k': mult = 1ull << 10; break;
  case 'M': case 'm': mult = 1ull << 20; break;
  case 'G': case 'g': mult = 1ull << 30; break;
  case 'T': case 't': mult = 1ull << 40; break;
  default: break;
  }
  if (mult > 1)
    num[len - 1] = '\0';
  if (opt_parse_u64(num, &v) != 0 || v > UINT64_MAX / mult)
    return ps_fail(e, "PSEARCH_CACHE_MAX: '%s' is not a size (bytes, or a number with K, M, G or T; "
                   "'none' for no cap)", s);
  *bytes = v * mult;
  return 0;
}

/* ---- walking the cache ---- */

/* One entry found by the walk. */
struct found {
  enum cache_area area;
  char name[40];
  uint64_t bytes; /* with its sidecar, for a value entry */
  struct timespec used;
};

/* A walk over the areas: what it counts, removes and collects. */
struct walk {
  struct cache_usage *u; /* count into, or NULL */
  int remove_stale;      /* unlink stale temporaries and orphaned sidecars */
  int want_list;         /* collect the entries */
  struct found *list;
  size_t n, cap;
  int afd[CACHE_NAREAS]; /* each area's descriptor; -1 where missing or refused */
  char root[4096];
  int removed;
};

enum kind { K_ENTRY, K_SIDECAR, K_TEMP, K_OTHER };

static enum kind kind_of(const char *name)
{
  size_t n = strlen(name);
  if (ofile_temp_target(name) > 0)
    return K_TEMP;
  if (n >= sizeof ((struct found *)NULL)->name)
    return K_OTHER;
  if (n > 4 && strcmp(name + n - 4, ".xxh") == 0)
    return K_SIDECAR;
  if ((n > 3 && strcmp(name + n - 3, ".in") == 0) || (n > 4 && strcmp(name + n - 4, ".bin") == 0))
    return K_ENTRY;
  return K_OTHER;
}

static int by_use(const void *a, const void *b)
{
  const struct found *x = a, *y = b;
  if (x->used.tv_sec != y->used.tv_sec)
    return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
  return (x->used.tv_nsec > y->used.tv_nsec) - (x->used.tv_nsec < y->used.tv_nsec);
}

/* A regular file of area a: count it, remove it where stale, or collect it. */
static void walk_file(struct walk *w, enum cache_area a, const char *name, const struct stat *st)
{
  int afd = w->afd[a];
  struct stat ss;
  char side[64];
  enum kind k = kind_of(name);
  if (k == K_TEMP) {
    if (!ofile_temp_stale(name, st))
      return;
    if (w->u != NULL) {
      w->u->stale++;
      w->u->stale_bytes += (uint64_t)st->st_size;
    }
    w->removed += w->remove_stale && unlinkat(afd, name, 0) == 0;
  } else if (k == K_SIDECAR) {
    size_t len = strlen(name) - 4;
    memcpy(side, name, len);
    side[len] = '\0'; /* the entry's name */
    if (fstatat(afd, side, &ss, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT && w->remove_stale)
      w->removed += unlinkat(afd, name, 0) == 0; /* orphaned by an eviction elsewhere */
    else if (w->u != NULL)
      w->u->bytes[a] += (uint64_t)st->st_size;
  } else if (k == K_ENTRY) {
    if (w->u != NULL) {
      w->u->entries[a]++;
      w->u->bytes[a] += (uint64_t)st->st_size;
    }
    if (w->want_list && w->n == w->cap) {
      size_t nc = w->cap ? 2 * w->cap : 64;
      struct found *nl = realloc(w->list, nc * sizeof *nl);
      if (nl == NULL)
        return;
      w->list = nl;
      w->cap = nc;
    }
    if (w->want_list) {
      struct found *f = &w->list[w->n++];
      f->area = a;
      snprintf(f->name, sizeof f->name, "%.39s", name); /* kind_of: shorter */
      f->bytes = (uint64_t)st->st_size;
      f->used = st->st_mtim;
      snprintf(side, sizeof side, "%.39s.xxh", name);
      if (fstatat(afd, side, &ss, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(ss.st_mode))
        f->bytes += (uint64_t)ss.st_size;
    }
  }
}

static void walk_area(struct walk *w, enum cache_area a)
{
  int dfd = fcntl(w->afd[a], F_DUPFD_CLOEXEC, 0);
  DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
  struct dirent *de;
  if (d == NULL && dfd >= 0)
    close(dfd);
  while (d != NULL && (de = readdir(d)) != NULL) {
    struct stat st;
    if (de->d_name[0] == '.' || kind_of(de->d_name) == K_OTHER ||
        fstatat(w->afd[a], de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
      continue; /* a link or a directory is never followed; or removed meanwhile by another process */
    walk_file(w, a, de->d_name, &st);
  }
  if (d != NULL)
    closedir(d);
}

static void walk_close(struct walk *w)
{
  for (int a = 0; a < CACHE_NAREAS; a++)
    if (w->afd[a] >= 0)
      close(w->afd[a]);
  free(w->list);
  w->list = NULL;
}

/* Walk every area that is there and the user's alone. 0, or -1 without a
** root or with one that is not the user's alone (w then holds nothing). */
static int walk(struct walk *w)
{
  char path[4200];
  int rfd;
  for (int a = 0; a < CACHE_NAREAS; a++)
    w->afd[a] = -1;
  if (w->u != NULL)
    memset(w->u, 0, sizeof *w->u);
  if (cache_root(w->root, sizeof w->root) != 0 || (rfd = cachedir_open_root(w->root, 0)) == CACHEDIR_REFUSED)
    return -1;
  if (rfd < 0)
    return 0; /* no cache yet */
  for (int a = 0; a < CACHE_NAREAS; a++) {
    snprintf(path, sizeof path, "%s/%s", w->root, cache_areas[a]);
    if ((w->afd[a] = cachedir_open_area(rfd, path, cache_areas[a], 0)) >= 0)
      walk_area(w, (enum cache_area)a);
  }
  close(rfd);
  return 0;
}

int cache_usage(struct cache_usage *u)
{
  struct walk w = {u, 0, 0, NULL, 0, 0, {-1, -1, -1}, "", 0};
  int rc = walk(&w);
  walk_close(&w);
  return rc;
}

/* Remove an entry and its sidecar (sidecar first: a reader then sees a miss). */
static int remove_entry(const struct walk *w, const struct found *f)
{
  char side[64];
  int n = 0;
  snprintf(side, sizeof side, "%s.xxh", f->name);
  n += unlinkat(w->afd[f->area], side, 0) == 0;
  n += unlinkat(w->afd[f->area], f->name, 0) == 0;
  return n;
}

/* Evict least recently used entries down to limit, never `keep` nor, with
** spare_used, this process's working set. */
static int upkeep(uint64_t limit, const struct cache_entry *keep, int spare_used)
{
  static int warned;
  struct walk w = {NULL, 1, 1, NULL, 0, 0, {-1, -1, -1}, "", 0};
  uint64_t total = 0;
  if (walk(&w) != 0)
    goto done;
  for (size_t i = 0; i < w.n; i++)
    total += w.list[i].bytes;
  if (total > limit) {
    qsort(w.list, w.n, sizeof *w.list, by_use);
    for (size_t i = 0; i < w.n && total > limit; i++) {
      const struct found *f = &w.list[i];
      if ((keep != NULL && keep->area == f->area && strcmp(f->name, keep->name) == 0) ||
          (spare_used && is_used(f->area, f->name)))
        continue;
      w.removed += remove_entry(&w, f);
      total -= f->bytes;
      ps_info(2, "cache: evicted %s/%s/%s (least recently used; cap %llu bytes)", w.root, cache_areas[f->area],
              f->name, (unsigned long long)limit);
    }
    if (total > limit && !warned) {
      warned = 1;
      ps_warn("cache: what this run uses takes %.1f GiB, more than the cap of %.1f GiB "
              "(PSEARCH_CACHE_MAX); it is kept for now and trimmed by a later run",
              (double)total / (1u << 30), (double)limit / (1u << 30));
    }
  }
done:
  walk_close(&w);
  return w.removed;
}

int cache_upkeep(uint64_t limit, const struct cache_entry *keep)
{
  return upkeep(limit, keep, 0);
}

int cache_clean(void)
{
  struct walk w = {NULL, 1, 1, NULL, 0, 0, {-1, -1, -1}, "", 0};
  int removed = -1;
  if (walk(&w) == 0) {
    for (size_t i = 0; i < w.n; i++)
      w.removed += remove_entry(&w, &w.list[i]);
    removed = w.removed;
  }
  walk_close(&w);
  return removed;
}
