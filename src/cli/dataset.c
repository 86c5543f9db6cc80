/*
** dataset.c: `psearch dataset`, after `futhark dataset`: -g TYPE values from
** the counter-based generator (optionally sorted), or values read from stdin
** re-emitted in the chosen format. Binary output by default.
*/
#include "dataset.h"

#include "data.h"
#include "gen.h"
#include "input.h"
#include "ofile.h"
#include "opt.h"
#include "ps.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  O_GEN = 1, O_N, O_SORTED, O_SEED, O_BINARY, O_TEXT, O_TYPE, O_OUTPUT, O_THREADS, O_HELP,
  O_BOUNDS /* O_BOUNDS + t for each numeric type t */
};

static const struct opt_def opts[] = {
  {"generate", 'g', OPT_REQUIRED, O_GEN, "TYPE", "Generate a value of TYPE ([N]i32, [10][20]f32, f64) or output a literal value; repeatable"},
  {NULL, 'n', OPT_REQUIRED, O_N, "N", "Shorthand for -g [N]i32"},
  {"sorted", 0, OPT_NONE, O_SORTED, NULL, "Following -g/-n values are sorted (same multiset as unsorted)"},
  {"seed", 's', OPT_REQUIRED, O_SEED, "N", "Seed of the first -g (the k-th uses N+k); default 1"},
  {"binary", 'b', OPT_NONE, O_BINARY, NULL, "Binary output (the default)"},
  {"text", 0, OPT_NONE, O_TEXT, NULL, "Text output"},
  {"type", 't', OPT_NONE, O_TYPE, NULL, "Print the type of each value instead of the value"},
  {"output", 'o', OPT_REQUIRED, O_OUTPUT, "FILE", "Write to FILE (atomically) instead of stdout"},
  {"threads", 'j', OPT_REQUIRED, O_THREADS, "N", "Threads for generation and sorting (default: all CPUs)"},
  {"i8-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_I8, "LO:HI", "Inclusive bounds for following i8 values"},
  {"i16-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_I16, "LO:HI", "... for i16"},
  {"i32-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_I32, "LO:HI", "... for i32"},
  {"i64-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_I64, "LO:HI", "... for i64"},
  {"u8-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_U8, "LO:HI", "... for u8"},
  {"u16-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_U16, "LO:HI", "... for u16"},
  {"u32-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_U32, "LO:HI", "... for u32"},
  {"u64-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_U64, "LO:HI", "... for u64"},
  {"f16-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_F16, "LO:HI", "... for f16 (default 0:1)"},
  {"f32-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_F32, "LO:HI", "... for f32 (default 0:1)"},
  {"f64-bounds", 0, OPT_REQUIRED, O_BOUNDS + DATA_F64, "LO:HI", "... for f64 (default 0:1)"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void dataset_help(FILE *f)
{
  fputs("Usage: psearch dataset [OPTIONS]\n"
        "Generate random (or sorted) values in Futhark's data format, or convert the\n"
        "values on standard input when no -g/-n is given.\n\n"
        "Bounds and --sorted apply to the -g/-n options that follow them.\n\n", f);
  opt_print_help(f, opts);
  fputs("\nExamples:\n"
        "  psearch dataset --sorted -n 33554431 > input\n"
        "  psearch dataset -g [10][20]f32 --i64-bounds=0:9 -g [100]i64 --text\n"
        "  psearch dataset --text < input\n", f);
}

/* One -g request, with the settings in force where it appeared. */
struct request {
  const char *spec;
  int sorted;
  struct gen_bounds bounds;
};

enum fmt { FMT_BINARY, FMT_TEXT, FMT_TYPE };

static int emit(FILE *f, const struct data_value *v, enum fmt fmt, struct ps_err *e)
{
  if (fmt == FMT_BINARY)
    return data_write_binary(f, v, e);
  if (fmt == FMT_TEXT)
    return data_write_text(f, v, e);
  {
    char buf[64 + 24 * DATA_MAX_RANK];
    data_value_type_text(v, buf, sizeof buf);
    if (fprintf(f, "%s\n", buf) < 0)
      return ps_fail(e, "write error");
  }
  return 0;
}

/* Generate (or parse, for a literal) the value of one request. */
static int make_value(const struct request *q, uint64_t seed, int nthreads, struct data_value *v,
                      int *baddata, struct ps_err *e)
{
  struct input_item it = {q->spec, seed, &q->bounds, q->sorted, 0, nthreads};
  if (input_make(&it, v, baddata, e) != 0) {
    ps_err_prefix(e, "-g");
    return -1;
  }
  return 0;
}

/* What the command line asks for. */
struct config {
  struct request *reqs; /* the -g/-n values, in order */
  int nreq;
  const char *outpath;
  uint64_t seed;
  int64_t nthreads;
  enum fmt fmt;
};

/* What the options say together: PS_EXIT_OK, or PS_EXIT_USAGE after saying why.
** after_last: an option given after the last -g/-n, which would do nothing. */
static int check_args(const struct config *cf, const char *after_last)
{
  if (cf->nreq > 0 && after_last != NULL) {
    ps_error("dataset: %s%s comes after the last -g/-n and would have no effect; put it before",
             after_last[0] == '-' ? "" : "--", after_last);
    return PS_EXIT_USAGE;
  }
  if (cf->fmt == FMT_BINARY && (cf->outpath == NULL || strcmp(cf->outpath, "-") == 0) && isatty(1)) {
    ps_error("dataset: refusing to write binary data to a terminal; use -o FILE, a redirection "
             "or --text");
    return PS_EXIT_USAGE;
  }
  return PS_EXIT_OK;
}

/* Parse the command line; PS_EXIT_OK to go on, -1 after --help, else the exit code. */
static int parse_args(int argc, char **argv, struct config *cf)
{
  struct opt_state st;
  struct gen_bounds bounds;
  struct ps_err err;
  const char *val, *after_last = NULL;
  char nspec[64];
  int sorted = 0, id;
  gen_bounds_default(&bounds);
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    struct request *q = &cf->reqs[cf->nreq];
    switch (id) {
    case OPT_ERROR:
      fputs("Try 'psearch help dataset'.\n", stderr);
      return PS_EXIT_USAGE;
    case OPT_POSITIONAL:
      ps_error("dataset: unexpected argument '%s'", val);
      return PS_EXIT_USAGE;
    case O_HELP:
      dataset_help(stdout);
      return -1;
    case O_N:
    case O_GEN:
      if (id == O_N) {
        int64_t n;
        if (opt_int_in(st.spelled, val, 0, INT64_MAX, &n) != 0)
          return PS_EXIT_USAGE;
        snprintf(nspec, sizeof nspec, "[%lld]i32", (long long)n);
        val = nspec;
      }
      if ((q->spec = strdup(val)) == NULL) {
        ps_error("out of memory");
        return PS_EXIT_FAILED;
      }
      q->sorted = sorted;
      q->bounds = bounds;
      cf->nreq++;
      after_last = NULL;
      break;
    case O_SORTED:
      sorted = 1;
      after_last = "--sorted";
      break;
    case O_SEED:
      if (opt_parse_u64(val, &cf->seed) != 0) {
        ps_error("option --seed: '%s' is not a non-negative integer", val);
        return PS_EXIT_USAGE;
      }
      break;
    case O_BINARY: cf->fmt = FMT_BINARY; break;
    case O_TEXT: cf->fmt = FMT_TEXT; break;
    case O_TYPE: cf->fmt = FMT_TYPE; break;
    case O_OUTPUT: cf->outpath = val; break;
    case O_THREADS:
      if (opt_int_in(st.spelled, val, 1, 256, &cf->nthreads) != 0)
        return PS_EXIT_USAGE;
      break;
    default: /* bounds */
      if (gen_bounds_parse(&bounds, (enum data_type)(id - O_BOUNDS), val, &err) != 0) {
        ps_error("%s", err.msg);
        return PS_EXIT_USAGE;
      }
      for (const struct opt_def *d = opts; d->id; d++)
        if (d->id == id)
          after_last = d->lname;
      break;
    }
  }
  return check_args(cf, after_last);
}

/* Generate every request into out; the exit code. */
static int generate(const struct config *cf, struct ofile *out)
{
  struct data_value v = {0};
  struct ps_err err;
  int rc = PS_EXIT_OK;
  for (int k = 0; k < cf->nreq && rc == PS_EXIT_OK; k++) {
    int baddata = 0;
    if (make_value(&cf->reqs[k], cf->seed + (uint64_t)k, (int)cf->nthreads, &v, &baddata, &err) != 0) {
      ps_error("%s", err.msg);
      rc = baddata ? PS_EXIT_USAGE : PS_EXIT_FAILED;
    } else if (emit(ofile_stream(out), &v, cf->fmt, &err) != 0) {
      ps_error("%s: %s", cf->outpath ? cf->outpath : "standard output", err.msg);
      rc = PS_EXIT_FAILED;
    }
    data_value_free(&v);
  }
  return rc;
}

/* Re-emit the values on standard input into out; the exit code. */
static int convert(const struct config *cf, struct ofile *out)
{
  struct data_reader *in = data_reader_file(stdin, "standard input");
  struct data_value v = {0};
  struct ps_err err;
  int got, rc = PS_EXIT_OK;
  if (in == NULL) {
    ps_error("out of memory");
    return PS_EXIT_FAILED;
  }
  while (rc == PS_EXIT_OK && (got = data_read(in, &v, &err)) == 1) {
    if (emit(ofile_stream(out), &v, cf->fmt, &err) != 0) {
      ps_error("%s: %s", cf->outpath ? cf->outpath : "standard output", err.msg);
      rc = PS_EXIT_FAILED;
    }
    data_value_free(&v);
  }
  if (rc == PS_EXIT_OK && got < 0) {
    ps_error("%s", err.msg);
    rc = PS_EXIT_BADDATA;
  }
  data_reader_close(in);
  return rc;
}

int dataset_main(int argc, char **argv)
{
  struct config cf = {NULL, 0, NULL, 1, 0, FMT_BINARY};
  struct ps_err err;
  struct ofile *out = NULL;
  int rc;

  cf.nthreads = ps_ncpus();
  if ((cf.reqs = calloc((size_t)argc + 1, sizeof *cf.reqs)) == NULL) {
    ps_error("out of memory");
    return PS_EXIT_FAILED;
  }
  rc = parse_args(argc, argv, &cf);
  if (rc != PS_EXIT_OK) {
    rc = rc < 0 ? PS_EXIT_OK : rc;
    goto done;
  }
  rc = PS_EXIT_FAILED;
  if ((out = ofile_open(cf.outpath, &err)) == NULL) {
    ps_error("%s", err.msg);
    goto done;
  }
  rc = cf.nreq > 0 ? generate(&cf, out) : convert(&cf, out);
  if (rc == PS_EXIT_OK) {
    struct ofile *o = out;
    out = NULL;
    if (ofile_commit(o, &err) != 0) {
      ps_error("%s", err.msg);
      rc = PS_EXIT_FAILED;
    }
  }
done:
  ofile_abort(out);
  for (int k = 0; k < cf.nreq; k++)
    free((char *)cf.reqs[k].spec);
  free(cf.reqs);
  return rc;
}
