/*
** entry.c: the registry, the phase drivers, result comparison, and the
** entry of the engine: bench_copy, on both backends.
*/
#include "entry.h"

#include "cost.h"
#include "radix.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ALL_TYPES ((1u << DATA_NTYPES) - 1)

static const char *const backend_names[BACKEND_COUNT] = {"c", "opencl"};

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

size_t entry_value_bytes(const struct data_value *v)
{
  size_t b = 0;
  data_value_bytes(v, &b);
  return b;
}

/* ================================ bench_copy ============================== */

static int c_alloc_like(struct entry_job *j, struct ps_err *e)
{
  j->nout = 1;
  return data_value_init(&j->out[0], j->in[0].type, j->in[0].rank, j->in[0].shape, e);
}

static int c_copy_run(struct entry_job *j, struct ps_err *e)
{
  size_t b = entry_value_bytes(&j->in[0]);
  (void)e;
  if (b > 0)
    memcpy(j->out[0].elems, j->in[0].elems, b);
  return 0;
}

static int c_nothing(struct entry_job *j, struct ps_err *e)
{
  (void)j;
  (void)e;
  return 0;
}

static void c_release(struct entry_job *j) { (void)j; }

/* Device state shared by the simple entries. */
struct dev_state {
  cl_mem in, out;
  cl_kernel k[1];
  size_t wg;
};

static int dev_prepare_io(struct entry_job *j, struct dev_state **out, struct ps_err *e)
{
  struct dev_state *s = calloc(1, sizeof *s);
  size_t b = entry_value_bytes(&j->in[0]);
  *out = s;
  j->state = s;
  if (s == NULL)
    return ps_fail(e, "out of memory");
  s->in = rt_alloc(j->rt, b, e);
  if (s->in == NULL || rt_upload(j->rt, s->in, j->in[0].elems, b, e) != 0)
    return -1;
  s->out = rt_alloc(j->rt, b, e);
  if (s->out == NULL)
    return -1;
  s->wg = rt_info(j->rt)->max_wg >= 256 ? 256 : rt_info(j->rt)->max_wg;
  return 0;
}

/* One kernel for every element type: it copies bytes, 16 at a time. */
static int cl_copy_prepare(struct entry_job *j, struct ps_err *e)
{
  struct dev_state *s;
  cl_ulong nbytes = entry_value_bytes(&j->in[0]);
  if (dev_prepare_io(j, &s, e) != 0)
    return -1;
  s->k[0] = rt_kernel(j->rt, "copy.cl", "copy", "", e);
  if (s->k[0] == NULL)
    return -1;
  return rt_args(j->rt, s->k[0], e, 3, sizeof(cl_mem), &s->in, sizeof(cl_mem), &s->out,
                 sizeof(cl_ulong), &nbytes);
}

static int cl_copy_run(struct entry_job *j, struct ps_err *e)
{
  struct dev_state *s = j->state;
  size_t nbytes = entry_value_bytes(&j->in[0]);
  return rt_launch(j->rt, s->k[0], nbytes ? nbytes / 16 + 1 : 0, s->wg, e);
}

static int cl_result_out(struct entry_job *j, struct ps_err *e)
{
  struct dev_state *s = j->state;
  if (c_alloc_like(j, e) != 0)
    return -1;
  return rt_download(j->rt, s->out, j->out[0].elems, entry_value_bytes(&j->in[0]), e);
}

static void cl_release(struct entry_job *j)
{
  struct dev_state *s = j->state;
  if (s == NULL)
    return;
  rt_release(j->rt, s->in);
  rt_release(j->rt, s->out);
  free(s);
  j->state = NULL;
}

static uint64_t copy_bytes(uint64_t n, size_t elem) { return 2 * n * elem; }

/* ================================= Registry ============================== */

const struct entry engine_entries[] = {
  {"bench_copy", "Copy an array: the memory-bandwidth roofline", 1, ALL_TYPES, "[n]t", "[n]t",
   "O(n)", "O(1)", "2 n sizeof(t)", copy_bytes,
   {{c_alloc_like, c_copy_run, c_nothing, c_release},
    {cl_copy_prepare, cl_copy_run, cl_result_out, cl_release}}, 0},
  {NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, {{NULL, NULL, NULL, NULL}, {NULL, NULL, NULL, NULL}}, 0},
};

static const struct entry *const families[] = {engine_entries, search_entries, cost_entries,
                                               radix_entries};

int entry_count(void)
{
  int n = 0;
  for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
    for (const struct entry *en = families[f]; en->name; en++)
      n++;
  return n;
}

const struct entry *entry_at(int i)
{
  for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
    for (const struct entry *en = families[f]; en->name; en++)
      if (i-- == 0)
        return en;
  return NULL;
}

const struct entry *entry_find(const char *name)
{
  for (int i = 0; i < entry_count(); i++)
    if (strcmp(entry_at(i)->name, name) == 0)
      return entry_at(i);
  return NULL;
}

static void expected_types(const struct entry *en, char *buf, size_t n)
{
  size_t off = 0;
  buf[0] = '\0';
  for (int t = 0; t < DATA_NTYPES && off < n; t++) {
    if (!(en->types & (1u << t)))
      continue;
    off += (size_t)snprintf(buf + off, n - off, "%s", off ? " | " : "");
    for (int i = 0; i < en->nin && off < n; i++)
      off += (size_t)snprintf(buf + off, n - off, "%s[]%s", i ? " " : "",
                              data_type_name(en->flag_inputs & (1u << i) ? DATA_BOOL
                                                                         : (enum data_type)t));
  }
}

int entry_check_inputs(const struct entry *en, const struct data_value *in, int nin,
                       struct ps_err *e)
{
  char want[256], got[512];
  size_t off = 0;
  int ok = nin == en->nin;
  for (int i = 0; i < nin && ok; i++)
    ok = in[i].rank == 1 && (en->flag_inputs & (1u << i) ? in[i].type == DATA_BOOL
                             : in[i].type == in[0].type && (en->types & (1u << in[i].type)));
  if (ok)
    return 0;
  expected_types(en, want, sizeof want);
  got[0] = '\0';
  for (int i = 0; i < nin && off < sizeof got; i++) {
    char ty[64 + 24 * DATA_MAX_RANK];
    data_value_type_text(&in[i], ty, sizeof ty);
    off += (size_t)snprintf(got + off, sizeof got - off, "%s%s", i ? " " : "", ty);
  }
  return ps_fail(e, "Error: entry point arguments have invalid types.\n"
                    "Expected input of types: %s\nProvided input of types: %s",
                 want, nin ? got : "(none)");
}

int entry_prepare(struct entry_job *j, struct ps_err *e)
{
  j->nout = 0;
  j->state = NULL;
  if (j->backend == BACKEND_OPENCL && j->rt == NULL)
    return ps_fail(e, "the opencl backend needs a device");
  return j->entry->impl[j->backend].prepare(j, e);
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

void entry_release(struct entry_job *j)
{
  if (j->entry != NULL)
    j->entry->impl[j->backend].release(j);
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
