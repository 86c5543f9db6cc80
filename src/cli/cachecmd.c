/*
** cachecmd.c: `psearch cache [--clean | --trim] [--json]`, over cache.h.
*/
#include "cachecmd.h"

#include "cache.h"
#include "opt.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>

enum { O_CLEAN = 1, O_TRIM, O_JSON, O_HELP };

static const struct opt_def opts[] = {
  {"clean", 0, OPT_NONE, O_CLEAN, NULL, "Remove every entry and stale temporary file"},
  {"trim", 0, OPT_NONE, O_TRIM, NULL, "Remove stale temporaries and evict down to the cap now"},
  {"json", 0, OPT_NONE, O_JSON, NULL, "Print JSON instead of text"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

static const char *const what[3] = {"generated datasets", "digests of reference outputs",
                                    "OpenCL program binaries"};

void cachecmd_help(FILE *f)
{
  fputs("Usage: psearch cache [--clean | --trim] [--json]\n"
        "Show the cache directory ($XDG_CACHE_HOME/psearch, else ~/.cache/psearch), what\n"
        "each area holds and the size cap. psearch bench keeps the cache under the cap\n"
        "($PSEARCH_CACHE_MAX: bytes, or with K, M, G or T; 'none' for no cap; default 4G)\n"
        "by evicting the least recently used entries, and removes the temporary files of\n"
        "writers that died (a killed bench) on its next run.\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExit codes: 0 success, 1 no cache directory (HOME unset), 2 usage error\n"
        "(also a PSEARCH_CACHE_MAX that is not a size).\n", f);
}

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

static void print_json(const char *root, uint64_t limit, const struct cache_usage *u, int removed)
{
  cJSON *o = cJSON_CreateObject(), *areas = cJSON_AddObjectToObject(o, "areas");
  char *text;
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
  if ((text = cJSON_Print(o)) != NULL)
    printf("%s\n", text);
  free(text);
  cJSON_Delete(o);
}

int cachecmd_main(int argc, char **argv)
{
  struct opt_state st;
  struct cache_usage u;
  struct ps_err err;
  const char *val;
  char root[4096];
  uint64_t limit;
  int id, clean = 0, trim = 0, json = 0, removed = -1;
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    switch (id) {
    case O_CLEAN: clean = 1; break;
    case O_TRIM: trim = 1; break;
    case O_JSON: json = 1; break;
    case O_HELP:
      cachecmd_help(stdout);
      return PS_EXIT_OK;
    case OPT_POSITIONAL:
      ps_error("cache: unexpected argument '%s'", val);
      return PS_EXIT_USAGE;
    default:
      fputs("Try 'psearch help cache'.\n", stderr);
      return PS_EXIT_USAGE;
    }
  }
  if (clean && trim) {
    ps_error("cache: --clean and --trim exclude each other");
    return PS_EXIT_USAGE;
  }
  if (cache_limit(&limit, &err) != 0) {
    ps_error("%s", err.msg);
    return PS_EXIT_USAGE;
  }
  if (cache_root(root, sizeof root) != 0) {
    ps_error("cache: no cache directory: neither XDG_CACHE_HOME nor HOME is an absolute path");
    return PS_EXIT_FAILED;
  }
  if (clean)
    removed = cache_clean();
  else if (trim)
    removed = cache_upkeep(limit, NULL);
  if (removed >= 0)
    ps_info(1, "cache: removed %d files", removed);
  cache_usage(&u);
  if (json)
    print_json(root, limit, &u, removed);
  else
    print_text(root, limit, &u);
  return PS_EXIT_OK;
}
