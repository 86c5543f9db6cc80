/*
** failalloc.c: an LD_PRELOAD shim for the tests of allocation failures
** (cli_trust.sh): with FAILALLOC=N in the environment, the N-th call of
** malloc, calloc or realloc in the process (glibc's own calls included) returns NULL
** (errno ENOMEM), once; every other call is glibc's own. With
** FAILALLOC_COUNT=FILE the number of calls is written to FILE at exit, so a
** test knows how many points it can fail.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t k, size_t n);
void *__libc_realloc(void *p, size_t n);

static long calls, fail_at = -1;

/* Whether this call is the one to fail. */
static int failing(void)
{
  if (fail_at < 0) {
    const char *s = getenv("FAILALLOC");
    fail_at = s != NULL ? atol(s) : 0;
  }
  if (++calls != fail_at)
    return 0;
  errno = ENOMEM;
  return 1;
}

void *malloc(size_t n)
{
  return failing() ? NULL : __libc_malloc(n);
}

void *calloc(size_t k, size_t n)
{
  return failing() ? NULL : __libc_calloc(k, n);
}

void *realloc(void *p, size_t n)
{
  return failing() ? NULL : __libc_realloc(p, n);
}

__attribute__((destructor)) static void report(void)
{
  const char *path = getenv("FAILALLOC_COUNT");
  FILE *f;
  if (path != NULL && (f = fopen(path, "w")) != NULL) {
    fprintf(f, "%ld\n", calls);
    fclose(f);
  }
}
