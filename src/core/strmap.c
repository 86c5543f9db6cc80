/*
** strmap.c: open addressing with linear probing over XXH64 of the key,
** grown to keep the load at most 1/2 (strmap.h).
*/
#include "strmap.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

static struct strmap_slot *find(const struct strmap_slot *slot, size_t cap, const char *key, size_t len,
                                uint64_t h)
{
  size_t i = (size_t)h & (cap - 1);
  while (slot[i].key != NULL &&
         !(slot[i].hash == h && slot[i].len == len && memcmp(slot[i].key, key, len) == 0))
    i = (i + 1) & (cap - 1);
  return (struct strmap_slot *)&slot[i];
}

/* Twice the slots (16 at first), every key moved over. 0, or -1 out of memory. */
static int grow(struct strmap *m)
{
  size_t cap = m->cap ? 2 * m->cap : 16;
  struct strmap_slot *s = calloc(cap, sizeof *s);
  if (s == NULL || cap < m->cap) {
    free(s);
    return -1;
  }
  for (size_t i = 0; i < m->cap; i++)
    if (m->slot[i].key != NULL)
      *find(s, cap, m->slot[i].key, m->slot[i].len, m->slot[i].hash) = m->slot[i];
  free(m->slot);
  m->slot = s;
  m->cap = cap;
  return 0;
}

int strmap_put(struct strmap *m, const char *key, size_t len, size_t val, size_t *old)
{
  uint64_t h = XXH64(key, len, 0);
  struct strmap_slot *s;
  if (m->cap > 0 && (s = find(m->slot, m->cap, key, len, h))->key != NULL) {
    if (old != NULL)
      *old = s->val;
    return 1;
  }
  if (2 * (m->n + 1) > m->cap && grow(m) != 0)
    return -1;
  s = find(m->slot, m->cap, key, len, h);
  *s = (struct strmap_slot){key, len, h, val};
  m->n++;
  return 0;
}

int strmap_get(const struct strmap *m, const char *key, size_t len, size_t *val)
{
  const struct strmap_slot *s;
  if (m->cap == 0)
    return 0;
  s = find(m->slot, m->cap, key, len, XXH64(key, len, 0));
  if (s->key != NULL)
    *val = s->val;
  return s->key != NULL;
}

int strmap_set(struct strmap *m, const char *key, size_t len, size_t val)
{
  struct strmap_slot *s;
  if (m->cap == 0)
    return -1;
  s = find(m->slot, m->cap, key, len, XXH64(key, len, 0));
  if (s->key == NULL)
    return -1;
  s->val = val;
  return 0;
}

void strmap_free(struct strmap *m)
{
  if (m == NULL)
    return;
  free(m->slot);
  memset(m, 0, sizeof *m);
}
