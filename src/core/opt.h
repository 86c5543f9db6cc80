/*
** opt.h: command-line options as tables, a GNU-style iterator over argv
** (long options may be abbreviated to an unambiguous prefix, `--opt=VAL`,
** `--opt VAL`, `-xVAL`, `-x VAL`, `--` ends options), checked number parsers
** and help text generated from the table.
*/
#ifndef opt_h
#define opt_h

#include <stdint.h>
#include <stdio.h>

enum opt_arg { OPT_NONE, OPT_REQUIRED };

/* One row of an option table; a table ends with a row whose id is 0. */
struct opt_def {
  const char *lname;   /* long name without "--", or NULL */
  char sname;          /* short letter, or 0 */
  enum opt_arg arg;    /* takes a value? */
  int id;              /* returned by opt_next; > 0 */
  const char *argname; /* shown in help, e.g. "N" */
  const char *help;    /* one line */
};

/* Another tool's option that a user may reach for, and what to use instead
** ("export-json" -> "psearch writes JSON with --json FILE"); a table ends
** with a NULL name. */
struct opt_hint {
  const char *lname; /* without "--" */
  const char *hint;
};

/* Iterator state; initialise with opt_init. Option processing stops at `--`;
** positional arguments are returned in order as OPT_POSITIONAL. */
struct opt_state {
  int argc;
  char **argv;
  int i;              /* next argv index */
  const char *shortp; /* inside a cluster of short options, or NULL */
  int dashdash;       /* seen "--" */
  char spelled[64];   /* the last option as the user typed it: "-n", "--conv" */
  const struct opt_hint *hints; /* for unknown options; NULL: none */
};

enum { OPT_END = 0, OPT_POSITIONAL = -1, OPT_ERROR = -2 };

void opt_init(struct opt_state *st, int argc, char **argv);

/* Returns the id of the next option (with *val set to its argument or NULL),
** OPT_POSITIONAL (with *val the argument), OPT_END, or OPT_ERROR (a message
** naming the option has been printed on stderr). */
int opt_next(struct opt_state *st, const struct opt_def *tab, const char **val);

/* Print "  -x, --long=ARG   help" lines for a table. */
void opt_print_help(FILE *f, const struct opt_def *tab);

/* Checked parsers: the whole string must be a number in range; underscores are
** not accepted. Return 0 on success, -1 otherwise. */
int opt_parse_i64(const char *s, int64_t *out);
int opt_parse_u64(const char *s, uint64_t *out);
int opt_parse_double(const char *s, double *out);
/* An integer in [lo, hi]; prints "option SPELLED: ..." on failure, SPELLED
** being the option as typed (opt_state.spelled). */
int opt_int_in(const char *spelled, const char *s, int64_t lo, int64_t hi, int64_t *out);
/* A finite double in [lo, hi]; prints on failure. */
int opt_double_in(const char *spelled, const char *s, double lo, double hi, double *out);

/* One of a NULL-terminated list of words: *out = its index. Otherwise prints
** "option SPELLED: 'S' is not A, B or C" and returns -1. */
int opt_choice(const char *spelled, const char *s, const char *const *names, int *out);

/* The index of the word of names (NULL-terminated) closest to s by edit
** distance, when it is close enough to be a typo (at most a third of its
** letters, or s is a prefix of it); -1 otherwise. */
int opt_closest(const char *s, const char *const *names);

#endif
