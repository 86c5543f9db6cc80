/*
** ps.h: what every psearch module shares: exit codes, the error record,
** diagnostics on stderr, and checked allocation.
*/
#ifndef ps_h
#define ps_h

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define PS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PS_PRINTF(f, a)
#endif

/* Process exit codes (docs/cli.md lists them; keep the two in step). */
enum ps_exit {
  PS_EXIT_OK = 0,         /* everything asked for was done */
  PS_EXIT_FAILED = 1,     /* work failed: I/O, device, a dataset failed or mismatched */
  PS_EXIT_USAGE = 2,      /* bad command line: unknown option, bad value */
  PS_EXIT_BADDATA = 3,    /* malformed input: data file, suite, JSON */
  PS_EXIT_REGRESSION = 4, /* compare: a significant slowdown was found */
  PS_EXIT_UNJUDGED = 5    /* compare --strict: a dataset could not be judged (too few runs
                          ** or rounds), or a program or dataset is missing on one side */
};

/* An error message, filled by the function that failed and printed by the
** caller that decides what to do with it. */
struct ps_err {
  char msg[1024];
};

/* Format into e->msg (e may be NULL). Always returns -1, so callers can
** write `return ps_fail(e, ...)`. */
int ps_fail(struct ps_err *e, const char *fmt, ...) PS_PRINTF(2, 3);

/* ps_fail of a va_list, the message prefixed "PATH:LINE: " (a parser's
** error at its place in a file). Always returns -1. */
int ps_vfail_at(struct ps_err *e, const char *path, int line, const char *fmt, va_list ap);

/* Prefix e->msg with "prefix: " (for adding context while unwinding). */
void ps_err_prefix(struct ps_err *e, const char *fmt, ...) PS_PRINTF(2, 3);

/* Diagnostics: "psearch: " + message + newline on stderr. */
void ps_error(const char *fmt, ...) PS_PRINTF(1, 2);
void ps_warn(const char *fmt, ...) PS_PRINTF(1, 2);

/* Verbosity for progress and info lines on stderr: 0 quiet, 1 normal, 2 verbose. */
extern int ps_verbosity;
void ps_info(int level, const char *fmt, ...) PS_PRINTF(2, 3);

/* Overflow-checked size arithmetic: return 0 on success, -1 on overflow. */
int ps_mul_size(size_t a, size_t b, size_t *out);

/* Number of online CPUs, at least 1. */
int ps_ncpus(void);

/* Run fn(ctx, k) for k = 0 .. n-1 on n threads (k = 0 on the caller's) and
** wait for all; a thread that cannot be started runs on the caller's. */
void ps_parallel(int n, void (*fn)(void *ctx, int k), void *ctx);

/* Read a whole file into a new buffer (*buf, NUL-terminated, *len bytes
** without the NUL; the caller frees it). Fails with "PATH: ..." in e when the
** file cannot be opened or read, or holds more than max bytes; the buffer
** grows with what is read, never with what a size field claims. */
int ps_read_file(const char *path, size_t max, char **buf, size_t *len, struct ps_err *e);

/* strcmp, but runs of digits compare as numbers ("[100000]i32" before
** "[1000000]i32"), for lists people read. */
int ps_natcmp(const char *a, const char *b);

/* The length (1-4) of the UTF-8 character at s, of which avail bytes may be
** read; 0 where the bytes are not one (a stray or missing continuation byte,
** an overlong form, a surrogate, past U+10FFFF). */
int ps_utf8_len(const char *s, size_t avail);

/* The offset of the first byte of s[0, len) that is not part of a valid
** UTF-8 character (ps_utf8_len), or len when every byte is. */
size_t ps_utf8_invalid(const char *s, size_t len);

/* All n bytes from fd into buf, read again after a signal: 0, or -1 at the
** end of the file or on an error before n came. */
int ps_read_full(int fd, void *buf, size_t n);

/* All n bytes of buf onto fd, written again after a signal: 0, or -1 on an
** error (a pipe whose reader is gone: EPIPE where SIGPIPE is ignored). */
int ps_write_full(int fd, const void *buf, size_t n);

/* Monotonic clock in nanoseconds. */
uint64_t ps_now_ns(void);

/* How often the OS has preempted the calling thread so far (involuntary
** context switches; the process's where a thread's count is not kept). */
uint64_t ps_thread_preemptions(void);

#endif
