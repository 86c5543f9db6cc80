/*
** plotgroup.h: how plot, plot --bars and report group and label results:
** a program name's suite and entry, a dataset name's problem (the array
** sizes and element types it holds, so that "sorted [100000]i32" and
** "eytzinger [100000]i32", two layouts of one problem, share a group) and
** its layout (the words before the first shape), and runtimes in µs.
*/
#ifndef plotgroup_h
#define plotgroup_h

#include <stddef.h>

/* Split a program name "SUITE:ENTRY" at its last ':', or a peer's
** "SUITE:peer/LIB:OP" (scripts/peers.py) before "peer/", so that a peer
** joins its suite's entries; a name without ':' is all entry. */
void plotgroup_split(const char *prog, char *suite, size_t ssz, char *entry, size_t esz);
/* The entry of a program name, as plotgroup_split finds it: a pointer into prog. */
const char *plotgroup_entry(const char *prog);

/* The problem of dataset name ds into buf: its words that begin with '['
** (a shape and its element type, "[100000]i32"), joined by single spaces;
** ds itself when it has none ("small"). */
void plotgroup_problem(const char *ds, char *buf, size_t size);

/* The layout of dataset name ds into buf: the words before its first '['
** ("sorted", "eytzinger"), or "" (also for a name with no shape). */
void plotgroup_layout(const char *ds, char *buf, size_t size);

/* A time in µs with four significant figures or fewer ("12510 µs",
** "25.3 µs", "1.23 µs"): the one spelling of the unit in every figure. */
void plotgroup_us(double us, char *buf, size_t size);

/* The estimated width in pixels of text at font size px (sans-serif,
** 0.6 em a character, a UTF-8 character counted once): room for labels. */
double plotgroup_text_width(const char *text, double px);

/* s into buf, cut to at most max bytes by dropping its middle ("abc...xyz")
** on UTF-8 character boundaries, so that cut labels stay distinct. */
void plotgroup_clip_middle(const char *s, size_t max, char *buf, size_t size);

#endif
