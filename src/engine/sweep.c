/*
** sweep.c: ranges of sizes in `random input` types (sweep.h).
*/
#include "sweep.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct range {
  size_t at, len;        /* where "[...]" sits in the text, brackets included */
  uint64_t lo, hi, step; /* step: the factor (mul) or the addend */
  int mul;
};

/* An integer or B**E at *p (advanced past it); -1 if there is none or it overflows. */
static int number(const char **p, uint64_t *v)
{
  char *end;
  unsigned long long b, x;
  errno = 0;
  if (!isdigit((unsigned char)**p))
    return -1;
  b = strtoull(*p, &end, 10);
  if (errno != 0)
    return -1;
  *p = end;
  if ((*p)[0] == '*' && (*p)[1] == '*' && isdigit((unsigned char)(*p)[2])) {
    unsigned long long e = strtoull(*p + 2, &end, 10);
    *p = end;
    for (x = 1; e > 0; e--) {
      if (b != 0 && x > UINT64_MAX / b)
        return -1;
      x *= b;
    }
    b = x;
  }
  *v = b;
  return 0;
}

/* Parse the range "[LO..HI( by *F| by +S)?]" at text + at (after '['). 1 if
** it is one, 0 if the brackets hold something else, -1 if malformed. */
static int parse_range(const char *text, size_t at, struct range *r, struct ps_err *e)
{
  const char *p = text + at + 1, *q;
  memset(r, 0, sizeof *r);
  r->at = at;
  r->mul = 1;
  r->step = 2;
  if ((q = strchr(p, ']')) == NULL || memchr(p, '.', (size_t)(q - p)) == NULL)
    return 0;
  if (number(&p, &r->lo) != 0 || strncmp(p, "..", 2) != 0 || (p += 2, number(&p, &r->hi)) != 0)
    return ps_fail(e, "size range '%.*s': expected [LO..HI by *F] or [LO..HI by +S]", (int)(q - text - at + 1),
                   text + at);
  while (*p == ' ')
    p++;
  if (strncmp(p, "by", 2) == 0) {
    for (p += 2; *p == ' '; p++)
      ;
    r->mul = *p == '*';
    if ((*p != '*' && *p != '+') || (p++, number(&p, &r->step)) != 0)
      return ps_fail(e, "size range '%.*s': the step is *F or +S", (int)(q - text - at + 1), text + at);
  }
  while (*p == ' ')
    p++;
  if (*p != ']')
    return ps_fail(e, "size range '%.*s': expected ']'", (int)(q - text - at + 1), text + at);
  r->len = (size_t)(p + 1 - (text + at));
  if (r->lo > r->hi || (r->mul ? r->step < 2 || r->lo == 0 : r->step == 0))
    return ps_fail(e, "size range '%.*s' is empty or does not grow", (int)r->len, text + at);
  return 1;
}

/* The sizes of r: k-th in size[k]; the count. */
static int sizes_of(const struct range *r, uint64_t *size)
{
  int n = 0;
  for (uint64_t v = r->lo; v <= r->hi && n <= SWEEP_MAX_STEPS; n++) {
    size[n < SWEEP_MAX_STEPS ? n : SWEEP_MAX_STEPS - 1] = v;
    if (r->mul ? v > UINT64_MAX / r->step : v > UINT64_MAX - r->step)
      return n + 1;
    v = r->mul ? v * r->step : v + r->step;
  }
  return n;
}

/* values with its ranges replaced by their k-th sizes. */
static char *instance(const char *values, const struct range *rs, int nr, uint64_t (*sizes)[SWEEP_MAX_STEPS],
                      int k)
{
  size_t len = strlen(values) + (size_t)nr * 24 + 1, o = 0, from = 0;
  char *s = malloc(len);
  if (s == NULL)
    return NULL;
  for (int i = 0; i < nr; i++) {
    memcpy(s + o, values + from, rs[i].at - from);
    o += rs[i].at - from;
    o += (size_t)snprintf(s + o, len - o, "[%llu]", (unsigned long long)sizes[i][k]);
    from = rs[i].at + rs[i].len;
  }
  strcpy(s + o, values + from);
  return s;
}

int sweep_expand(const char *values, char ***out, int *n, struct ps_err *e)
{
  struct range rs[8];
  uint64_t sizes[8][SWEEP_MAX_STEPS];
  int nr = 0, steps = 0, got;
  *out = NULL;
  *n = 0;
  for (const char *p = strchr(values, '['); p != NULL; p = strchr(p + 1, '[')) {
    struct range r;
    if ((got = parse_range(values, (size_t)(p - values), &r, e)) < 0)
      return -1;
    if (got == 0)
      continue;
    if (nr == 8)
      return ps_fail(e, "more than 8 size ranges in one case");
    rs[nr] = r;
    got = sizes_of(&rs[nr], sizes[nr]);
    if (got > SWEEP_MAX_STEPS)
      return ps_fail(e, "size range '%.*s' has more than %d sizes", (int)rs[nr].len, p, SWEEP_MAX_STEPS);
    if (nr > 0 && got != steps)
      return ps_fail(e, "size ranges of one case step together: %d sizes against %d", got, steps);
    steps = got;
    nr++;
  }
  if (nr == 0)
    return 0;
  if ((*out = calloc((size_t)steps, sizeof **out)) == NULL)
    return ps_fail(e, "out of memory");
  for (int k = 0; k < steps; k++)
    if (((*out)[k] = instance(values, rs, nr, sizes, k)) == NULL) {
      sweep_free(*out, steps);
      *out = NULL;
      return ps_fail(e, "out of memory");
    }
  *n = steps;
  return 0;
}

void sweep_free(char **v, int n)
{
  for (int i = 0; v != NULL && i < n; i++)
    free(v[i]);
  free(v);
}
