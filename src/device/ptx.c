/*
** ptx.c: launch bounds written into NVIDIA's PTX program binaries.
*/
#include "ptx.h"

#include "opt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char opt_name[] = "-DPS_MIN_GROUPS_PER_CU=", reqntid[] = ".reqntid";

int ptx_bound_option(const char *options, unsigned *groups)
{
  const char *o = strstr(options, opt_name);
  char num[16];
  size_t len;
  uint64_t v;
  if (o == NULL)
    return 0;
  o += sizeof opt_name - 1;
  len = strcspn(o, " \t");
  if (len == 0 || len >= sizeof num)
    return -1;
  memcpy(num, o, len);
  num[len] = '\0';
  if (opt_parse_u64(num, &v) != 0 || v < 1 || v > 32)
    return -1;
  *groups = (unsigned)v;
  return 1;
}

int ptx_bound(const char *bin, size_t n, unsigned groups, char **out, size_t *out_len)
{
  char add[40], *text = NULL, *ptx = NULL;
  const char *p, *q;
  size_t len, add_len, at = 0, k, count = 0;
  int rc = -1;
  *out = NULL;
  if ((text = malloc(n + 1)) == NULL)
    goto done;
  memcpy(text, bin, n);
  text[n] = '\0';
  len = strlen(text); /* the binary's text ends with a NUL */
  rc = 0;
  if (strncmp(text, "//", 2) != 0 || strstr(text, ".entry") == NULL)
    goto done; /* not PTX */
  for (p = text; (p = strstr(p, reqntid)) != NULL; p += sizeof reqntid - 1)
    count++;
  if (count == 0)
    goto done; /* no entry of fixed group size */
  add_len = (size_t)snprintf(add, sizeof add, "\n.minnctapersm %u", groups);
  rc = -1;
  if ((ptx = malloc(len + count * add_len + 1)) == NULL)
    goto done;
  for (p = text; (q = strstr(p, reqntid)) != NULL; p = q) {
    q += strcspn(q, "\n"); /* the end of the .reqntid line */
    memcpy(ptx + at, p, (size_t)(q - p));
    at += (size_t)(q - p);
    memcpy(ptx + at, add, add_len);
    at += add_len;
  }
  k = strlen(p);
  memcpy(ptx + at, p, k + 1);
  *out = ptx;
  *out_len = at + k + 1;
  ptx = NULL;
  rc = 1;
done:
  free(text);
  free(ptx);
  return rc;
}
