/*
** benchio.c: bench's output files and standard output (benchio.h).
*/
#include "benchio.h"

#include "ofile.h"
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int benchio_check(const char *json, const char *markdown)
{
  const char *flag[2] = {"--json", "--markdown"}, *path[2] = {json, markdown};
  struct ps_err e;
  for (int i = 0; i < 2; i++)
    if (path[i] != NULL && ofile_check(path[i], &e) != 0) {
      ps_error("%s: %s", flag[i], e.msg);
      return PS_EXIT_FAILED;
    }
  return PS_EXIT_OK;
}

int benchio_to_stdout(const char **path, const char *flag)
{
  static char saved[32];
  int fd;
  fflush(stdout);
  if ((fd = dup(1)) < 0 || dup2(2, 1) < 0) {
    ps_error("%s -: %s", flag, strerror(errno));
    return -1;
  }
  snprintf(saved, sizeof saved, "/dev/fd/%d", fd);
  *path = saved;
  return 0;
}

int benchio_stdout_gone(void)
{
  static int gone;
  int fd;
  if (gone || (fflush(stdout) == 0 && !ferror(stdout)))
    return gone;
  gone = 1;
  ps_warn("standard output failed (%s): printing stops there; the run goes on and its files are written",
          strerror(errno));
  if ((fd = open("/dev/null", O_WRONLY)) >= 0) {
    dup2(fd, 1);
    close(fd);
  }
  clearerr(stdout);
  return gone;
}

int benchio_write(const struct summary *s, const char *markdown, const char *json, const cJSON *root)
{
  struct ps_err e;
  int rc = 0;
  summary_print_text(stdout, s);
  if (markdown != NULL && summary_write_markdown(markdown, s, &e) != 0) {
    ps_error("--markdown: %s", e.msg);
    rc = -1;
  }
  if (json != NULL && results_write(json, root, &e) != 0) {
    ps_error("--json: %s", e.msg);
    rc = -1;
  }
  return rc;
}
