/*
** fuzz_suite.c: libFuzzer target for the suite parser (docs/suites.md).
** `input @` paths resolve under a directory that does not exist, so the
** parser never reads real files; an error must come with a message.
*/
#include "suite.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct ps_err e = {{0}};
  struct suite *s = suite_parse((const char *)data, size, "fuzz.bench", "/nonexistent-psearch-fuzz", &e);
  if (s == NULL && e.msg[0] == '\0')
    abort();
  suite_free(s);
  return 0;
}
