/*
** fuzz_merge.c: libFuzzer target for `psearch merge` (merge.h): the input
** is two results files, split at its first form feed (or in half); each is
** read by the results reader, kept as its tree and merged. A refusal must
** come with a message; a merge must print results that the reader reads
** again, with every dataset of both inputs.
*/
#include "merge.h"
#include "results.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t datasets(const struct results *r)
{
  size_t n = 0;
  for (size_t i = 0; i < r->nprogs; i++)
    n += r->progs[i].nds;
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *text = (const char *)data, *ff = memchr(text, '\f', size);
  size_t cut = ff != NULL ? (size_t)(ff - text) : size / 2, want = 0, len = 0;
  struct merge m;
  struct ps_err e = {{0}};
  char *out = NULL;
  FILE *f;
  int code, rc = PS_EXIT_OK;
  memset(&m, 0, sizeof m);
  for (int k = 0; k < 2 && rc == PS_EXIT_OK; k++) {
    struct jtree *t;
    const char *at = k == 0 ? text : text + cut + (ff != NULL);
    size_t n = k == 0 ? cut : size - cut - (ff != NULL);
    struct results *r = results_parse_tree(at, n, k == 0 ? "a.json" : "b.json", &t, &code, &e);
    if (r == NULL) {
      rc = code;
      break;
    }
    want += datasets(r);
    results_free(r);
    rc = merge_add(&m, t, k == 0 ? "a.json" : "b.json", &e);
  }
  if (rc != PS_EXIT_OK && e.msg[0] == '\0')
    abort();
  if (rc == PS_EXIT_OK) {
    struct results *back;
    if ((f = open_memstream(&out, &len)) == NULL)
      abort();
    merge_print(f, &m);
    fclose(f);
    back = results_parse(out, len, "merged.json", &e);
    if (back == NULL || datasets(back) != want)
      abort(); /* merge wrote what the reader refuses, or lost a dataset */
    results_free(back);
  }
  free(out);
  merge_free(&m);
  return 0;
}
