/*
** jtree.h: JSON text into a compact tree, for the results readers and merge:
** an array of numbers only is one node holding a double[] (8 bytes a number,
** where a cJSON node is 64 and its malloc more), names and strings live in
** the tree's arena. Strict where readers differ: a duplicate key in an
** object (cJSON takes the first, Python the last), a NUL (\u0000) in a
** string (a C string would end there), a lone surrogate, a raw control
** character in a string, a number out of the double range and nesting deeper
** than JTREE_MAX_DEPTH are refused, each at its line and column. The text
** must be UTF-8 (the caller checks: ps_utf8_invalid). Printing follows
** cJSON_Print's layout, so a tree written back reads as bench's own files.
*/
#ifndef jtree_h
#define jtree_h

#include "ps.h"

#include <stddef.h>
#include <stdio.h>

#define JTREE_MAX_DEPTH 256

enum jtree_kind { JTREE_NULL, JTREE_FALSE, JTREE_TRUE, JTREE_NUMBER, JTREE_STRING, JTREE_ARRAY, JTREE_OBJECT,
                  JTREE_NUMBERS };

struct jtree_node {
  const char *key;          /* a member's name (no NUL inside); NULL in an array and at the root */
  struct jtree_node *next;  /* the next member or element */
  union {
    double num;               /* JTREE_NUMBER */
    const char *str;          /* JTREE_STRING: n bytes and a NUL */
    struct jtree_node *child; /* JTREE_ARRAY, JTREE_OBJECT: the first member or element */
    double *nums;             /* JTREE_NUMBERS: a non-empty array of numbers only, n of them */
  } u;
  size_t n;                 /* members, elements, numbers, or the string's bytes */
  enum jtree_kind kind;
};

struct jtree;

/* Parse text[0, len) (path names it in messages). NULL on failure with e
** set: "PATH:LINE:COL: problem", or "PATH: out of memory" with *oom set
** (oom may be NULL). */
struct jtree *jtree_parse(const char *text, size_t len, const char *path, int *oom, struct ps_err *e);

/* The root value (owned by t). */
struct jtree_node *jtree_root(const struct jtree *t);

void jtree_free(struct jtree *t); /* accepts NULL */

/* The numbers of v (JTREE_NUMBERS) handed over to the caller (free them),
** where they are an allocation of their own (more than a few dozen): v still
** points at them, valid until the caller frees them. NULL when they live in
** the tree's arena (copy them). Cheapest in the order of the text. */
double *jtree_take_numbers(struct jtree *t, const struct jtree_node *v);

/* The member key of object v; NULL when v is not an object or lacks it. */
const struct jtree_node *jtree_get(const struct jtree_node *v, const char *key);

/* v as cJSON_Print writes it at nesting depth (0: the top; each object and
** array one deeper, an object's members indented by its depth in tabs). */
void jtree_print(FILE *f, const struct jtree_node *v, int depth);

/* v as cJSON_PrintUnformatted writes it (no white space). */
void jtree_print_compact(FILE *f, const struct jtree_node *v);

/* A string as cJSON_Print quotes it, and a number as cJSON_Print writes it
** (15 significant digits, or 17 where 15 do not read back exactly; not
** finite: null). */
void jtree_print_string(FILE *f, const char *s);
void jtree_print_number(FILE *f, double d);

#endif
