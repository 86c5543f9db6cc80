/*
** run.c: `psearch run -e ENTRY [-b] [-t FILE] [-r N] < inputs > outputs`.
** Inputs come from stdin in the data format; outputs go to stdout (text, or
** binary with -b). The timed region is the entry's run + device sync only.
*/
#include "run.h"
#include "registry.h"

#include "entry.h"
#include "ofile.h"
#include "opt.h"

#include <stdlib.h>
#include <string.h>

enum { O_ENTRY = 1, O_BINARY, O_TIMEFILE, O_RUNS, O_BACKEND, O_PLATFORM, O_DEVICE, O_DEVTYPE,
       O_KERNELS, O_NOCACHE, O_HELP };

static const struct opt_def opts[] = {
  {"entry-point", 'e', OPT_REQUIRED, O_ENTRY, "NAME", "The entry point to run (required; 'psearch list' shows them)"},
  {"binary-output", 'b', OPT_NONE, O_BINARY, NULL, "Write outputs in the binary data format"},
  {"write-runtime-to", 't', OPT_REQUIRED, O_TIMEFILE, "FILE", "Write each timed run's runtime in microseconds to FILE, one per line"},
  {"runs", 'r', OPT_REQUIRED, O_RUNS, "N", "One warm-up run, then N timed runs (default: one run)"},
  {"backend", 0, OPT_REQUIRED, O_BACKEND, "NAME", "opencl (default) or c (sequential reference)"},
  {"platform", 'p', OPT_REQUIRED, O_PLATFORM, "P", "OpenCL platform: index or name substring"},
  {"device", 'd', OPT_REQUIRED, O_DEVICE, "D", "OpenCL device: index or name substring"},
  {"device-type", 0, OPT_REQUIRED, O_DEVTYPE, "TYPE", "cpu, gpu or all"},
  {"kernels", 0, OPT_REQUIRED, O_KERNELS, "DIR", "Read kernel sources from DIR instead of the embedded ones"},
  {"no-cache", 0, OPT_NONE, O_NOCACHE, NULL, "Do not use the compiled-kernel cache"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void run_help(FILE *f)
{
  fputs("Usage: psearch run -e ENTRY [OPTIONS] < INPUT > OUTPUT\n"
        "Run one entry point on the values on standard input and print its outputs.\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExamples:\n"
        "  psearch dataset -n 1000000 | psearch run -e sorted -b > sorted.in\n"
        "  psearch run -e bench_copy -r 10 -t times.txt < input > /dev/null\n", f);
}

#define MAX_INPUTS 16

/* Read every value on stdin into in[]; returns the count or -1. */
static int read_inputs(struct data_value *in, struct ps_err *e)
{
  struct data_reader *r = data_reader_file(stdin, "standard input");
  int n = 0, got = 0;
  if (r == NULL)
    return ps_fail(e, "out of memory");
  while (n < MAX_INPUTS && (got = data_read(r, &in[n], e)) == 1)
    n++;
  if (got == 1) { /* MAX_INPUTS values and maybe more */
    struct data_value extra;
    got = data_read(r, &extra, e);
    if (got == 1) {
      data_value_free(&extra);
      got = ps_fail(e, "standard input: more than %d values", MAX_INPUTS);
    }
  }
  data_reader_close(r);
  if (got < 0) {
    for (int i = 0; i < n; i++)
      data_value_free(&in[i]);
    return -1;
  }
  return n;
}

int run_main(int argc, char **argv)
{
  struct opt_state st;
  struct rt_select sel = {NULL, NULL, NULL};
  struct data_value in[MAX_INPUTS];
  struct entry_job job;
  struct ps_err err;
  struct rt *rt = NULL;
  struct ofile *tf = NULL;
  const struct entry *en = NULL;
  const char *val, *timefile = NULL, *kdir = NULL;
  enum backend backend = BACKEND_OPENCL;
  int64_t runs = -1;
  int id, nin = 0, binary = 0, nocache = 0, prepared = 0, rc = PS_EXIT_USAGE;

  memset(&job, 0, sizeof job);
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    switch (id) {
    case O_ENTRY:
      en = registry_find(val);
      if (en == NULL) {
        ps_error("run: no entry point '%s' ('psearch list' shows them)", val);
        goto done;
      }
      break;
    case O_BINARY: binary = 1; break;
    case O_TIMEFILE: timefile = val; break;
    case O_RUNS:
      if (opt_int_in("runs", val, 1, 1000000000, &runs) != 0)
        goto done;
      break;
    case O_BACKEND:
      if (backend_parse(val, &backend) != 0) {
        ps_error("option --backend: '%s' is not a backend (c, opencl)", val);
        goto done;
      }
      break;
    case O_PLATFORM: sel.platform = val; break;
    case O_DEVICE: sel.device = val; break;
    case O_DEVTYPE:
      if (rt_select_type(&sel, val) != 0)
        goto done;
      break;
    case O_KERNELS: kdir = val; break;
    case O_NOCACHE: nocache = 1; break;
    case O_HELP:
      run_help(stdout);
      rc = PS_EXIT_OK;
      goto done;
    default:
      if (id == OPT_POSITIONAL)
        ps_error("run: unexpected argument '%s'", val);
      fputs("Try 'psearch help run'.\n", stderr);
      goto done;
    }
  }
  if (en == NULL) {
    ps_error("run: -e ENTRY is required ('psearch list' shows the entry points)");
    goto done;
  }
  rc = PS_EXIT_BADDATA;
  nin = read_inputs(in, &err);
  if (nin < 0) {
    nin = 0;
    ps_error("%s", err.msg);
    goto done;
  }
  if (entry_check_inputs(en, in, nin, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    goto done;
  }
  rc = PS_EXIT_FAILED;
  if (backend == BACKEND_OPENCL) {
    rt = rt_open(&sel, &err);
    if (rt == NULL) {
      ps_error("%s", err.msg);
      goto done;
    }
    if (kdir != NULL)
      rt_set_kernel_dir(rt, kdir);
    if (nocache)
      rt_set_cache(rt, 0);
    ps_info(2, "using %s (%s)", rt_info(rt)->name, rt_info(rt)->platform);
  }
  job.entry = en;
  job.backend = backend;
  job.rt = rt;
  job.in = in;
  job.nin = nin;
  prepared = 1;
  if (entry_prepare(&job, &err) != 0) {
    ps_error("%s: %s", en->name, err.msg);
    goto done;
  }
  if (timefile != NULL && (tf = ofile_open(timefile, &err)) == NULL) {
    ps_error("%s", err.msg);
    goto done;
  }
  for (int64_t i = runs < 0 ? 0 : -1; i < (runs < 0 ? 1 : runs); i++) { /* -1: warm-up */
    uint64_t t0 = ps_now_ns(), t1;
    if (entry_run(&job, &err) != 0 || entry_sync(&job, &err) != 0) {
      ps_error("%s: %s", en->name, err.msg);
      goto done;
    }
    t1 = ps_now_ns();
    if (tf != NULL && i >= 0)
      fprintf(ofile_stream(tf), "%llu\n", (unsigned long long)((t1 - t0 + 500) / 1000));
  }
  if (tf != NULL) {
    struct ofile *o = tf;
    tf = NULL;
    if (ofile_commit(o, &err) != 0) {
      ps_error("%s", err.msg);
      goto done;
    }
  }
  if (entry_result(&job, &err) != 0) {
    ps_error("%s: %s", en->name, err.msg);
    goto done;
  }
  for (int i = 0; i < job.nout; i++) {
    if ((binary ? data_write_binary(stdout, &job.out[i], &err)
                : data_write_text(stdout, &job.out[i], &err)) != 0) {
      ps_error("standard output: %s", err.msg);
      goto done;
    }
  }
  rc = fflush(stdout) == 0 ? PS_EXIT_OK : PS_EXIT_FAILED;
done:
  ofile_abort(tf);
  if (prepared)
    entry_release(&job);
  for (int i = 0; i < nin; i++)
    data_value_free(&in[i]);
  rt_close(rt);
  return rc;
}
