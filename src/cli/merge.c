/*
** merge.c: results files joined program by program and dataset by dataset;
** a dataset in two inputs is refused, naming both; every part's context is
** kept in the program's psearch_context.parts.
*/
#include "merge.h"

#include "opt.h"
#include "ps.h"
#include "results.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* Results files are runtimes and names (results.c's bound). */

enum { O_OUTPUT = 1, O_HELP };

static const struct opt_def opts[] = {
  {"output", 'o', OPT_REQUIRED, O_OUTPUT, "FILE", "Write the merged results to FILE, atomically (default: stdout)"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void merge_help(FILE *f)
{
  fputs("Usage: psearch merge [-o ALL.json] A.json B.json ...\n"
        "Join results files (the shards of `bench --shard`, several devices, futhark bench's)\n"
        "into one that compare, plot and export read. A program's dataset may be in one input\n"
        "only; each program's psearch_context lists its parts (file, context, datasets).\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExit codes: 0 written, 1 a file cannot be read or written, 2 usage error,\n"
        "3 an input is not results JSON or two inputs have the same program and dataset.\n", f);
}

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

/* Parse the command line; PS_EXIT_OK to go on, -1 when done (help), else the exit code. */
static int parse_args(int argc, char **argv, const char **out, const char **in, int *nin)
{
  struct opt_state st;
  const char *val;
  int id;
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    switch (id) {
    case O_OUTPUT: *out = val; break;
    case O_HELP:
      merge_help(stdout);
      return -1;
    case OPT_POSITIONAL: in[(*nin)++] = val; break;
    default:
      fputs("Try 'psearch help merge'.\n", stderr);
      return PS_EXIT_USAGE;
    }
  }
  if (*nin == 0) {
    ps_error("merge needs results files: psearch merge -o ALL.json A.json B.json ...");
    return PS_EXIT_USAGE;
  }
  return PS_EXIT_OK;
}

int merge_main(int argc, char **argv)
{
  const char *out = "-", **in = calloc((size_t)argc + 1, sizeof *in);
  cJSON *root = cJSON_CreateObject();
  struct ps_err e;
  char *text = NULL;
  int nin = 0, rc = PS_EXIT_FAILED;
  if (in == NULL || root == NULL) {
    ps_error("out of memory");
    goto done;
  }
  if ((rc = parse_args(argc, argv, &out, in, &nin)) != PS_EXIT_OK) {
    rc = rc < 0 ? PS_EXIT_OK : rc;
    goto done;
  }
  for (int i = 0; i < nin; i++)
    if ((rc = merge_file(root, in[i], &e)) != PS_EXIT_OK) {
      ps_error("%s", e.msg);
      goto done;
    }
  rc = PS_EXIT_FAILED;
  if (strcmp(out, "-") != 0) {
    if (results_write(out, root, &e) != 0) {
      ps_error("%s", e.msg);
      goto done;
    }
  } else if ((text = cJSON_Print(root)) == NULL || printf("%s\n", text) < 0 || fflush(stdout) != 0) {
    ps_error("cannot write the merged results to stdout");
    goto done;
  }
  ps_info(1, "merged %d files: %d programs", nin, cJSON_GetArraySize(root));
  rc = PS_EXIT_OK;
done:
  free(text);
  cJSON_Delete(root);
  free(in);
  return rc;
}
