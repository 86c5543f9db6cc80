/*
** svg.h: a small SVG writer: shapes and escaped text on a FILE, coordinates
** in pixels printed with two decimals, so equal input gives equal bytes.
*/
#ifndef svg_h
#define svg_h

#include "ps.h"

#include <stdio.h>

enum svg_anchor { SVG_START, SVG_MIDDLE, SVG_END };

/* Okabe-Ito colours, readable with colour-blindness; the last is black. */
#define SVG_PALETTE_N 8
extern const char *const svg_palette[SVG_PALETTE_N];

/* The document: width w and height h pixels, white background, a sans-serif font. */
void svg_begin(FILE *f, double w, double h);
/* The same inside an HTML page: no XML declaration and no namespace (HTML
** gives both), labelled for screen readers (label is escaped). */
void svg_begin_inline(FILE *f, double w, double h, const char *label);
void svg_end(FILE *f);

/* s as XML (and HTML) character data or attribute value: markup escaped,
** control characters as '?', bytes that are not UTF-8 as U+FFFD. */
void svg_escaped(FILE *f, const char *s);

/* A group with a tooltip (the <title> element; text is escaped). */
void svg_group_begin(FILE *f, const char *tooltip);
void svg_group_end(FILE *f);

/* fill or stroke NULL means none. */
void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill, const char *stroke);
void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke, double width);
/* The same, dashed (5 on, 3 off). */
void svg_line_dashed(FILE *f, double x1, double y1, double x2, double y2, const char *stroke, double width);
void svg_circle(FILE *f, double cx, double cy, double r, const char *fill, double opacity);

/* Text at baseline (x, y) in size px; bold if bold; the formatted text is escaped. */
void svg_text(FILE *f, double x, double y, enum svg_anchor a, double size, int bold,
              const char *fill, const char *fmt, ...) PS_PRINTF(8, 9);

#endif
