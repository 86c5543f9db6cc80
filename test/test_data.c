/*
** test_data.c: the data format module: golden bytes, round trips of every
** type and rank, the text syntax, float printing, and malformed input.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "data.h"
#include "gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Write v with a writer into a memory buffer (caller frees). */
static char *to_mem(const struct data_value *v, int text, size_t *len)
{
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  struct ps_err e;
  assert_non_null(f);
  assert_int_equal(text ? data_write_text(f, v, &e) : data_write_binary(f, v, &e), 0);
  fclose(f);
  return buf;
}

/* Read exactly one value from memory; returns data_read's result. */
static int from_mem(const char *s, size_t len, struct data_value *v, struct ps_err *e)
{
  struct data_reader *r = data_reader_mem(s, len, "mem");
  int rc = data_read(r, v, e);
  data_reader_close(r);
  return rc;
}

static void golden_i32(void **state)
{
  static const unsigned char want[] = {0x62, 0x02, 0x01, 0x20, 0x69, 0x33, 0x32, 0x03, 0x00,
                                       0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
                                       0x00, 0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00};
  struct data_value v;
  struct ps_err e;
  size_t len;
  char *b;
  (void)state;
  assert_int_equal(from_mem("[1,2,3]", 7, &v, &e), 1);
  assert_int_equal(v.type, DATA_I32);
  b = to_mem(&v, 0, &len);
  assert_int_equal(len, sizeof want);
  assert_memory_equal(b, want, sizeof want);
  free(b);
  data_value_free(&v);
}

static void golden_f64_scalar(void **state)
{
  static const unsigned char want[] = {0x62, 0x02, 0x00, 0x20, 0x66, 0x36, 0x34, 0x00,
                                       0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x40};
  struct data_value v;
  struct ps_err e;
  size_t len;
  char *b;
  (void)state;
  assert_int_equal(from_mem("2.5f64", 6, &v, &e), 1);
  b = to_mem(&v, 0, &len);
  assert_int_equal(len, sizeof want);
  assert_memory_equal(b, want, sizeof want);
  free(b);
  data_value_free(&v);
}

/* The binary header of all 12 element types, pinned byte for byte (Futhark's
** format: 'b', version 2, rank, a 4-byte right-aligned tag, the shape as
** little-endian i64, then the elements), written and read back: a rank-1
** array holding the value 1 (true) of each type. */
static void golden_type_tags(void **state)
{
  static const struct {
    const char *text;
    enum data_type type;
    const char *tag;
    const char *elem;
    size_t esize;
  } g[] = {
    {"[1i8]", DATA_I8, "  i8", "\x01", 1},
    {"[1i16]", DATA_I16, " i16", "\x01\x00", 2},
    {"[1i32]", DATA_I32, " i32", "\x01\x00\x00\x00", 4},
    {"[1i64]", DATA_I64, " i64", "\x01\x00\x00\x00\x00\x00\x00\x00", 8},
    {"[1u8]", DATA_U8, "  u8", "\x01", 1},
    {"[1u16]", DATA_U16, " u16", "\x01\x00", 2},
    {"[1u32]", DATA_U32, " u32", "\x01\x00\x00\x00", 4},
    {"[1u64]", DATA_U64, " u64", "\x01\x00\x00\x00\x00\x00\x00\x00", 8},
    {"[1f16]", DATA_F16, " f16", "\x00\x3c", 2},
    {"[1f32]", DATA_F32, " f32", "\x00\x00\x80\x3f", 4},
    {"[1f64]", DATA_F64, " f64", "\x00\x00\x00\x00\x00\x00\xf0\x3f", 8},
    {"[true]", DATA_BOOL, "bool", "\x01", 1},
  };
  (void)state;
  for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
    unsigned char want[32];
    struct data_value v, back;
    struct ps_err e;
    size_t len;
    char *b;
    memcpy(want, "b\x02\x01", 3);
    memcpy(want + 3, g[i].tag, 4);
    memcpy(want + 7, "\x01\x00\x00\x00\x00\x00\x00\x00", 8);
    memcpy(want + 15, g[i].elem, g[i].esize);
    assert_int_equal(from_mem(g[i].text, strlen(g[i].text), &v, &e), 1);
    assert_int_equal(v.type, g[i].type);
    b = to_mem(&v, 0, &len);
    if (len != 15 + g[i].esize || memcmp(b, want, len) != 0)
      fail_msg("%s: binary bytes differ from the golden ones", g[i].text);
    assert_int_equal(from_mem((const char *)want, 15 + g[i].esize, &back, &e), 1);
    assert_int_equal(back.type, g[i].type);
    assert_int_equal(back.rank, 1);
    assert_memory_equal(back.elems, g[i].elem, g[i].esize);
    free(b);
    data_value_free(&v);
    data_value_free(&back);
  }
}

/* Every type, ranks 0 to 3, including empty arrays: binary and text round trips. */
static void roundtrip_all(void **state)
{
  static const int64_t shapes[][3] = {{0, 0, 0}, {5, 0, 0}, {3, 4, 0}, {2, 3, 2}, {0, 3, 0}, {2, 0, 3}};
  static const int ranks[] = {0, 1, 2, 3, 2, 3};
  struct gen_bounds b;
  (void)state;
  gen_bounds_default(&b);
  for (int t = 0; t < DATA_NTYPES; t++) {
    /* exercise values beyond [0,1] for floats, including negatives */
    b.lo[DATA_F16].f = b.lo[DATA_F32].f = b.lo[DATA_F64].f = -1e4;
    b.hi[DATA_F16].f = b.hi[DATA_F32].f = b.hi[DATA_F64].f = 1e4;
    for (size_t k = 0; k < sizeof ranks / sizeof ranks[0]; k++) {
      struct data_value v, w;
      struct ps_err e;
      size_t bytes, len;
      assert_int_equal(data_value_init(&v, (enum data_type)t, ranks[k], shapes[k], &e), 0);
      assert_int_equal(gen_fill(&v, 42 + k, &b, 0, 1, &e), 0);
      assert_int_equal(data_value_bytes(&v, &bytes), 0);
      for (int text = 0; text < 2; text++) {
        char *m = to_mem(&v, text, &len);
        assert_int_equal(from_mem(m, len, &w, &e), 1);
        assert_int_equal(w.type, v.type);
        assert_int_equal(w.rank, v.rank);
        for (int d = 0; d < v.rank; d++)
          assert_int_equal(w.shape[d], v.shape[d]);
        if (bytes > 0)
          assert_memory_equal(w.elems, v.elems, bytes);
        data_value_free(&w);
        free(m);
      }
      data_value_free(&v);
    }
  }
}

static void several_values_mixed(void **state)
{
  /* text, binary, text with comments and whitespace between */
  static const char bin[] = {'b', 2, 0, ' ', 'i', '1', '6', 0x34, 0x12};
  char buf[128];
  size_t n = 0;
  struct data_reader *r;
  struct data_value v;
  struct ps_err e;
  (void)state;
  n += (size_t)sprintf(buf, "-- a comment\n 7u8 \n");
  memcpy(buf + n, bin, sizeof bin);
  n += sizeof bin;
  n += (size_t)sprintf(buf + n, "\t[true, false] -- end\n");
  r = data_reader_mem(buf, n, "mixed");
  assert_int_equal(data_read(r, &v, &e), 1);
  assert_int_equal(v.type, DATA_U8);
  assert_int_equal(*(uint8_t *)v.elems, 7);
  data_value_free(&v);
  assert_int_equal(data_read(r, &v, &e), 1);
  assert_int_equal(v.type, DATA_I16);
  assert_int_equal(*(int16_t *)v.elems, 0x1234);
  data_value_free(&v);
  assert_int_equal(data_read(r, &v, &e), 1);
  assert_int_equal(v.type, DATA_BOOL);
  assert_int_equal(v.shape[0], 2);
  data_value_free(&v);
  assert_int_equal(data_read(r, &v, &e), 0);
  data_reader_close(r);
}

/* Parse text s, expect type and the text printed back. */
static void expect_text(const char *s, enum data_type t, const char *printed)
{
  struct data_value v;
  struct ps_err e = {{0}};
  size_t len;
  char *m;
  if (from_mem(s, strlen(s), &v, &e) != 1)
    fail_msg("parsing '%s' failed: %s", s, e.msg);
  assert_int_equal(v.type, t);
  m = to_mem(&v, 1, &len);
  m = realloc(m, len + 1);
  m[len] = '\0';
  if (strcmp(m, printed) != 0)
    fail_msg("'%s' printed as '%s', expected '%s'", s, m, printed);
  free(m);
  data_value_free(&v);
}

static void text_syntax(void **state)
{
  (void)state;
  expect_text("42", DATA_I32, "42i32\n");
  expect_text("-5i8", DATA_I8, "-5i8\n");
  expect_text("-128i8", DATA_I8, "-128i8\n");
  expect_text("255u8", DATA_U8, "255u8\n");
  expect_text("0xffu8", DATA_U8, "255u8\n");
  expect_text("0b101i64", DATA_I64, "5i64\n");
  expect_text("1_000_000", DATA_I32, "1000000i32\n");
  expect_text("18446744073709551615u64", DATA_U64, "18446744073709551615u64\n");
  expect_text("-9223372036854775808i64", DATA_I64, "-9223372036854775808i64\n");
  expect_text("1.5", DATA_F64, "1.5f64\n");
  expect_text("3f32", DATA_F32, "3.0f32\n");
  expect_text("0.5f32", DATA_F32, "0.5f32\n");
  expect_text("0.01f32", DATA_F32, "1.0e-2f32\n");
  expect_text("12345678f32", DATA_F32, "1.2345678e7f32\n");
  expect_text("0.1f64", DATA_F64, "0.1f64\n");
  expect_text("1e300", DATA_F64, "1.0e300f64\n");
  expect_text("-0.0f32", DATA_F32, "-0.0f32\n");
  expect_text("1234567.0", DATA_F64, "1234567.0f64\n");
  expect_text("f32.nan", DATA_F32, "f32.nan\n");
  expect_text("-f64.inf", DATA_F64, "-f64.inf\n");
  expect_text("[f16.inf, 1.5f16]", DATA_F16, "[f16.inf, 1.5f16]\n");
  expect_text("true", DATA_BOOL, "true\n");
  expect_text("[1u16, 2, 3,]", DATA_U16, "[1u16, 2u16, 3u16]\n");
  expect_text("[1.0f32, 2]", DATA_F32, "[1.0f32, 2.0f32]\n");
  expect_text("[[1,2],[3,4]]", DATA_I32, "[[1i32, 2i32],\n[3i32, 4i32]]\n");
  expect_text("[ -- comment\n [1] , [2]\n]", DATA_I32, "[[1i32],\n[2i32]]\n");
  expect_text("empty([0][3]i32)", DATA_I32, "empty([0][3]i32)\n");
  expect_text("empty( [2][0]f64 )", DATA_F64, "empty([2][0]f64)\n");
}

/* Parsing s must fail with a message containing every needle. */
static void expect_error(const char *s, size_t len, const char *needle1, const char *needle2)
{
  struct data_value v;
  struct ps_err e = {{0}};
  int rc = from_mem(s, len, &v, &e);
  if (rc != -1)
    fail_msg("'%.*s' should fail but gave %d", (int)(len > 40 ? 40 : len), s, rc);
  if (strstr(e.msg, needle1) == NULL || (needle2 && strstr(e.msg, needle2) == NULL))
    fail_msg("message '%s' lacks '%s' / '%s'", e.msg, needle1, needle2 ? needle2 : "");
}

static void text_errors(void **state)
{
  (void)state;
  expect_error("[1,2", 4, "mem:1:5", "end of input");
  expect_error("[[1,2],[3]]", 11, "irregular", "mem:1:8");
  expect_error("[[1,2],3]", 9, "irregular", NULL);
  expect_error("[]", 2, "empty array", NULL);
  expect_error("256u8", 5, "out of range", "mem:1:1");
  expect_error("-1u32", 5, "out of range", NULL);
  expect_error("128i8", 5, "out of range", NULL);
  expect_error("99999999999999999999", 20, "too large", NULL);
  expect_error("1.5i32", 6, "float literal", NULL);
  expect_error("[1i32, 2i64]", 12, "i64 literal in a value of type i32", "mem:1:8");
  expect_error("[1, 2.5]", 8, "expected an integer", NULL);
  expect_error("\n\n  hello", 9, "mem:3:3", "not a value");
  expect_error("@", 1, "unexpected character", NULL);
  expect_error("empty([3]i32)", 13, "needs a dimension that is 0", NULL);
  expect_error("empty([0]x32)", 13, "unknown element type", NULL);
  expect_error("1.e5", 4, "malformed", NULL);
  expect_error("12abc", 5, "malformed", NULL);
}

static void binary_errors(void **state)
{
  unsigned char b[64];
  (void)state;
  memcpy(b, "b\x02\x01 i32", 7);
  expect_error((char *)b, 3, "truncated binary header", "byte 0");
  b[1] = 3;
  expect_error((char *)b, 7, "version 3", "byte 1");
  b[1] = 2;
  memcpy(b + 3, " x32", 4);
  expect_error((char *)b, 7, "unknown type tag", "byte 3");
  memcpy(b + 3, " i32", 4);
  expect_error((char *)b, 7 + 4, "truncated binary header (dimensions)", "byte 7");
  { /* negative dimension */
    int64_t d = -1;
    memcpy(b + 7, &d, 8);
    expect_error((char *)b, 15, "negative", "byte 7");
  }
  { /* claims 2^60 elements: refused before any allocation */
    int64_t d = (int64_t)1 << 60;
    memcpy(b + 7, &d, 8);
    expect_error((char *)b, 15 + 8, "header claims", "remain");
  }
  { /* product of dimensions overflows */
    int64_t d = (int64_t)1 << 40;
    b[2] = 2;
    memcpy(b + 7, &d, 8);
    memcpy(b + 15, &d, 8);
    expect_error((char *)b, 23, "overflows", NULL);
  }
  { /* truncated payload */
    int64_t d = 3;
    b[2] = 1;
    memcpy(b + 7, &d, 8);
    memset(b + 15, 0, 8);
    expect_error((char *)b, 15 + 8, "header claims 12 bytes", "only 8 remain");
  }
}

/* Through a pipe the size is unknown: a lying header must end in a clean
** truncation error after reading what exists. */
static void binary_pipe_truncated(void **state)
{
  int fds[2];
  unsigned char hdr[15];
  int64_t d = (int64_t)1 << 40; /* 4 TiB of i32 claimed */
  struct data_reader *r;
  struct data_value v;
  struct ps_err e = {{0}};
  FILE *f;
  (void)state;
  assert_int_equal(pipe(fds), 0);
  memcpy(hdr, "b\x02\x01 i32", 7);
  memcpy(hdr + 7, &d, 8);
  assert_int_equal(write(fds[1], hdr, sizeof hdr), (ssize_t)sizeof hdr);
  assert_int_equal(write(fds[1], "abcdefgh", 8), 8);
  close(fds[1]);
  f = fdopen(fds[0], "rb");
  r = data_reader_file(f, "pipe");
  assert_int_equal(data_read(r, &v, &e), -1);
  assert_non_null(strstr(e.msg, "truncated payload"));
  assert_non_null(strstr(e.msg, "got 8"));
  data_reader_close(r);
  fclose(f);
}

static void half_roundtrip(void **state)
{
  (void)state;
  for (uint32_t h = 0; h < 65536; h++) {
    float f = data_half_to_float((uint16_t)h);
    if (isnan(f))
      continue;
    assert_int_equal(data_float_to_half(f), h);
  }
  assert_int_equal(data_float_to_half(65520.0f), 0x7c00); /* rounds to inf */
  assert_int_equal(data_float_to_half(65504.0f), 0x7bff);
  assert_int_equal(data_float_to_half(5.9604645e-8f), 0x0001);
  assert_true(data_half_to_float(0x3c00) == 1.0f);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(golden_i32),        cmocka_unit_test(golden_f64_scalar),
    cmocka_unit_test(golden_type_tags),
    cmocka_unit_test(roundtrip_all),     cmocka_unit_test(several_values_mixed),
    cmocka_unit_test(text_syntax),       cmocka_unit_test(text_errors),
    cmocka_unit_test(binary_errors),     cmocka_unit_test(binary_pipe_truncated),
    cmocka_unit_test(half_roundtrip),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
