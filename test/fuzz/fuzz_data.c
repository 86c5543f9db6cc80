/*
** fuzz_data.c: libFuzzer target for the data reader (docs/reliability.md).
** Built twice: FUZZ_BINARY prefixes every input with 'b' so the binary
** reader's header and payload paths get the bytes; otherwise a leading 'b'
** is replaced by a space so the text reader gets them. Reads every value to
** the end or the first error; an error must come with a message.
*/
#include "data.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  unsigned char *buf = malloc(size + 1);
  struct data_reader *r = NULL;
  struct data_value v;
  struct ps_err e = {{0}};
  int rc;
  if (buf == NULL)
    return 0;
#ifdef FUZZ_BINARY
  buf[0] = 'b';
  memcpy(buf + 1, data, size);
  size++;
#else
  memcpy(buf, data, size);
  if (size > 0 && buf[0] == 'b')
    buf[0] = ' ';
#endif
  r = data_reader_mem(buf, size, "fuzz");
  if (r == NULL)
    goto done;
  for (int i = 0; i < 64; i++) {
    memset(&v, 0, sizeof v);
    rc = data_read(r, &v, &e);
    if (rc <= 0) {
      if (rc < 0 && e.msg[0] == '\0')
        abort(); /* an error without a message */
      break;
    }
    data_value_free(&v);
  }
done:
  data_reader_close(r);
  free(buf);
  return 0;
}
