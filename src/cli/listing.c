/*
** listing.c: the output of devices, list and cache (listing.h).
*/
#include "listing.h"

#include "ps.h"
#include "results.h"

#include <stdio.h>
#include <string.h>

int listing_write(const char *cmd, const char *json, cJSON *root, void (*text)(const void *ctx),
                  const void *ctx)
{
  struct ps_err err;
  int rc = PS_EXIT_OK;
  if (json != NULL && results_write(json, root, &err) != 0) {
    ps_error("%s: --json: %s", cmd, err.msg);
    rc = PS_EXIT_FAILED;
  }
  if (json == NULL || strcmp(json, "-") != 0)
    text(ctx);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    ps_error("%s: cannot write standard output", cmd);
    rc = PS_EXIT_FAILED;
  }
  cJSON_Delete(root);
  return rc;
}
