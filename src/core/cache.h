/*
** cache.h: psearch's on-disk cache under $XDG_CACHE_HOME/psearch (else
** ~/.cache/psearch), in three areas: "data" (generated datasets), "ref"
** (digests of reference outputs) and "kernels" (OpenCL program
** binaries).
**
** Values: an entry is a data file KEY.in plus KEY.in.xxh holding its size
** and XXH64; an entry whose size or digest is wrong is treated as missing
** (and rewritten by the caller), never trusted. Blobs (kernels): one file
** KEY.bin with a header carrying the length and XXH64 of the payload.
**
** Keys are XXH64 digests of everything that determines an entry's bytes;
** the caller builds them with cache_key_*. Loading an entry marks it used
** (its mtime), and the cache is kept under a size cap by evicting the least
** recently used entries ($PSEARCH_CACHE_MAX, default CACHE_DEFAULT_MAX).
** A store never evicts what this process has used (its working set: a run
** larger than the cap would otherwise regenerate its own data over and
** over); it warns instead, and a later upkeep trims.
** Concurrent processes may share one cache: writes are atomic (ofile), and
** an entry removed under a reader is a miss, not an error.
*/
#ifndef cache_h
#define cache_h

#include "data.h"

#define CACHE_DEFAULT_MAX (4ull << 30) /* bytes: 4 GiB */

/* Keys: XXH64 of bytes, of a NUL-terminated string, or of a value's type,
** shape and elements, chained from seed. */
uint64_t cache_key_bytes(uint64_t seed, const void *p, size_t n);
uint64_t cache_key_str(uint64_t seed, const char *s);
uint64_t cache_value_digest(const struct data_value *v, uint64_t seed);
/* XXH64 of a whole file, streamed, into *key; -1 if it cannot be read. */
int cache_key_file(const char *path, uint64_t *key);

/* The cache's root directory into buf; -1 if neither XDG_CACHE_HOME nor HOME
** is an absolute path. */
int cache_root(char *buf, size_t n);

/* The path of entry `key` in `area` ("data", "ref", "kernels") with suffix
** `ext` (".in", ".bin"); creates the directories. -1 if there is no root. */
int cache_path(const char *area, uint64_t key, const char *ext, char *buf, size_t n);

/* Values: load up to max values of a verified entry (the count, or -1 if it
** is missing or corrupt: nothing is kept then); store values atomically with
** their digest (0, or -1 with a message in e), then keep the cache under
** its cap. */
int cache_load(const char *path, struct data_value *vals, int max);
int cache_store(const char *path, const struct data_value *vals, int n, struct ps_err *e);

/* Blobs: load a verified payload (malloc'ed into *buf, its length in *len;
** -1 if missing or corrupt); store one atomically, then keep the cap. */
int cache_load_blob(const char *path, unsigned char **buf, size_t *len);
int cache_store_blob(const char *path, const void *buf, size_t len, struct ps_err *e);

/* The size cap in bytes from $PSEARCH_CACHE_MAX ("4G", "500M", "123456",
** "none" for no cap); CACHE_DEFAULT_MAX when unset. A value that does not
** parse is an error (-1, message in e). UINT64_MAX means no cap. */
int cache_limit(uint64_t *bytes, struct ps_err *e);

/* What the cache holds. */
struct cache_usage {
  uint64_t entries[3], bytes[3]; /* by area: data, ref, kernels */
  uint64_t stale, stale_bytes;   /* temporaries of dead or long-gone writers */
};
extern const char *const cache_areas[3]; /* "data", "ref", "kernels" */
int cache_usage(struct cache_usage *u);

/* Upkeep: remove stale temporaries (writer's process gone, or older than a
** day), then evict least recently used entries until the cache holds at most
** `limit` bytes (UINT64_MAX: none), never the entry at `keep` (may be NULL).
** Returns the number of files removed. */
int cache_upkeep(uint64_t limit, const char *keep);

/* Remove every entry and stale temporary (a running writer's stays); the
** number of files removed, -1 if there is no cache root. */
int cache_clean(void);

#endif
