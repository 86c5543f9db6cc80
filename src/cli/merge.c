/*
** merge.c: results files joined program by program and dataset by dataset;
** a dataset in two inputs is refused, naming both; every part's context is
** kept in the program's psearch_context.parts.
*/
#include "merge.h"

#include "help.h"
#include "opt.h"
#include "ps.h"
#include "results.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Results files are runtimes and names (results.c's bound). */

/* The parts of program prog of file path: its context's own parts (an input
** that was merged before), else one part {file, context, datasets}. */
static cJSON *parts_of(const cJSON *prog, const char *path)
{
  const cJSON *ctx = cJSON_GetObjectItemCaseSensitive(prog, "psearch_context");
  const cJSON *had = cJSON_IsObject(ctx) ? cJSON_GetObjectItemCaseSensitive(ctx, "parts") : NULL, *d;
  cJSON *parts, *part, *names;
  if (cJSON_IsArray(had))
    return cJSON_Duplicate(had, 1);
  parts = cJSON_CreateArray();
  part = cJSON_CreateObject();
  cJSON_AddItemToArray(parts, part);
  cJSON_AddStringToObject(part, "file", path);
  if (cJSON_IsObject(ctx))
    cJSON_AddItemToObject(part, "context", cJSON_Duplicate(ctx, 1));
  names = cJSON_AddArrayToObject(part, "datasets");
  cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(prog, "datasets"))
    cJSON_AddItemToArray(names, cJSON_CreateString(d->string));
  return parts;
}

/* The file of the part of parts that has dataset name. */
static const char *owner(const cJSON *parts, const char *name)
{
  const cJSON *p, *d;
  cJSON_ArrayForEach(p, parts) {
    cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(p, "datasets"))
      if (cJSON_IsString(d) && strcmp(d->valuestring, name) == 0)
        return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p, "file"));
  }
  return "an earlier input";
}

/* Program prog (key name) of file path into out. 0, or -1 with e set. */
static int merge_program(cJSON *out, const cJSON *prog, const char *path, struct ps_err *e)
{
  cJSON *into = cJSON_GetObjectItemCaseSensitive(out, prog->string), *ctx, *parts, *dsets, *p;
  const cJSON *d;
  if (into == NULL) {
    into = cJSON_Duplicate(prog, 1);
    cJSON_AddItemToObject(out, prog->string, into);
    if (!cJSON_IsObject(ctx = cJSON_GetObjectItemCaseSensitive(into, "psearch_context"))) {
      cJSON_DeleteItemFromObjectCaseSensitive(into, "psearch_context");
      ctx = cJSON_AddObjectToObject(into, "psearch_context");
    }
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, "parts");
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, "shard"); /* each part says which it was */
    cJSON_AddItemToObject(ctx, "parts", parts_of(prog, path));
    return 0;
  }
  parts = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(into, "psearch_context"), "parts");
  dsets = cJSON_GetObjectItemCaseSensitive(into, "datasets");
  cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(prog, "datasets")) {
    if (cJSON_GetObjectItemCaseSensitive(dsets, d->string) != NULL)
      return ps_fail(e, "%s: program \"%s\" dataset \"%s\" is also in %s; merge joins disjoint "
                        "parts (shards of one run, other devices), so leave one of them out",
                     path, prog->string, d->string, owner(parts, d->string));
  }
  cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(prog, "datasets"))
    cJSON_AddItemToObject(dsets, d->string, cJSON_Duplicate(d, 1));
  p = parts_of(prog, path);
  while (cJSON_GetArraySize(p) > 0)
    cJSON_AddItemToArray(parts, cJSON_DetachItemFromArray(p, 0));
  cJSON_Delete(p);
  return 0;
}

/* Results file path into out. PS_EXIT_OK, or the exit code with e set. */
static int merge_file(cJSON *out, const char *path, struct ps_err *e)
{
  cJSON *root = NULL;
  const cJSON *prog;
  int rc;
  struct results *r = results_load_raw(path, &root, &rc, e); /* the schema checked, with positions */
  if (r == NULL)
    goto done;
  rc = PS_EXIT_BADDATA;
  cJSON_ArrayForEach(prog, root)
    if (merge_program(out, prog, path, e) != 0)
      goto done;
  rc = PS_EXIT_OK;
done:
  results_free(r);
  cJSON_Delete(root);
  return rc;
}

struct config {
  const char **in; /* the inputs, as many as there are arguments */
  int nin;
  const char *json; /* NULL or "-": standard output */
};

/* A results file to merge (opt_call_fn; at is the configuration). */
static int input_row(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  struct config *cf = at;
  const char **in = realloc(cf->in, ((size_t)cf->nin + 1) * sizeof *in);
  (void)d;
  (void)spelled;
  if (in == NULL)
    ps_error("out of memory");
  else
    (cf->in = in)[cf->nin++] = val;
  return in != NULL ? PS_EXIT_OK : PS_EXIT_FAILED;
}

static const struct opt_def opts[] = {
  OPT_ROW_OUTPUT("json", 0, offsetof(struct config, json), "Write the merged results to FILE, atomically (default: standard output)"),
  OPT_ROW_CALL(NULL, 0, 0, "RESULTS.json", input_row, 0, NULL),
  OPT_ROW_END,
};

#define OUTPUT "merge writes the merged results with --json FILE (default: standard output)"

/* merge's old spelling of its output. */
static const struct opt_hint hints[] = {{"--output", OUTPUT}, {"-o", OUTPUT}, {NULL, NULL}};

static int check(void *p)
{
  const struct config *cf = p;
  if (cf->nin == 0)
    ps_error("merge needs results files: psearch merge --json ALL.json A.json B.json ...");
  return cf->nin > 0 ? PS_EXIT_OK : PS_EXIT_USAGE;
}

static void fini(void *p)
{
  free(((struct config *)p)->in);
}

static int body(void *p)
{
  const struct config *cf = p;
  cJSON *root = cJSON_CreateObject();
  struct ps_err e;
  int rc = PS_EXIT_FAILED;
  if (root == NULL) {
    ps_error("out of memory");
    goto done;
  }
  for (int i = 0; i < cf->nin; i++)
    if ((rc = merge_file(root, cf->in[i], &e)) != PS_EXIT_OK) {
      ps_error("%s", e.msg);
      goto done;
    }
  rc = PS_EXIT_FAILED;
  if (results_write(cf->json != NULL ? cf->json : "-", root, &e) != 0) {
    ps_error("merge: %s", e.msg);
    goto done;
  }
  ps_info(1, "merged %d files: %d programs", cf->nin, cJSON_GetArraySize(root));
  rc = PS_EXIT_OK;
done:
  cJSON_Delete(root);
  return rc;
}

const struct opt_cmd merge_cmd = {"merge", help_merge, opts, hints, sizeof(struct config), NULL, check, body, fini};
