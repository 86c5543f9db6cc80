/*
** replay.c: runs a fuzz target's LLVMFuzzerTestOneInput on every file of the
** directories and files named on the command line, so the kept corpus is a
** regular test with any compiler (docs/reliability.md). Exit 0 when every
** input ran (a crash or an abort fails the test), 1 when a path is unreadable,
** a directory holds no input or no path is named: a corpus that is missing or
** came out empty fails rather than passes having run nothing.
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

/* Runs every file of the directory PATH whose name does not start with '.';
** adds their number to *N. Returns 0 when each was read and there was at
** least one, else 1 (with a message). */
static int run_dir(const char *path, int *n)
{
  DIR *d = opendir(path);
  struct dirent *de;
  int rc = 1, found = 0;
  if (d == NULL) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    goto done;
  }
  rc = 0;
  while ((de = readdir(d)) != NULL) {
    char file[4096];
    if (de->d_name[0] == '.')
      continue;
    snprintf(file, sizeof file, "%s/%s", path, de->d_name);
    rc |= run_file(file);
    found++;
  }
  closedir(d);
  if (found == 0) {
    fprintf(stderr, "replay: no inputs in %s\n", path);
    rc = 1;
  }
done:
  *n += found;
  return rc;
}

int main(int argc, char **argv)
{
  int rc = 0, n = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
      rc |= run_dir(argv[i], &n);
    } else {
      rc |= run_file(argv[i]);
      n++;
    }
  }
  if (argc < 2) {
    fprintf(stderr, "usage: replay PATH...\n");
    rc = 1;
  }
  printf("replay: %d inputs\n", n);
  return rc;
}
