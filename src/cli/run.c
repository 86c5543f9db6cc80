/*
** run.c: `psearch run -e ENTRY [-b] [-t FILE] [-r N] < inputs > outputs`.
** Inputs come from stdin in the data format; outputs go to stdout (text, or
** binary with -b). The timed region is the entry's run + device sync only.
*/
#include "run.h"

#include "devopt.h"
#include "entry.h"
#include "help.h"
#include "input.h"
#include "ofile.h"
#include "registry.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the command line asks for. */
struct config {
  const struct entry *en;
  const char *timefile;
  int64_t runs; /* -1: one untimed run */
  int binary;
  struct devopt dev;
};

/* -e NAME: the entry point (opt_call_fn). */
static int entry_row(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  const struct entry *en = registry_find(val);
  (void)d;
  (void)spelled;
  const char *near = en == NULL ? registry_closest(val) : NULL;
  if (en == NULL)
    ps_error("run: no entry point '%s'%s%s%s ('psearch list' shows them)", val, near ? " (did you mean " : "",
             near ? near : "", near ? "?)" : "");
  *(const struct entry **)at = en;
  return en != NULL ? PS_EXIT_OK : PS_EXIT_USAGE;
}

/* A positional argument: none is taken, an entry point's name least of all. */
static int positional(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  (void)at;
  (void)d;
  (void)spelled;
  if (registry_find(val) != NULL)
    ps_error("run: the entry point goes after -e: psearch run -e %s", val);
  else
    ps_error("run: unexpected argument '%s'", val);
  return PS_EXIT_USAGE;
}

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_CALL("entry-point", 'e', AT(en), "NAME", entry_row, 0, "The entry point to run (required; 'psearch list' shows them)"),
  OPT_ROW_FLAG("binary-output", 'b', AT(binary), "Write outputs in the binary data format"),
  OPT_ROW_STRING("write-runtime-to", 't', AT(timefile), "FILE", "Write each timed run's runtime in microseconds to FILE, one per line"),
  OPT_ROW_INT("runs", 'r', AT(runs), "N", 1, 1000000000, "One warm-up run, then N timed runs (default: one run)"),
  DEVOPT_ROWS(AT(dev)),
  OPT_ROW_CALL(NULL, 0, 0, NULL, positional, 0, NULL),
  OPT_ROW_END,
};

static void init(void *p)
{
  struct config *cf = p;
  cf->runs = -1;
  devopt_init(&cf->dev);
}

/* What the options say together: PS_EXIT_OK, or PS_EXIT_USAGE after the message. */
static int check(void *p)
{
  const struct config *cf = p;
  int rc = PS_EXIT_USAGE;
  if (cf->dev.all)
    ps_error("run: -d all and several -d are for bench; run takes one device (-d INDEX or NAME)");
  if (devopt_check(&cf->dev) != 0 || cf->dev.all)
    goto done;
  if (cf->en == NULL)
    ps_error("run: -e ENTRY is required ('psearch list' shows the entry points)");
  else if (cf->binary && isatty(1))
    ps_error("run: refusing to write binary data to a terminal; use a redirection or drop -b");
  else
    rc = PS_EXIT_OK;
done:
  return rc;
}

/* The runs (one warm-up first when timed), each time written to tf. */
static int timed(const struct config *cf, struct entry_job *j, struct ofile *tf, struct ps_err *e)
{
  for (int64_t i = cf->runs < 0 ? 0 : -1; i < (cf->runs < 0 ? 1 : cf->runs); i++) { /* -1: warm-up */
    uint64_t t0 = ps_now_ns(), t1;
    if (entry_run(j, e) != 0 || entry_sync(j, e) != 0)
      return -1;
    t1 = ps_now_ns();
    if (tf != NULL && i >= 0)
      fprintf(ofile_stream(tf), "%llu\n", (unsigned long long)((t1 - t0 + 500) / 1000));
  }
  return 0;
}

/* Prepare, run, take and print the result. */
static int run_job(const struct config *cf, struct entry_job *j, struct ps_err *e)
{
  struct ofile *tf = NULL;
  if (entry_prepare(j, e) != 0)
    goto fail;
  if (cf->timefile != NULL && (tf = ofile_open(cf->timefile, e)) == NULL)
    return -1;
  if (timed(cf, j, tf, e) != 0)
    goto fail;
  if (tf != NULL) {
    struct ofile *o = tf;
    tf = NULL;
    if (ofile_commit(o, e) != 0)
      return -1;
  }
  if (entry_result(j, e) != 0)
    goto fail;
  for (int i = 0; i < j->nout; i++)
    if ((cf->binary ? data_write_binary(stdout, &j->out[i], e) : data_write_text(stdout, &j->out[i], e)) != 0) {
      ps_err_prefix(e, "standard output");
      return -1;
    }
  if (fflush(stdout) != 0)
    return ps_fail(e, "standard output: write error");
  return 0;
fail:
  ofile_abort(tf);
  ps_err_prefix(e, "%s", j->entry->name);
  return -1;
}

static int body(void *p)
{
  const struct config cf = *(const struct config *)p;
  struct data_value in[INPUT_MAX];
  struct entry_job job;
  struct ps_err err;
  struct target tg = {BACKEND_C, NULL, NULL, NULL};
  int nin = 0, rc;

  memset(&job, 0, sizeof job);
  rc = PS_EXIT_BADDATA;
  if ((nin = input_read_all(data_reader_file(stdin, "standard input"), "standard input", in, &err)) < 0) {
    nin = 0;
    ps_error("%s", err.msg);
    goto done;
  }
  if (entry_check_inputs(cf.en, in, nin, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    goto done;
  }
  rc = PS_EXIT_FAILED;
  if (devopt_open(&cf.dev, &tg, &err) != 0) {
    ps_error("%s", err.msg);
    goto done;
  }
  job = entry_job_init(cf.en, &tg, in, nin);
  if (run_job(&cf, &job, &err) != 0) {
    ps_error("%s", err.msg);
    goto done;
  }
  rc = PS_EXIT_OK;
done:
  entry_release(&job);
  for (int i = 0; i < nin; i++)
    data_value_free(&in[i]);
  devopt_close(&tg);
  return rc;
}

const struct opt_cmd run_cmd = {"run", help_run, opts, NULL, sizeof(struct config), init, check, body, NULL};
