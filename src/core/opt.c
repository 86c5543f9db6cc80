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
  d = find_long(tab, a + 2, len, &amb);
  if (d == NULL) {
    ps_error("%s option %.*s", amb ? "ambiguous" : "unknown", (int)(len + 2), a);
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

int opt_int_in(const char *optname, const char *s, int64_t lo, int64_t hi, int64_t *out)
{
  int64_t v;
  if (opt_parse_i64(s, &v) != 0 || v < lo || v > hi) {
    ps_error("option --%s: '%s' is not an integer in [%lld, %lld]", optname, s, (long long)lo,
             (long long)hi);
    return -1;
  }
  *out = v;
  return 0;
}

int opt_double_in(const char *optname, const char *s, double lo, double hi, double *out)
{
  double v;
  if (opt_parse_double(s, &v) != 0 || !isfinite(v) || v < lo || v > hi) {
    ps_error("option --%s: '%s' is not a number in [%g, %g]", optname, s, lo, hi);
    return -1;
  }
  *out = v;
  return 0;
}

int opt_choice(const char *optname, const char *s, const char *const *names, int *out)
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
  ps_error("option --%s: '%s' is not %s", optname, s, list);
  return -1;
}
