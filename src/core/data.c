/*
** data.c: Futhark binary and text value formats.
**
** Binary value: 'b', version 2, rank (1 byte), 4-char type tag, rank int64
** dimensions, then the elements, all little-endian. Text values follow the
** syntax Futhark's own reader accepts (docs/data-format.md).
*/
#include "data.h"

#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "psearch reads and writes the data format by memcpy: little-endian hosts only"
#endif

/* ================================ Types ================================ */

static const struct {
  const char *name;
  const char *tag; /* binary tag, right-aligned in 4 chars */
  size_t size;
} types[DATA_NTYPES] = {
  {"i8", "  i8", 1},  {"i16", " i16", 2}, {"i32", " i32", 4}, {"i64", " i64", 8},
  {"u8", "  u8", 1},  {"u16", " u16", 2}, {"u32", " u32", 4}, {"u64", " u64", 8},
  {"f16", " f16", 2}, {"f32", " f32", 4}, {"f64", " f64", 8}, {"bool", "bool", 1},
};

const char *data_type_name(enum data_type t) { return types[t].name; }
size_t data_type_size(enum data_type t) { return types[t].size; }
int data_type_is_signed(enum data_type t) { return t <= DATA_I64; }
int data_type_is_unsigned(enum data_type t) { return t >= DATA_U8 && t <= DATA_U64; }
int data_type_is_float(enum data_type t) { return t >= DATA_F16 && t <= DATA_F64; }

int data_type_parse(const char *s, size_t len, enum data_type *t)
{
  for (int i = 0; i < DATA_NTYPES; i++) {
    if (strlen(types[i].name) == len && memcmp(types[i].name, s, len) == 0) {
      *t = (enum data_type)i;
      return 0;
    }
  }
  return -1;
}

/* ================================ Values ================================ */

uint64_t data_value_count(const struct data_value *v)
{
  uint64_t n = 1;
  for (int i = 0; i < v->rank; i++)
    n *= (uint64_t)v->shape[i];
  return n;
}

/* Element count with overflow checking against size_t bytes. */
static int checked_bytes(enum data_type t, int rank, const int64_t *shape, size_t *bytes)
{
  size_t n = 1;
  for (int i = 0; i < rank; i++) {
    if (shape[i] < 0)
      return -1;
    if (ps_mul_size(n, (size_t)shape[i], &n) != 0)
      return -1;
  }
  return ps_mul_size(n, types[t].size, bytes);
}

int data_value_bytes(const struct data_value *v, size_t *bytes)
{
  return checked_bytes(v->type, v->rank, v->shape, bytes);
}

void *data_alloc(size_t bytes)
{
  void *p = NULL;
  if (bytes < (8u << 20))
    return malloc(bytes ? bytes : 1);
  if (posix_memalign(&p, 2u << 20, bytes) != 0) /* 2 MiB aligned: huge pages */
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE); /* a hint; fewer page faults on big arrays */
#endif
  return p;
}

int data_value_init(struct data_value *v, enum data_type t, int rank, const int64_t *shape,
                    struct ps_err *e)
{
  size_t bytes;
  if (rank < 0 || rank > DATA_MAX_RANK)
    return ps_fail(e, "rank %d is out of range (0 to %d)", rank, DATA_MAX_RANK);
  if (checked_bytes(t, rank, shape, &bytes) != 0)
    return ps_fail(e, "array size overflows");
  v->type = t;
  v->rank = rank;
  if (rank > 0)
    memcpy(v->shape, shape, (size_t)rank * sizeof *shape);
  v->elems = NULL;
  if (bytes > 0) {
    v->elems = data_alloc(bytes);
    if (v->elems == NULL)
      return ps_fail(e, "out of memory allocating %zu bytes", bytes);
    memset(v->elems, 0, bytes);
  }
  return 0;
}

void data_value_free(struct data_value *v)
{
  if (v == NULL)
    return;
  free(v->elems);
  v->elems = NULL;
}

void data_value_type_text(const struct data_value *v, char *buf, size_t n)
{
  size_t off = 0;
  buf[0] = '\0';
  for (int i = 0; i < v->rank && off < n; i++)
    off += (size_t)snprintf(buf + off, n - off, "[%lld]", (long long)v->shape[i]);
  if (off < n)
    snprintf(buf + off, n - off, "%s", types[v->type].name);
}

/* ============================== binary16 ============================== */

float data_half_to_float(uint16_t h)
{
  uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
  float f;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (man << 13); /* inf or nan */
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (man << 13);
  } else if (man == 0) {
    bits = sign;
  } else { /* subnormal: value = man * 2^-24 */
    f = (float)man * 0x1p-24f;
    return sign ? -f : f;
  }
  memcpy(&f, &bits, sizeof f);
  return f;
}

uint16_t data_float_to_half(float f)
{
  uint32_t x, sign, exp, man;
  memcpy(&x, &f, sizeof x);
  sign = (x >> 16) & 0x8000;
  exp = (x >> 23) & 0xff;
  man = x & 0x7fffff;
  if (exp == 0xff) /* inf or nan (keep nan quiet and non-zero) */
    return (uint16_t)(sign | 0x7c00 | (man ? 0x200 | (man >> 13) : 0));
  if (exp > 142) /* >= 2^16 rounds to inf */
    return (uint16_t)(sign | 0x7c00);
  if (exp >= 113) { /* normal half */
    uint32_t h = ((exp - 112) << 10) | (man >> 13), rest = man & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
      h++; /* may carry into the exponent, up to inf: correct */
    return (uint16_t)(sign | h);
  }
  if (exp < 102) /* below half the smallest subnormal */
    return (uint16_t)sign;
  { /* subnormal half */
    uint32_t m = man | 0x800000, shift = 126 - exp, h = m >> shift;
    uint32_t rest = m & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (h & 1)))
      h++;
    return (uint16_t)(sign | h);
  }
}

/* ============================ Float text ============================== */

/* Shortest decimal that reads back as the same value of type t, in
** Haskell's showFloat style: 0.5, 3.0, 1.0e-2, 1.2345678e7. */
static void format_float(double x, enum data_type t, char *out, size_t n)
{
  char sci[40], digits[40];
  const char *sfx = types[t].name;
  int exp, nd = 0, neg;
  if (isnan(x)) {
    snprintf(out, n, "%s.nan", sfx);
    return;
  }
  if (isinf(x)) {
    snprintf(out, n, "%s%s.inf", x < 0 ? "-" : "", sfx);
    return;
  }
  neg = signbit(x) != 0;
  if (x == 0) {
    snprintf(out, n, "%s0.0%s", neg ? "-" : "", sfx);
    return;
  }
  for (int p = 0; p < 17; p++) {
    snprintf(sci, sizeof sci, "%.*e", p, fabs(x));
    if (t == DATA_F64) {
      if (strtod(sci, NULL) == fabs(x))
        break;
    } else if (t == DATA_F32) {
      if (strtof(sci, NULL) == (float)fabs(x))
        break;
    } else if (data_float_to_half(strtof(sci, NULL)) == data_float_to_half((float)fabs(x))) {
      break;
    }
  }
  /* sci is "d.ddde+XX": collect the digits and the exponent */
  for (const char *s = sci; *s && *s != 'e'; s++)
    if (*s != '.')
      digits[nd++] = *s;
  while (nd > 1 && digits[nd - 1] == '0')
    nd--;
  digits[nd] = '\0';
  exp = atoi(strchr(sci, 'e') + 1); /* from snprintf's own output */
  if (exp >= -1 && exp < 7) {
    char buf[64];
    int k = 0;
    if (exp == -1) {
      k += snprintf(buf + k, sizeof buf - (size_t)k, "0.%s", digits);
    } else {
      for (int i = 0; i <= exp; i++)
        buf[k++] = i < nd ? digits[i] : '0';
      buf[k++] = '.';
      if (nd > exp + 1)
        k += snprintf(buf + k, sizeof buf - (size_t)k, "%s", digits + exp + 1);
      else
        buf[k++] = '0';
      buf[k] = '\0';
    }
    snprintf(out, n, "%s%s%s", neg ? "-" : "", buf, sfx);
  } else {
    snprintf(out, n, "%s%c.%se%d%s", neg ? "-" : "", digits[0], nd > 1 ? digits + 1 : "0", exp,
             sfx);
  }
}

void data_format_elem(const struct data_value *v, uint64_t i, char *buf, size_t n)
{
  const unsigned char *p = (const unsigned char *)v->elems + i * types[v->type].size;
  union { int8_t i8; int16_t i16; int32_t i32; int64_t i64; uint8_t u8; uint16_t u16;
          uint32_t u32; uint64_t u64; float f32; double f64; } u;
  memcpy(&u, p, types[v->type].size);
  switch (v->type) {
  case DATA_I8: snprintf(buf, n, "%di8", u.i8); break;
  case DATA_I16: snprintf(buf, n, "%di16", u.i16); break;
  case DATA_I32: snprintf(buf, n, "%di32", u.i32); break;
  case DATA_I64: snprintf(buf, n, "%lldi64", (long long)u.i64); break;
  case DATA_U8: snprintf(buf, n, "%uu8", u.u8); break;
  case DATA_U16: snprintf(buf, n, "%uu16", u.u16); break;
  case DATA_U32: snprintf(buf, n, "%luu32", (unsigned long)u.u32); break;
  case DATA_U64: snprintf(buf, n, "%lluu64", (unsigned long long)u.u64); break;
  case DATA_F16: format_float(data_half_to_float(u.u16), DATA_F16, buf, n); break;
  case DATA_F32: format_float(u.f32, DATA_F32, buf, n); break;
  case DATA_F64: format_float(u.f64, DATA_F64, buf, n); break;
  case DATA_BOOL: snprintf(buf, n, "%s", u.u8 ? "true" : "false"); break;
  default: snprintf(buf, n, "?"); break;
  }
}

/* =============================== Writing =============================== */

static int write_all(FILE *f, const void *p, size_t n, struct ps_err *e)
{
  if (n > 0 && fwrite(p, 1, n, f) != n)
    return ps_fail(e, "write error: %s", strerror(errno));
  return 0;
}

int data_write_header(FILE *f, const struct data_value *v, struct ps_err *e)
{
  unsigned char hdr[7 + 8 * DATA_MAX_RANK];
  hdr[0] = 'b';
  hdr[1] = 2;
  hdr[2] = (unsigned char)v->rank;
  memcpy(hdr + 3, types[v->type].tag, 4);
  for (int i = 0; i < v->rank; i++)
    memcpy(hdr + 7 + 8 * i, &v->shape[i], 8);
  return write_all(f, hdr, 7 + 8 * (size_t)v->rank, e);
}

int data_write_binary(FILE *f, const struct data_value *v, struct ps_err *e)
{
  size_t bytes;
  int rc = -1;
  if (data_value_bytes(v, &bytes) != 0)
    ps_fail(e, "value too large");
  else if (data_write_header(f, v, e) == 0)
    rc = write_all(f, v->elems, bytes, e);
  return rc;
}

/* A small output buffer so that text writing is not one stdio call per char. */
struct tout {
  FILE *f;
  char buf[1 << 16];
  size_t len;
  int err;
};

static void tout_flush(struct tout *o)
{
  if (o->len > 0 && fwrite(o->buf, 1, o->len, o->f) != o->len)
    o->err = errno ? errno : EIO;
  o->len = 0;
}

static void tout_puts(struct tout *o, const char *s)
{
  size_t n = strlen(s);
  if (o->len + n > sizeof o->buf)
    tout_flush(o);
  memcpy(o->buf + o->len, s, n);
  o->len += n;
}

static void write_text_rec(struct tout *o, const struct data_value *v, int d, uint64_t *idx)
{
  char el[64];
  tout_puts(o, "[");
  for (int64_t i = 0; i < v->shape[d]; i++) {
    if (i > 0)
      tout_puts(o, d == v->rank - 1 ? ", " : ",\n");
    if (d == v->rank - 1) {
      data_format_elem(v, (*idx)++, el, sizeof el);
      tout_puts(o, el);
    } else {
      write_text_rec(o, v, d + 1, idx);
    }
  }
  tout_puts(o, "]");
}

int data_write_text(FILE *f, const struct data_value *v, struct ps_err *e)
{
  struct tout *o = malloc(sizeof *o);
  char el[64 + 24 * DATA_MAX_RANK];
  int rc = 0;
  if (o == NULL)
    return ps_fail(e, "out of memory");
  o->f = f;
  o->len = 0;
  o->err = 0;
  if (v->rank == 0) {
    data_format_elem(v, 0, el, sizeof el);
    tout_puts(o, el);
  } else if (data_value_count(v) == 0) {
    tout_puts(o, "empty(");
    data_value_type_text(v, el, sizeof el);
    tout_puts(o, el);
    tout_puts(o, ")");
  } else {
    uint64_t idx = 0;
    write_text_rec(o, v, 0, &idx);
  }
  tout_puts(o, "\n");
  tout_flush(o);
  if (o->err)
    rc = ps_fail(e, "write error: %s", strerror(o->err));
  free(o);
  return rc;
}

/* =============================== Reading =============================== */

#define RBUF (1 << 16)

struct data_reader {
  FILE *f;             /* NULL when reading memory */
  const char *name;    /* for messages */
  const unsigned char *p; /* current window: buf or the caller's memory */
  unsigned char *buf;
  size_t len, pos;     /* window length and read position */
  uint64_t base;       /* stream offset of p[0] */
  int64_t size;        /* total stream size if known (file or memory), else -1 */
  uint64_t line, col;  /* of p[pos], 1-based, for text messages */
  int oom;             /* the last failure was running out of memory */
};

struct data_reader *data_reader_file(FILE *f, const char *name)
{
  struct data_reader *r = calloc(1, sizeof *r);
  struct stat st;
  if (r == NULL)
    return NULL;
  r->buf = malloc(RBUF);
  if (r->buf == NULL) {
    free(r);
    return NULL;
  }
  r->f = f;
  r->name = name;
  r->p = r->buf;
  r->size = -1;
  r->line = r->col = 1;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
    off_t at = ftello(f);
    r->base = at > 0 ? (uint64_t)at : 0;
    r->size = (int64_t)st.st_size;
  }
  return r;
}

struct data_reader *data_reader_mem(const void *buf, size_t len, const char *name)
{
  struct data_reader *r = calloc(1, sizeof *r);
  if (r == NULL)
    return NULL;
  r->name = name;
  r->p = buf;
  r->len = len;
  r->size = (int64_t)len;
  r->line = r->col = 1;
  return r;
}

void data_reader_close(struct data_reader *r)
{
  if (r == NULL)
    return;
  free(r->buf);
  free(r);
}

/* Make at least k bytes available at p[pos] if the stream has them; return
** the number available (possibly fewer at end of input). */
static size_t avail(struct data_reader *r, size_t k)
{
  if (r->len - r->pos >= k || r->f == NULL)
    return r->len - r->pos;
  memmove(r->buf, r->buf + r->pos, r->len - r->pos);
  r->base += r->pos;
  r->len -= r->pos;
  r->pos = 0;
  while (r->len < k) {
    size_t got = fread(r->buf + r->len, 1, RBUF - r->len, r->f);
    if (got == 0)
      break;
    r->len += got;
  }
  return r->len;
}

static uint64_t offset(const struct data_reader *r) { return r->base + r->pos; }

static int peek(struct data_reader *r)
{
  return avail(r, 1) >= 1 ? r->p[r->pos] : -1;
}

static int peek_at(struct data_reader *r, size_t k)
{
  return avail(r, k + 1) >= k + 1 ? r->p[r->pos + k] : -1;
}

static int get(struct data_reader *r)
{
  int c = peek(r);
  if (c < 0)
    return -1;
  r->pos++;
  if (c == '\n') {
    r->line++;
    r->col = 1;
  } else {
    r->col++;
  }
  return c;
}

/* Copy n bytes into dst (bulk: buffered part, then straight from the file). */
static size_t read_bulk(struct data_reader *r, unsigned char *dst, size_t n)
{
  size_t have = r->len - r->pos, take = have < n ? have : n, got;
  memcpy(dst, r->p + r->pos, take);
  r->pos += take;
  if (take == n || r->f == NULL)
    return take;
  r->base += r->len; /* the window is used up */
  r->len = r->pos = 0;
  got = fread(dst + take, 1, n - take, r->f);
  r->base += got;
  return take + got;
}

static void skip_space_and_comments(struct data_reader *r)
{
  for (;;) {
    int c = peek(r);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      get(r);
    } else if (c == '-' && peek_at(r, 1) == '-') {
      while ((c = get(r)) >= 0 && c != '\n')
        ;
    } else {
      return;
    }
  }
}

static int fail_at(struct data_reader *r, struct ps_err *e, uint64_t off, const char *what)
{
  return ps_fail(e, "%s: byte %llu: %s", r->name, (unsigned long long)off, what);
}

/* ---- binary values ---- */

/* The 7-byte header: version, rank, type tag; then the dimensions. */
static int read_binary_header(struct data_reader *r, struct data_value *v, uint64_t start,
                              struct ps_err *e)
{
  unsigned char hdr[7];
  char msg[200];
  int i;
  if (read_bulk(r, hdr, 7) != 7)
    return fail_at(r, e, start, "truncated binary header (needs 7 bytes)");
  if (hdr[1] != 2) {
    snprintf(msg, sizeof msg, "unsupported binary format version %u (expected 2)", hdr[1]);
    return fail_at(r, e, start + 1, msg);
  }
  if (hdr[2] > DATA_MAX_RANK) {
    snprintf(msg, sizeof msg, "rank %d is out of range (0 to %d)", hdr[2], DATA_MAX_RANK);
    return fail_at(r, e, start + 2, msg);
  }
  for (i = 0; i < DATA_NTYPES; i++)
    if (memcmp(hdr + 3, types[i].tag, 4) == 0)
      break;
  if (i == DATA_NTYPES) {
    char tag[5];
    for (int k = 0; k < 4; k++)
      tag[k] = hdr[3 + k] >= 32 && hdr[3 + k] < 127 ? (char)hdr[3 + k] : '?';
    tag[4] = '\0';
    snprintf(msg, sizeof msg, "unknown type tag \"%s\"", tag);
    return fail_at(r, e, start + 3, msg);
  }
  v->type = (enum data_type)i;
  v->rank = hdr[2];
  v->elems = NULL;
  for (i = 0; i < v->rank; i++) {
    unsigned char d[8];
    if (read_bulk(r, d, 8) != 8)
      return fail_at(r, e, start + 7 + 8 * (uint64_t)i, "truncated binary header (dimensions)");
    memcpy(&v->shape[i], d, 8);
    if (v->shape[i] < 0) {
      snprintf(msg, sizeof msg, "dimension %d is negative (%lld)", i, (long long)v->shape[i]);
      return fail_at(r, e, start + 7 + 8 * (uint64_t)i, msg);
    }
  }
  return 0;
}

/* Read `bytes` of payload into a new buffer (*dst) from a pipe, growing it as
** data arrives, never trusting the header alone; the bytes read, or
** (size_t)-1 when out of memory (message in e). */
static size_t read_growing(struct data_reader *r, size_t bytes, unsigned char **dst, struct ps_err *e)
{
  size_t cap = 0, got = 0;
  while (got < bytes) {
    size_t want = cap == 0 ? (bytes < (1u << 20) ? bytes : (1u << 20)) : cap * 2, n;
    unsigned char *nd;
    if (want > bytes)
      want = bytes;
    if ((nd = realloc(*dst, want)) == NULL) {
      free(*dst);
      *dst = NULL;
      r->oom = 1;
      ps_fail(e, "%s: out of memory reading %zu bytes", r->name, want);
      return (size_t)-1;
    }
    *dst = nd;
    cap = want;
    n = read_bulk(r, *dst + got, cap - got);
    got += n;
    if (got < cap)
      break;
  }
  return got;
}

static int read_binary(struct data_reader *r, struct data_value *v, struct ps_err *e)
{
  uint64_t start = offset(r);
  size_t bytes, got;
  unsigned char *dst = NULL;
  char msg[200];
  if (read_binary_header(r, v, start, e) != 0)
    return -1;
  if (data_value_bytes(v, &bytes) != 0 || bytes > (size_t)INT64_MAX)
    return fail_at(r, e, start + 7, "array size overflows 64 bits");
  if (r->size >= 0 && (uint64_t)bytes > (uint64_t)r->size - offset(r)) {
    snprintf(msg, sizeof msg, "header claims %zu bytes of elements but only %llu remain", bytes,
             (unsigned long long)((uint64_t)r->size - offset(r)));
    return fail_at(r, e, start, msg);
  }
  if (bytes == 0)
    return 1;
  if (r->size >= 0) { /* a file: its size was checked above */
    if ((dst = malloc(bytes)) == NULL) {
      r->oom = 1;
      return ps_fail(e, "%s: out of memory reading %zu bytes", r->name, bytes);
    }
    got = read_bulk(r, dst, bytes);
  } else if ((got = read_growing(r, bytes, &dst, e)) == (size_t)-1) {
    return -1;
  }
  if (got != bytes) {
    free(dst);
    snprintf(msg, sizeof msg, "truncated payload: expected %zu bytes of elements, got %zu", bytes,
             got);
    return fail_at(r, e, start, msg);
  }
  v->elems = dst;
  return 1;
}

/* ---- text values ---- */

/* Longest scalar literal token, NUL included. */
#define LIT_TOKEN_MAX 160

/* A lexed scalar literal. */
struct lit {
  enum { LIT_INT, LIT_FLOAT, LIT_BOOL } kind;
  int type;         /* explicit type from a suffix or name, or -1 */
  int neg;          /* leading '-' */
  uint64_t mag;     /* LIT_INT magnitude; LIT_BOOL value */
  double special;   /* LIT_FLOAT: nan or inf when text is empty */
  char text[LIT_TOKEN_MAX + 1]; /* LIT_FLOAT: decimal text without '_', with the sign */
  uint64_t off, line, col;
};

struct tstate {
  struct data_reader *r;
  struct ps_err *e;
  int type;          /* element type, -1 until the first scalar */
  int rank;          /* -1 until known */
  int64_t shape[DATA_MAX_RANK];
  int shape_set[DATA_MAX_RANK];
  unsigned char *data;
  size_t len, cap;
};

/* A text error names the source, line and column and the problem, never
** the input's own text past one punctuation character: a suite may name any
** file (/proc/self/environ, a key), and errors go into results files. A
** word is described by its class. */
#define WORD_CLASS "letters, digits, '_', '.'"

static int fail_text(struct tstate *s, uint64_t line, uint64_t col, const char *fmt, ...)
  PS_PRINTF(4, 5);

static int fail_text(struct tstate *s, uint64_t line, uint64_t col, const char *fmt, ...)
{
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return ps_fail(s->e, "%s:%llu:%llu: %s", s->r->name, (unsigned long long)line,
                 (unsigned long long)col, msg);
}

static int is_word(int c)
{
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         c == '.';
}

/* Parse a suffix like "i32" at s (may be empty). */
static int parse_suffix(const char *s, int *type)
{
  enum data_type t;
  if (*s == '\0') {
    *type = -1;
    return 0;
  }
  if (data_type_parse(s, strlen(s), &t) != 0 || t == DATA_BOOL)
    return -1;
  *type = (int)t;
  return 0;
}

/* Read a literal's characters into tok (at most LIT_TOKEN_MAX - 1); their count. */
static size_t lex_token(struct data_reader *r, char *tok)
{
  size_t n = 0;
  int c;
  while ((c = peek(r)) >= 0 && n + 1 < LIT_TOKEN_MAX) {
    int prev = n > 0 ? tok[n - 1] : 0;
    int hex = n > 1 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X');
    if (is_word(c) || ((c == '+' || c == '-') && (prev == 'e' || prev == 'E') && !hex &&
                       tok[0] >= '0' && tok[0] <= '9'))
      tok[n++] = (char)get(r);
    else
      break;
  }
  tok[n] = '\0';
  return n;
}

/* true, false, f16.nan, f32.inf, ...: 1 when tok is one (l filled), else 0. */
static int lex_named(const char *tok, struct lit *l)
{
  enum data_type t;
  if (!l->neg && (strcmp(tok, "true") == 0 || strcmp(tok, "false") == 0)) {
    l->kind = LIT_BOOL;
    l->type = DATA_BOOL;
    l->mag = tok[0] == 't';
    return 1;
  }
  if (tok[0] == 'f' && strlen(tok) == 7 && tok[3] == '.' && data_type_parse(tok, 3, &t) == 0 &&
      data_type_is_float(t) && (strcmp(tok + 4, "nan") == 0 || strcmp(tok + 4, "inf") == 0)) {
    l->kind = LIT_FLOAT;
    l->type = (int)t;
    l->special = tok[4] == 'n' ? NAN : (l->neg ? -INFINITY : INFINITY);
    return 1;
  }
  return 0;
}

/* 0x... or 0b... integers, '_' allowed between digits. */
static int lex_based(struct tstate *s, const char *tok, struct lit *l)
{
  unsigned base = (tok[1] == 'x' || tok[1] == 'X') ? 16 : 2;
  const char *p = tok + 2;
  int nd = 0;
  for (;; p++) {
    unsigned d;
    if (*p == '_')
      continue;
    if (*p >= '0' && *p <= '9')
      d = (unsigned)(*p - '0');
    else if (base == 16 && *p >= 'a' && *p <= 'f')
      d = (unsigned)(*p - 'a' + 10);
    else if (base == 16 && *p >= 'A' && *p <= 'F')
      d = (unsigned)(*p - 'A' + 10);
    else
      break;
    if (d >= base)
      break;
    if (l->mag > (UINT64_MAX - d) / base)
      return fail_text(s, l->line, l->col, "integer literal too large (%zu characters)", strlen(tok));
    l->mag = l->mag * base + d;
    nd++;
  }
  if (nd == 0 || parse_suffix(p, &l->type) != 0 || (l->type >= 0 && data_type_is_float((enum data_type)l->type)))
    return fail_text(s, l->line, l->col, "malformed integer literal (%s)", WORD_CLASS);
  l->kind = LIT_INT;
  return 0;
}

/* Copy decimal digits and '_' (dropped) from *p to *t. */
static void copy_digits(const char **p, char **t, int underscores)
{
  while ((**p >= '0' && **p <= '9') || (underscores && **p == '_')) {
    if (**p != '_')
      *(*t)++ = **p;
    (*p)++;
  }
}

/* Decimal integers and floats: digits, an optional fraction and exponent, a suffix. */
static int lex_decimal(struct tstate *s, const char *tok, struct lit *l)
{
  const char *p = tok;
  char *t = l->text;
  int isfloat = 0, ok = 1;
  if (l->neg)
    *t++ = '-';
  copy_digits(&p, &t, 1);
  if (*p == '.') {
    isfloat = 1;
    *t++ = *p++;
    ok = *p >= '0' && *p <= '9';
    copy_digits(&p, &t, 1);
  }
  if (*p == 'e' || *p == 'E') {
    isfloat = 1;
    *t++ = *p++;
    if (*p == '+' || *p == '-')
      *t++ = *p++;
    ok = ok && *p >= '0' && *p <= '9';
    copy_digits(&p, &t, 0);
  }
  *t = '\0';
  if (!ok || parse_suffix(p, &l->type) != 0)
    return fail_text(s, l->line, l->col, "malformed number (%s)", WORD_CLASS);
  if (l->type >= 0 && data_type_is_float((enum data_type)l->type))
    isfloat = 1;
  if (isfloat && l->type >= 0 && !data_type_is_float((enum data_type)l->type))
    return fail_text(s, l->line, l->col, "a float literal cannot have type %s", types[l->type].name);
  l->kind = isfloat ? LIT_FLOAT : LIT_INT;
  l->special = 0;
  for (const char *q = l->text + l->neg; !isfloat && *q; q++) {
    unsigned d = (unsigned)(*q - '0');
    if (l->mag > (UINT64_MAX - d) / 10)
      return fail_text(s, l->line, l->col, "integer literal too large (%zu characters)", strlen(tok));
    l->mag = l->mag * 10 + d;
  }
  return 0;
}

static int lex_scalar(struct tstate *s, struct lit *l)
{
  struct data_reader *r = s->r;
  char tok[LIT_TOKEN_MAX];
  size_t n;
  int c;
  l->off = offset(r);
  l->line = r->line;
  l->col = r->col;
  l->neg = 0;
  l->type = -1;
  l->mag = 0;
  l->text[0] = '\0';
  if (peek(r) == '-') {
    get(r);
    l->neg = 1;
  }
  if ((n = lex_token(r, tok)) == 0) {
    c = peek(r);
    if (c < 0)
      return fail_text(s, r->line, r->col, "unexpected end of input, expected a value");
    return fail_text(s, r->line, r->col, "unexpected character '%c', expected a value",
                     c >= 32 && c < 127 ? c : '?');
  }
  if (n + 1 >= sizeof tok)
    return fail_text(s, l->line, l->col, "literal too long");
  if (lex_named(tok, l))
    return 0;
  if (tok[0] < '0' || tok[0] > '9')
    return fail_text(s, l->line, l->col, "a word (%s) is not a value", WORD_CLASS);
  if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X' || tok[1] == 'b' || tok[1] == 'B'))
    return lex_based(s, tok, l);
  return lex_decimal(s, tok, l);
}

static int default_type(const struct lit *l)
{
  if (l->type >= 0)
    return l->type;
  return l->kind == LIT_INT ? DATA_I32 : l->kind == LIT_FLOAT ? DATA_F64 : DATA_BOOL;
}

/* Convert a literal to element type t and append it to s->data. */
static int store_lit(struct tstate *s, const struct lit *l, enum data_type t)
{
  unsigned char el[8];
  size_t sz = types[t].size;
  if (l->type >= 0 && l->type != (int)t)
    return fail_text(s, l->line, l->col, "%s literal in a value of type %s", types[l->type].name,
                     types[t].name);
  if (t == DATA_BOOL) {
    if (l->kind != LIT_BOOL)
      return fail_text(s, l->line, l->col, "expected true or false");
    el[0] = (unsigned char)l->mag;
  } else if (data_type_is_float(t)) {
    double d;
    float f;
    if (l->kind == LIT_BOOL)
      return fail_text(s, l->line, l->col, "boolean in a value of type %s", types[t].name);
    if (l->kind == LIT_FLOAT && l->text[0] == '\0')
      d = l->special;
    else if (l->text[0] != '\0')
      d = t == DATA_F64 ? strtod(l->text, NULL) : (double)strtof(l->text, NULL);
    else
      d = l->neg ? -(double)l->mag : (double)l->mag; /* hex or binary integer */
    if (t == DATA_F64) {
      memcpy(el, &d, 8);
    } else if (t == DATA_F32) {
      f = (float)d;
      memcpy(el, &f, 4);
    } else {
      uint16_t h = data_float_to_half((float)d);
      memcpy(el, &h, 2);
    }
  } else {
    unsigned bits = (unsigned)sz * 8;
    uint64_t lim;
    if (l->kind != LIT_INT)
      return fail_text(s, l->line, l->col, "expected an integer of type %s", types[t].name);
    if (data_type_is_signed(t)) {
      lim = (uint64_t)1 << (bits - 1); /* |min| */
      if ((!l->neg && l->mag > lim - 1) || (l->neg && l->mag > lim))
        return fail_text(s, l->line, l->col, "integer out of range for %s", types[t].name);
    } else {
      lim = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
      if (l->mag > lim || (l->neg && l->mag != 0))
        return fail_text(s, l->line, l->col, "integer out of range for %s", types[t].name);
    }
    {
      uint64_t u = l->neg ? (uint64_t)0 - l->mag : l->mag; /* two's complement */
      memcpy(el, &u, sz);                                 /* little-endian low bytes */
    }
  }
  if (s->len + sz > s->cap) {
    size_t ncap = s->cap ? s->cap * 2 : 256;
    unsigned char *nd = realloc(s->data, ncap);
    if (nd == NULL) {
      s->r->oom = 1;
      return ps_fail(s->e, "%s: out of memory", s->r->name);
    }
    s->data = nd;
    s->cap = ncap;
  }
  memcpy(s->data + s->len, el, sz);
  s->len += sz;
  return 0;
}

static int parse_scalar(struct tstate *s)
{
  struct lit l;
  if (lex_scalar(s, &l) != 0)
    return -1;
  if (s->type < 0)
    s->type = default_type(&l);
  return store_lit(s, &l, (enum data_type)s->type);
}

static int parse_array(struct tstate *s, int d)
{
  struct data_reader *r = s->r;
  uint64_t line = r->line, col = r->col;
  int64_t n = 0;
  int c;
  if (d >= DATA_MAX_RANK)
    return fail_text(s, line, col, "array nesting deeper than %d", DATA_MAX_RANK);
  get(r); /* '[' */
  for (;;) {
    skip_space_and_comments(r);
    c = peek(r);
    if (c == ']') {
      get(r);
      break;
    }
    if (n > 0) {
      if (c != ',')
        return fail_text(s, r->line, r->col, c < 0 ? "unexpected end of input in array"
                                                   : "expected ',' or ']' in array");
      get(r);
      skip_space_and_comments(r);
      if (peek(r) == ']') { /* trailing comma */
        get(r);
        break;
      }
    }
    c = peek(r);
    if (s->rank < 0 && c != '[')
      s->rank = d + 1;
    if (s->rank < 0 || d + 1 < s->rank) {
      if (c != '[')
        return fail_text(s, r->line, r->col, "irregular array: expected a nested array");
      if (parse_array(s, d + 1) != 0)
        return -1;
    } else {
      if (c == '[')
        return fail_text(s, r->line, r->col, "irregular array: unexpected nested array");
      if (parse_scalar(s) != 0)
        return -1;
    }
    n++;
  }
  if (n == 0)
    return fail_text(s, line, col, "empty array literal; write empty([0]TYPE)");
  if (s->shape_set[d] && s->shape[d] != n)
    return fail_text(s, line, col, "irregular array: %lld elements where %lld were expected",
                     (long long)n, (long long)s->shape[d]);
  s->shape[d] = n;
  s->shape_set[d] = 1;
  return 0;
}

static int parse_empty(struct tstate *s, struct data_value *v)
{
  struct data_reader *r = s->r;
  uint64_t line = r->line, col = r->col;
  char word[8];
  int n = 0, rank = 0, zero = 0;
  enum data_type t;
  while (n < 6 && is_word(peek(r)))
    word[n++] = (char)get(r);
  word[n] = '\0';
  skip_space_and_comments(r);
  if (strcmp(word, "empty") != 0 || get(r) != '(')
    return fail_text(s, line, col, "a word (%s) is not a value", WORD_CLASS);
  for (;;) {
    int64_t dim = 0;
    int nd = 0;
    skip_space_and_comments(r);
    if (peek(r) != '[')
      break;
    get(r);
    while (peek(r) >= '0' && peek(r) <= '9') {
      int dg = get(r) - '0';
      if (dim > (INT64_MAX - dg) / 10)
        return fail_text(s, r->line, r->col, "dimension too large");
      dim = dim * 10 + dg;
      nd++;
    }
    if (nd == 0 || get(r) != ']')
      return fail_text(s, r->line, r->col, "malformed dimension in empty(...)");
    if (rank >= DATA_MAX_RANK)
      return fail_text(s, r->line, r->col, "too many dimensions");
    s->shape[rank++] = dim;
    zero |= dim == 0;
  }
  n = 0;
  while (n < 5 && is_word(peek(r)))
    word[n++] = (char)get(r);
  word[n] = '\0';
  if (data_type_parse(word, (size_t)n, &t) != 0)
    return fail_text(s, r->line, r->col, "unknown element type in empty(...)");
  skip_space_and_comments(r);
  if (get(r) != ')')
    return fail_text(s, r->line, r->col, "expected ')' after empty(...)");
  if (rank == 0 || !zero)
    return fail_text(s, line, col, "empty(...) needs a dimension that is 0");
  v->type = t;
  v->rank = rank;
  memcpy(v->shape, s->shape, (size_t)rank * sizeof s->shape[0]);
  v->elems = NULL;
  return 1;
}

static int read_text(struct data_reader *r, struct data_value *v, struct ps_err *e)
{
  struct tstate *s = calloc(1, sizeof *s);
  int c = peek(r), rc = -1;
  if (s == NULL) {
    r->oom = 1;
    return ps_fail(e, "%s: out of memory", r->name);
  }
  s->r = r;
  s->e = e;
  s->type = -1;
  s->rank = -1;
  if (c == 'e') {
    rc = parse_empty(s, v);
    goto done;
  }
  if (c == '[') {
    if (parse_array(s, 0) != 0)
      goto done;
  } else {
    s->rank = 0;
    if (parse_scalar(s) != 0)
      goto done;
  }
  v->type = (enum data_type)s->type;
  v->rank = s->rank;
  memcpy(v->shape, s->shape, (size_t)s->rank * sizeof s->shape[0]);
  v->elems = s->data;
  s->data = NULL;
  rc = 1;
done:
  free(s->data);
  free(s);
  return rc;
}

int data_reader_oom(const struct data_reader *r)
{
  return r->oom;
}

int data_read(struct data_reader *r, struct data_value *v, struct ps_err *e)
{
  int c;
  r->oom = 0;
  v->elems = NULL;
  v->rank = 0;
  skip_space_and_comments(r);
  c = peek(r);
  if (c < 0) {
    if (r->f != NULL && ferror(r->f))
      return ps_fail(e, "%s: read error: %s", r->name, strerror(errno));
    return 0;
  }
  if (c == 'b')
    return read_binary(r, v, e);
  return read_text(r, v, e);
}
