/*
** ujob.h: how a user row runs (the user family's phases, user.h): its
** buffers sized from the declaration's expressions and checked against the
** device before anything is allocated, its kernels built from the user's
** file, one trial run within the declaration's timeout before the timed
** runs, then each run's fills and launches as the declaration orders them.
*/
#ifndef ujob_h
#define ujob_h

#include "entry.h"
#include "udecl.h"

/* A user's .cl file as loaded. */
struct ufile {
  char *path;          /* as the suite resolves it */
  char *text;          /* the whole file */
  size_t len;
  char hash[32];       /* "xxh64:" and the XXH64 of text in hex */
  struct udecl *d;     /* its declarations */
  int nd;
};

/* A row's description (struct entry.aux of a user row). */
struct urow {
  const struct ufile *file;
  const struct udecl *d;
  int64_t values[UDECL_MAX_PARAMS]; /* the params' values of this combination */
  char options[UDECL_BUILD_MAX + 256]; /* -DNAME=V of each param, then build: */
  char name[UDECL_ID_MAX + 160];       /* NAME[P=V,...] (the params of more than one value) */
};

/* The phases: opencl's, and the host backends' (which only say that a user
** kernel runs on an OpenCL device). */
extern const struct entry_impl ujob_opencl, ujob_host;

/* struct entry.bytes_of of a user row: its `bytes:` on these inputs (0 when
** it cannot be computed). */
uint64_t ujob_bytes(const struct entry *en, const struct data_value *in, int nin);

#endif
