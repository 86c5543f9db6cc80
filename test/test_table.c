/*
** test_table.c: the one markdown and CSV cell writer (table.h): '|', '\',
** line breaks and other control characters, non-ASCII names passed through,
** bytes that are not UTF-8 replaced; RFC 4180 quoting; and, on random bytes,
** that a markdown cell is valid UTF-8 without a control character or a pipe
** that could end it.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ps.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What fn writes for s, into a new string (the caller frees). */
static char *written(void (*fn)(FILE *, const char *), const char *s)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  fn(f, s);
  assert_int_equal(fclose(f), 0);
  return buf;
}

static void expect(void (*fn)(FILE *, const char *), const char *s, const char *want)
{
  char *got = written(fn, s);
  assert_string_equal(got, want);
  free(got);
}

static void md_text(void **state)
{
  (void)state;
  expect(table_md_text, "plain [1000]i32", "plain [1000]i32");
  expect(table_md_text, "a|b||c", "a\\|b\\|\\|c");
  expect(table_md_text, "back\\slash \\|", "back\\\\slash \\\\\\|"); /* '\' and '|' both escaped */
  expect(table_md_text, "line\nbreak\r\nand\ttab", "line break  and tab");
  expect(table_md_text, "bell\a del\x7f nul-free", "bell  del  nul-free");
  expect(table_md_text, "é ü 日本 😀 ×", "é ü 日本 😀 ×");            /* non-ASCII as it is */
  expect(table_md_text, "c1\xc2\x85 nbsp\xc2\xa0", "c1  nbsp\xc2\xa0"); /* U+0085 a control, U+00A0 not */
  expect(table_md_text, "bad\xff", "bad\xef\xbf\xbd");                 /* not UTF-8: U+FFFD */
  expect(table_md_text, "cut \xc3", "cut \xef\xbf\xbd");               /* a character cut short */
  expect(table_md_text, "overlong \xc0\xaf", "overlong \xef\xbf\xbd\xef\xbf\xbd");
  expect(table_md_text, "surrogate \xed\xa0\x80", "surrogate \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
  expect(table_md_text, "", "");
  expect(table_md_text, NULL, "");
}

static void md_table(FILE *f, const char *unused)
{
  (void)unused;
  table_md_head(f, 3, (const char *const[]){"Program", "Dataset", "Mean"}, "llr");
  table_md_row(f, 3, (const char *const[]){"p|q", "é\nx", "1.5"});
  table_md_row(f, 3, (const char *const[]){NULL, "", "**slower**"});
}

static void md_rows(void **state)
{
  (void)state;
  expect(md_table, NULL, "| Program | Dataset | Mean |\n|---|---|---:|\n"
                         "| p\\|q | é x | 1.5 |\n"
                         "|  |  | **slower** |\n");
}

static void csv_field(void **state)
{
  (void)state;
  expect(table_csv_field, "plain", "plain");
  expect(table_csv_field, "a,b", "\"a,b\"");
  expect(table_csv_field, "say \"hi\"", "\"say \"\"hi\"\"\"");
  expect(table_csv_field, "line\nbreak", "\"line\nbreak\"");
  expect(table_csv_field, "cr\rhere", "\"cr\rhere\"");
  expect(table_csv_field, "pipe|é", "pipe|é"); /* nothing else is special in CSV */
  expect(table_csv_field, "bad\xff,", "\"bad\xef\xbf\xbd,\"");
  expect(table_csv_field, "", "");
  expect(table_csv_field, NULL, "");
}

static void csv_records(FILE *f, const char *unused)
{
  (void)unused;
  table_csv_row(f, 4, (const char *const[]){"a", "b,c", NULL, "d\"e"});
  table_csv_row(f, 1, (const char *const[]){"x"});
}

static void csv_row(void **state)
{
  (void)state;
  expect(csv_records, NULL, "a,\"b,c\",,\"d\"\"e\"\r\nx\r\n");
}

/* Whether the '|' at md[i] is escaped: an odd number of backslashes before it. */
static int escaped(const char *md, size_t i)
{
  size_t k = 0;
  while (k < i && md[i - 1 - k] == '\\')
    k++;
  return k % 2 == 1;
}

static void md_random_bytes(void **state)
{
  uint64_t x = 0x9e3779b97f4a7c15u;
  (void)state;
  for (int round = 0; round < 2000; round++) {
    char s[24], *md;
    size_t n = (size_t)(round % 23), len;
    for (size_t i = 0; i < n; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      s[i] = (char)(round % 3 == 0 ? "|\\\n\r\t a\xc3\xa9\xff\xc2\x85"[x % 13] : (int)(x % 255) + 1);
    }
    s[n] = '\0';
    md = written(table_md_text, s);
    len = strlen(md);
    assert_int_equal(ps_utf8_invalid(md, len), len);
    for (size_t i = 0; i < len; i++) {
      unsigned char c = (unsigned char)md[i];
      assert_false(c < 0x20 || c == 0x7f);
      assert_false(c == 0xc2 && i + 1 < len && (unsigned char)md[i + 1] < 0xa0);
      if (c == '|')
        assert_true(escaped(md, i));
    }
    free(md);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(md_text),
    cmocka_unit_test(md_rows),
    cmocka_unit_test(csv_field),
    cmocka_unit_test(csv_row),
    cmocka_unit_test(md_random_bytes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
