/*
** table.h: the one writer of markdown and CSV cells, so that every table
** psearch writes (bench --markdown, compare --markdown, export --markdown and
** --csv) spells a name by one rule, whatever bytes the name holds.
*/
#ifndef table_h
#define table_h

#include <stdio.h>

/* s as markdown text (GitHub's tables; also prose and headings): '\' and '|'
** escaped with a backslash, so a cell never ends early and a backslash reads
** as itself; a line break, tab or other control character (C0, DEL, C1) as
** one space; valid UTF-8 as it is; a byte that is not part of a valid UTF-8
** character as U+FFFD. Other markup ('*', '`') is the caller's and passes
** through. NULL writes nothing. */
void table_md_text(FILE *f, const char *s);

/* A markdown table's header: "| A | B |\n|---|---:|\n" from n names, each
** column left-aligned ('l') or right-aligned ('r') as align[i] says. */
void table_md_head(FILE *f, int n, const char *const *names, const char *align);

/* One row: "| a | b |\n" from n cells, each through table_md_text. */
void table_md_row(FILE *f, int n, const char *const *cells);

/* s as one CSV field (RFC 4180): in double quotes, quotes doubled, when it
** holds a comma, a quote, CR or LF; as it is otherwise; a byte that is not
** part of a valid UTF-8 character as U+FFFD. NULL: the empty field. */
void table_csv_field(FILE *f, const char *s);

/* One CSV record: n fields, commas between, CRLF after (RFC 4180). */
void table_csv_row(FILE *f, int n, const char *const *fields);

/* s for a terminal, into buf (n bytes, cut between characters when it does
** not fit): a control character (C0, DEL, C1) as \xNN (a C1 as its two
** bytes), a byte that is not part of a valid UTF-8 character likewise, so
** that no escape sequence in a name reaches the terminal. Returns buf. */
const char *table_term(const char *s, char *buf, size_t n);

/* The same, straight to f. */
void table_term_text(FILE *f, const char *s);

#endif
