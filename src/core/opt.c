/*
** opt.c: table-driven option iterator and checked number parsers.
*/
#include "opt.h"

#include "ps.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void opt_init(struct opt_state *st, int argc, char **argv)
{
  st->argc = argc;
  st->argv = argv;
  st->i = 0;
  st->shortp = NULL;
  st->dashdash = 0;
  st->spelled[0] = '\0';
  st->hints = NULL;
}

static const struct opt_def *find_long(const struct opt_def *tab, const char *name, size_t len,
                                       int *ambiguous)
{
  const struct opt_def *hit = NULL;
  int nhits = 0;
  for (const struct opt_def *d = tab; d->id != 0; d++) {
    if (d->lname == NULL || strncmp(d->lname, name, len) != 0)
      continue;
    if (strlen(d->lname) == len)
      return d; /* exact match wins over prefixes */
    hit = d;
    nhits++;
  }
  *ambiguous = nhits > 1;
  return nhits == 1 ? hit : NULL;
}

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

/* Say why a long option is not one: a hint for another tool's option, the
** candidates of an ambiguous abbreviation, or the closest option. */
static void unknown_long(const struct opt_state *st, const struct opt_def *tab, const char *name,
                         size_t len, int ambiguous)
{
  const char *names[128];
  char list[512];
  size_t k = 0, off = 0;
  for (const struct opt_hint *h = st->hints; h != NULL && h->lname != NULL; h++)
    if (strlen(h->lname) == len && strncmp(h->lname, name, len) == 0) {
      ps_error("unknown option --%.*s: %s", (int)len, name, h->hint);
      return;
    }
  for (const struct opt_def *d = tab; d->id != 0 && k < 127; d++)
    if (d->lname != NULL && (!ambiguous || strncmp(d->lname, name, len) == 0))
      names[k++] = d->lname;
  names[k] = NULL;
  if (ambiguous) {
    list[0] = '\0';
    for (size_t i = 0; i < k && off < sizeof list; i++)
      off += (size_t)snprintf(list + off, sizeof list - off, "%s--%s", i ? ", " : "", names[i]);
    ps_error("ambiguous option --%.*s: it could be %s", (int)len, name, list);
    return;
  }
  {
    char word[65];
    int c;
    snprintf(word, sizeof word, "%.*s", (int)(len < 64 ? len : 64), name);
    if ((c = opt_closest(word, names)) >= 0)
      ps_error("unknown option --%s (did you mean --%s?)", word, names[c]);
    else
      ps_error("unknown option --%s", word);
  }
}

static const struct opt_def *find_short(const struct opt_def *tab, char c)
{
  for (const struct opt_def *d = tab; d->id != 0; d++)
    if (d->sname == c)
      return d;
  return NULL;
}

static int next_short(struct opt_state *st, const struct opt_def *tab, const char **val)
{
  char c = *st->shortp++;
  const struct opt_def *d = find_short(tab, c);
  snprintf(st->spelled, sizeof st->spelled, "-%c", c);
  if (d == NULL) {
    ps_error("unknown option -%c", c);
    st->shortp = NULL;
    return OPT_ERROR;
  }
  *val = NULL;
  if (d->arg == OPT_REQUIRED) {
    if (*st->shortp != '\0') {
      *val = st->shortp;
    } else if (st->i < st->argc) {
      *val = st->argv[st->i++];
    } else {
      ps_error("option -%c needs a value (%s)", c, d->argname ? d->argname : "ARG");
      st->shortp = NULL;
      return OPT_ERROR;
    }
    st->shortp = NULL;
  } else if (*st->shortp == '\0') {
    st->shortp = NULL;
  }
  return d->id;
}

int opt_next(struct opt_state *st, const struct opt_def *tab, const char **val)
{
  const char *a, *eq;
  const struct opt_def *d;
  int amb = 0;
  size_t len;

  *val = NULL;
  if (st->shortp != NULL)
    return next_short(st, tab, val);
  if (st->i >= st->argc)
    return OPT_END;
  a = st->argv[st->i++];
  if (st->dashdash || a[0] != '-' || a[1] == '\0') {
    *val = a;
    return OPT_POSITIONAL;
  }
  if (a[1] != '-') {
    st->shortp = a + 1;
    return next_short(st, tab, val);
  }
  if (a[2] == '\0') {
    st->dashdash = 1;
    return opt_next(st, tab, val);
  }
  eq = strchr(a + 2, '=');
  len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
  snprintf(st->spelled, sizeof st->spelled, "--%.*s", (int)(len < 60 ? len : 60), a + 2);
  d = find_long(tab, a + 2, len, &amb);
  if (d == NULL) {
    unknown_long(st, tab, a + 2, len, amb);
    return OPT_ERROR;
  }
  if (d->arg == OPT_NONE) {
    if (eq != NULL) {
      ps_error("option --%s takes no value", d->lname);
      return OPT_ERROR;
    }
    return d->id;
  }
  if (eq != NULL) {
    *val = eq + 1;
  } else if (st->i < st->argc) {
    *val = st->argv[st->i++];
  } else {
    ps_error("option --%s needs a value (%s)", d->lname, d->argname ? d->argname : "ARG");
    return OPT_ERROR;
  }
  return d->id;
}

void opt_print_help(FILE *f, const struct opt_def *tab)
{
  for (const struct opt_def *d = tab; d->id != 0; d++) {
    char left[64];
    int n = 0;
    if (d->sname)
      n += snprintf(left + n, sizeof left - (size_t)n, "-%c%s", d->sname, d->lname ? ", " : "");
    else
      n += snprintf(left + n, sizeof left - (size_t)n, "    ");
    if (d->lname)
      n += snprintf(left + n, sizeof left - (size_t)n, "--%s", d->lname);
    if (d->arg == OPT_REQUIRED && n < (int)sizeof left)
      snprintf(left + n, sizeof left - (size_t)n, "%s%s", d->lname ? "=" : " ",
               d->argname ? d->argname : "ARG");
    fprintf(f, "  %-30s %s\n", left, d->help);
  }
}

int opt_parse_i64(const char *s, int64_t *out)
{
  char *end;
  long long v;
  if (s == NULL || *s == '\0' || *s == ' ')
    return -1;
  errno = 0;
  v = strtoll(s, &end, 10);
  if (errno != 0 || *end != '\0')
    return -1;
  *out = (int64_t)v;
  return 0;
}

int opt_parse_u64(const char *s, uint64_t *out)
{
  char *end;
  unsigned long long v;
  if (s == NULL || *s < '0' || *s > '9')
    return -1; /* strtoull would accept "-1" */
  errno = 0;
  v = strtoull(s, &end, 10);
  if (errno != 0 || *end != '\0')
    return -1;
  *out = (uint64_t)v;
  return 0;
}

int opt_parse_double(const char *s, double *out)
{
  char *end;
  double v;
  if (s == NULL || *s == '\0' || *s == ' ')
    return -1;
  errno = 0;
  v = strtod(s, &end);
  if (errno == ERANGE || *end != '\0')
    return -1;
  *out = v;
  return 0;
}

int opt_int_in(const char *spelled, const char *s, int64_t lo, int64_t hi, int64_t *out)
{
  int64_t v;
  if (opt_parse_i64(s, &v) != 0 || v < lo || v > hi) {
    ps_error("option %s: '%s' is not an integer in [%lld, %lld]", spelled, s, (long long)lo,
             (long long)hi);
    return -1;
  }
  *out = v;
  return 0;
}

int opt_double_in(const char *spelled, const char *s, double lo, double hi, double *out)
{
  double v;
  if (opt_parse_double(s, &v) != 0 || !isfinite(v) || v < lo || v > hi) {
    ps_error("option %s: '%s' is not a number in [%g, %g]", spelled, s, lo, hi);
    return -1;
  }
  *out = v;
  return 0;
}

int opt_choice(const char *spelled, const char *s, const char *const *names, int *out)
{
  char list[512];
  size_t len = 0;
  int n = 0;
  for (; names[n] != NULL; n++) {
    if (strcmp(s, names[n]) == 0) {
      *out = n;
      return 0;
    }
  }
  list[0] = '\0';
  for (int i = 0; i < n && len < sizeof list; i++)
    len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                            names[i]);
  ps_error("option %s: '%s' is not %s", spelled, s, list);
  return -1;
}
