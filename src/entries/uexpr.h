/*
** uexpr.h: the integer expressions of a user kernel's declaration
** (docs/own-kernels.md): decimal integers, names, + - * / % and ** (power),
** unary -, parentheses, and the functions min(a, b), max(a, b), log2(x)
** (floor; 0 below 2), pow2(x) (the least power of two >= x; 1 below 2),
** ceil_div(a, b), round_up(a, b) (a rounded up to a multiple of b) and
** sizeof(TYPE). An expression compiles to a postfix program in a pool of
** fixed size shared by one declaration; evaluation checks every step
** (overflow, division by zero, a name with no value), so a bad expression
** is an error message, never a crash or a wrong size.
*/
#ifndef uexpr_h
#define uexpr_h

#include <stddef.h>
#include <stdint.h>

#define UEXPR_POOL 2048     /* steps of all the expressions of one declaration */
#define UEXPR_MAX_STEPS 64  /* steps of one expression */
#define UEXPR_MAX_NAMES 64  /* names of one declaration */
#define UEXPR_NAME_MAX 32   /* bytes of a name, NUL included */
#define UEXPR_MAX_DEPTH 24  /* nested parentheses and calls */

enum uexpr_opcode {
  UEXPR_CONST, UEXPR_NAME, UEXPR_TSIZE, /* push: v, the value of name v, sizeof(t) */
  UEXPR_NEG, UEXPR_LOG2, UEXPR_POW2,    /* one operand */
  UEXPR_ADD, UEXPR_SUB, UEXPR_MUL, UEXPR_DIV, UEXPR_MOD, UEXPR_POW, UEXPR_MIN, UEXPR_MAX,
  UEXPR_CEIL_DIV, UEXPR_ROUND_UP        /* two operands */
};

struct uexpr_step {
  int64_t v; /* UEXPR_CONST: the value; UEXPR_NAME: the name's index */
  unsigned char op;
};

/* One expression: steps [start, start + n) of its pool. */
struct uexpr {
  uint16_t start, n;
};

/* A declaration's expressions and the names they use (added as first met). */
struct uexpr_pool {
  struct uexpr_step step[UEXPR_POOL];
  int n;
  char name[UEXPR_MAX_NAMES][UEXPR_NAME_MAX];
  int nnames;
};

/* The index of name (len bytes) in p, added when new; -1 when the table is
** full or the name too long. */
int uexpr_name(struct uexpr_pool *p, const char *name, size_t len);

/* Parse one expression from *s (not past end) into p and *x, stopping before
** the first character that cannot continue it (a ',', an unmatched ')', a
** word after a complete expression); *s moves past it. 0, or -1 with why
** (at most nwhy bytes) saying what was expected where. */
int uexpr_parse(struct uexpr_pool *p, const char **s, const char *end, struct uexpr *x, char *why,
                size_t nwhy);

/* Values for evaluation: value[i] of name i where set[i]; tsize: sizeof(t). */
struct uexpr_env {
  int64_t value[UEXPR_MAX_NAMES];
  unsigned char set[UEXPR_MAX_NAMES];
  int64_t tsize;
};

/* The value of x into *out. 0, or -1 with why (overflow, division by zero,
** a name with no value). */
int uexpr_eval(const struct uexpr_pool *p, struct uexpr x, const struct uexpr_env *env, int64_t *out,
               char *why, size_t nwhy);

/* Whether x reads name i. */
int uexpr_reads(const struct uexpr_pool *p, struct uexpr x, int i);

#endif
