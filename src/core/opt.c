/*
** opt.c: the command driver (opt.h): iteration over argv, typed rows stored
** into the configuration, help, the messages of usage errors, and checked
** number parsers.
*/
#include "opt.h"

#include "ps.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* -h/--help: every command's, looked up after its own rows. */
static const struct opt_def help_row = OPT_ROW_FLAG("help", 'h', 0, "Show this help");

/* ============================ Number parsers ============================ */

int opt_parse_i64(const char *s, int64_t *out)
{
  int neg = s != NULL && *s == '-';
  uint64_t m;
  int rc = -1;
  if (s != NULL && opt_parse_u64(s + (neg || *s == '+'), &m) == 0 && m <= (uint64_t)INT64_MAX + (uint64_t)neg) {
    *out = !neg ? (int64_t)m : m == 0 ? 0 : -(int64_t)(m - 1) - 1;
    rc = 0;
  }
  return rc;
}

int opt_parse_u64(const char *s, uint64_t *out)
{
  char *end = NULL;
  unsigned long long v = 0;
  int rc = -1;
  errno = 0;
  if (s != NULL && *s >= '0' && *s <= '9') /* strtoull would take "-1" and " 1" */
    v = strtoull(s, &end, 10);
  if (end != NULL && errno == 0 && *end == '\0') {
    *out = (uint64_t)v;
    rc = 0;
  }
  return rc;
}

int opt_parse_double(const char *s, double *out)
{
  char *end = NULL;
  double v = 0;
  int rc = -1;
  errno = 0;
  if (s != NULL && *s != '\0' && *s != ' ')
    v = strtod(s, &end);
  if (end != NULL && errno != ERANGE && *end == '\0') {
    *out = v;
    rc = 0;
  }
  return rc;
}

int opt_int_in(const char *spelled, const char *s, int64_t lo, int64_t hi, int64_t *out)
{
  int64_t v;
  int rc = -1;
  if (opt_parse_i64(s, &v) != 0 || v < lo || v > hi) {
    ps_error("option %s: '%s' is not an integer in [%lld, %lld]", spelled, s, (long long)lo,
             (long long)hi);
  } else {
    *out = v;
    rc = 0;
  }
  return rc;
}

/* A finite number in [lo, hi]: "0.5"; with percent, also "0.5%" and its
** message says percentage. */
static int double_in(const char *spelled, const char *s, double lo, double hi, int percent,
                     double *out)
{
  char num[64];
  size_t len = strlen(s);
  double v;
  int rc = -1;
  snprintf(num, sizeof num, "%s", s);
  if (percent && len > 0 && len < sizeof num && num[len - 1] == '%')
    num[len - 1] = '\0';
  if (len >= sizeof num || opt_parse_double(num, &v) != 0 || !isfinite(v) || v < lo || v > hi) {
    ps_error("option %s: '%s' is not a %s in [%g, %g]", spelled, s, percent ? "percentage" : "number",
             lo, hi);
    goto done;
  }
  *out = v;
  rc = 0;
done:
  return rc;
}

int opt_choice(const char *spelled, const char *s, const char *const *names, int *out)
{
  char list[512] = "";
  size_t len = 0;
  int n = 0, hit = -1;
  for (; names[n] != NULL; n++)
    if (hit < 0 && strcmp(s, names[n]) == 0)
      hit = n;
  if (hit >= 0)
    *out = hit;
  for (int i = 0; hit < 0 && i < n && len < sizeof list; i++)
    len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                            names[i]);
  if (hit < 0)
    ps_error("option %s: '%s' is not %s", spelled, s, list);
  return hit >= 0 ? 0 : -1;
}

/* ============================== Did you mean ============================= */

/* Levenshtein distance of a[0..na) and b (short words: a row of 64). */
static int distance(const char *a, size_t na, const char *b)
{
  size_t nb = strlen(b);
  int row[65];
  if (na > 64 || nb > 64)
    return 1000;
  for (size_t j = 0; j <= nb; j++)
    row[j] = (int)j;
  for (size_t i = 1; i <= na; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= nb; j++) {
      int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  return row[nb];
}

int opt_closest(const char *s, const char *const *names)
{
  size_t n = strlen(s);
  int best = -1, bestd = 1000;
  for (int i = 0; names[i] != NULL; i++) {
    int d = distance(s, n, names[i]);
    if (d < bestd) {
      best = i;
      bestd = d;
    }
  }
  if (best >= 0 && (bestd <= (int)(n + 2) / 3 || strncmp(names[best], s, n) == 0))
    return best;
  return -1;
}

/* ================================ Lookup ================================= */

/* The rows of tab, then help_row, in turn: *k from 0. */
static const struct opt_def *row_at(const struct opt_def *tab, int *k)
{
  const struct opt_def *d = NULL;
  if (*k >= 0) {
    d = tab[*k].type == OPT_END ? &help_row : &tab[*k];
    *k = d == &help_row ? -1 : *k + 1;
  }
  return d;
}

#define EACH_ROW(d, tab, k) for (int k = 0; (d = row_at(tab, &k)) != NULL;)

static int is_option(const struct opt_def *d)
{
  return d->lname != NULL || d->sname != 0;
}

/* The row of long name[0, len) or of a prefix of it that only one row has. */
static const struct opt_def *find_long(const struct opt_def *tab, const char *name, size_t len,
                                       int *ambiguous)
{
  const struct opt_def *hit = NULL, *exact = NULL, *d;
  int nhits = 0;
  EACH_ROW(d, tab, k) {
    if (d->lname == NULL || strncmp(d->lname, name, len) != 0)
      continue;
    if (strlen(d->lname) == len)
      exact = d;
    hit = d;
    nhits++;
  }
  *ambiguous = exact == NULL && nhits > 1;
  return exact != NULL ? exact : nhits == 1 ? hit : NULL; /* a whole name wins over the names it begins */
}

static const struct opt_def *find_short(const struct opt_def *tab, char c)
{
  const struct opt_def *d, *hit = NULL;
  EACH_ROW(d, tab, k)
    if (d->sname == c && hit == NULL)
      hit = d;
  return hit;
}

/* The hint for the option spelled (as typed, less its value); NULL: none. */
static const char *hint_for(const struct opt_hint *h, const char *spelled)
{
  while (h != NULL && h->hint != NULL && strcmp(h->spelled, spelled) != 0)
    h++;
  return h != NULL ? h->hint : NULL;
}

/* Say why a long option is not one: a hint, the candidates of an ambiguous
** abbreviation, or the closest option. */
static void unknown_long(const struct opt_cmd *cmd, const char *name, size_t len, int ambiguous)
{
  const struct opt_def *d;
  const char *names[128], *hint;
  char list[512], word[65], spelled[68];
  size_t k = 0, off = 0;
  int c;
  snprintf(word, sizeof word, "%.*s", (int)(len < 64 ? len : 64), name);
  snprintf(spelled, sizeof spelled, "--%s", word);
  hint = hint_for(cmd->hints, spelled);
  EACH_ROW(d, cmd->opts, i)
    if (d->lname != NULL && k < 127 && (!ambiguous || strncmp(d->lname, name, len) == 0))
      names[k++] = d->lname;
  names[k] = NULL;
  if (hint != NULL) {
    ps_error("unknown option --%s: %s", word, hint);
  } else if (ambiguous) {
    list[0] = '\0';
    for (size_t i = 0; i < k && off < sizeof list; i++)
      off += (size_t)snprintf(list + off, sizeof list - off, "%s--%s", i ? ", " : "", names[i]);
    ps_error("ambiguous option --%s: it could be %s", word, list);
  } else if ((c = opt_closest(word, names)) >= 0) {
    ps_error("unknown option --%s (did you mean --%s?)", word, names[c]);
  } else {
    ps_error("unknown option --%s", word);
  }
}

/* =============================== Iteration =============================== */

/* Where opt_main is in argv. */
struct iter {
  const struct opt_cmd *cmd;
  int argc;
  char **argv;
  int i;              /* next argv index */
  const char *shortp; /* inside a cluster of short options, or NULL */
  int dashdash;       /* seen "--" */
  char spelled[64];   /* the last option as the user typed it: "-n", "--conv" */
};

/* The value of row d: rest (what follows "-x" or "--opt=") unless NULL,
** else the next argument. NULL after the message when there is none. */
static const char *value_of(struct iter *it, const struct opt_def *d, const char *rest)
{
  const char *val = rest;
  if (val == NULL && it->i < it->argc)
    val = it->argv[it->i++];
  else if (val == NULL && d->type == OPT_OUTPUT)
    ps_error("option %s needs a FILE (- for standard output: %s -)", it->spelled, it->spelled);
  else if (val == NULL)
    ps_error("option %s needs a value (%s)", it->spelled, d->argname ? d->argname : "ARG");
  return val;
}

static int takes_value(const struct opt_def *d)
{
  return d->type == OPT_CALL ? d->argname != NULL : d->type != OPT_FLAG && d->type != OPT_NOFLAG;
}

/* The next short option of a cluster: its row (*val its value), or NULL
** after the message. */
static const struct opt_def *next_short(struct iter *it, const char **val)
{
  char c = *it->shortp++;
  const struct opt_def *d = find_short(it->cmd->opts, c);
  const char *hint;
  snprintf(it->spelled, sizeof it->spelled, "-%c", c);
  hint = hint_for(it->cmd->hints, it->spelled);
  if (d == NULL && hint != NULL)
    ps_error("unknown option -%c: %s", c, hint);
  else if (d == NULL)
    ps_error("unknown option -%c", c);
  if (d != NULL && takes_value(d)) {
    if ((*val = value_of(it, d, *it->shortp != '\0' ? it->shortp : NULL)) == NULL)
      d = NULL;
    it->shortp = NULL;
  } else if (d == NULL || *it->shortp == '\0') {
    it->shortp = NULL;
  }
  return d;
}

/* The next long option (argument a): its row (*val its value), or NULL after
** the message. */
static const struct opt_def *next_long(struct iter *it, const char *a, const char **val)
{
  const char *eq = strchr(a + 2, '=');
  size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
  int amb = 0;
  const struct opt_def *d = find_long(it->cmd->opts, a + 2, len, &amb);
  snprintf(it->spelled, sizeof it->spelled, "--%.*s", (int)(len < 60 ? len : 60), a + 2);
  if (d == NULL) {
    unknown_long(it->cmd, a + 2, len, amb);
  } else if (!takes_value(d) && eq != NULL) {
    ps_error("option --%s takes no value", d->lname);
    d = NULL;
  } else if (takes_value(d) && (*val = value_of(it, d, eq ? eq + 1 : NULL)) == NULL) {
    d = NULL;
  }
  return d;
}

/* The positional arguments' row of tab, or NULL. */
static const struct opt_def *positional_row(const struct opt_def *tab)
{
  const struct opt_def *d = tab;
  while (d->type != OPT_END && is_option(d))
    d++;
  return d->type != OPT_END ? d : NULL;
}

enum { NEXT_ROW, NEXT_END, NEXT_ERROR };

/* The next argument: NEXT_ROW with *row and *val (a positional argument has
** the positional row), NEXT_END, or NEXT_ERROR after the message. */
static int next(struct iter *it, const struct opt_def **row, const char **val)
{
  const char *a = NULL;
  int end = 0;
  *val = NULL;
  *row = NULL;
  while (it->shortp == NULL && a == NULL && it->i < it->argc) {
    a = it->argv[it->i++];
    if (it->dashdash || a[0] != '-' || a[1] == '\0') {
      *val = a;
      if ((*row = positional_row(it->cmd->opts)) == NULL)
        ps_error("%s: unexpected argument '%s'", it->cmd->name, a);
    } else if (a[1] != '-') {
      it->shortp = a + 1;
    } else if (a[2] == '\0') {
      it->dashdash = 1;
      a = NULL; /* "--": the next argument */
    } else {
      *row = next_long(it, a, val);
    }
  }
  if (it->shortp != NULL)
    *row = next_short(it, val);
  else if (a == NULL)
    end = 1;
  return end ? NEXT_END : *row != NULL ? NEXT_ROW : NEXT_ERROR;
}

/* ================================ Storing ================================ */

/* An OPT_LIST row's value appended; 0, or -1 after the message. */
static int append(const struct opt_cmd *cmd, const struct opt_def *d, char *cf, const char *val,
                  const char *spelled)
{
  const char **list = (const char **)(void *)(cf + d->off);
  int *n = (int *)(void *)(cf + d->count), rc = -1;
  if (*n < d->max) {
    list[(*n)++] = val;
    rc = 0;
  } else if (is_option(d)) {
    ps_error("option %s: at most %lld of them", spelled, (long long)d->max);
  } else {
    ps_error("%s: at most %lld %s arguments", cmd->name, (long long)d->max, d->argname ? d->argname : "");
  }
  return rc;
}

/* An output file: a path or "-"; 0, or -1 after the message. */
static int output(const char *spelled, const char *val, const char **out)
{
  int rc = 0;
  if (val[0] == '-' && val[1] != '\0') {
    ps_error("option %s: '%s' looks like an option, not a FILE (- is standard output: %s -)", spelled, val,
             spelled);
    rc = -1;
  } else {
    *out = val;
  }
  return rc;
}

/* Row d's value val stored into cf. PS_EXIT_OK, or the exit code after the message. */
static int store(const struct opt_cmd *cmd, const struct opt_def *d, char *cf, const char *val,
                 const char *spelled)
{
  void *at = cf + d->off;
  int rc = 0;
  switch (d->type) {
  case OPT_FLAG: *(int *)at = 1; break;
  case OPT_NOFLAG: *(int *)at = 0; break;
  case OPT_INT: rc = opt_int_in(spelled, val, d->min, d->max, (int64_t *)at); break;
  case OPT_DOUBLE: rc = double_in(spelled, val, d->lo, d->hi, 0, (double *)at); break;
  case OPT_PERCENT:
    if ((rc = double_in(spelled, val, d->lo, d->hi, 1, (double *)at)) == 0)
      *(double *)at /= 100;
    break;
  case OPT_CHOICE: rc = opt_choice(spelled, val, d->words, (int *)at); break;
  case OPT_STRING: *(const char **)at = val; break;
  case OPT_OUTPUT: rc = output(spelled, val, (const char **)at); break;
  case OPT_LIST: rc = append(cmd, d, cf, val, spelled); break;
  case OPT_CALL: rc = d->call(at, d, val, spelled); break;
  case OPT_END: break;
  }
  return d->type == OPT_CALL ? rc : rc == 0 ? PS_EXIT_OK : PS_EXIT_USAGE;
}

/* At most one output row may be "-": PS_EXIT_OK, or PS_EXIT_USAGE after the message. */
static int one_stdout(const struct opt_cmd *cmd, const char *cf)
{
  const char *first = NULL;
  int rc = PS_EXIT_OK;
  for (const struct opt_def *d = cmd->opts; d->type != OPT_END && rc == PS_EXIT_OK; d++) {
    const char *path = d->type == OPT_OUTPUT ? *(const char *const *)(const void *)(cf + d->off) : NULL;
    if (path == NULL || strcmp(path, "-") != 0)
      continue;
    if (first != NULL) {
      ps_error("--%s - and --%s - both want standard output; give one of them a file", first, d->lname);
      rc = PS_EXIT_USAGE;
    }
    first = d->lname;
  }
  return rc;
}

/* ================================= Help ================================== */

static void print_row(FILE *f, const struct opt_def *d)
{
  char left[64];
  int n = 0;
  if (d->sname)
    n += snprintf(left + n, sizeof left - (size_t)n, "-%c%s", d->sname, d->lname ? ", " : "");
  else
    n += snprintf(left + n, sizeof left - (size_t)n, "    ");
  if (d->lname)
    n += snprintf(left + n, sizeof left - (size_t)n, "--%s", d->lname);
  if (takes_value(d) && n < (int)sizeof left)
    snprintf(left + n, sizeof left - (size_t)n, "%s%s", d->lname ? "=" : " ",
             d->argname ? d->argname : "ARG");
  fprintf(f, "  %-30s %s\n", left, d->help);
}

void opt_help(FILE *f, const struct opt_cmd *cmd)
{
  static const char heading[] = "\nOptions:\n";
  const char *at = strstr(cmd->help, heading);
  const struct opt_def *d;
  size_t head = at != NULL ? (size_t)(at - cmd->help) + sizeof heading - 1 : strlen(cmd->help);
  fwrite(cmd->help, 1, head, f);
  if (at == NULL)
    fputs(heading, f);
  EACH_ROW(d, cmd->opts, k)
    if (is_option(d))
      print_row(f, d);
  fputs(cmd->help + head, f);
}

/* ================================ Driver ================================= */

enum { HELP_SHOWN = -1 };

/* Every argument into cf: PS_EXIT_OK, HELP_SHOWN, or the exit code after the message. */
static int parse(const struct opt_cmd *cmd, char *cf, int argc, char **argv)
{
  struct iter it = {cmd, argc, argv, 0, NULL, 0, ""};
  const struct opt_def *d;
  const char *val;
  int got, rc = PS_EXIT_OK;
  while (rc == PS_EXIT_OK && (got = next(&it, &d, &val)) != NEXT_END) {
    if (got == NEXT_ERROR)
      rc = PS_EXIT_USAGE;
    else if (d == &help_row)
      rc = HELP_SHOWN;
    else
      rc = store(cmd, d, cf, val, it.spelled);
  }
  if (rc == PS_EXIT_OK)
    rc = one_stdout(cmd, cf);
  return rc;
}

int opt_main(const struct opt_cmd *cmd, int argc, char **argv)
{
  char *cf = calloc(1, cmd->size > 0 ? cmd->size : 1);
  int rc = PS_EXIT_FAILED;
  if (cf == NULL) {
    ps_error("out of memory");
    goto done;
  }
  if (cmd->init != NULL)
    cmd->init(cf);
  rc = parse(cmd, cf, argc, argv);
  if (rc == PS_EXIT_OK && cmd->check != NULL)
    rc = cmd->check(cf);
  if (rc == HELP_SHOWN) {
    opt_help(stdout, cmd);
    rc = fflush(stdout) == 0 && !ferror(stdout) ? PS_EXIT_OK : PS_EXIT_FAILED;
  } else if (rc == PS_EXIT_USAGE) {
    fprintf(stderr, "Try 'psearch help %s'.\n", cmd->name);
  } else if (rc == PS_EXIT_OK) {
    rc = cmd->body(cf);
  }
done:
  if (cf != NULL && cmd->fini != NULL)
    cmd->fini(cf);
  free(cf);
  return rc;
}
