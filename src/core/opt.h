/*
** opt.h: the one command-line driver of psearch's subcommands, after
** futhark's mainWithOptions. A command is a table of typed rows and a body
** (struct opt_cmd); opt_main owns the rest: GNU-style iteration over argv
** (long options abbreviated to an unambiguous prefix, `--opt=VAL`,
** `--opt VAL`, `-xVAL`, `-x VAL`, `--` ends the options), each value checked
** and stored into the command's configuration, `-h`/`--help`, unknown and
** ambiguous options with did-you-mean, hints for other tools' options, one
** error wording, "Try 'psearch help CMD'." and the exit code of a usage
** error (PS_EXIT_USAGE). Also the checked number parsers.
*/
#ifndef opt_h
#define opt_h

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* How a row's value is read and where it goes (`at`: the configuration plus
** the row's offset). */
enum opt_type {
  OPT_END,     /* ends a table */
  OPT_FLAG,    /* no value: the int at `at` becomes 1 */
  OPT_NOFLAG,  /* no value: the int at `at` becomes 0 (--no-X of a default that is on) */
  OPT_INT,     /* an integer in [min, max] into an int64_t */
  OPT_DOUBLE,  /* a finite number in [lo, hi] into a double */
  OPT_PERCENT, /* a percentage in [lo, hi], "2" or "2%", stored as a fraction (0.02) in a double */
  OPT_CHOICE,  /* one of words (NULL-terminated): its index into an int */
  OPT_STRING,  /* the value into a const char * */
  OPT_OUTPUT,  /* an output file into a const char *: a path, or "-" for standard output;
               ** a value that starts with '-' is refused (a forgotten FILE), and two rows
               ** given "-" are refused (standard output holds one thing) */
  OPT_LIST,    /* repeatable: appended to a const char *[max] at `at`, its count the int at
               ** offset `count`; more than max is refused */
  OPT_CALL     /* the row's call decides; a value when argname is not NULL */
};

struct opt_def;

/* An OPT_CALL row's function: at is the configuration plus the row's offset,
** val the value (NULL for a row without one), spelled the option as typed
** ("-n", "--conv"). PS_EXIT_OK, or the exit code after printing why
** (PS_EXIT_USAGE for a bad value). */
typedef int (*opt_call_fn)(void *at, const struct opt_def *d, const char *val, const char *spelled);

/* One row of an option table. A row with neither lname nor sname takes the
** positional arguments (OPT_LIST or OPT_CALL; argname names them in
** messages); without such a row a positional argument is a usage error.
** Write rows with the OPT_ROW_* macros below. */
struct opt_def {
  const char *lname;   /* long name without "--", or NULL */
  char sname;          /* short letter, or 0 */
  enum opt_type type;
  size_t off;          /* where the value goes: offsetof(the configuration, field) */
  const char *argname; /* the value in help and messages ("N"); NULL: none */
  const char *help;    /* one line */
  int64_t min, max;    /* OPT_INT: the range; OPT_LIST: max is the capacity */
  double lo, hi;       /* OPT_DOUBLE; OPT_PERCENT, in percent */
  const char *const *words; /* OPT_CHOICE */
  size_t count;        /* OPT_LIST: offsetof the int that counts the values */
  opt_call_fn call;    /* OPT_CALL */
  int id;              /* OPT_CALL: for the call's own use */
};

#define OPT_ROW_FLAG(L, S, AT, HELP) {L, S, OPT_FLAG, AT, NULL, HELP, .id = 0}
#define OPT_ROW_NOFLAG(L, S, AT, HELP) {L, S, OPT_NOFLAG, AT, NULL, HELP, .id = 0}
#define OPT_ROW_INT(L, S, AT, ARG, MIN, MAX, HELP) {L, S, OPT_INT, AT, ARG, HELP, .min = MIN, .max = MAX}
#define OPT_ROW_DOUBLE(L, S, AT, ARG, LO, HI, HELP) {L, S, OPT_DOUBLE, AT, ARG, HELP, .lo = LO, .hi = HI}
#define OPT_ROW_PERCENT(L, S, AT, LO, HI, HELP) {L, S, OPT_PERCENT, AT, "PCT", HELP, .lo = LO, .hi = HI}
#define OPT_ROW_CHOICE(L, S, AT, ARG, WORDS, HELP) {L, S, OPT_CHOICE, AT, ARG, HELP, .words = WORDS}
#define OPT_ROW_STRING(L, S, AT, ARG, HELP) {L, S, OPT_STRING, AT, ARG, HELP, .id = 0}
#define OPT_ROW_OUTPUT(L, S, AT, HELP) {L, S, OPT_OUTPUT, AT, "FILE", HELP, .id = 0}
#define OPT_ROW_LIST(L, S, AT, COUNT, MAX, ARG, HELP) \
  {L, S, OPT_LIST, AT, ARG, HELP, .max = MAX, .count = COUNT}
#define OPT_ROW_CALL(L, S, AT, ARG, FN, ID, HELP) {L, S, OPT_CALL, AT, ARG, HELP, .call = FN, .id = ID}
#define OPT_ROW_END {.type = OPT_END}

/* Another tool's option that a user may reach for, or an old spelling, and
** what to use instead ({"--export-json", "psearch writes JSON with --json
** FILE"}, {"-f", ...}): matched by the whole option as typed, less its
** value. A table ends with a row whose hint is NULL. */
struct opt_hint {
  const char *spelled; /* "--name" or "-c" */
  const char *hint;
};

/* A subcommand: what opt_main needs to parse its command line and run it. */
struct opt_cmd {
  const char *name; /* "compare": in messages and in "Try 'psearch help compare'." */
  /* the help as --help prints it, less the option rows, which follow its line
  ** "Options:" (or, without one, an "Options:" added at the end) */
  const char *help;
  const struct opt_def *opts;   /* ends with OPT_ROW_END; -h/--help is added */
  const struct opt_hint *hints; /* NULL: none */
  size_t size;                  /* of the configuration */
  void (*init)(void *cf);       /* its defaults; NULL: all zero */
  /* after the last option: what the options say together. PS_EXIT_OK, or
  ** the exit code after printing why (PS_EXIT_USAGE adds the "Try" line).
  ** NULL: nothing to check. */
  int (*check)(void *cf);
  int (*body)(void *cf);  /* the command; its exit code */
  void (*fini)(void *cf); /* releases what calls allocated into cf; NULL: none */
};

/* Run cmd on its arguments (argv[0] is the first after the command's name):
** the configuration allocated and set by init, every argument parsed into it
** in order, then check, then body. Returns body's exit code; PS_EXIT_OK after
** -h/--help (the help on stdout); PS_EXIT_USAGE after a message on stderr
** ("psearch: option -r: 'ten' is not an integer in [1, 100000000]") and
** "Try 'psearch help CMD'.". */
int opt_main(const struct opt_cmd *cmd, int argc, char **argv);

/* The help of cmd: its text with the option rows ("  -x, --long=ARG
** help" lines, -h/--help last) after its line "Options:". `psearch help CMD`
** and `CMD --help` both print this. */
void opt_help(FILE *f, const struct opt_cmd *cmd);

/* Checked parsers: the whole string must be a number in range; underscores are
** not accepted. Return 0 on success, -1 otherwise. */
int opt_parse_i64(const char *s, int64_t *out);
int opt_parse_u64(const char *s, uint64_t *out);
int opt_parse_double(const char *s, double *out);

/* For OPT_CALL rows, the typed rows' checks with their wording: an integer
** in [lo, hi] ("option SPELLED: 'S' is not an integer in [LO, HI]"), or one
** of a NULL-terminated list of words (*out its index; "option SPELLED: 'S'
** is not A, B or C"). 0, or -1 after the message. */
int opt_int_in(const char *spelled, const char *s, int64_t lo, int64_t hi, int64_t *out);
int opt_choice(const char *spelled, const char *s, const char *const *names, int *out);

/* The index of the word of names (NULL-terminated) closest to s by edit
** distance, when it is close enough to be a typo (at most a third of its
** letters, or s is a prefix of it); -1 otherwise. */
int opt_closest(const char *s, const char *const *names);

#endif
