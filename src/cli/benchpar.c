/*
** benchpar.c: bench --parallel's and --concurrent's workers (benchpar.h): the
** devices listed in a child, a worker forked per device with its report going
** to a file of a private temporary directory, the workers waited for (the
** caller's stop passed on as BENCHPAR_STOP; --concurrent: conducted while
** they run, benchcon.h), then their reports printed and their JSON merged.
*/
#include "benchpar.h"

#include "benchcon.h"
#include "merge.h"
#include "ofile.h"
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* One worker: its device, its files, how it ended. */
struct worker {
  struct rt_device_info di;
  pid_t pid;     /* 0: not started (fork failed) */
  int status;    /* waitpid's, once ended */
  int ended;
  char json[4200], text[4200]; /* in the temporary directory */
  char key[32];                 /* "@pPdD": its part's "file" in the merged JSON */
  const char *mode;             /* "--parallel" or "--concurrent", for its messages */
};

/* The child that lists the devices: onto fd, a count (-1: failed) and the
** devices, or the message. A write that fails goes unsaid: the parent then
** reads too little and says so. */
static void list_child(const struct devopt *d, int fd)
{
  struct rt_device_info *v = NULL;
  struct ps_err e;
  int n = -1;
  memset(&e, 0, sizeof e);
  if (devopt_list(d, &v, &n, &e) != 0)
    n = -1;
  ps_write_full(fd, &n, sizeof n);
  if (n < 0)
    ps_write_full(fd, &e, sizeof e);
  else
    ps_write_full(fd, v, (size_t)n * sizeof *v);
  free(v);
}

/* The devices of d's selection into workers (*out, the caller frees it) and
** *n, listed by a child process (devopt_list). 0, or -1 with e set. */
static int list_devices(const struct devopt *d, struct worker **out, int *n, struct ps_err *e)
{
  int fd[2], st, rc = -1;
  struct worker *w = NULL;
  pid_t pid;
  *out = NULL;
  if (pipe(fd) != 0)
    return ps_fail(e, "--parallel: pipe: %s", strerror(errno));
  fflush(NULL);
  if ((pid = fork()) == 0) {
    close(fd[0]);
    list_child(d, fd[1]);
    _exit(0);
  }
  close(fd[1]);
  if (pid < 0) {
    ps_fail(e, "--parallel: fork: %s", strerror(errno));
  } else if (ps_read_full(fd[0], n, sizeof *n) != 0) {
    ps_fail(e, "--parallel: the process that lists the devices ended without a list");
  } else if (*n < 0) {
    if (ps_read_full(fd[0], e, sizeof *e) != 0)
      ps_fail(e, "--parallel: the devices could not be listed");
    e->msg[sizeof e->msg - 1] = '\0';
  } else if ((w = calloc((size_t)*n + 1, sizeof *w)) == NULL) {
    ps_fail(e, "out of memory");
  } else {
    rc = 0;
    for (int k = 0; k < *n && rc == 0; k++)
      if (ps_read_full(fd[0], &w[k].di, sizeof w[k].di) != 0)
        rc = ps_fail(e, "--parallel: the process that lists the devices ended before its list");
  }
  close(fd[0]);
  while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
    ;
  if (rc == 0)
    *out = w;
  else
    free(w);
  return rc;
}

/* Worker k's process: its standard output into its text file, the work, its
** exit code; never returns. */
static void worker_child(struct worker *w, int k, int n, benchpar_work work, void *ctx, struct benchcon_peer *peer)
{
  int fd = open(w->text, O_WRONLY | O_CREAT | O_TRUNC, 0600), rc;
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, BENCHPAR_STOP); /* the parent gone: stop as when it is stopped */
#endif
  if (fd < 0 || dup2(fd, 1) < 0) {
    ps_error("%s: %s: %s", w->mode, w->text, strerror(errno));
    _exit(PS_EXIT_FAILED);
  }
  close(fd);
  rc = work(ctx, k, n, w->json, peer);
  fflush(NULL);
  _exit(rc);
}

/* Wait for every started worker, polling (con: conducting them), so that a
** stop set meanwhile is passed on (BENCHPAR_STOP, once to each). */
static void wait_all(struct worker *w, int n, volatile sig_atomic_t *stop, struct benchcon *con)
{
  int left = 0, sent = 0;
  for (int k = 0; k < n; k++)
    left += w[k].pid > 0;
  while (left > 0) {
    int st;
    pid_t p = waitpid(-1, &st, WNOHANG);
    if (p < 0 && errno != EINTR)
      break; /* no child left */
    for (int k = 0; p > 0 && k < n; k++)
      if (w[k].pid == p) {
        w[k].status = st;
        w[k].ended = 1;
        left--;
      }
    if (*stop && !sent) {
      for (int k = 0; k < n; k++)
        if (w[k].pid > 0 && !w[k].ended)
          kill(w[k].pid, BENCHPAR_STOP);
      sent = 1;
    }
    if (p <= 0 && con != NULL)
      benchcon_step(con, 20, *stop != 0);
    else if (p <= 0)
      nanosleep(&(struct timespec){0, 20000000}, NULL);
  }
}

/* A worker's report onto standard output. */
static void print_text(const struct worker *w)
{
  char buf[65536];
  size_t k;
  FILE *f = fopen(w->text, "r");
  if (f == NULL)
    return;
  while ((k = fread(buf, 1, sizeof buf, f)) > 0)
    fwrite(buf, 1, k, stdout);
  fclose(f);
  fflush(stdout);
}

/* Worker k's JSON into m, and how it ended said when it failed (not when it
** stopped, 130, because the run was: stopped set). 1 when it failed. */
static int judge(struct worker *w, int k, int n, int stopped, struct merge *m)
{
  char why[1200] = "";
  struct jtree *t = NULL;
  struct results *r;
  struct ps_err e = {""};
  int code, kept, wrote = access(w->json, F_OK) == 0;
  r = wrote ? results_load_tree(w->json, &t, &code, &e) : NULL;
  results_free(r);
  kept = r != NULL && merge_add(m, t, w->key, &e) == PS_EXIT_OK;
  if (w->pid <= 0)
    snprintf(why, sizeof why, "did not start");
  else if (WIFSIGNALED(w->status))
    snprintf(why, sizeof why, "was killed by signal %d (%s)", WTERMSIG(w->status), strsignal(WTERMSIG(w->status)));
  else if (WIFEXITED(w->status) && WEXITSTATUS(w->status) != 0 && !(stopped && WEXITSTATUS(w->status) == 130))
    snprintf(why, sizeof why, "exited with %d", WEXITSTATUS(w->status));
  else if (!kept && wrote) /* exit 0 and no file: nothing to write (--dry-run) */
    snprintf(why, sizeof why, "wrote results that cannot be read: %.1000s", e.msg);
  if (why[0] != '\0')
    ps_error("%s: the worker of device %d of %d (%s, %s) %s: %s", w->mode, k + 1, n, w->key, w->di.name, why,
             kept ? "its results are kept" : "its datasets are not in the results");
  return why[0] != '\0';
}

/* The merged results into path, whole or not at all. 0, or -1 said. */
static int write_merged(const struct merge *m, const char *path)
{
  struct ps_err e;
  struct ofile *o = ofile_open(path, &e);
  if (o != NULL) {
    merge_print(ofile_stream(o), m);
    if (ofile_commit(o, &e) == 0)
      return 0;
  }
  ps_error("--json: %s", e.msg);
  return -1;
}

/* The temporary directory's files, then itself. */
static void clean(const char *dir, const struct worker *w, int n)
{
  for (int k = 0; w != NULL && k < n; k++) {
    unlink(w[k].json);
    unlink(w[k].text);
  }
  rmdir(dir);
}

/* Worker k's files, key and process (its pipes first with con); a worker
** that cannot be started is left with pid 0 or -1 (judge names it). */
static void start(struct worker *w, int k, int n, const char *dir, benchpar_work work, void *ctx,
                  struct benchcon *con)
{
  struct ps_err e;
  snprintf(w->json, sizeof w->json, "%s/p%dd%d.json", dir, w->di.pidx, w->di.didx);
  snprintf(w->text, sizeof w->text, "%s/p%dd%d.txt", dir, w->di.pidx, w->di.didx);
  snprintf(w->key, sizeof w->key, "@p%dd%d", w->di.pidx, w->di.didx);
  if (con != NULL && benchcon_pipes(con, k, w->key, &e) != 0) {
    ps_error("%s", e.msg);
    return;
  }
  fflush(NULL);
  if ((w->pid = fork()) == 0)
    worker_child(w, k, n, work, ctx, con != NULL ? benchcon_child(con, k) : NULL);
  if (con != NULL)
    benchcon_forked(con, k, w->pid > 0);
}

int benchpar_run(const struct devopt *d, benchpar_work work, void *ctx, const char *json,
                 volatile sig_atomic_t *stop, int concurrent)
{
  const char *tmp = getenv("TMPDIR"), *mode = concurrent ? "--concurrent" : "--parallel";
  char dir[4096];
  struct worker *w = NULL;
  struct benchcon *con = NULL;
  struct merge m;
  struct ps_err e;
  int n = 0, failed = 0, rc = PS_EXIT_FAILED;
  memset(&m, 0, sizeof m);
  snprintf(dir, sizeof dir, "%s/psearch-parallel.XXXXXX", tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
  if (mkdtemp(dir) == NULL) {
    ps_error("%s: a temporary directory (%s): %s", mode, dir, strerror(errno));
    return PS_EXIT_FAILED;
  }
  if (list_devices(d, &w, &n, &e) != 0) {
    ps_error("%s", e.msg);
    goto done;
  }
  if (concurrent && n < 2) {
    ps_error("--concurrent runs two or more devices at once, and the selection has one (%s): without "
             "--concurrent it is measured alone", w[0].di.name);
    rc = PS_EXIT_USAGE;
    goto done;
  }
  if (concurrent && (con = benchcon_new(n)) == NULL) {
    ps_error("out of memory");
    goto done;
  }
  if (concurrent)
    ps_info(1, "--concurrent: %d workers, one a device, each running every dataset alone and then all at once", n);
  else
    ps_info(1, "--parallel: %d workers, one a device, each running a part of the datasets", n);
  for (int k = 0; k < n; k++) {
    w[k].mode = mode;
    start(&w[k], k, n, dir, work, ctx, con);
  }
  wait_all(w, n, stop, con);
  for (int k = 0; k < n; k++) {
    if (k > 0)
      putchar('\n');
    print_text(&w[k]);
  }
  if (con != NULL)
    benchcon_print(con, stdout);
  for (int k = 0; k < n; k++)
    failed += judge(&w[k], k, n, *stop != 0, &m);
  rc = *stop ? 130 : failed > 0 ? PS_EXIT_FAILED : PS_EXIT_OK;
  if (failed > 0)
    ps_error("%s: %d of %d workers failed (named above); the results are the others'", mode, failed, n);
  if (json != NULL && write_merged(&m, json) != 0)
    rc = rc == PS_EXIT_OK ? PS_EXIT_FAILED : rc;
done:
  benchcon_free(con);
  merge_free(&m);
  clean(dir, w, n);
  free(w);
  return rc;
}
