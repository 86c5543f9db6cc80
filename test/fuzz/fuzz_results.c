/*
** fuzz_results.c: libFuzzer target for the results JSON reader of
** `psearch compare` (docs/json.md); then pools the file with itself as
** --old/--new pooling does. An error must come with a message.
*/
#include "results.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct ps_err e = {{0}};
  struct results *a = results_parse((const char *)data, size, "fuzz.json", &e), *b = NULL;
  if (a == NULL) {
    if (e.msg[0] == '\0')
      abort();
    return 0;
  }
  b = results_parse((const char *)data, size, "fuzz.json", &e);
  if (b == NULL || results_pool(a, b) != 0)
    abort(); /* parsed once, so parses again; pooling b (which frees it) works */
  results_free(a);
  return 0;
}
