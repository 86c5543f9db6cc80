/*
** svg.c: SVG elements, with XML escaping of all text.
*/
#include "svg.h"

#include <stdarg.h>
#include <string.h>

/* s as XML character data: markup escaped, control characters as '?', and
** bytes that are not UTF-8 as U+FFFD, so that the document stays well-formed
** whatever the names in a results file hold or wherever a buffer cut them. */
void svg_escaped(FILE *f, const char *s)
{
  const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
  while (*p) {
    int n = ps_utf8_len((const char *)p, (size_t)(end - p));
    if (n == 3 && p[0] == 0xEF && p[1] == 0xBF && p[2] >= 0xBE)
      n = 0; /* U+FFFE and U+FFFF are not XML characters */
    switch (n == 1 ? *p : 0) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    default:
      if (n == 0)
        fputs("\xEF\xBF\xBD", f); /* U+FFFD */
      else if (n == 1 && *p < 0x20 && *p != '\t' && *p != '\n')
        fputc('?', f); /* control characters are not allowed in XML 1.0 */
      else
        fwrite(p, 1, (size_t)n, f);
    }
    p += n == 0 ? 1 : n;
  }
}

const char *const svg_palette[SVG_PALETTE_N] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                                "#56B4E9", "#D55E00", "#999933", "#000000"};

void svg_begin(FILE *f, double w, double h)
{
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
             "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
             "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n",
          w, h, w, h, w, h);
}

void svg_begin_inline(FILE *f, double w, double h, const char *label)
{
  fprintf(f, "<svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"", w, h, w, h);
  svg_escaped(f, label);
  fprintf(f, "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
             "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", w, h);
}

void svg_end(FILE *f)
{
  fputs("</svg>\n", f);
}

void svg_group_begin(FILE *f, const char *tooltip)
{
  fputs("<g><title>", f);
  svg_escaped(f, tooltip);
  fputs("</title>\n", f);
}

void svg_group_end(FILE *f)
{
  fputs("</g>\n", f);
}

void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill, const char *stroke)
{
  fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" stroke=\"%s\"/>\n",
          x, y, w < 0 ? 0 : w, h < 0 ? 0 : h, fill ? fill : "none", stroke ? stroke : "none");
}

void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke, double width)
{
  fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"%.2f\"/>\n",
          x1, y1, x2, y2, stroke, width);
}

void svg_line_dashed(FILE *f, double x1, double y1, double x2, double y2, const char *stroke, double width)
{
  fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"%.2f\" "
          "stroke-dasharray=\"5,3\"/>\n", x1, y1, x2, y2, stroke, width);
}

void svg_circle(FILE *f, double cx, double cy, double r, const char *fill, double opacity)
{
  fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\" fill-opacity=\"%.2f\"/>\n", cx,
          cy, r, fill, opacity);
}

void svg_text(FILE *f, double x, double y, enum svg_anchor a, double size, int bold,
              const char *fill, const char *fmt, ...)
{
  static const char *const anchors[] = {"start", "middle", "end"};
  char buf[1024];
  va_list ap;
  size_t n, last;
  int got;
  va_start(ap, fmt);
  got = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (got < 0) /* an encoding error: C11 leaves buf unspecified */
    buf[0] = '\0';
  n = got < 0 ? 0 : (size_t)got;
  if (n >= sizeof buf) { /* cut short: drop a character the cut split */
    n = strlen(buf);
    for (last = n; last > 0 && ((unsigned char)buf[last - 1] & 0xC0) == 0x80; last--)
      ;
    if (last > 0 && ps_utf8_len(buf + last - 1, n - (last - 1)) == 0)
      buf[last - 1] = '\0';
  }
  fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\" font-size=\"%.1f\"%s fill=\"%s\">", x,
          y, anchors[a], size, bold ? " font-weight=\"bold\"" : "", fill);
  svg_escaped(f, buf);
  fputs("</text>\n", f);
}
