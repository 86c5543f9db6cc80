/*
** fuzz_export.c: libFuzzer target for `psearch export` (export.h): a
** results file read by the results reader and written in every form; the
** Google Benchmark JSON must parse as JSON with one entry per dataset that
** ran, the CSV must have a row per recorded run.
*/
#include "export.h"
#include "results.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Form k of r into a new string (*len bytes); NULL only when out of memory. */
static char *form(const struct results *r, enum export_form k, size_t *len)
{
  static const char *const paths[] = {"fuzz.json"};
  char *out = NULL;
  FILE *f = open_memstream(&out, len);
  if (f == NULL)
    return NULL;
  if (export_write(f, k, r, 1, paths, 1) != 0)
    abort(); /* no allocation fails here */
  fclose(f);
  return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct ps_err e = {{0}};
  struct results *r = results_parse((const char *)data, size, "fuzz.json", &e);
  size_t len, ran = 0, runs = 0, rows = 0;
  char *g, *c, *md;
  cJSON *j;
  if (r == NULL) {
    if (e.msg[0] == '\0')
      abort();
    return 0;
  }
  for (size_t i = 0; i < r->nprogs; i++)
    for (size_t k = 0; k < r->progs[i].nds; k++)
      if (r->progs[i].ds[k].error == NULL) {
        ran++;
        runs += r->progs[i].ds[k].nruns;
      }
  g = form(r, EXPORT_GBENCH, &len);
  if (g == NULL || (j = cJSON_ParseWithLength(g, len)) == NULL)
    abort();
  if ((size_t)cJSON_GetArraySize(cJSON_GetObjectItem(j, "benchmarks")) < ran)
    abort(); /* a dataset that ran is missing (with --aggregates: 1 or 4 entries each) */
  cJSON_Delete(j);
  c = form(r, EXPORT_CSV, &len);
  for (size_t i = 0; c != NULL && i + 1 < len; i++)
    rows += c[i] == '\r' && c[i + 1] == '\n';
  if (c == NULL || rows < runs + 1)
    abort(); /* the header and a row per run, at least (a quoted name may hold CRLF) */
  md = form(r, EXPORT_MARKDOWN, &len);
  if (md == NULL)
    abort();
  free(g);
  free(c);
  free(md);
  results_free(r);
  return 0;
}
