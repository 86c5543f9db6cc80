/*
** tune.c: tuning parameter settings (tune.h).
*/
#include "tune.h"

#include "opt.h"

#include <string.h>

static int name_ok(const char *s, size_t len)
{
  if (len == 0 || len >= TUNE_NAME_MAX)
    return 0;
  for (size_t i = 0; i < len; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
          s[i] == '_'))
      return 0;
  return 1;
}

/* One NAME=V item of length len into t. */
static int parse_item(struct tune *t, const char *item, size_t len, struct ps_err *e)
{
  const char *eq = memchr(item, '=', len);
  char num[32];
  int64_t v;
  int k;
  if (eq == NULL || !name_ok(item, (size_t)(eq - item)))
    return ps_fail(e, "--tune '%.*s': expected NAME=INTEGER, NAME of letters, digits and '_' "
                      "(psearch list --tuning lists them)", (int)len, item);
  if (len - (size_t)(eq - item) - 1 >= sizeof num)
    return ps_fail(e, "--tune '%.*s': the value is not an integer", (int)len, item);
  snprintf(num, sizeof num, "%.*s", (int)(len - (size_t)(eq - item) - 1), eq + 1);
  if (opt_parse_i64(num, &v) != 0)
    return ps_fail(e, "--tune '%.*s': the value is not an integer", (int)len, item);
  for (k = 0; k < t->n; k++)
    if (strlen(t->set[k].name) == (size_t)(eq - item) && strncmp(t->set[k].name, item, (size_t)(eq - item)) == 0)
      break;
  if (k == TUNE_MAX)
    return ps_fail(e, "--tune: at most %d parameters", TUNE_MAX);
  if (k == t->n) {
    snprintf(t->set[k].name, TUNE_NAME_MAX, "%.*s", (int)(eq - item), item);
    t->n++;
  }
  t->set[k].value = v;
  return 0;
}

int tune_parse(struct tune *t, const char *spec, struct ps_err *e)
{
  const char *p = spec;
  if (*p == '\0')
    return ps_fail(e, "--tune '': expected NAME=INTEGER[,NAME=INTEGER...]");
  for (;;) {
    size_t len = strcspn(p, ",");
    if (parse_item(t, p, len, e) != 0)
      return -1;
    if (p[len] == '\0')
      return 0;
    p += len + 1;
  }
}

int tune_has(const struct tune *t, const char *name)
{
  for (int k = 0; t != NULL && k < t->n; k++)
    if (strcmp(t->set[k].name, name) == 0)
      return 1;
  return 0;
}

int64_t tune_get(const struct tune *t, const char *name, int64_t dflt)
{
  for (int k = 0; t != NULL && k < t->n; k++)
    if (strcmp(t->set[k].name, name) == 0)
      return t->set[k].value;
  return dflt;
}

const struct tune_param *tune_find(const struct tune_param *table, const char *name)
{
  for (const struct tune_param *p = table; p != NULL && p->name != NULL; p++)
    if (strcmp(p->name, name) == 0)
      return p;
  return NULL;
}

/* The declared name closest to name, for did-you-mean; NULL when none is close. */
static const char *closest(const struct tune_param *const *tables, const char *name)
{
  const char *names[256];
  int n = 0, k;
  for (int i = 0; tables[i] != NULL; i++)
    for (const struct tune_param *p = tables[i]; p->name != NULL && n < 255; p++)
      names[n++] = p->name;
  names[n] = NULL;
  k = opt_closest(name, names);
  return k >= 0 ? names[k] : NULL;
}

int tune_check(const struct tune *t, const struct tune_param *const *tables, struct ps_err *e)
{
  for (int k = 0; t != NULL && k < t->n; k++) {
    const struct tune_param *p = NULL;
    const char *near;
    for (int i = 0; p == NULL && tables[i] != NULL; i++)
      p = tune_find(tables[i], t->set[k].name);
    if (p == NULL) {
      near = closest(tables, t->set[k].name);
      return ps_fail(e, "--tune: no entry point takes '%s'%s%s%s (psearch list --tuning lists them)",
                     t->set[k].name, near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
    }
    if (t->set[k].value < p->lo || t->set[k].value > p->hi)
      return ps_fail(e, "--tune %s=%lld: %s takes %lld to %lld", t->set[k].name, (long long)t->set[k].value,
                     p->name, (long long)p->lo, (long long)p->hi);
  }
  return 0;
}

char *tune_format(const struct tune *t, char *buf, size_t n)
{
  size_t off = 0;
  if (n > 0)
    buf[0] = '\0';
  for (int k = 0; t != NULL && k < t->n && off < n; k++)
    off += (size_t)snprintf(buf + off, n - off, "%s%s=%lld", k ? "," : "", t->set[k].name,
                            (long long)t->set[k].value);
  return buf;
}

void tune_used_set(struct tune_used *u, const char *name, int64_t value)
{
  int k;
  for (k = 0; k < u->n && strcmp(u->p[k].name, name) != 0; k++)
    ;
  if (k == TUNE_MAX)
    return;
  u->p[k].name = name;
  u->p[k].value = value;
  u->n += k == u->n;
}
