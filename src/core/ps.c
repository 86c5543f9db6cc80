/*
** ps.c: shared error record, diagnostics and small utilities.
*/
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include "ps.h"

#include <errno.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int ps_verbosity = 1;

int ps_fail(struct ps_err *e, const char *fmt, ...)
{
  va_list ap;
  if (e == NULL)
    return -1;
  va_start(ap, fmt);
  vsnprintf(e->msg, sizeof e->msg, fmt, ap);
  va_end(ap);
  return -1;
}

int ps_vfail_at(struct ps_err *e, const char *path, int line, const char *fmt, va_list ap)
{
  if (e == NULL)
    return -1;
  vsnprintf(e->msg, sizeof e->msg, fmt, ap);
  ps_err_prefix(e, "%s:%d", path, line);
  return -1;
}

void ps_err_prefix(struct ps_err *e, const char *fmt, ...)
{
  char head[512], old[sizeof e->msg];
  va_list ap;
  if (e == NULL)
    return;
  va_start(ap, fmt);
  vsnprintf(head, sizeof head, fmt, ap);
  va_end(ap);
  memcpy(old, e->msg, sizeof old);
  {
    size_t hn = strlen(head), on = strlen(old), cap = sizeof e->msg - 1;
    if (hn > cap - 2)
      hn = cap - 2;
    memcpy(e->msg, head, hn);
    memcpy(e->msg + hn, ": ", 2);
    if (on > cap - hn - 2)
      on = cap - hn - 2;
    memcpy(e->msg + hn + 2, old, on);
    e->msg[hn + 2 + on] = '\0';
  }
}

/* One line, written with a single fputs so that lines of parallel processes
** (and readers of a terminal) never see half a message. */
static void vmsg(const char *kind, const char *fmt, va_list ap)
{
  char line[2048];
  int n = snprintf(line, sizeof line, "psearch: %s", kind != NULL ? kind : "");
  if (n >= 0 && (size_t)n < sizeof line)
    vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
  n = (int)strlen(line);
  if ((size_t)n + 1 < sizeof line) {
    line[n] = '\n';
    line[n + 1] = '\0';
  }
  fflush(stdout);
  fputs(line, stderr);
}

void ps_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vmsg(NULL, fmt, ap);
  va_end(ap);
}

void ps_warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vmsg("warning: ", fmt, ap);
  va_end(ap);
}

void ps_info(int level, const char *fmt, ...)
{
  va_list ap;
  if (ps_verbosity < level)
    return;
  va_start(ap, fmt);
  vmsg(NULL, fmt, ap);
  va_end(ap);
}

int ps_mul_size(size_t a, size_t b, size_t *out)
{
  if (a != 0 && b > SIZE_MAX / a)
    return -1;
  *out = a * b;
  return 0;
}

int ps_ncpus(void)
{
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : (n > 256 ? 256 : (int)n);
}

uint64_t ps_now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t ps_thread_preemptions(void)
{
  struct rusage ru;
#ifdef RUSAGE_THREAD
  if (getrusage(RUSAGE_THREAD, &ru) != 0)
#else
  if (getrusage(RUSAGE_SELF, &ru) != 0)
#endif
    return 0;
  return (uint64_t)ru.ru_nivcsw;
}

struct ps_task {
  void (*fn)(void *ctx, int k);
  void *ctx;
  int k;
};

static void *ps_task_main(void *arg)
{
  struct ps_task *t = arg;
  t->fn(t->ctx, t->k);
  return NULL;
}

void ps_parallel(int n, void (*fn)(void *ctx, int k), void *ctx)
{
  pthread_t th[256];
  struct ps_task tasks[256];
  int started[256] = {0};
  if (n > 256)
    n = 256;
  for (int k = 1; k < n; k++) {
    tasks[k].fn = fn;
    tasks[k].ctx = ctx;
    tasks[k].k = k;
    started[k] = pthread_create(&th[k], NULL, ps_task_main, &tasks[k]) == 0;
  }
  fn(ctx, 0);
  for (int k = 1; k < n; k++) {
    if (started[k])
      pthread_join(th[k], NULL);
    else
      fn(ctx, k);
  }
}

int ps_read_file(const char *path, size_t max, char **buf, size_t *len, struct ps_err *e)
{
  FILE *f = fopen(path, "rb");
  char *b = NULL;
  size_t n = 0, cap = 0;
  int rc = -1;
  *buf = NULL;
  *len = 0;
  if (f == NULL) {
    ps_fail(e, "%s: cannot open: %s", path, strerror(errno));
    goto done;
  }
  for (;;) {
    size_t got;
    if (n + 1 >= cap) {
      char *nb;
      if (cap > max) {
        ps_fail(e, "%s: larger than %zu bytes", path, max);
        goto done;
      }
      cap = cap ? cap * 2 : 4096;
      if ((nb = realloc(b, cap)) == NULL) {
        ps_fail(e, "%s: out of memory", path);
        goto done;
      }
      b = nb;
    }
    if ((got = fread(b + n, 1, cap - n - 1, f)) == 0)
      break;
    n += got;
  }
  if (ferror(f)) {
    ps_fail(e, "%s: read error: %s", path, strerror(errno));
    goto done;
  }
  if (n > max) {
    ps_fail(e, "%s: larger than %zu bytes", path, max);
    goto done;
  }
  b[n] = '\0';
  *buf = b;
  *len = n;
  b = NULL;
  rc = 0;
done:
  if (f != NULL)
    fclose(f);
  free(b);
  return rc;
}

int ps_natcmp(const char *a, const char *b)
{
  while (*a && *b) {
    if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
      const char *x = a, *y = b;
      size_t nx, ny;
      while (*x == '0' && x[1] >= '0' && x[1] <= '9')
        x++;
      while (*y == '0' && y[1] >= '0' && y[1] <= '9')
        y++;
      for (a = x; *a >= '0' && *a <= '9'; a++)
        ;
      for (b = y; *b >= '0' && *b <= '9'; b++)
        ;
      nx = (size_t)(a - x);
      ny = (size_t)(b - y);
      if (nx != ny)
        return nx < ny ? -1 : 1; /* more digits: larger */
      {
        int c = strncmp(x, y, nx);
        if (c != 0)
          return c;
      }
      continue;
    }
    if (*a != *b)
      return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
    a++;
    b++;
  }
  return (*a != '\0') - (*b != '\0');
}

int ps_utf8_len(const char *s, size_t avail)
{
  const unsigned char *u = (const unsigned char *)s;
  int n;
  if (avail == 0)
    return 0;
  n = u[0] < 0x80 ? 1 : u[0] >= 0xC2 && u[0] <= 0xDF ? 2 : u[0] >= 0xE0 && u[0] <= 0xEF ? 3
    : u[0] >= 0xF0 && u[0] <= 0xF4 ? 4 : 0;
  if ((size_t)n > avail)
    return 0;
  for (int i = 1; i < n; i++)
    if ((u[i] & 0xC0) != 0x80)
      return 0;
  if ((u[0] == 0xE0 && u[1] < 0xA0) || (u[0] == 0xED && u[1] > 0x9F) || (u[0] == 0xF0 && u[1] < 0x90) ||
      (u[0] == 0xF4 && u[1] > 0x8F))
    return 0;
  return n;
}

size_t ps_utf8_invalid(const char *s, size_t len)
{
  size_t i = 0;
  for (int n; i < len && (n = ps_utf8_len(s + i, len - i)) > 0; i += (size_t)n)
    ;
  return i;
}

int ps_read_full(int fd, void *buf, size_t n)
{
  char *p = buf;
  while (n > 0) {
    ssize_t k = read(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

int ps_write_full(int fd, const void *buf, size_t n)
{
  const char *p = buf;
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}
