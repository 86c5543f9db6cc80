/*
** plotgroup.c: names split and grouped for the figures (plotgroup.h).
*/
#include "plotgroup.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *plotgroup_entry(const char *prog)
{
  const char *c = strstr(prog, ":peer/");
  if (c == NULL)
    c = strrchr(prog, ':');
  return c != NULL ? c + 1 : prog;
}

void plotgroup_split(const char *prog, char *suite, size_t ssz, char *entry, size_t esz)
{
  const char *e = plotgroup_entry(prog);
  snprintf(suite, ssz, "%.*s", e > prog ? (int)(e - prog - 1) : 0, prog);
  snprintf(entry, esz, "%s", e);
}

void plotgroup_problem(const char *ds, char *buf, size_t size)
{
  size_t n = 0;
  const char *p = ds;
  if (size == 0)
    return;
  buf[0] = '\0';
  while (*p) {
    size_t len;
    while (*p == ' ')
      p++;
    len = strcspn(p, " ");
    if (len > 0 && *p == '[' && n + len + 2 <= size) {
      if (n > 0)
        buf[n++] = ' ';
      memcpy(buf + n, p, len);
      n += len;
      buf[n] = '\0';
    }
    p += len;
  }
  if (n == 0)
    snprintf(buf, size, "%s", ds);
}

void plotgroup_layout(const char *ds, char *buf, size_t size)
{
  const char *b = strchr(ds, '[');
  size_t len = b != NULL ? (size_t)(b - ds) : 0;
  while (len > 0 && ds[len - 1] == ' ')
    len--;
  snprintf(buf, size, "%.*s", (int)len, ds);
}

void plotgroup_us(double us, char *buf, size_t size)
{
  double a = fabs(us);
  snprintf(buf, size, "%.*f \u00b5s", a >= 99.95 ? 0 : a >= 9.995 ? 1 : 2, us);
}

double plotgroup_text_width(const char *text, double px)
{
  size_t chars = 0;
  for (const unsigned char *p = (const unsigned char *)text; *p; p++)
    chars += (*p & 0xC0) != 0x80;
  return (double)chars * px * 0.6;
}

void plotgroup_clip_middle(const char *s, size_t max, char *buf, size_t size)
{
  size_t len = strlen(s), head, tail;
  if (len <= max || max < 9 || size <= max) {
    snprintf(buf, size, "%.*s", (int)(len < size - 1 ? len : size - 1), s);
    return;
  }
  head = (max - 3) / 2;
  tail = max - 3 - head;
  while (head > 0 && ((unsigned char)s[head] & 0xC0) == 0x80)
    head--;
  while (tail > 0 && ((unsigned char)s[len - tail] & 0xC0) == 0x80)
    tail--;
  snprintf(buf, size, "%.*s...%s", (int)head, s, s + len - tail);
}
