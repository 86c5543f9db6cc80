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

int dataset_main(int argc, char **argv)
{
  struct opt_state st;
  struct request *reqs = NULL;
  struct gen_bounds bounds;
  struct ps_err err = {{0}};
  struct ofile *out = NULL;
  struct data_reader *in = NULL;
  struct data_value v = {0};
  const char *outpath = NULL, *val, *after_last = NULL;
  char nspec[64];
  uint64_t seed = 1;
  int64_t nthreads = ps_ncpus();
  int nreq = 0, sorted = 0, id, rc = PS_EXIT_USAGE;
  enum fmt fmt = FMT_BINARY;

  reqs = calloc((size_t)argc + 1, sizeof *reqs);
  if (reqs == NULL) {
    ps_error("out of memory");
    return PS_EXIT_FAILED;
  }
  gen_bounds_default(&bounds);
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    switch (id) {
    case OPT_ERROR:
      fputs("Try 'psearch help dataset'.\n", stderr);
      goto done;
    case OPT_POSITIONAL:
      ps_error("dataset: unexpected argument '%s'", val);
      goto done;
    case O_HELP:
      dataset_help(stdout);
      rc = PS_EXIT_OK;
      goto done;
    case O_N: {
      int64_t n;
      if (opt_int_in("n", val, 0, INT64_MAX, &n) != 0)
        goto done;
      snprintf(nspec, sizeof nspec, "[%lld]i32", (long long)n);
      reqs[nreq].spec = strdup(nspec);
      if (reqs[nreq].spec == NULL) {
        ps_error("out of memory");
        goto done;
      }
    }
      /* fall through */
    case O_GEN:
      if (id == O_GEN)
        reqs[nreq].spec = strdup(val);
      reqs[nreq].sorted = sorted;
      reqs[nreq].bounds = bounds;
      nreq++;
      after_last = NULL;
      break;
    case O_SORTED:
      sorted = 1;
      after_last = "--sorted";
      break;
    case O_SEED:
      if (opt_parse_u64(val, &seed) != 0) {
        ps_error("option --seed: '%s' is not a non-negative integer", val);
        goto done;
      }
      break;
    case O_BINARY: fmt = FMT_BINARY; break;
    case O_TEXT: fmt = FMT_TEXT; break;
    case O_TYPE: fmt = FMT_TYPE; break;
    case O_OUTPUT: outpath = val; break;
    case O_THREADS:
      if (opt_int_in("threads", val, 1, 256, &nthreads) != 0)
        goto done;
      break;
    default: /* bounds */
      if (gen_bounds_parse(&bounds, (enum data_type)(id - O_BOUNDS), val, &err) != 0) {
        ps_error("%s", err.msg);
        goto done;
      }
      after_last = opts[0].lname; /* any non-NULL marker */
      for (const struct opt_def *d = opts; d->id; d++)
        if (d->id == id)
          after_last = d->lname;
      break;
    }
  }
  if (nreq > 0 && after_last != NULL) {
    ps_error("dataset: %s%s comes after the last -g/-n and would have no effect; put it before",
             after_last[0] == '-' ? "" : "--", after_last);
    goto done;
  }
  if (fmt == FMT_BINARY && (outpath == NULL || strcmp(outpath, "-") == 0) && isatty(1)) {
    ps_error("dataset: refusing to write binary data to a terminal; use -o FILE, a redirection "
             "or --text");
    goto done;
  }

  rc = PS_EXIT_FAILED;
  out = ofile_open(outpath, &err);
  if (out == NULL) {
    ps_error("%s", err.msg);
    goto done;
  }
  if (nreq > 0) {
    for (int k = 0; k < nreq; k++) {
      int baddata = 0;
      if (make_value(&reqs[k], seed + (uint64_t)k, (int)nthreads, &v, &baddata, &err) != 0) {
        ps_error("%s", err.msg);
        rc = baddata ? PS_EXIT_USAGE : PS_EXIT_FAILED;
        goto done;
      }
      if (emit(ofile_stream(out), &v, fmt, &err) != 0) {
        ps_error("%s: %s", outpath ? outpath : "standard output", err.msg);
        goto done;
      }
      data_value_free(&v);
    }
  } else {
    int got;
    in = data_reader_file(stdin, "standard input");
    if (in == NULL) {
      ps_error("out of memory");
      goto done;
    }
    while ((got = data_read(in, &v, &err)) == 1) {
      if (emit(ofile_stream(out), &v, fmt, &err) != 0) {
        ps_error("%s: %s", outpath ? outpath : "standard output", err.msg);
        goto done;
      }
      data_value_free(&v);
    }
    if (got < 0) {
      ps_error("%s", err.msg);
      rc = PS_EXIT_BADDATA;
      goto done;
    }
  }
  if (ofile_commit(out, &err) != 0) {
    out = NULL;
    ps_error("%s", err.msg);
    goto done;
  }
  out = NULL;
  rc = PS_EXIT_OK;
done:
  ofile_abort(out);
  data_reader_close(in);
  data_value_free(&v);
  for (int k = 0; k < nreq; k++)
    free((char *)reqs[k].spec);
  free(reqs);
  return rc;
}
