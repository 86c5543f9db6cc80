/*
** entry.c: the engine's side of entry points: backends, build options for
** element types, input checking, the phase drivers and result comparison.
** It knows no family: those register in src/entries/registry.c.
*/
#include "entry.h"

#include "cache.h"
#include "hook.h"


#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const backend_names[BACKEND_COUNT] = {"c", "opencl", "multicore"};

int backend_parse(const char *s, enum backend *b)
{
  for (int i = 0; i < BACKEND_COUNT; i++)
    if (strcmp(s, backend_names[i]) == 0) {
      *b = (enum backend)i;
      return 0;
    }
  return -1;
}

const char *backend_name(enum backend b) { return backend_names[b]; }

/* OpenCL C names of the element types, and the unsigned type of the same width. */
static const char *const cl_types[DATA_NTYPES] = {"char", "short", "int", "long", "uchar",
                                                  "ushort", "uint", "ulong", "half", "float",
                                                  "double", "uchar"};
static const char *const cl_utypes[DATA_NTYPES] = {"uchar", "ushort", "uint", "ulong", "uchar",
                                                   "ushort", "uint", "ulong", "ushort", "uint",
                                                   "ulong", "uchar"};

void entry_type_options(enum data_type t, const char *extra, char *buf, size_t n)
{
  unsigned bits = (unsigned)data_type_size(t) * 8;
  snprintf(buf, n, "-DT=%s -DU=%s -DFLIP=%s %s", t == DATA_F16 ? "ushort" : cl_types[t],
           cl_utypes[t],
           data_type_is_signed(t) ? (bits == 64 ? "0x8000000000000000UL" : bits == 32 ? "0x80000000U"
                                     : bits == 16 ? "0x8000" : "0x80")
                                  : "0",
           extra ? extra : "");
}

int64_t entry_param(struct entry_job *j, const char *name, int64_t dflt)
{
  int64_t v = tune_get(j->tune, name, dflt);
  tune_used_set(&j->used, name, v);
  return v;
}

int entry_use_ptx(struct entry_job *j)
{
  return j->rt != NULL && strstr(rt_info(j->rt)->vendor, "NVIDIA") != NULL && entry_param(j, "ptx", 1) != 0;
}

size_t entry_value_bytes(const struct data_value *v)
{
  size_t b = 0;
  data_value_bytes(v, &b);
  return b;
}

unsigned entry_input_types(const struct entry *en, int i)
{
  return (en->vinputs >> i) & 1u ? en->vtypes : en->types;
}

/* Whether mask holds exactly one type: a fixed type rather than a choice. */
static int one_type(unsigned mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

/* snprintf at buf + *off, *off moved on; nothing once buf (n bytes) is full. */
static PS_PRINTF(4, 5) void put(char *buf, size_t n, size_t *off, const char *fmt, ...)
{
  va_list ap;
  if (*off >= n)
    return;
  va_start(ap, fmt);
  *off += (size_t)vsnprintf(buf + *off, n - *off, fmt, ap);
  va_end(ap);
}

/* The types of mask, "i32 | u32", at buf + *off. */
static void put_types(unsigned mask, char *buf, size_t n, size_t *off)
{
  const char *sep = "";
  for (int t = 0; t < DATA_NTYPES; t++)
    if (mask & (1u << t)) {
      put(buf, n, off, "%s%s", sep, data_type_name((enum data_type)t));
      sep = " | ";
    }
}

/* What en takes, in Futhark's words: each choice of t in turn ("[]i32 []bool |
** []u32 []bool", v a fixed type); when v is a choice too, the inputs by their
** variables and the types of each ("[]t []v (t: i8 | ...; v: i32 | ...)"). */
static void expected_types(const struct entry *en, char *buf, size_t n)
{
  size_t off = 0;
  int vchoice = en->vinputs != 0 && !one_type(en->vtypes);
  buf[0] = '\0';
  for (int t = 0; t < DATA_NTYPES; t++) {
    if (vchoice ? t > 0 : !(en->types & (1u << t)))
      continue;
    put(buf, n, &off, "%s", off ? " | " : "");
    for (int i = 0; i < en->nin; i++) {
      int v = (en->vinputs >> i) & 1u;
      put(buf, n, &off, "%s[]%s", i ? " " : "",
          vchoice ? (v ? "v" : "t")
                  : data_type_name(v ? (enum data_type)__builtin_ctz(en->vtypes) : (enum data_type)t));
    }
  }
  if (vchoice) {
    put(buf, n, &off, " (t: ");
    put_types(en->types, buf, n, &off);
    put(buf, n, &off, "; v: ");
    put_types(en->vtypes, buf, n, &off);
    put(buf, n, &off, ")");
  }
}

/* The first input of in[0..en->nin) at fault against en's signature, said
** into buf ("Input #1 is [5]bool: v takes i32 | u32"); 0 when every one fits. */
static int input_at_fault(const struct entry *en, const struct data_value *in, char *buf, size_t n)
{
  char ty[64 + 24 * DATA_MAX_RANK], first[64 + 24 * DATA_MAX_RANK];
  size_t off = 0;
  for (int i = 0; i < en->nin; i++) {
    unsigned mask = entry_input_types(en, i), v = (en->vinputs >> i) & 1u;
    int k = 0; /* the first input of the same variable */
    while (k < i && ((en->vinputs >> k) & 1u) != v)
      k++;
    data_value_type_text(&in[i], ty, sizeof ty);
    if (in[i].rank != 1) {
      put(buf, n, &off, "Input #%d is %s: a 1-D array is expected", i, ty);
    } else if (!(mask & (1u << in[i].type))) {
      put(buf, n, &off, "Input #%d is %s: %s", i, ty, one_type(mask) ? "expected []" : v ? "v takes " : "t takes ");
      put_types(mask, buf, n, &off);
    } else if (k < i && in[k].type != in[i].type) {
      data_value_type_text(&in[k], first, sizeof first);
      put(buf, n, &off, "Input #%d is %s, but input #%d, of the same type %s, is %s", i, ty, k, v ? "v" : "t",
          first);
    } else {
      continue;
    }
    return 1;
  }
  return 0;
}

int entry_fits(const struct entry *en, const struct data_value *in, int nin, struct ps_err *e)
{
  for (int i = 0; i < nin; i++)
    if (en->max_n > 0 && data_value_count(&in[i]) > en->max_n)
      return ps_fail(e, "%s takes at most %llu elements an input (%s); input %d has %llu", en->name,
                     (unsigned long long)en->max_n, en->max_why ? en->max_why : "its indices are 32-bit", i,
                     (unsigned long long)data_value_count(&in[i]));
  return 0;
}

int entry_check_inputs(const struct entry *en, const struct data_value *in, int nin,
                       struct ps_err *e)
{
  char want[320], got[512], why[320] = "";
  size_t off = 0;
  if (nin == en->nin && !input_at_fault(en, in, why, sizeof why))
    return entry_fits(en, in, nin, e);
  expected_types(en, want, sizeof want);
  got[0] = '\0';
  for (int i = 0; i < nin; i++) {
    char ty[64 + 24 * DATA_MAX_RANK];
    data_value_type_text(&in[i], ty, sizeof ty);
    put(got, sizeof got, &off, "%s%s", i ? " " : "", ty);
  }
  return ps_fail(e, "Error: entry point arguments have invalid types.\n"
                    "Expected input of types: %s\nProvided input of types: %s%s%s",
                 want, nin ? got : "(none)", why[0] ? "\n" : "", why);
}

struct entry_job entry_job_init(const struct entry *en, const struct target *t, const struct data_value *in,
                                int nin)
{
  struct entry_job j;
  memset(&j, 0, sizeof j);
  j.entry = en;
  j.backend = t->backend;
  j.rt = t->backend == BACKEND_OPENCL ? t->rt : NULL;
  j.pool = t->backend == BACKEND_MULTICORE ? t->pool : NULL;
  j.in = in;
  j.nin = nin;
  j.tune = t->tune;
  return j;
}

int entry_supports(const struct entry *en, enum backend b) { return en->impl[b].prepare != NULL; }

int entry_run_once(struct entry_job *j, struct ps_err *e)
{
  if (entry_prepare(j, e) != 0 || entry_run(j, e) != 0 || entry_sync(j, e) != 0)
    return -1;
  return entry_result(j, e);
}

int entry_prepare(struct entry_job *j, struct ps_err *e)
{
  int rc;
  j->nout = 0;
  j->state = NULL;
  j->used.n = 0;
  if (j->backend == BACKEND_OPENCL && j->rt == NULL)
    return ps_fail(e, "the opencl backend needs a device");
  if (!entry_supports(j->entry, j->backend))
    return ps_fail(e, "%s has no %s implementation", j->entry->name, backend_name(j->backend));
  if (entry_fits(j->entry, j->in, j->nin, e) != 0)
    return -1;
  if (j->rt != NULL) /* its kernel objects are its own (rt.h) */
    rt_set_owner(j->rt, j);
  rc = j->entry->impl[j->backend].prepare(j, e);
  if (j->rt != NULL)
    rt_set_owner(j->rt, NULL);
  return rc;
}

int entry_run(struct entry_job *j, struct ps_err *e) { return j->entry->impl[j->backend].run(j, e); }

int entry_sync(struct entry_job *j, struct ps_err *e)
{
  return j->backend == BACKEND_OPENCL ? rt_finish(j->rt, e) : 0;
}

int entry_result(struct entry_job *j, struct ps_err *e)
{
  return j->entry->impl[j->backend].result(j, e);
}

void entry_release_state(struct entry_job *j)
{
  if (j->entry != NULL && entry_supports(j->entry, j->backend))
    j->entry->impl[j->backend].release(j);
  rt_disown(j->rt, j);
  j->state = NULL;
}

void entry_release(struct entry_job *j)
{
  if (j->entry != NULL && entry_supports(j->entry, j->backend))
    j->entry->impl[j->backend].release(j);
  rt_disown(j->rt, j);
  for (int i = 0; i < j->nout; i++)
    data_value_free(&j->out[i]);
  j->nout = 0;
}

static double elem_as_double(const struct data_value *v, uint64_t i)
{
  const unsigned char *p = (const unsigned char *)v->elems + i * data_type_size(v->type);
  if (v->type == DATA_F16) {
    uint16_t h;
    memcpy(&h, p, 2);
    return data_half_to_float(h);
  }
  if (v->type == DATA_F32) {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  {
    double d;
    memcpy(&d, p, 8);
    return d;
  }
}

int entry_compare(const struct data_value *ref, const struct data_value *got, int nvals,
                  struct ps_err *e)
{
  for (int k = 0; k < nvals; k++) {
    const struct data_value *a = &ref[k], *b = &got[k];
    size_t sz = data_type_size(a->type);
    uint64_t n = data_value_count(a);
    char ta[256], tb[256];
    data_value_type_text(a, ta, sizeof ta);
    data_value_type_text(b, tb, sizeof tb);
    if (strcmp(ta, tb) != 0)
      return ps_fail(e, "Value #%d: expected %s, got %s", k, ta, tb);
    for (uint64_t i = 0; i < n; i++) {
      const unsigned char *pa = (const unsigned char *)a->elems + i * sz;
      const unsigned char *pb = (const unsigned char *)b->elems + i * sz;
      int same;
      if (data_type_is_float(a->type)) {
        double x = elem_as_double(a, i), y = elem_as_double(b, i);
        same = (isnan(x) && isnan(y)) || x == y || fabs(x - y) <= 1e-6 * fmax(1.0, fabs(x));
      } else {
        same = memcmp(pa, pb, sz) == 0;
      }
      if (!same) {
        char ea[64], eb[64];
        data_format_elem(a, i, ea, sizeof ea);
        data_format_elem(b, i, eb, sizeof eb);
        return ps_fail(e, "Value #%d index [%llu]: expected %s, got %s", k,
                       (unsigned long long)i, ea, eb);
      }
    }
  }
  return 0;
}

/* ---- outputs: declared, downloaded, or digested as they stream ---- */

/* The most bytes of an output held on the host at once while it streams. */
#define STREAM_CHUNK ((size_t)8 << 20)

uint64_t entry_digest(const struct data_value *v, int n)
{
  uint64_t d[ENTRY_MAX_IO];
  for (int i = 0; i < n; i++)
    d[i] = cache_value_digest(&v[i], 0);
  return cache_key_bytes((uint64_t)n, d, (size_t)n * sizeof d[0]);
}

int entry_out_init(struct entry_job *j, int k, enum data_type t, int rank, const int64_t *shape,
                   struct ps_err *e)
{
  struct data_value *v = &j->out[k];
  size_t bytes;
  data_value_free(v);
  if (j->backend != BACKEND_OPENCL)
    return data_value_init(v, t, rank, shape, e);
  v->type = t;
  v->rank = rank;
  if (rank > 0)
    memcpy(v->shape, shape, (size_t)rank * sizeof *shape);
  v->elems = NULL;
  return data_value_bytes(v, &bytes) == 0 ? 0 : ps_fail(e, "array size overflows");
}

int entry_out_alloc(struct entry_job *j, int k, struct ps_err *e)
{
  struct data_value *v = &j->out[k], z;
  if (v->elems != NULL)
    return 0;
  if (data_value_init(&z, v->type, v->rank, v->shape, e) != 0)
    return -1;
  v->elems = z.elems;
  return 0;
}

/* Output k's digest from the first `bytes` bytes of m (zeros after them),
** read in chunks of at most STREAM_CHUNK. */
static int stream_digest(struct entry_job *j, int k, cl_mem m, size_t bytes, struct ps_err *e)
{
  struct data_value *v = &j->out[k];
  size_t total = 0, chunk;
  unsigned char *buf = NULL;
  XXH64_state_t *h = NULL;
  int rc = -1;
  if (data_value_bytes(v, &total) != 0)
    return ps_fail(e, "array size overflows");
  chunk = total < STREAM_CHUNK ? total : STREAM_CHUNK;
  if ((buf = malloc(chunk ? chunk : 1)) == NULL || (h = cache_value_digest_begin(v, 0)) == NULL) {
    ps_fail(e, "out of memory");
    goto done;
  }
  for (size_t off = 0; off < total; off += chunk) {
    size_t n = total - off < chunk ? total - off : chunk, got = off >= bytes ? 0 : bytes - off < n ? bytes - off : n;
    if (rt_download_at(j->rt, m, off, buf, got, e) != 0)
      goto done;
    memset(buf + got, 0, n - got);
    if (k == 0 && off == 0 && hook_corrupt(j->entry->name))
      buf[0] ^= 1; /* test hook: tests of validation */
    XXH64_update(h, buf, n);
  }
  j->out_digest[k] = cache_value_digest_end(h);
  h = NULL;
  j->streamed[k] = 1;
  rc = 0;
done:
  if (h != NULL)
    cache_value_digest_end(h);
  free(buf);
  return rc;
}

int entry_download(struct entry_job *j, int k, cl_mem m, size_t bytes, struct ps_err *e)
{
  if (j->streaming)
    return stream_digest(j, k, m, bytes, e);
  if (entry_out_alloc(j, k, e) != 0)
    return -1;
  return rt_download(j->rt, m, j->out[k].elems, bytes, e);
}

int entry_result_digest(struct entry_job *j, uint64_t *digest, struct ps_err *e)
{
  int rc;
  memset(j->streamed, 0, sizeof j->streamed);
  j->streaming = 1;
  rc = entry_result(j, e);
  j->streaming = 0;
  for (int k = 0; rc == 0 && k < j->nout; k++) {
    size_t bytes = 0;
    if (j->streamed[k])
      continue;
    if (j->out[k].elems == NULL && data_value_bytes(&j->out[k], &bytes) == 0 && bytes > 0)
      rc = ps_fail(e, "%s: output %d was neither downloaded nor made on the host", j->entry->name, k);
    else
      j->out_digest[k] = cache_value_digest(&j->out[k], 0);
  }
  if (rc == 0)
    *digest = cache_key_bytes((uint64_t)j->nout, j->out_digest, (size_t)j->nout * sizeof j->out_digest[0]);
  return rc;
}
