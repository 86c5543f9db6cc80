/*
** cache.c: verified on-disk cache of values and blobs, with least recently
** used eviction under a size cap and removal of dead writers' temporaries.
*/
#include "cache.h"

#include "ofile.h"
#include "opt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

const char *const cache_areas[3] = {"data", "ref", "kernels"};

/* A temporary older than this is stale even if its pid is alive (reused pid,
** another host): far above the longest plausible write. */
#define STALE_AGE_S (24 * 3600)

/* This process's working set: the XXH64 of every entry path it has asked
** for. Stores never evict it (that would only make the run regenerate it);
** a time window would not do, since a run that started a moment after
** another would count the other's entries as its own. */
static uint64_t *used;
static size_t nused, capused;

static int upkeep(uint64_t limit, const char *keep, int spare_used);

/* Add path to the working set (silently not when out of memory). */
static void mark_used(const char *path)
{
  uint64_t h = XXH64(path, strlen(path), 0);
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

static int is_used(const char *path)
{
  uint64_t h = XXH64(path, strlen(path), 0);
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

uint64_t cache_value_digest(const struct data_value *v, uint64_t seed)
{
  XXH64_state_t *h = XXH64_createState();
  size_t bytes = 0;
  uint64_t d;
  int t = (int)v->type;
  if (h == NULL)
    return 0;
  XXH64_reset(h, seed);
  XXH64_update(h, &t, sizeof t);
  XXH64_update(h, &v->rank, sizeof v->rank);
  XXH64_update(h, v->shape, (size_t)v->rank * sizeof v->shape[0]);
  if (data_value_bytes(v, &bytes) == 0 && bytes > 0)
    XXH64_update(h, v->elems, bytes);
  d = XXH64_digest(h);
  XXH64_freeState(h);
  return d;
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

int cache_path(const char *area, uint64_t key, const char *ext, char *buf, size_t n)
{
  char dir[4096];
  int len;
  if (cache_root(dir, sizeof dir - 16) != 0)
    return -1;
  strcat(dir, "/");
  strcat(dir, area);
  for (char *s = dir + 1; *s; s++) { /* mkdir -p */
    if (*s == '/') {
      *s = '\0';
      mkdir(dir, 0755);
      *s = '/';
    }
  }
  mkdir(dir, 0755);
  len = snprintf(buf, n, "%s/%016llx%s", dir, (unsigned long long)key, ext);
  if (len <= 0 || (size_t)len >= n)
    return -1;
  mark_used(buf);
  return 0;
}

/* Mark an entry used now (its mtime orders eviction). */
static void touch(const char *path)
{
  utimensat(AT_FDCWD, path, NULL, 0);
}

/* XXH64 and size of a whole file, streamed. */
static int file_digest(const char *path, uint64_t *digest, uint64_t *size)
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
  *size = 0;
  while ((got = fread(buf, 1, 1 << 20, f)) > 0) {
    XXH64_update(h, buf, got);
    *size += got;
  }
  *digest = XXH64_digest(h);
  rc = ferror(f) ? -1 : 0;
done:
  free(buf);
  XXH64_freeState(h);
  fclose(f);
  return rc;
}

int cache_key_file(const char *path, uint64_t *key)
{
  uint64_t size;
  return file_digest(path, key, &size);
}

int cache_load(const char *path, struct data_value *vals, int max)
{
  char side[4200];
  unsigned long long want_size = 0, want_digest = 0;
  uint64_t size, digest;
  struct data_reader *r;
  struct ps_err e;
  FILE *f;
  int n = 0, got = 0;
  snprintf(side, sizeof side, "%s.xxh", path);
  f = fopen(side, "r");
  if (f == NULL)
    return -1;
  got = fscanf(f, "%llu %llx", &want_size, &want_digest);
  fclose(f);
  if (got != 2 || file_digest(path, &digest, &size) != 0 || size != want_size ||
      digest != want_digest)
    return -1;
  f = fopen(path, "rb");
  if (f == NULL)
    return -1;
  r = data_reader_file(f, path);
  while (r != NULL && n < max && (got = data_read(r, &vals[n], &e)) == 1)
    n++;
  data_reader_close(r);
  fclose(f);
  if (r == NULL || got < 0) {
    for (int i = 0; i < n; i++)
      data_value_free(&vals[i]);
    return -1;
  }
  touch(path);
  touch(side);
  return n;
}

/* Keep the cache under its cap after adding `path`; a bad cap is warned about
** once and treated as the default. */
static void after_store(const char *path)
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
  upkeep(limit, path, 1);
}

int cache_store(const char *path, const struct data_value *vals, int n, struct ps_err *e)
{
  char side[4200];
  uint64_t size, digest;
  struct ofile *o = ofile_open(path, e), *s;
  if (o == NULL)
    return -1;
  for (int i = 0; i < n; i++)
    if (data_write_binary(ofile_stream(o), &vals[i], e) != 0) {
      ofile_abort(o);
      return -1;
    }
  if (ofile_commit(o, e) != 0)
    return -1;
  if (file_digest(path, &digest, &size) != 0)
    return ps_fail(e, "%s: cannot read back: %s", path, strerror(errno));
  snprintf(side, sizeof side, "%s.xxh", path);
  s = ofile_open(side, e);
  if (s == NULL)
    return -1;
  fprintf(ofile_stream(s), "%llu %016llx\n", (unsigned long long)size, (unsigned long long)digest);
  if (ofile_commit(s, e) != 0)
    return -1;
  after_store(path);
  return 0;
}

/* Blob file: "PSKC", u64 payload length, u64 XXH64 of the payload, payload. */
int cache_load_blob(const char *path, unsigned char **buf, size_t *len)
{
  FILE *f = fopen(path, "rb");
  unsigned char hdr[20], *bin = NULL;
  uint64_t n, digest;
  struct stat st;
  if (f == NULL)
    return -1;
  if (fstat(fileno(f), &st) != 0 || fread(hdr, 1, 20, f) != 20 || memcmp(hdr, "PSKC", 4) != 0)
    goto bad;
  memcpy(&n, hdr + 4, 8);
  memcpy(&digest, hdr + 12, 8);
  /* the length is checked against the file's size before anything is allocated */
  if ((uint64_t)st.st_size != 20 + n || (bin = malloc(n ? n : 1)) == NULL ||
      fread(bin, 1, n, f) != n || XXH64(bin, n, 0) != digest)
    goto bad;
  fclose(f);
  touch(path);
  *buf = bin;
  *len = n;
  return 0;
bad:
  free(bin);
  fclose(f);
  return -1;
}

int cache_store_blob(const char *path, const void *buf, size_t len, struct ps_err *e)
{
  unsigned char hdr[20];
  uint64_t n = len, digest = XXH64(buf, len, 0);
  struct ofile *o = ofile_open(path, e);
  if (o == NULL)
    return -1;
  memcpy(hdr, "PSKC", 4);
  memcpy(hdr + 4, &n, 8);
  memcpy(hdr + 12, &digest, 8);
  if (fwrite(hdr, 1, 20, ofile_stream(o)) != 20 || fwrite(buf, 1, len, ofile_stream(o)) != len) {
    ofile_abort(o);
    return ps_fail(e, "%s: write error", path);
  }
  if (ofile_commit(o, e) != 0)
    return -1;
  after_store(path);
  return 0;
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

/* One file found by the walk. */
struct found {
  char *path;
  uint64_t bytes;   /* with its sidecar, for a value entry */
  struct timespec used;
};

enum kind { K_ENTRY, K_SIDECAR, K_TEMP, K_OTHER };

static enum kind kind_of(const char *name)
{
  size_t n = strlen(name);
  if (strstr(name, ".tmp.") != NULL)
    return K_TEMP;
  if (n > 4 && strcmp(name + n - 4, ".xxh") == 0)
    return K_SIDECAR;
  if (n > 3 && (strcmp(name + n - 3, ".in") == 0 || strcmp(name + n - 4, ".bin") == 0))
    return K_ENTRY;
  return K_OTHER;
}

/* Is a temporary stale: its writer (the pid in NAME.tmp.PID.XXXXXX) gone, or
** older than STALE_AGE_S? */
static int stale(const char *name, const struct stat *st)
{
  const char *p = strstr(name, ".tmp.") + 5;
  char *end;
  long pid;
  errno = 0;
  pid = strtol(p, &end, 10);
  if (time(NULL) - st->st_mtime > STALE_AGE_S)
    return 1;
  if (errno == 0 && end != p && *end == '.' && pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH)
    return 1;
  return 0;
}

static int by_use(const void *a, const void *b)
{
  const struct found *x = a, *y = b;
  if (x->used.tv_sec != y->used.tv_sec)
    return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
  return (x->used.tv_nsec > y->used.tv_nsec) - (x->used.tv_nsec < y->used.tv_nsec);
}

/* Walk every area. With u: count. With remove_stale: unlink stale
** temporaries and orphaned sidecars. With list: collect the entries. Returns
** the number of files removed, -1 without a root. */
static int walk(struct cache_usage *u, int remove_stale, struct found **list, size_t *nlist)
{
  char root[4096], path[8192];
  size_t cap = 0;
  int removed = 0;
  if (cache_root(root, sizeof root) != 0)
    return -1;
  if (u != NULL)
    memset(u, 0, sizeof *u);
  for (int a = 0; a < 3; a++) {
    char dirpath[4200];
    DIR *d;
    struct dirent *de;
    snprintf(dirpath, sizeof dirpath, "%s/%s", root, cache_areas[a]);
    if ((d = opendir(dirpath)) == NULL)
      continue;
    while ((de = readdir(d)) != NULL) {
      struct stat st;
      enum kind k = kind_of(de->d_name);
      if (de->d_name[0] == '.' || k == K_OTHER)
        continue;
      snprintf(path, sizeof path, "%s/%s", dirpath, de->d_name);
      if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        continue; /* removed meanwhile by another process */
      if (k == K_TEMP) {
        if (!stale(de->d_name, &st))
          continue;
        if (u != NULL) {
          u->stale++;
          u->stale_bytes += (uint64_t)st.st_size;
        }
        if (remove_stale && unlink(path) == 0)
          removed++;
        continue;
      }
      if (k == K_SIDECAR) {
        char main_file[8192];
        struct stat ms;
        size_t len = strlen(path) - 4;
        memcpy(main_file, path, len);
        main_file[len] = '\0';
        if (stat(main_file, &ms) != 0 && errno == ENOENT && remove_stale && unlink(path) == 0)
          removed++; /* orphaned by an eviction elsewhere */
        else if (u != NULL)
          u->bytes[a] += (uint64_t)st.st_size;
        continue;
      }
      if (u != NULL) {
        u->entries[a]++;
        u->bytes[a] += (uint64_t)st.st_size;
      }
      if (list != NULL) {
        if (*nlist == cap) {
          size_t nc = cap ? 2 * cap : 64;
          struct found *nl = realloc(*list, nc * sizeof *nl);
          if (nl == NULL)
            continue;
          *list = nl;
          cap = nc;
        }
        (*list)[*nlist].path = strdup(path);
        if ((*list)[*nlist].path == NULL)
          continue;
        (*list)[*nlist].bytes = (uint64_t)st.st_size;
        (*list)[*nlist].used = st.st_mtim;
        if (k == K_ENTRY && strcmp(path + strlen(path) - 3, ".in") == 0) {
          struct stat ss;
          char side[8200];
          snprintf(side, sizeof side, "%s.xxh", path);
          if (stat(side, &ss) == 0)
            (*list)[*nlist].bytes += (uint64_t)ss.st_size;
        }
        (*nlist)++;
      }
    }
    closedir(d);
  }
  return removed;
}

int cache_usage(struct cache_usage *u)
{
  return walk(u, 0, NULL, NULL) < 0 ? -1 : 0;
}

/* Remove an entry and its sidecar (sidecar first: a reader then sees a miss). */
static int remove_entry(const char *path)
{
  char side[8200];
  int n = 0;
  snprintf(side, sizeof side, "%s.xxh", path);
  n += unlink(side) == 0;
  n += unlink(path) == 0;
  return n;
}

/* Evict least recently used entries down to limit, never `keep` nor, with
** spare_used, this process's working set. */
static int upkeep(uint64_t limit, const char *keep, int spare_used)
{
  static int warned;
  struct found *list = NULL;
  size_t n = 0;
  uint64_t total = 0;
  int removed = walk(NULL, 1, &list, &n);
  if (removed < 0)
    return 0;
  for (size_t i = 0; i < n; i++)
    total += list[i].bytes;
  if (total > limit) {
    qsort(list, n, sizeof *list, by_use);
    for (size_t i = 0; i < n && total > limit; i++) {
      if ((keep != NULL && strcmp(list[i].path, keep) == 0) || (spare_used && is_used(list[i].path)))
        continue;
      removed += remove_entry(list[i].path);
      total -= list[i].bytes;
      ps_info(2, "cache: evicted %s (least recently used; cap %llu bytes)", list[i].path,
              (unsigned long long)limit);
    }
    if (total > limit && !warned) {
      warned = 1;
      ps_warn("cache: what this run uses takes %.1f GiB, more than the cap of %.1f GiB "
              "(PSEARCH_CACHE_MAX); it is kept for now and trimmed by a later run",
              (double)total / (1u << 30), (double)limit / (1u << 30));
    }
  }
  for (size_t i = 0; i < n; i++)
    free(list[i].path);
  free(list);
  return removed;
}

int cache_upkeep(uint64_t limit, const char *keep)
{
  return upkeep(limit, keep, 0);
}

int cache_clean(void)
{
  struct found *list = NULL;
  size_t n = 0;
  int removed = walk(NULL, 1, &list, &n);
  if (removed < 0)
    return -1;
  for (size_t i = 0; i < n; i++) {
    removed += remove_entry(list[i].path);
    free(list[i].path);
  }
  free(list);
  return removed;
}
