/*
** cache.c: verified on-disk cache of values.
*/
#include "cache.h"

#include "ofile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

int cache_path(const char *area, uint64_t key, char *buf, size_t n)
{
  const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
  char dir[4096];
  if (x != NULL && x[0] == '/')
    snprintf(dir, sizeof dir, "%s/psearch/%s", x, area);
  else if (h != NULL && h[0] == '/')
    snprintf(dir, sizeof dir, "%s/.cache/psearch/%s", h, area);
  else
    return -1;
  for (char *s = dir + 1; *s; s++) { /* mkdir -p */
    if (*s == '/') {
      *s = '\0';
      mkdir(dir, 0755);
      *s = '/';
    }
  }
  mkdir(dir, 0755);
  snprintf(buf, n, "%s/%016llx.in", dir, (unsigned long long)key);
  return 0;
}

/* XXH64 and size of a whole file, streamed. */
static int file_digest(const char *path, uint64_t *digest, uint64_t *size)
{
  FILE *f = fopen(path, "rb");
  XXH64_state_t *h;
  char *buf;
  size_t got;
  if (f == NULL)
    return -1;
  buf = malloc(1 << 20);
  h = XXH64_createState();
  if (buf == NULL || h == NULL) {
    free(buf);
    XXH64_freeState(h);
    fclose(f);
    return -1;
  }
  XXH64_reset(h, 0);
  *size = 0;
  while ((got = fread(buf, 1, 1 << 20, f)) > 0) {
    XXH64_update(h, buf, got);
    *size += got;
  }
  *digest = XXH64_digest(h);
  XXH64_freeState(h);
  free(buf);
  got = (size_t)ferror(f);
  fclose(f);
  return got ? -1 : 0;
}

int cache_load(const char *path, struct data_value *vals, int max)
{
  char side[4200];
  unsigned long long want_size = 0, want_digest = 0;
  uint64_t size, digest;
  struct data_reader *r;
  struct ps_err e;
  FILE *f;
  int n = 0, got;
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
  return n;
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
  return ofile_commit(s, e);
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
