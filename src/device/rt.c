/*
** rt.c: OpenCL runtime. Every OpenCL call goes through CHECK, which names the
** call and the error; a failed build prints the build log.
*/
#include "rt.h"

#include "cache.h"
#include "clerror.h"
#include "devsel.h"
#include "events.h"
#include "hook.h"
#include "ptx.h"
#include "ps_version.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call, e)                                                                 \
  do {                                                                                 \
    cl_int err_ = (call);                                                              \
    if (err_ != CL_SUCCESS)                                                            \
      return rt_fail(e, #call, err_);                                                  \
  } while (0)

static int rt_fail(struct ps_err *e, const char *call, cl_int err)
{
  char name[64];
  size_t n = strcspn(call, "(");
  snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), call);
  return ps_fail(e, "OpenCL: %s failed: %s (%d)", name, clerror_name(err), err);
}

/* ================================ Context ================================ */

struct rt_prog {
  char file[64];
  char options[640];
  cl_program prog;
  struct rt_kern {
    char name[64];
    cl_kernel k;
    const void *owner; /* the job that set its arguments (rt_set_owner), NULL, or KERNEL_FREE */
  } kerns[64];
  int nkerns;
};

struct rt {
  struct rt_device_info info;
  cl_platform_id platform;
  cl_device_id device;
  cl_context ctx;
  cl_command_queue q;
  struct rt_prog progs[512]; /* built programs, kept for the process (the radix slow grid builds over 128) */
  int nprogs;
  const void *owner; /* rt_kernel hands out kernel objects of this job's (rt_set_owner) */
  const char *kernel_dir;
  int cache_on, last_from_cache;
  uint64_t in_use, peak;
  int profile;      /* request events on launches (kernel-time measurement) */
  struct events ev; /* the profiled commands' events (events.h) */
  int stuck;        /* rt_finish_within timed out: a kernel may still run, the queue takes no more */
  unsigned generation; /* contexts made anew by rt_renew */
};

/* A user's kernel file (rt_kernel_file): built from its text, named by its path. */
struct rt_user {
  const char *path, *text;
  size_t len;
};

/* A kernel object its owner gave back (rt_disown): any job may take it. */
static const char kernel_free;
#define KERNEL_FREE ((const void *)&kernel_free)

/* A context and a profiling queue on rt's device. 0, or -1 with e set. */
static int open_context(struct rt *rt, struct ps_err *e)
{
  cl_int err;
  rt->ctx = clCreateContext(NULL, 1, &rt->device, NULL, NULL, &err);
  if (err != CL_SUCCESS)
    return rt_fail(e, "clCreateContext", err);
  rt->q = clCreateCommandQueue(rt->ctx, rt->device, rt->info.profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
  return err != CL_SUCCESS ? rt_fail(e, "clCreateCommandQueue", err) : 0;
}

/* The programs and their kernels, the queue and the context released. */
static void close_context(struct rt *rt)
{
  rt_take_kernel_ns(rt);
  for (int i = 0; i < rt->nprogs; i++) {
    for (int j = 0; j < rt->progs[i].nkerns; j++)
      clReleaseKernel(rt->progs[i].kerns[j].k);
    clReleaseProgram(rt->progs[i].prog);
  }
  rt->nprogs = 0;
  if (rt->q != NULL)
    clReleaseCommandQueue(rt->q);
  if (rt->ctx != NULL)
    clReleaseContext(rt->ctx);
  rt->q = NULL;
  rt->ctx = NULL;
}

struct rt *rt_open(const struct rt_select *sel, struct ps_err *e)
{
  struct rt *rt = calloc(1, sizeof *rt);
  const char *env;
  if (rt == NULL) {
    ps_fail(e, "out of memory");
    return NULL;
  }
  if (devsel_pick(sel, &rt->info, &rt->platform, &rt->device, e) != 0)
    goto fail;
  if (open_context(rt, e) != 0)
    goto fail;
  rt->cache_on = !((env = getenv("PSEARCH_NO_CACHE")) != NULL && strcmp(env, "1") == 0);
  /* test hook (docs/reliability.md): a smaller largest allocation, so a
  ** dataset "larger than the device" needs no huge file */
  {
    uint64_t cap = hook_max_alloc();
    if (cap > 0 && (cap < rt->info.max_alloc || rt->info.max_alloc == 0))
      rt->info.max_alloc = cap;
  }
  return rt;
fail:
  rt_close(rt);
  return NULL;
}

void rt_close(struct rt *rt)
{
  if (rt != NULL && !rt->stuck) /* a stuck queue may never drain: releasing it could wait forever */
    close_context(rt);
  free(rt);
}

int rt_usable(struct rt *rt, struct ps_err *e)
{
  cl_uint x = 0x5eac4u, y = 0;
  cl_mem m = NULL;
  int rc = rt_finish(rt, e) != 0 || (m = rt_alloc(rt, sizeof x, e)) == NULL || rt_upload(rt, m, &x, sizeof x, e) != 0 ||
                   rt_download(rt, m, &y, sizeof y, e) != 0
               ? -1
           : x != y ? ps_fail(e, "a word written to the device read back as %#x, not %#x", (unsigned)y, (unsigned)x)
                    : 0;
  rt_release(rt, m);
  return rc;
}

int rt_renew(struct rt *rt, struct ps_err *e)
{
  if (rt->stuck)
    return ps_fail(e, "the device still runs a kernel that timed out: it takes no more work in this run");
  close_context(rt);
  rt->generation++;
  return open_context(rt, e);
}

unsigned rt_generation(const struct rt *rt) { return rt->generation; }

void rt_break(struct rt *rt)
{
  if (rt->q != NULL)
    clReleaseCommandQueue(rt->q);
  rt->q = NULL;
}

const struct rt_device_info *rt_info(const struct rt *rt) { return &rt->info; }
void rt_set_kernel_dir(struct rt *rt, const char *dir) { rt->kernel_dir = dir; }
void rt_set_cache(struct rt *rt, int on) { rt->cache_on = on; }
int rt_last_from_cache(const struct rt *rt) { return rt->last_from_cache; }

/* ================================ Programs =============================== */

/* The source text of a kernel file: from the kernel directory if set, else
** embedded. *owned is set when the caller must free the result. */
static const char *source_of(struct rt *rt, const char *file, size_t *len, char **owned,
                             struct ps_err *e)
{
  *owned = NULL;
  if (rt->kernel_dir != NULL) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", rt->kernel_dir, file);
    if (ps_read_file(path, 16u << 20, owned, len, e) != 0) {
      ps_err_prefix(e, "kernel directory");
      return NULL;
    }
    return *owned;
  }
  for (const struct rt_source *s = rt_sources; s->name; s++) {
    if (strcmp(s->name, file) == 0) {
      *len = s->len;
      return s->text;
    }
  }
  ps_fail(e, "no embedded kernel source %s", file);
  return NULL;
}

/* A built program's binary, malloc'ed, of *n bytes; NULL where it has none. */
static unsigned char *program_binary(cl_program prog, size_t *n)
{
  unsigned char *bin = NULL;
  *n = 0;
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof *n, n, NULL) != CL_SUCCESS || *n == 0 ||
      (bin = malloc(*n)) == NULL)
    return NULL;
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL) != CL_SUCCESS) {
    free(bin);
    return NULL;
  }
  return bin;
}

/* Store a built program's binary in the kernel cache (a failure only warns). */
static void store_binary(cl_program prog, const struct cache_entry *ce)
{
  size_t n;
  unsigned char *bin = program_binary(prog, &n);
  struct ps_err e;
  if (bin != NULL && cache_store_blob(ce, bin, n, &e) != 0)
    ps_warn("kernel cache: %s", e.msg);
  free(bin);
}

/* Build prog; a failed build is tried once more before its log is shown:
** PoCL fails a build now and then, with an empty log, when several
** processes fill its kernel cache at once. */
static int build(struct rt *rt, cl_program prog, const char *file, const char *options,
                 struct ps_err *e)
{
  cl_int err = clBuildProgram(prog, 1, &rt->device, options, NULL, NULL);
  if (err == CL_BUILD_PROGRAM_FAILURE) {
    ps_info(1, "building %s failed; trying once more", file);
    err = clBuildProgram(prog, 1, &rt->device, options, NULL, NULL);
  }
  if (err != CL_SUCCESS) {
    size_t n = 0;
    char *log;
    clGetProgramBuildInfo(prog, rt->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    log = malloc(n + 1);
    if (log != NULL &&
        clGetProgramBuildInfo(prog, rt->device, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS) {
      log[n] = '\0';
      fprintf(stderr, "psearch: build log of %s (%s):\n%s\n", file, options, log);
    }
    free(log);
    return ps_fail(e, "OpenCL: building %s failed: %s (%d); the build log is above", file,
                   clerror_name(err), err);
  }
  return 0;
}

/* A program built from a binary of len bytes for options; NULL where the
** driver refuses it: quietly where file is NULL, else as build() fails. */
static cl_program binary_program(struct rt *rt, const void *bin, size_t len, const char *file,
                                 const char *options, struct ps_err *e)
{
  const unsigned char *bp = bin;
  cl_int st, err;
  cl_program prog = clCreateProgramWithBinary(rt->ctx, 1, &rt->device, &len, &bp, &st, &err);
  if (err == CL_SUCCESS && st == CL_SUCCESS &&
      (file != NULL ? build(rt, prog, file, options, e) == 0
                    : clBuildProgram(prog, 1, &rt->device, options, NULL, NULL) == CL_SUCCESS))
    return prog;
  if (file != NULL && (err != CL_SUCCESS || st != CL_SUCCESS))
    rt_fail(e, "clCreateProgramWithBinary", err != CL_SUCCESS ? err : st);
  if (prog != NULL)
    clReleaseProgram(prog);
  return NULL;
}

/* Where options ask for launch bounds (ptx.h) and the built program's binary
** is PTX, *prog is replaced by one built from that binary with them;
** elsewhere it is kept as it is. */
static int ptx_min_groups(struct rt *rt, cl_program *prog, const char *file, const char *options,
                          struct ps_err *e)
{
  unsigned groups = 0;
  size_t n = 0, len = 0;
  unsigned char *bin = NULL;
  char *ptx = NULL;
  cl_program built;
  int rc = -1, got = ptx_bound_option(options, &groups);
  if (got <= 0)
    return got == 0 ? 0 : ps_fail(e, "%s: -DPS_MIN_GROUPS_PER_CU: not a count from 1 to 32", file);
  if ((bin = program_binary(*prog, &n)) == NULL || (got = ptx_bound((const char *)bin, n, groups, &ptx, &len)) <= 0) {
    rc = got < 0 ? ps_fail(e, "out of memory") : 0; /* else no PTX: the program stays as built */
    goto done;
  }
  if ((built = binary_program(rt, ptx, len, file, options, e)) == NULL)
    goto done;
  clReleaseProgram(*prog);
  *prog = built;
  ps_info(2, "%s: PTX entries bound to %u groups a compute unit", file, groups);
  rc = 0;
done:
  free(bin);
  free(ptx);
  return rc;
}

/* The kernel cache key of a program: its sources, build options, device,
** driver and psearch's version. */
static uint64_t program_key(const struct rt *rt, const char *const *srcs, const size_t *lens, int n,
                            const char *options)
{
  uint64_t key = 0;
  for (int i = 0; i < n; i++)
    key = cache_key_bytes(key, srcs[i], lens[i]);
  key = cache_key_str(key, options);
  key = cache_key_str(key, rt->info.platform);
  key = cache_key_str(key, rt->info.name);
  key = cache_key_str(key, rt->info.driver);
  return cache_key_str(key, PS_VERSION);
}

/* A program from the kernel cache, built for options; NULL on a miss or an
** unusable entry. */
static cl_program cached_program(struct rt *rt, const struct cache_entry *ce, const char *options)
{
  size_t blen;
  unsigned char *bin = NULL;
  cl_program prog;
  if (cache_load_blob(ce, &bin, &blen) != 0)
    return NULL;
  if ((prog = binary_program(rt, bin, blen, NULL, options, NULL)) == NULL)
    ps_info(2, "kernel cache: %s is unusable; rebuilding", ce->path);
  free(bin);
  return prog;
}

/* A user's file as the sources of a program: no prelude, a `#line 1 "PATH"`
** (so that build logs name the file and its lines), the text. */
static void user_sources(const struct rt_user *u, const char **srcs, size_t *lens, char *line, size_t n)
{
  size_t k = (size_t)snprintf(line, n, "#line 1 \"");
  for (const char *c = u->path; *c && k + 8 < n; c++) {
    if (*c == '"' || *c == '\\')
      line[k++] = '\\';
    line[k++] = *c >= ' ' ? *c : '?';
  }
  snprintf(line + k, n - k, "\"\n");
  srcs[0] = "";
  lens[0] = 0;
  srcs[1] = line;
  lens[1] = strlen(line);
  srcs[2] = u->text;
  lens[2] = u->len;
}

/* The program of kernel file `file`: prelude.cl, a #line reset, then the
** file, built with the options asked and, on NVIDIA's devices, -DPS_NVIDIA;
** from the cache when there, else built (and cached). */
static int get_program(struct rt *rt, const char *file, const struct rt_user *user, const char *asked,
                       cl_program *out, struct ps_err *e)
{
  const char *srcs[3] = {NULL, "\n#line 1\n", NULL};
  size_t lens[3] = {0, 9, 0};
  char *owned[2] = {NULL, NULL}, options[700], line[4200];
  struct cache_entry ce;
  cl_int err;
  cl_program prog = NULL;
  int have_path, rc = -1;
  /* PS_NVIDIA: the device is NVIDIA's, whatever PSEARCH_TEST_PORTABLE asks (prelude.cl: device_fence) */
  snprintf(options, sizeof options, "%s%s", asked, strstr(rt->info.vendor, "NVIDIA") != NULL ? " -DPS_NVIDIA" : "");
  if (user != NULL) /* no prelude: the file as it is, its lines numbered and named as its own */
    user_sources(user, srcs, lens, line, sizeof line);
  else if ((srcs[2] = source_of(rt, file, &lens[2], &owned[1], e)) == NULL ||
           (srcs[0] = source_of(rt, "prelude.cl", &lens[0], &owned[0], e)) == NULL)
    goto done;
  have_path = rt->cache_on &&
              cache_entry(CACHE_KERNELS, program_key(rt, srcs, lens, 3, options), ".bin", &ce) == 0;
  rt->last_from_cache = 0;
  if (have_path && (prog = cached_program(rt, &ce, options)) != NULL)
    rt->last_from_cache = 1;
  if (prog == NULL) {
    prog = clCreateProgramWithSource(rt->ctx, 3, srcs, lens, &err);
    if (err != CL_SUCCESS) {
      rt_fail(e, "clCreateProgramWithSource", err);
      goto done;
    }
    if (build(rt, prog, user != NULL ? user->path : file, options, e) != 0 ||
        ptx_min_groups(rt, &prog, file, options, e) != 0) {
      clReleaseProgram(prog);
      goto done;
    }
    if (have_path)
      store_binary(prog, &ce);
  }
  *out = prog;
  rc = 0;
done:
  free(owned[0]);
  free(owned[1]);
  return rc;
}

/* rt_kernel of an embedded (or --kernels) file, or of a user's (user not NULL; file: its key). */
static cl_kernel kernel_in(struct rt *rt, const char *file, const struct rt_user *user, const char *kname,
                           const char *options, struct ps_err *e)
{
  struct rt_prog *p = NULL;
  cl_int err;
  for (int i = 0; i < rt->nprogs; i++)
    if (strcmp(rt->progs[i].file, file) == 0 && strcmp(rt->progs[i].options, options) == 0)
      p = &rt->progs[i];
  if (p == NULL) {
    if (rt->nprogs == (int)(sizeof rt->progs / sizeof rt->progs[0])) {
      ps_fail(e, "too many OpenCL programs");
      return NULL;
    }
    if (strlen(options) >= sizeof p->options) { /* kept whole, or never found again */
      ps_fail(e, "%s: build options longer than %zu bytes", file, sizeof p->options - 1);
      return NULL;
    }
    p = &rt->progs[rt->nprogs];
    memset(p, 0, sizeof *p);
    snprintf(p->file, sizeof p->file, "%s", file);
    snprintf(p->options, sizeof p->options, "%s", options);
    if (get_program(rt, file, user, options, &p->prog, e) != 0)
      return NULL;
    rt->nprogs++;
  }
  for (int j = 0; j < p->nkerns; j++) /* the job's own, else one given back */
    if (strcmp(p->kerns[j].name, kname) == 0 && p->kerns[j].owner == rt->owner)
      return p->kerns[j].k;
  for (int j = 0; j < p->nkerns && rt->owner != NULL; j++)
    if (strcmp(p->kerns[j].name, kname) == 0 && p->kerns[j].owner == KERNEL_FREE) {
      p->kerns[j].owner = rt->owner;
      return p->kerns[j].k;
    }
  if (p->nkerns == (int)(sizeof p->kerns / sizeof p->kerns[0])) {
    ps_fail(e, "too many kernel objects of %s (%d): too many entries prepared at once", file, p->nkerns);
    return NULL;
  }
  p->kerns[p->nkerns].k = clCreateKernel(p->prog, kname, &err);
  if (err != CL_SUCCESS) {
    rt_fail(e, "clCreateKernel", err);
    ps_err_prefix(e, "%s in %s", kname, user != NULL ? user->path : file);
    return NULL;
  }
  snprintf(p->kerns[p->nkerns].name, sizeof p->kerns[0].name, "%s", kname);
  p->kerns[p->nkerns].owner = rt->owner;
  return p->kerns[p->nkerns++].k;
}

cl_kernel rt_kernel(struct rt *rt, const char *file, const char *kname, const char *options,
                    struct ps_err *e)
{
  return kernel_in(rt, file, NULL, kname, options, e);
}

cl_kernel rt_kernel_file(struct rt *rt, const char *path, const char *text, size_t len, const char *kname,
                         const char *options, struct ps_err *e)
{
  struct rt_user u = {path, text, len};
  char key[64]; /* programs are kept by text and path, not by the file's name alone */
  snprintf(key, sizeof key, "user:%016llx", (unsigned long long)cache_key_str(cache_key_bytes(0, text, len), path));
  return kernel_in(rt, key, &u, kname, options, e);
}

void rt_set_owner(struct rt *rt, const void *owner) { rt->owner = owner; }

void rt_disown(struct rt *rt, const void *owner)
{
  for (int i = 0; rt != NULL && owner != NULL && i < rt->nprogs; i++)
    for (int j = 0; j < rt->progs[i].nkerns; j++)
      if (rt->progs[i].kerns[j].owner == owner)
        rt->progs[i].kerns[j].owner = KERNEL_FREE;
}

/* ================================ Running ================================ */

int rt_args(struct rt *rt, cl_kernel k, struct ps_err *e, ...)
{
  va_list ap;
  int rc = 0;
  size_t size;
  va_start(ap, e);
  for (int i = 0; rc == 0 && (size = va_arg(ap, size_t)) != 0; i++) {
    const void *ptr = va_arg(ap, const void *);
    rc = rt_args_at(rt, k, i, size, ptr, e);
  }
  va_end(ap);
  return rc;
}

int rt_args_at(struct rt *rt, cl_kernel k, int i, size_t size, const void *ptr, struct ps_err *e)
{
  cl_int err = clSetKernelArg(k, (cl_uint)i, size, ptr);
  (void)rt;
  if (err != CL_SUCCESS) {
    rt_fail(e, "clSetKernelArg", err);
    ps_err_prefix(e, "argument %d", i);
    return -1;
  }
  return 0;
}

void rt_end_run(struct rt *rt) { events_end_run(&rt->ev); }
uint64_t rt_take_kernel_ns(struct rt *rt) { return events_take_ns(&rt->ev); }

int rt_take_kernel_times(struct rt *rt, struct rt_kernel_time *out, int max, struct rt_kernel_totals *t)
{
  return events_take_times(&rt->ev, out, max, t);
}

/* Where a profiled run's command puts its event: NULL when none is asked. */
static cl_event *want_event(const struct rt *rt, cl_event *ev)
{
  return rt->profile && rt->info.profiling ? ev : NULL;
}

int rt_launch(struct rt *rt, cl_kernel k, size_t global, size_t local, struct ps_err *e)
{
  cl_event ev = NULL;
  if (global == 0)
    return 0;
  if (local > 0)
    global = (global + local - 1) / local * local;
  CHECK(clEnqueueNDRangeKernel(rt->q, k, 1, NULL, &global, local ? &local : NULL, 0, NULL,
                               want_event(rt, &ev)), e);
  events_track(&rt->ev, ev, k, NULL);
  return 0;
}

int rt_finish(struct rt *rt, struct ps_err *e)
{
  if (rt->stuck)
    return ps_fail(e, "the device still runs a kernel that timed out: it takes no more work in this run");
  CHECK(clFinish(rt->q), e);
  return 0;
}

int rt_finish_within(struct rt *rt, uint64_t limit_ns, struct ps_err *e)
{
  cl_event ev = NULL;
  cl_int st = CL_QUEUED, err = rt->stuck ? CL_SUCCESS : clEnqueueMarkerWithWaitList(rt->q, 0, NULL, &ev);
  uint64_t t0 = ps_now_ns();
  if (rt->stuck || err != CL_SUCCESS || (err = clFlush(rt->q)) != CL_SUCCESS)
    return rt->stuck ? rt_finish(rt, e) : rt_fail(e, "clEnqueueMarkerWithWaitList", err);
  while (clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL) == CL_SUCCESS &&
         st > CL_COMPLETE && ps_now_ns() - t0 < limit_ns)
    nanosleep(&(struct timespec){0, 200000}, NULL);
  clReleaseEvent(ev);
  if (st > CL_COMPLETE) {
    rt->stuck = 1;
    return ps_fail(e, "timed out: the kernels had not finished after %.0f s (the device takes no more work in "
                      "this run)", (double)limit_ns / 1e9);
  }
  return st < 0 ? rt_fail(e, "a kernel", st) : rt_finish(rt, e);
}

int rt_set_profiling(struct rt *rt, int on)
{
  int was = rt->profile;
  rt->profile = on;
  return was;
}
int rt_can_profile(const struct rt *rt) { return rt->info.profiling; }

cl_mem rt_alloc(struct rt *rt, size_t bytes, struct ps_err *e)
{
  cl_int err;
  cl_mem m;
  if (rt->stuck) {
    ps_fail(e, "the device still runs a kernel that timed out: it takes no more work in this run");
    return NULL;
  }
  if (bytes > rt->info.max_alloc && rt->info.max_alloc > 0) {
    ps_fail(e, "device buffer of %zu bytes exceeds the device's largest allocation (%llu bytes)",
            bytes, (unsigned long long)rt->info.max_alloc);
    return NULL;
  }
  if (bytes == 0)
    bytes = 1; /* OpenCL has no empty buffers */
  m = clCreateBuffer(rt->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  if (err != CL_SUCCESS) {
    rt_fail(e, "clCreateBuffer", err);
    ps_err_prefix(e, "allocating %zu bytes on %s", bytes, rt->info.name);
    return NULL;
  }
  rt->in_use += bytes;
  if (rt->in_use > rt->peak)
    rt->peak = rt->in_use;
  return m;
}

void rt_release(struct rt *rt, cl_mem m)
{
  size_t bytes = 0;
  if (m == NULL)
    return;
  if (clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof bytes, &bytes, NULL) == CL_SUCCESS)
    rt->in_use -= bytes <= rt->in_use ? bytes : rt->in_use;
  clReleaseMemObject(m);
}

/* Transfers, copies and fills go in pieces of at most RT_PIECE bytes, far
** below 4 GiB, so that no command's size or offset needs more than 32 bits
** in a driver. */
#define RT_PIECE ((size_t)1 << 30)

int rt_upload(struct rt *rt, cl_mem m, const void *src, size_t bytes, struct ps_err *e)
{
  return rt_upload_at(rt, m, 0, src, bytes, e);
}

int rt_upload_at(struct rt *rt, cl_mem m, size_t offset, const void *src, size_t bytes,
                 struct ps_err *e)
{
  for (size_t done = 0; done < bytes; done += RT_PIECE) {
    size_t k = bytes - done < RT_PIECE ? bytes - done : RT_PIECE;
    CHECK(clEnqueueWriteBuffer(rt->q, m, CL_TRUE, offset + done, k, (const char *)src + done, 0, NULL, NULL), e);
  }
  return 0;
}

int rt_download(struct rt *rt, cl_mem m, void *dst, size_t bytes, struct ps_err *e)
{
  for (size_t done = 0; done < bytes; done += RT_PIECE) {
    size_t k = bytes - done < RT_PIECE ? bytes - done : RT_PIECE;
    CHECK(clEnqueueReadBuffer(rt->q, m, CL_TRUE, done, k, (char *)dst + done, 0, NULL, NULL), e);
  }
  return 0;
}

int rt_download_at(struct rt *rt, cl_mem m, size_t offset, void *dst, size_t bytes, struct ps_err *e)
{
  if (bytes == 0)
    return 0;
  CHECK(clEnqueueReadBuffer(rt->q, m, CL_TRUE, offset, bytes, dst, 0, NULL, NULL), e);
  return 0;
}

int rt_copy(struct rt *rt, cl_mem src, cl_mem dst, size_t bytes, struct ps_err *e)
{
  for (size_t done = 0; done < bytes; done += RT_PIECE) {
    size_t k = bytes - done < RT_PIECE ? bytes - done : RT_PIECE;
    cl_event ev = NULL;
    CHECK(clEnqueueCopyBuffer(rt->q, src, dst, done, done, k, 0, NULL, want_event(rt, &ev)), e);
    events_track(&rt->ev, ev, NULL, "clEnqueueCopyBuffer");
  }
  return 0;
}

/* NVIDIA's fill (driver 580, H200) breaks the context when the fill ends
** past 2^31 copies of its pattern (a fill of 4-byte words past 8 GiB), at any
** piece size: past that, the body is filled by 128-byte patterns (the word 32
** times) and the unaligned ends, under 128 bytes each, are written. */
int rt_fill(struct rt *rt, cl_mem m, size_t offset, size_t bytes, cl_uint word, struct ps_err *e)
{
  cl_uint pat[32];
  uint64_t most = hook_fill_words() ? hook_fill_words() : (uint64_t)1 << 31;
  size_t size = (offset + bytes) / sizeof word <= most ? sizeof word : sizeof pat;
  size_t head = size == sizeof word ? 0 : (sizeof pat - offset % sizeof pat) % sizeof pat;
  head = head < bytes ? head : bytes;
  size_t body = (bytes - head) / size * size, tail = bytes - head - body;
  for (int i = 0; i < 32; i++)
    pat[i] = word;
  for (size_t done = 0; done < body; done += RT_PIECE) {
    size_t k = body - done < RT_PIECE ? body - done : RT_PIECE;
    cl_event ev = NULL;
    CHECK(clEnqueueFillBuffer(rt->q, m, pat, size, offset + head + done, k, 0, NULL, want_event(rt, &ev)), e);
    events_track(&rt->ev, ev, NULL, "clEnqueueFillBuffer");
  }
  return rt_upload_at(rt, m, offset, pat, head, e) != 0 || rt_upload_at(rt, m, offset + head + body, pat, tail, e) != 0
             ? -1 : 0;
}

int rt_zero(struct rt *rt, cl_mem m, size_t offset, size_t bytes, struct ps_err *e)
{
  return rt_fill(rt, m, offset, bytes, 0, e);
}

uint64_t rt_peak_bytes(const struct rt *rt) { return rt->peak; }
void rt_reset_peak(struct rt *rt) { rt->peak = rt->in_use; }
