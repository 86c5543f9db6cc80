/*
** cachedir.h: the cache's directories and secret, trusted only when they are
** the user's alone (cache.h is the cache; docs/reliability.md, "The caches'
** trust model"). The root and each area are opened without following a
** symbolic link and checked on the descriptor: a directory owned by the user
** that neither its group nor others can write. One that is not is warned
** about once and not used (what it would hold is made afresh), as ssh and
** pip do; one that is missing is made 0700. Files inside are then opened,
** written, renamed and removed relative to that descriptor, never through a
** link.
**
** The secret: ROOT/secret, 32 random bytes, a regular file of the user's
** that no one else may read or write (0600), made on first use. Every
** entry's tag is keyed with it (cachedir_tag_*), so an entry is trusted only
** if it was written with this cache's secret: one copied from another cache,
** another user's or an older psearch's is a miss.
*/
#ifndef cachedir_h
#define cachedir_h

#include <stddef.h>
#include <stdint.h>
#include <xxhash.h>

#define CACHEDIR_MISSING (-1) /* not there (quietly) */
#define CACHEDIR_REFUSED (-2) /* not the user's alone (warned once) */

/* Open the root (path: cache_root's) and check it; with create, make it
** and its missing parents (0700). Its descriptor, CACHEDIR_MISSING or
** CACHEDIR_REFUSED. */
int cachedir_open_root(const char *path, int create);

/* Open area `name` of the root rfd (path: the area's, for messages) and
** check it; with create, make it (0700) where missing. Its descriptor,
** CACHEDIR_MISSING or CACHEDIR_REFUSED. */
int cachedir_open_area(int rfd, const char *path, const char *name, int create);

/* Load the secret of the root rfd (path: the root's), made where missing;
** kept for the process while the root stays the same. 0, or -1 when it
** cannot be made or read or is not a private file of 32 bytes (warned once:
** the cache is then not used). */
int cachedir_load_secret(int rfd, const char *path);

/* Open name in the area afd for reading: never through a symbolic link
** (the first one met is said, once: it is replaced by the next store), a
** regular file of the user's. path names it in messages. Its descriptor, or
** -1. */
int cachedir_open_file(int afd, const char *name, const char *path);

/* Keyed tags (XXH3-128 with the secret loaded last): begin with the key,
** add bytes, end with the count of bytes added. NULL when out of memory or
** no secret is loaded. */
XXH3_state_t *cachedir_tag_begin(uint64_t key);
void cachedir_tag_add(XXH3_state_t *h, const void *p, size_t n);
XXH128_hash_t cachedir_tag_end(XXH3_state_t *h, uint64_t bytes);

#endif
