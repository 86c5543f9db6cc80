/*
** strmap.h: a hash table from byte strings to indices (XXH64, open
** addressing), for the lookups by name of the readers, merge and the suite
** parser. The table does not own its keys: each key must stay where it is,
** unchanged, while the table holds it.
*/
#ifndef strmap_h
#define strmap_h

#include <stddef.h>
#include <stdint.h>

struct strmap_slot {
  const char *key; /* NULL: empty */
  size_t len;
  uint64_t hash;
  size_t val;
};

/* A zeroed struct strmap is an empty table. */
struct strmap {
  struct strmap_slot *slot;
  size_t cap, n; /* cap: 0 or a power of two */
};

/* Insert key (len bytes) with val, unless it is there: 0 inserted, 1 there
** already (*old, when not NULL, gets its value; the table is unchanged), -1
** out of memory (the table is unchanged). */
int strmap_put(struct strmap *m, const char *key, size_t len, size_t val, size_t *old);

/* 1 with *val set when key is there, else 0. */
int strmap_get(const struct strmap *m, const char *key, size_t len, size_t *val);

/* Set the value of a key that is there; 0, or -1 when it is not. */
int strmap_set(struct strmap *m, const char *key, size_t len, size_t val);

/* Empty the table and free its memory (accepts a zeroed one). */
void strmap_free(struct strmap *m);

#endif
