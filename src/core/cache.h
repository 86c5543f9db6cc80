/*
** cache.h: psearch's on-disk cache under $XDG_CACHE_HOME/psearch (else
** ~/.cache/psearch), in four areas: "data" (generated datasets), "ref"
** (digests of reference outputs), "kernels" (OpenCL program binaries) and
** "times" (bench's plan: each dataset's seconds in an earlier run).
**
** Trust (cachedir.h; docs/reliability.md, "The caches' trust model"): the
** root and its areas are used only when they are directories of the user's
** that no one else can write (else warned about once and not used: what
** they would hold is made afresh); entries are opened, written, renamed and
** removed relative to a checked directory, never through a symbolic link;
** and every entry carries its key and a tag keyed with the user's secret
** (ROOT/secret), so that an entry is trusted only where this cache wrote it
** under that key: a corrupted entry, or one copied to another key's name or
** from another cache, is a miss (and rewritten by the caller).
**
** Values: an entry is a data file KEY.in plus its sidecar KEY.in.xxh
** ("2 KEY SIZE TAG": the tag over the key and the file's bytes). Blobs
** (kernels, references): one file KEY.bin whose header holds its key, the
** payload's length and the tag over both and the payload.
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

#include <xxhash.h>

#define CACHE_DEFAULT_MAX (4ull << 30) /* bytes: 4 GiB */

enum cache_area { CACHE_DATA, CACHE_REF, CACHE_KERNELS, CACHE_TIMES, CACHE_NAREAS };
extern const char *const cache_areas[CACHE_NAREAS]; /* "data", "ref", "kernels", "times" */

/* Keys: XXH64 of bytes, of a NUL-terminated string, or of a value's type,
** shape and elements, chained from seed. */
uint64_t cache_key_bytes(uint64_t seed, const void *p, size_t n);
uint64_t cache_key_str(uint64_t seed, const char *s);
uint64_t cache_value_digest(const struct data_value *v, uint64_t seed);
/* cache_value_digest in steps, for elements that arrive in parts (streamed
** from a device): begin with v's type and shape (NULL when out of memory),
** add its bytes in order, end (which frees the state). */
XXH64_state_t *cache_value_digest_begin(const struct data_value *v, uint64_t seed);
uint64_t cache_value_digest_end(XXH64_state_t *h);
/* XXH64 of a whole file, streamed, into *key; -1 if it cannot be read. */
int cache_key_file(const char *path, uint64_t *key);

/* The cache's root directory into buf; -1 if neither XDG_CACHE_HOME nor HOME
** is an absolute path. */
int cache_root(char *buf, size_t n);

/* One entry: its area and key, its file's name there, its path (messages). */
struct cache_entry {
  enum cache_area area;
  uint64_t key;
  char name[40];
  char path[4200];
};

/* The entry `key` of `area` with suffix `ext` (".in", ".bin") into c; makes
** the root and the area where missing. 0, or -1 when the entry is not to be
** cached: no root, or the root, the area or the secret not the user's alone
** (warned once). */
int cache_entry(enum cache_area area, uint64_t key, const char *ext, struct cache_entry *c);

/* Values: load up to max values of a verified entry (the count, or -1 if it
** is missing, corrupt or not this cache's: nothing is kept then); store
** values atomically with their sidecar (0, or -1 with a message in e: the
** entry is then removed, so that it never stands without its sidecar), then
** keep the cache under its cap. */
int cache_load(const struct cache_entry *c, struct data_value *vals, int max);
int cache_store(const struct cache_entry *c, const struct data_value *vals, int n, struct ps_err *e);

/* Blobs: load a verified payload (malloc'ed into *buf, its length in *len;
** -1 if missing, corrupt or not this entry's); store one atomically, then
** keep the cap. */
int cache_load_blob(const struct cache_entry *c, unsigned char **buf, size_t *len);
int cache_store_blob(const struct cache_entry *c, const void *buf, size_t len, struct ps_err *e);

/* The size cap in bytes from $PSEARCH_CACHE_MAX ("4G", "500M", "123456",
** "none" for no cap); CACHE_DEFAULT_MAX when unset. A value that does not
** parse is an error (-1, message in e). UINT64_MAX means no cap. */
int cache_limit(uint64_t *bytes, struct ps_err *e);

/* What the cache holds: 0, or -1 when there is no root or it is not the
** user's alone (warned once). An area that is not is left out (warned once). */
struct cache_usage {
  uint64_t entries[CACHE_NAREAS], bytes[CACHE_NAREAS]; /* by area: data, ref, kernels, times */
  uint64_t stale, stale_bytes;                         /* temporaries of dead or long-gone writers */
};
int cache_usage(struct cache_usage *u);

/* Upkeep: remove stale temporaries (ofile_temp_stale), then evict least
** recently used entries until the cache holds at most `limit` bytes
** (UINT64_MAX: none), never the entry `keep` (may be NULL). Returns the
** number of files removed. */
int cache_upkeep(uint64_t limit, const struct cache_entry *keep);

/* Remove every entry and stale temporary (a running writer's stays); the
** number of files removed, -1 if there is no root or it is not the user's
** alone. */
int cache_clean(void);

#endif
