/*
** listing.h: what the commands that list something (devices, list, cache)
** share: the option --json FILE, and one rule for their output: the JSON into
** FILE, or with - onto standard output in place of the text; the text on
** standard output otherwise.
*/
#ifndef listing_h
#define listing_h

#include "opt.h"

#include <cjson/cJSON.h>

/* --json FILE's row; AT: the offset of its const char * in the configuration,
** WHAT: what the JSON holds ("the devices"). */
#define LISTING_ROW(AT, WHAT) \
  OPT_ROW_OUTPUT("json", 0, AT, "Write " WHAT " as JSON to FILE (- for standard output, instead of the text)")

/* The output of command cmd: root (when json is not NULL; deleted here)
** written to json, then text(ctx) on standard output unless json is "-".
** PS_EXIT_OK, or PS_EXIT_FAILED after the message when either cannot be
** written. */
int listing_write(const char *cmd, const char *json, cJSON *root, void (*text)(const void *ctx),
                  const void *ctx);

#endif
