/*
** cachecmd.c: `psearch cache [--clean | --trim] [--json FILE]`, over cache.h.
*/
#include "cachecmd.h"

#include "cache.h"
#include "help.h"
#include "listing.h"
#include "opt.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

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

/* What the text and the JSON show. */
struct shown {
  const char *root;
  uint64_t limit;
  struct cache_usage u;
  int removed; /* files removed by --clean or --trim; -1: neither was asked */
};

static void print_text(const void *ctx)
{
  const struct shown *sh = ctx;
  const struct cache_usage *u = &sh->u;
  char s[32];
  uint64_t te = 0, tb = 0;
  if (sh->limit == UINT64_MAX) {
    printf("%s (no size cap)\n", sh->root);
  } else {
    human(sh->limit, s, sizeof s);
    printf("%s (cap %s)\n", sh->root, s);
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

static cJSON *to_json(const struct shown *sh)
{
  cJSON *o = cJSON_CreateObject(), *areas = cJSON_AddObjectToObject(o, "areas");
  cJSON_AddStringToObject(o, "path", sh->root);
  if (sh->limit == UINT64_MAX)
    cJSON_AddNullToObject(o, "max_bytes");
  else
    cJSON_AddNumberToObject(o, "max_bytes", (double)sh->limit);
  for (int a = 0; a < 3; a++) {
    cJSON *x = cJSON_AddObjectToObject(areas, cache_areas[a]);
    cJSON_AddNumberToObject(x, "entries", (double)sh->u.entries[a]);
    cJSON_AddNumberToObject(x, "bytes", (double)sh->u.bytes[a]);
  }
  cJSON_AddNumberToObject(o, "stale_temporaries", (double)sh->u.stale);
  cJSON_AddNumberToObject(o, "stale_bytes", (double)sh->u.stale_bytes);
  if (sh->removed >= 0)
    cJSON_AddNumberToObject(o, "removed_files", sh->removed);
  return o;
}

struct config {
  int clean, trim;
  const char *json; /* NULL, a file or "-" */
};

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_FLAG("clean", 0, AT(clean), "Remove every entry and stale temporary file"),
  OPT_ROW_FLAG("trim", 0, AT(trim), "Remove stale temporaries and evict down to the cap now"),
  LISTING_ROW(AT(json), "the usage"),
  OPT_ROW_END,
};

static int check(void *p)
{
  const struct config *cf = p;
  int rc = PS_EXIT_OK;
  if (cf->clean && cf->trim) {
    ps_error("cache: --clean and --trim exclude each other");
    rc = PS_EXIT_USAGE;
  }
  return rc;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct shown sh = {NULL, 0, {{0}, {0}, 0, 0}, -1};
  struct ps_err err;
  char root[4096];
  int rc = PS_EXIT_USAGE;
  if (cache_limit(&sh.limit, &err) != 0) {
    ps_error("%s", err.msg);
    goto done;
  }
  rc = PS_EXIT_FAILED;
  if (cache_root(root, sizeof root) != 0) {
    ps_error("cache: no cache directory: neither XDG_CACHE_HOME nor HOME is an absolute path");
    goto done;
  }
  sh.root = root;
  if (cache_usage(&sh.u) != 0) /* not the user's alone: said, neither shown nor cleaned */
    goto done;
  if (cf->clean)
    sh.removed = cache_clean();
  else if (cf->trim)
    sh.removed = cache_upkeep(sh.limit, NULL);
  if (sh.removed >= 0)
    ps_info(1, "cache: removed %d files", sh.removed);
  cache_usage(&sh.u);
  rc = listing_write("cache", cf->json, cf->json != NULL ? to_json(&sh) : NULL, print_text, &sh);
done:
  return rc;
}

const struct opt_cmd cache_cmd = {"cache", help_cache, opts, NULL, sizeof(struct config), NULL, check, body, NULL};
