/*
** cachecmd.c: `psearch cache [--clean | --trim] [--json FILE]`, over cache.h.
*/
#include "cachecmd.h"

#include "cache.h"
#include "opt.h"
#include "results.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const what[3] = {"generated datasets", "digests of reference outputs",
                                    "OpenCL program binaries"};

/* "1.2 GiB" */
static void human(uint64_t b, char *buf, size_t n)
{
  static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = (double)b;
  int u = 0;
  while (v >= 1024 && u < 4) {
    v /= 1024;
    u++;
  }
  if (u == 0)
    snprintf(buf, n, "%llu B", (unsigned long long)b);
  else
    snprintf(buf, n, "%.1f %s", v, unit[u]);
}

static void print_text(const char *root, uint64_t limit, const struct cache_usage *u)
{
  char s[32];
  uint64_t te = 0, tb = 0;
  if (limit == UINT64_MAX) {
    printf("%s (no size cap)\n", root);
  } else {
    human(limit, s, sizeof s);
    printf("%s (cap %s)\n", root, s);
  }
  for (int a = 0; a < 3; a++) {
    human(u->bytes[a], s, sizeof s);
    printf("  %-8s %6llu entries %11s  %s\n", cache_areas[a], (unsigned long long)u->entries[a], s,
           what[a]);
    te += u->entries[a];
    tb += u->bytes[a];
  }
  human(tb, s, sizeof s);
  printf("  %-8s %6llu entries %11s\n", "total", (unsigned long long)te, s);
  if (u->stale > 0) {
    human(u->stale_bytes, s, sizeof s);
    printf("  stale temporary files: %llu (%s); the next bench or 'psearch cache --trim' removes them\n",
           (unsigned long long)u->stale, s);
  }
}

/* The usage as JSON into path; 0, or -1 after the message. */
static int write_json(const char *path, const char *root, uint64_t limit, const struct cache_usage *u,
                      int removed)
{
  cJSON *o = cJSON_CreateObject(), *areas = cJSON_AddObjectToObject(o, "areas");
  struct ps_err err;
  int rc = 0;
  cJSON_AddStringToObject(o, "path", root);
  if (limit == UINT64_MAX)
    cJSON_AddNullToObject(o, "max_bytes");
  else
    cJSON_AddNumberToObject(o, "max_bytes", (double)limit);
  for (int a = 0; a < 3; a++) {
    cJSON *x = cJSON_AddObjectToObject(areas, cache_areas[a]);
    cJSON_AddNumberToObject(x, "entries", (double)u->entries[a]);
    cJSON_AddNumberToObject(x, "bytes", (double)u->bytes[a]);
  }
  cJSON_AddNumberToObject(o, "stale_temporaries", (double)u->stale);
  cJSON_AddNumberToObject(o, "stale_bytes", (double)u->stale_bytes);
  if (removed >= 0)
    cJSON_AddNumberToObject(o, "removed_files", removed);
  if (results_write(path, o, &err) != 0) {
    ps_error("cache: --json: %s", err.msg);
    rc = -1;
  }
  cJSON_Delete(o);
  return rc;
}

struct config {
  int clean, trim;
  const char *json; /* NULL, a file or "-" */
};

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_FLAG("clean", 0, AT(clean), "Remove every entry and stale temporary file"),
  OPT_ROW_FLAG("trim", 0, AT(trim), "Remove stale temporaries and evict down to the cap now"),
  OPT_ROW_OUTPUT("json", 0, AT(json), "Write the usage as JSON to FILE (- for standard output, instead of the text)"),
  OPT_ROW_END,
};

static int check(void *p)
{
  const struct config *cf = p;
  if (cf->clean && cf->trim) {
    ps_error("cache: --clean and --trim exclude each other");
    return PS_EXIT_USAGE;
  }
  return PS_EXIT_OK;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct cache_usage u;
  struct ps_err err;
  char root[4096];
  uint64_t limit;
  int removed = -1, rc = PS_EXIT_OK;
  if (cache_limit(&limit, &err) != 0) {
    ps_error("%s", err.msg);
    return PS_EXIT_USAGE;
  }
  if (cache_root(root, sizeof root) != 0) {
    ps_error("cache: no cache directory: neither XDG_CACHE_HOME nor HOME is an absolute path");
    return PS_EXIT_FAILED;
  }
  if (cf->clean)
    removed = cache_clean();
  else if (cf->trim)
    removed = cache_upkeep(limit, NULL);
  if (removed >= 0)
    ps_info(1, "cache: removed %d files", removed);
  cache_usage(&u);
  if (cf->json != NULL && write_json(cf->json, root, limit, &u, removed) != 0)
    rc = PS_EXIT_FAILED;
  if (cf->json == NULL || strcmp(cf->json, "-") != 0)
    print_text(root, limit, &u);
  return rc;
}

const struct opt_cmd cache_cmd = {
  .name = "cache",
  .summary = "Show, trim or clean the dataset, reference and kernel cache",
  .usage = "Usage: psearch cache [--clean | --trim] [--json FILE]\n"
           "Show the cache directory ($XDG_CACHE_HOME/psearch, else ~/.cache/psearch), what\n"
           "each area holds and the size cap. psearch bench keeps the cache under the cap\n"
           "($PSEARCH_CACHE_MAX: bytes, or with K, M, G or T; 'none' for no cap; default 4G)\n"
           "by evicting the least recently used entries, and removes the temporary files of\n"
           "writers that died (a killed bench) on its next run.\n",
  .epilogue = "Exit codes: 0 success, 1 no cache directory (HOME unset) or the JSON cannot be\n"
              "written, 2 usage error (also a PSEARCH_CACHE_MAX that is not a size).\n",
  .opts = opts,
  .size = sizeof(struct config),
  .check = check,
  .body = body,
};
