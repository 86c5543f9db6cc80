/*
** replay.c: runs a fuzz target's LLVMFuzzerTestOneInput on every file of the
** directories and files named on the command line, so the kept corpus is a
** regular test with any compiler (docs/reliability.md). Exit 0 when every
** input ran (a crash or an abort fails the test), 1 when a path is unreadable.
*/
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  unsigned char *buf = NULL;
  size_t len = 0, cap = 0, got;
  int rc = 1;
  if (f == NULL)
    goto done;
  do {
    if (len == cap) {
      unsigned char *nb = realloc(buf, cap = cap ? 2 * cap : 4096);
      if (nb == NULL)
        goto done;
      buf = nb;
    }
    got = fread(buf + len, 1, cap - len, f);
    len += got;
  } while (got > 0);
  if (ferror(f))
    goto done;
  LLVMFuzzerTestOneInput(buf, len);
  rc = 0;
done:
  if (rc != 0)
    fprintf(stderr, "replay: cannot read %s\n", path);
  if (f != NULL)
    fclose(f);
  free(buf);
  return rc;
}

int main(int argc, char **argv)
{
  int rc = 0, n = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    DIR *d;
    struct dirent *de;
    if (stat(argv[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
      rc |= run_file(argv[i]);
      n++;
      continue;
    }
    if ((d = opendir(argv[i])) == NULL) {
      fprintf(stderr, "replay: cannot open %s\n", argv[i]);
      rc = 1;
      continue;
    }
    while ((de = readdir(d)) != NULL) {
      char path[4096];
      if (de->d_name[0] == '.')
        continue;
      snprintf(path, sizeof path, "%s/%s", argv[i], de->d_name);
      rc |= run_file(path);
      n++;
    }
    closedir(d);
  }
  printf("replay: %d inputs\n", n);
  return rc;
}
