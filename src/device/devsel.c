/*
** devsel.c: the rules of device selection (rt_select).
*/
#include "devsel.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* want: NULL (any), an index, or a case-insensitive substring of name. */
static int matches(const char *want, int idx, const char *name)
{
  char *end;
  long v;
  if (want == NULL)
    return 1;
  v = strtol(want, &end, 10);
  if (*want != '\0' && *end == '\0')
    return v == idx;
  {
    size_t wl = strlen(want);
    for (const char *s = name; *s; s++)
      if (strncasecmp(s, want, wl) == 0)
        return 1;
  }
  return 0;
}

int devsel_matches(const struct rt_select *sel, const struct rt_device_info *di)
{
  if (!matches(sel->platform, di->pidx, di->platform) || !matches(sel->device, di->didx, di->name))
    return 0;
  if (sel->type != NULL && strcmp(sel->type, "gpu") == 0 && !di->is_gpu)
    return 0;
  return !(sel->type != NULL && strcmp(sel->type, "cpu") == 0 && !di->is_cpu);
}
