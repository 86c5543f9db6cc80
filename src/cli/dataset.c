/*
** dataset.c: `psearch dataset`, after `futhark dataset`: -g TYPE values from
** the counter-based generator (optionally sorted or reversed, bounded,
** uniform or Zipf), or values read from stdin
** re-emitted in the chosen format. Binary output by default.
*/
#define _GNU_SOURCE /* fallocate */
#include "dataset.h"

#include "data.h"
#include "gen.h"
#include "help.h"
#include "input.h"
#include "ofile.h"
#include "opt.h"
#include "ps.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One -g request, with the settings in force where it appeared. */
struct request {
  const char *spec;
  int order; /* enum gen_order */
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
  struct input_item it = {q->spec, seed, &q->bounds, q->order, 0, nthreads};
  if (input_make(&it, v, baddata, e) != 0) {
    ps_err_prefix(e, "-g");
    return -1;
  }
  return 0;
}

/* The most bytes generation holds before handing them to the output. */
#define STREAM_CHUNK ((size_t)1 << 20)

/* gen_sink into a stream, flushed before the first piece, bypassing its
** buffer with whole write(2) calls; failed says whether a write failed. */
struct sink {
  FILE *f;
  int failed;
};

static int sink_file(void *ctx, const void *bytes, size_t len, struct ps_err *e)
{
  struct sink *k = ctx;
  const unsigned char *p = bytes;
  int rc = 0;
  while (rc == 0 && len > 0) {
    ssize_t w = write(fileno(k->f), p, len);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      k->failed = 1;
      rc = ps_fail(e, "write error: %s", w < 0 ? strerror(errno) : "nothing written");
    } else {
      p += w;
      len -= (size_t)w;
    }
  }
  return rc;
}

/* Where f (flushed) is a regular file, reserve its next len bytes' blocks,
** keeping its size (fallocate): a hint that spares the file system a
** reservation per page as they are written (about 40% of a write's cost on
** ext4); failing changes nothing. */
static void reserve(FILE *f, size_t len)
{
#if defined(__linux__) && defined(FALLOC_FL_KEEP_SIZE)
  struct stat st;
  off_t at;
  int fd = fileno(f);
  if (len > 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      (at = lseek(fd, 0, SEEK_CUR)) >= 0 && (uint64_t)len <= (uint64_t)INT64_MAX - (uint64_t)at)
    (void)fallocate(fd, FALLOC_FL_KEEP_SIZE, at, (off_t)len);
#else
  (void)f;
  (void)len;
#endif
}

/* A generated request in binary, streamed: the header, then the elements as
** they are made. 1 when q is not a generator type (nothing written), 0, or
** -1 with *baddata (the size overflows) or not and a message in e; *werr
** set when writing failed. */
static int stream_value(const struct request *q, uint64_t seed, int nthreads, FILE *f, int *baddata,
                        int *werr, struct ps_err *e)
{
  struct data_value want = {0};
  struct sink k = {f, 0};
  size_t bytes;
  int rc = 1;
  *baddata = 0;
  *werr = 0;
  if (gen_parse_type(q->spec, strlen(q->spec), &want.type, &want.rank, want.shape) != 0)
    goto done;
  rc = -1;
  if (data_value_bytes(&want, &bytes) != 0) {
    *baddata = 1;
    ps_fail(e, "'%s': array size overflows", q->spec);
  } else if (gen_law_check(want.type, &q->bounds, e) != 0) {
    ps_err_prefix(e, "'%s'", q->spec);
  } else if (data_write_header(f, &want, e) != 0) {
    *werr = 1;
  } else if (fflush(f) != 0) {
    *werr = 1;
    ps_fail(e, "write error: %s", strerror(errno));
  } else {
    reserve(f, bytes);
    if (gen_stream(want.type, data_value_count(&want), seed, &q->bounds, q->order, nthreads, STREAM_CHUNK,
                   sink_file, &k, e) != 0)
      *werr = k.failed;
    else
      rc = 0;
  }
  if (rc != 0 && !*werr)
    ps_err_prefix(e, "-g");
done:
  return rc;
}

/* What the command line asks for, and the settings in force while it is read. */
struct config {
  struct request *reqs; /* the -g/-n values, in order */
  int nreq, cap;
  const char *outpath;
  uint64_t seed;
  int64_t nthreads;
  int fmt;                  /* enum fmt */
  int order;                /* --sorted or --reversed given so far (enum gen_order) */
  struct gen_bounds bounds; /* the bounds and --zipf given so far */
  const char *after_last;   /* an option after the last -g/-n ("sorted"), which would do nothing */
};

/* -g TYPE and -n N (id 'n'): one request with the settings in force (opt_call_fn). */
static int request_row(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  struct config *cf = at;
  struct request *q;
  char nspec[64];
  int64_t n;
  int rc = PS_EXIT_USAGE;
  if (d->id == 'n' && opt_int_in(spelled, val, 0, INT64_MAX, &n) != 0)
    goto done;
  if (d->id == 'n') {
    snprintf(nspec, sizeof nspec, "[%lld]i32", (long long)n);
    val = nspec;
  }
  rc = PS_EXIT_FAILED;
  if (cf->nreq == cf->cap) {
    int cap = cf->cap ? 2 * cf->cap : 8;
    struct request *r = realloc(cf->reqs, (size_t)cap * sizeof *r);
    if (r == NULL)
      goto done;
    cf->reqs = r;
    cf->cap = cap;
  }
  q = &cf->reqs[cf->nreq];
  if ((q->spec = strdup(val)) == NULL)
    goto done;
  q->order = cf->order;
  q->bounds = cf->bounds;
  cf->nreq++;
  cf->after_last = NULL;
  rc = PS_EXIT_OK;
done:
  if (rc == PS_EXIT_FAILED)
    ps_error("out of memory");
  return rc;
}

/* setting_row's ids besides the types of --T-bounds (enum data_type). */
enum { ID_SORTED = DATA_NTYPES, ID_REVERSED, ID_ZIPF, ID_SEED, ID_FMT /* + enum fmt */ };

/* --sorted, --reversed, --zipf, --seed, --binary/--text/--type and --T-bounds
** (opt_call_fn). */
static int setting_row(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  struct config *cf = at;
  struct ps_err err;
  int rc = PS_EXIT_OK;
  if (d->id == ID_SORTED || d->id == ID_REVERSED) {
    cf->order = d->id == ID_SORTED ? GEN_SORTED : GEN_REVERSED;
    cf->after_last = d->lname;
  } else if (d->id == ID_ZIPF) {
    if (strcmp(val, "0") == 0) {
      cf->bounds.zipf = 0.0;
    } else if (gen_zipf_parse(val, &cf->bounds.zipf) != 0) {
      ps_error("option %s: '%s' is not 0 or a number in (0, %g]", spelled, val, GEN_ZIPF_MAX);
      rc = PS_EXIT_USAGE;
    }
    cf->after_last = d->lname;
  } else if (d->id >= ID_FMT) {
    cf->fmt = d->id - ID_FMT;
  } else if (d->id == ID_SEED) {
    if (opt_parse_u64(val, &cf->seed) != 0) {
      ps_error("option %s: '%s' is not a non-negative integer", spelled, val);
      rc = PS_EXIT_USAGE;
    }
  } else if (gen_bounds_parse(&cf->bounds, (enum data_type)d->id, val, &err) != 0) {
    ps_error("%s", err.msg);
    rc = PS_EXIT_USAGE;
  } else {
    cf->after_last = d->lname;
  }
  return rc;
}

#define AT(f) offsetof(struct config, f)
#define BOUNDS(NAME, T, HELP) OPT_ROW_CALL(NAME, 0, 0, "LO:HI", setting_row, T, HELP)

static const struct opt_def opts[] = {
  OPT_ROW_CALL("generate", 'g', 0, "TYPE", request_row, 'g', "Generate a value of TYPE ([N]i32, [10][20]f32, f64) or output a literal value; repeatable"),
  OPT_ROW_CALL(NULL, 'n', 0, "N", request_row, 'n', "Shorthand for -g [N]i32"),
  OPT_ROW_CALL("sorted", 0, 0, NULL, setting_row, ID_SORTED, "Following -g/-n values are sorted (a sorted sample of the same law)"),
  OPT_ROW_CALL("reversed", 0, 0, NULL, setting_row, ID_REVERSED, "Following -g/-n values are sorted in descending order (--sorted backwards)"),
  OPT_ROW_CALL("zipf", 0, 0, "S", setting_row, ID_ZIPF, "Following integer values by Zipf's law, exponent S, over their bounds (LO the most frequent); 0: uniform again"),
  OPT_ROW_CALL("seed", 's', 0, "N", setting_row, ID_SEED, "Seed of the first -g (the k-th uses N+k); default 1"),
  OPT_ROW_CALL("binary", 'b', 0, NULL, setting_row, ID_FMT + FMT_BINARY, "Binary output (the default)"),
  OPT_ROW_CALL("text", 0, 0, NULL, setting_row, ID_FMT + FMT_TEXT, "Text output"),
  OPT_ROW_CALL("type", 't', 0, NULL, setting_row, ID_FMT + FMT_TYPE, "Print the type of each value instead of the value"),
  OPT_ROW_OUTPUT("output", 'o', AT(outpath), "Write to FILE (atomically) instead of stdout"),
  OPT_ROW_INT("threads", 'j', AT(nthreads), "N", 1, 256, "Threads for generation and sorting (default: all CPUs)"),
  BOUNDS("i8-bounds", DATA_I8, "Inclusive bounds for following i8 values"),
  BOUNDS("i16-bounds", DATA_I16, "... for i16"),
  BOUNDS("i32-bounds", DATA_I32, "... for i32"),
  BOUNDS("i64-bounds", DATA_I64, "... for i64"),
  BOUNDS("u8-bounds", DATA_U8, "... for u8"),
  BOUNDS("u16-bounds", DATA_U16, "... for u16"),
  BOUNDS("u32-bounds", DATA_U32, "... for u32"),
  BOUNDS("u64-bounds", DATA_U64, "... for u64"),
  BOUNDS("f16-bounds", DATA_F16, "... for f16 (default 0:1)"),
  BOUNDS("f32-bounds", DATA_F32, "... for f32 (default 0:1)"),
  BOUNDS("f64-bounds", DATA_F64, "... for f64 (default 0:1)"),
  OPT_ROW_END,
};

static void init(void *p)
{
  struct config *cf = p;
  cf->seed = 1;
  cf->nthreads = ps_ncpus();
  cf->fmt = FMT_BINARY;
  gen_bounds_default(&cf->bounds);
}

static void fini(void *p)
{
  struct config *cf = p;
  for (int k = 0; k < cf->nreq; k++)
    free((char *)cf->reqs[k].spec);
  free(cf->reqs);
}

/* What the options say together: PS_EXIT_OK, or PS_EXIT_USAGE after saying why. */
static int check(void *p)
{
  const struct config *cf = p;
  int rc = PS_EXIT_USAGE;
  if (cf->nreq > 0 && cf->after_last != NULL)
    ps_error("dataset: --%s comes after the last -g/-n and would have no effect; put it before",
             cf->after_last);
  else if (cf->fmt == FMT_BINARY && (cf->outpath == NULL || strcmp(cf->outpath, "-") == 0) && isatty(1))
    ps_error("dataset: refusing to write binary data to a terminal; use -o FILE, a redirection "
             "or --text");
  else
    rc = PS_EXIT_OK;
  return rc;
}

/* Generate every request into out; the exit code. */
static int generate(const struct config *cf, struct ofile *out)
{
  struct data_value v = {0};
  struct ps_err err;
  int rc = PS_EXIT_OK;
  for (int k = 0; k < cf->nreq && rc == PS_EXIT_OK; k++) {
    int baddata = 0, werr = 0, got = 1;
    if (cf->fmt == FMT_BINARY)
      got = stream_value(&cf->reqs[k], cf->seed + (uint64_t)k, (int)cf->nthreads, ofile_stream(out),
                         &baddata, &werr, &err);
    if (got == 0)
      continue;
    if (got < 0 && werr) {
      ps_error("%s: %s", cf->outpath ? cf->outpath : "standard output", err.msg);
      rc = PS_EXIT_FAILED;
    } else if (got < 0) {
      ps_error("%s", err.msg);
      rc = baddata ? PS_EXIT_USAGE : PS_EXIT_FAILED;
    } else if (make_value(&cf->reqs[k], cf->seed + (uint64_t)k, (int)cf->nthreads, &v, &baddata, &err) != 0) {
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
    rc = data_reader_oom(in) ? PS_EXIT_FAILED : PS_EXIT_BADDATA;
  }
  data_reader_close(in);
  return rc;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct ps_err err;
  struct ofile *out = NULL;
  int rc = PS_EXIT_FAILED;
  if ((out = ofile_open(cf->outpath, &err)) == NULL) {
    ps_error("%s", err.msg);
    goto done;
  }
  rc = cf->nreq > 0 ? generate(cf, out) : convert(cf, out);
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
  return rc;
}

const struct opt_cmd dataset_cmd = {"dataset", help_dataset, opts, NULL, sizeof(struct config), init, check, body, fini};
