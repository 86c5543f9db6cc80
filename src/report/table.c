/*
** table.c: markdown and CSV cells by one rule (table.h).
*/
#include "table.h"

#include "ps.h"

#include <stdio.h>
#include <string.h>

#define REPLACEMENT "\xEF\xBF\xBD" /* U+FFFD, for a byte that is not UTF-8 */

/* How markdown writes the character of n bytes at s (n 0: a stray byte):
** NULL as it is, else what stands for it. */
static const char *md_form(const char *s, int n)
{
  unsigned char c = (unsigned char)s[0];
  const char *form = NULL;
  if (n == 0)
    form = REPLACEMENT;
  else if (c == '|')
    form = "\\|";
  else if (c == '\\')
    form = "\\\\";
  else if (c < 0x20 || c == 0x7F || (n == 2 && c == 0xC2 && (unsigned char)s[1] < 0xA0))
    form = " "; /* C0, DEL and C1 (U+0080 to U+009F) controls */
  return form;
}

void table_md_text(FILE *f, const char *s)
{
  size_t len = s != NULL ? strlen(s) : 0;
  for (size_t i = 0; i < len;) {
    int n = ps_utf8_len(s + i, len - i);
    const char *form = md_form(s + i, n);
    if (form != NULL)
      fputs(form, f);
    else
      fwrite(s + i, 1, (size_t)n, f);
    i += n > 0 ? (size_t)n : 1;
  }
}

void table_md_head(FILE *f, int n, const char *const *names, const char *align)
{
  table_md_row(f, n, names);
  for (int i = 0; i < n; i++)
    fputs(align[i] == 'r' ? "|---:" : "|---", f);
  fputs("|\n", f);
}

void table_md_row(FILE *f, int n, const char *const *cells)
{
  fputc('|', f);
  for (int i = 0; i < n; i++) {
    fputc(' ', f);
    table_md_text(f, cells[i]);
    fputs(" |", f);
  }
  fputc('\n', f);
}

void table_csv_field(FILE *f, const char *s)
{
  size_t len = s != NULL ? strlen(s) : 0;
  int quote = len > 0 && strpbrk(s, ",\"\r\n") != NULL;
  if (quote)
    fputc('"', f);
  for (size_t i = 0; i < len;) {
    int n = ps_utf8_len(s + i, len - i);
    if (n == 0)
      fputs(REPLACEMENT, f);
    else if (s[i] == '"')
      fputs("\"\"", f);
    else
      fwrite(s + i, 1, (size_t)n, f);
    i += n > 0 ? (size_t)n : 1;
  }
  if (quote)
    fputc('"', f);
}

void table_csv_row(FILE *f, int n, const char *const *fields)
{
  for (int i = 0; i < n; i++) {
    if (i > 0)
      fputc(',', f);
    table_csv_field(f, fields[i]);
  }
  fputs("\r\n", f);
}

/* The terminal's form of the character of n bytes at s (n 0: a stray byte)
** into out: "\\xNN" per byte of a control character or stray byte, else the
** character; its length. */
static size_t term_form(const char *s, int n, char *out)
{
  unsigned char c = (unsigned char)s[0];
  if (n == 0 || c < 0x20 || c == 0x7F)
    return (size_t)sprintf(out, "\\x%02x", c);
  if (n == 2 && c == 0xC2 && (unsigned char)s[1] < 0xA0)
    return (size_t)sprintf(out, "\\x%02x\\x%02x", c, (unsigned char)s[1]);
  memcpy(out, s, (size_t)n);
  return (size_t)n;
}

const char *table_term(const char *s, char *buf, size_t n)
{
  size_t len = s != NULL ? strlen(s) : 0, used = 0;
  if (n == 0)
    return buf;
  for (size_t i = 0; i < len;) {
    char form[16];
    int k = ps_utf8_len(s + i, len - i);
    size_t f = term_form(s + i, k, form);
    if (used + f >= n)
      break;
    memcpy(buf + used, form, f);
    used += f;
    i += k > 0 ? (size_t)k : 1;
  }
  buf[used] = '\0';
  return buf;
}

void table_term_text(FILE *f, const char *s)
{
  size_t len = s != NULL ? strlen(s) : 0;
  for (size_t i = 0; i < len;) {
    char form[16];
    int k = ps_utf8_len(s + i, len - i);
    fwrite(form, 1, term_form(s + i, k, form), f);
    i += k > 0 ? (size_t)k : 1;
  }
}
