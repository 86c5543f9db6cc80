/*
** cache.h: values cached on disk under $XDG_CACHE_HOME/psearch (else
** ~/.cache/psearch): generated datasets and reference outputs. Each entry is
** a data file NAME plus NAME.xxh holding its size and XXH64; an entry whose
** size or digest is wrong is treated as missing (and rewritten by the caller),
** never trusted.
*/
#ifndef cache_h
#define cache_h

#include "data.h"

/* The path of entry `key` in cache area `area` ("data", "ref"); -1 if no
** cache directory can be found. Creates the directories. */
int cache_path(const char *area, uint64_t key, char *buf, size_t n);

/* Load up to max values of a verified entry; returns the count, or -1 if the
** entry is missing or corrupt (nothing is kept then). */
int cache_load(const char *path, struct data_value *vals, int max);

/* Store values (binary) atomically with their digest; 0 or -1 (message in e). */
int cache_store(const char *path, const struct data_value *vals, int n, struct ps_err *e);

/* XXH64 of a value's type, shape and elements. */
uint64_t cache_value_digest(const struct data_value *v, uint64_t seed);

#endif
