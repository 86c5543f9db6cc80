/*
** new.c: `psearch new kernel NAME --like ENTRY`: the skeleton of a user
** kernel (docs/own-kernels.md), NAME.cl and NAME.bench, from a built-in
** entry's signature: its inputs (and the random keys it draws), its outputs
** (cut to a count where their length is the result's own), its types and
** `answer: ENTRY`, a kernel with that signature, and a suite that runs it
** beside ENTRY. For the answers a few lines compute (lower bounds, copy,
** scans, sum, filter) the kernel is a plain working one; for the others its
** body is the user's to write, and validation says so until it is.
*/
#include "new.h"

#include "help.h"
#include "ofile.h"
#include "registry.h"
#include "user.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct config {
  const char *words[3]; /* kernel NAME */
  int nwords;
  const char *like, *dir;
  int force;
};

#define AT(f) offsetof(struct config, f)

static const struct opt_def opts[] = {
  OPT_ROW_STRING("like", 0, AT(like), "ENTRY", "The built-in entry whose inputs, outputs and answer the kernel takes (psearch list)"),
  OPT_ROW_STRING("dir", 'C', AT(dir), "DIR", "Write NAME.cl and NAME.bench into DIR (default: the current directory)"),
  OPT_ROW_FLAG("force", 'f', AT(force), "Overwrite NAME.cl and NAME.bench when they exist"),
  OPT_ROW_LIST(NULL, 0, AT(words), AT(nwords), 2, "kernel NAME", NULL),
  OPT_ROW_END,
};

/* One buffer of the skeleton: its name, its length's name (or a number), its type. */
struct sbuf {
  char name[16], dim[24], type[16];
  int derived, count, scalar;
};

struct skel {
  const struct entry *en;
  const char *answer;
  struct sbuf b[12];
  int nin, nb;        /* dataset values, then every buffer (inputs, derived, outputs, the count) */
  int counted;        /* the last buffer is the count `kept` */
  char t[8];          /* "t", or the entry's one type */
  unsigned types;     /* the types t takes: the entry's t's, and where it has a second
                      ** type v that is a choice, v's as well (a declaration has one t) */
};

static int check(void *p)
{
  struct config *cf = p;
  const struct entry *en;
  int rc = PS_EXIT_USAGE;
  if (cf->nwords != 2 || strcmp(cf->words[0], "kernel") != 0)
    ps_error("new: expected 'kernel NAME': psearch new kernel my_search --like bench_binary_search_random");
  else if (strspn(cf->words[1], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != strlen(cf->words[1]) ||
           strlen(cf->words[1]) > 48 || (cf->words[1][0] >= '0' && cf->words[1][0] <= '9'))
    ps_error("new kernel %s: a name is letters, digits and _ (at most 48, not starting with a digit)", cf->words[1]);
  else if (cf->like == NULL)
    ps_error("new kernel: --like ENTRY names the built-in entry whose output the kernel computes (psearch list)");
  else if ((en = registry_find(cf->like)) == NULL || user_is(en))
    ps_error("new kernel: --like %s: no built-in entry of that name (psearch list)", cf->like);
  else if (registry_find(cf->words[1]) != NULL)
    ps_error("new kernel %s: psearch has an entry of that name; choose another", cf->words[1]);
  else
    rc = PS_EXIT_OK;
  return rc;
}

/* The OpenCL C type of a psearch type name, or T for t. */
static const char *cl_type(const char *t)
{
  static const char *const names[][2] = {{"t", "T"}, {"i8", "char"}, {"i16", "short"}, {"i32", "int"}, {"i64", "long"},
                                         {"u8", "uchar"}, {"u16", "ushort"}, {"u32", "uint"}, {"u64", "ulong"},
                                         {"f16", "ushort"}, {"f32", "float"}, {"f64", "double"}, {"bool", "uchar"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(names[i][0], t) == 0)
      return names[i][1];
  return "T";
}

/* The next "[DIM]TYPE" or "TYPE" token of desc (parenthesised notes skipped) into dim and type. */
static const char *token(const char *s, char *dim, size_t nd, char *type, size_t nt)
{
  size_t n;
  while (*s == ' ' || *s == '(')
    s += *s == '(' ? strcspn(s, ")") + (strchr(s, ')') != NULL) : 1;
  if (*s == '\0')
    return NULL;
  dim[0] = '\0';
  if (*s == '[') {
    n = strcspn(s + 1, "]");
    snprintf(dim, nd, "%.*s", (int)n, s + 1);
    s += n + 1 + (s[n + 1] == ']');
  }
  n = strcspn(s, " ");
  snprintf(type, nt, "%.*s", (int)n, s);
  return s + n;
}

/* The skeleton's buffers from en's signature. */
static void buffers(struct skel *k, const struct entry *en)
{
  const char *s = en->in_desc;
  char dim[24], type[16];
  int nt = 0;
  k->types = en->types & (en->vtypes & (en->vtypes - 1) ? en->vtypes : ~0u);
  for (int t = 0; t < DATA_NTYPES; t++)
    nt += (k->types >> t) & 1;
  snprintf(k->t, sizeof k->t, "%s", nt == 1 ? data_type_name((enum data_type)__builtin_ctz(k->types)) : "t");
  for (; k->nin < 4 && (s = token(s, dim, sizeof dim, type, sizeof type)) != NULL; k->nin++) {
    struct sbuf *b = &k->b[k->nb++];
    int flag = strcmp(type, "bool") == 0;
    snprintf(b->name, sizeof b->name, "%s", k->nb == 1 ? "xs" : flag ? "flags" : strcmp(dim, "m") == 0 ? "keys" : "ys");
    snprintf(b->dim, sizeof b->dim, "%s", dim[0] ? dim : "n");
    snprintf(b->type, sizeof b->type, "%s", flag ? "bool" : k->t);
  }
  if (en->derives)
    k->b[k->nb++] = (struct sbuf){"keys", "n", "", 1, 0, 0};
  if (en->derives)
    snprintf(k->b[k->nb - 1].type, sizeof k->b[0].type, "%s", k->t);
  for (s = en->out_desc; k->nb < 10 && (s = token(s, dim, sizeof dim, type, sizeof type)) != NULL;) {
    struct sbuf *b = &k->b[k->nb++];
    int known = dim[0] == '\0' || strspn(dim, "0123456789") == strlen(dim);
    for (int i = 0; i < k->nin && !known; i++)
      known = strcmp(k->b[i].dim, dim) == 0;
    snprintf(b->name, sizeof b->name, "%s", k->nb == k->nin + 1 + (en->derives != 0) ? "out" : "out2");
    snprintf(b->dim, sizeof b->dim, "%s", known ? dim : "n"); /* [m] of a filter: n, cut to a count */
    snprintf(b->type, sizeof b->type, "%s", strcmp(type, "t") == 0 || strcmp(type, "v") == 0 ? k->t : type);
    b->scalar = dim[0] == '\0';
    b->count = !known;
    k->counted |= !known;
  }
  if (k->counted)
    k->b[k->nb++] = (struct sbuf){"kept", "1", "u32", 0, 0, 0};
}

/* The kernel's arguments as the launch line passes them, and as its signature takes them. */
static void args(const struct skel *k, char *call, size_t nc, char *sig, size_t ns)
{
  size_t oc = 0, os = 0;
  char dims[8][24];
  int nd = 0;
  call[0] = sig[0] = '\0';
  for (int i = 0; i < k->nb && oc < nc && os < ns; i++) {
    const struct sbuf *b = &k->b[i];
    int input = i < k->nin || b->derived;
    oc += (size_t)snprintf(call + oc, nc - oc, "%s%s", i ? ", " : "", b->name);
    os += (size_t)snprintf(sig + os, ns - os, "%s__global %s%s *%s", i ? ", " : "", input ? "const " : "",
                           cl_type(b->type), b->name);
  }
  for (int i = 0; i < k->nin; i++) {
    int seen = 0;
    for (int d = 0; d < nd; d++)
      seen |= strcmp(dims[d], k->b[i].dim) == 0;
    if (!seen && nd < 8 && oc < nc && os < ns) {
      snprintf(dims[nd++], sizeof dims[0], "%s", k->b[i].dim);
      oc += (size_t)snprintf(call + oc, nc - oc, ", %s", k->b[i].dim);
      os += (size_t)snprintf(sig + os, ns - os, ", long %s", k->b[i].dim);
    }
  }
}

#define LOWER(N)                                                                                              \
  "  long lo = 0, hi = " N ";\n  while (lo < hi) {\n    long mid = lo + (hi - lo) / 2;\n    if (xs[mid] < x)\n" \
  "      lo = mid + 1;\n    else\n      hi = mid;\n  }\n  out[i] = lo;\n"

/* Kernel bodies for the answers a few lines compute; serial: one work-item does it all. */
static const struct body {
  const char *answer;
  int serial;
  const char *code;
} bodies[] = {
  {"lower_bound_of_each_element", 0, "  long i = get_global_id(0);\n  if (i >= n)\n    return;\n  T x = xs[i];\n" LOWER("n")},
  {"lower_bound_of_random_keys", 0, "  long i = get_global_id(0);\n  if (i >= n)\n    return;\n  T x = keys[i];\n" LOWER("n")},
  {"lower_bound", 0, "  long i = get_global_id(0);\n  if (i >= m)\n    return;\n  T x = keys[i];\n" LOWER("n")},
  {"bench_copy", 0, "  long i = get_global_id(0);\n  if (i < n)\n    out[i] = xs[i];\n"},
  {"inclusive_scan", 1, "  U s = 0;\n  for (long i = 0; i < n; i++) {\n    s += (U)xs[i];\n    out[i] = (T)s;\n  }\n"},
  {"exclusive_scan", 1, "  U s = 0;\n  for (long i = 0; i < n; i++) {\n    out[i] = (T)s;\n    s += (U)xs[i];\n  }\n"},
  {"sum", 1, "  U s = 0;\n  for (long i = 0; i < n; i++)\n    s += (U)xs[i];\n  out[0] = (T)s;\n"},
  {"filter", 1, "  uint k = 0;\n  for (long i = 0; i < n; i++)\n    if (xs[i] >= 0)\n      out[k++] = xs[i];\n  kept[0] = k;\n"},
};

static const struct body *body_of(const struct skel *k)
{
  for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++)
    if (strcmp(bodies[i].answer, k->answer) == 0)
      return &bodies[i];
  return NULL;
}

/* The declaration's lines of the buffers. */
static void decl_buffers(FILE *f, const struct skel *k)
{
  const struct entry *en = k->en;
  for (int i = 0; i < k->nb; i++) {
    const struct sbuf *b = &k->b[i];
    if (i < k->nin)
      fprintf(f, "input %s: [%s]%s%s\n", b->name, b->dim, b->type,
              i > 0 ? "" : en->needs & ENTRY_EYTZINGER ? " eytzinger" : en->needs & ENTRY_SORTED ? " sorted" : "");
    else if (b->derived)
      fprintf(f, "input keys: [n]%s = %s(xs)   -- the keys %s draws\n", b->type,
              en->derives & ENTRY_RANDOM_KEYS_EYTZINGER ? "random_keys_eytzinger" : "random_keys", en->name);
    else if (b->scalar)
      fprintf(f, "output %s: %s\n", b->name, b->type);
    else if (strcmp(b->name, "kept") != 0)
      fprintf(f, "output %s: [%s]%s%s\n", b->name, b->dim, b->type, b->count ? " count kept   -- cut to kept[0]" : "");
    else
      fprintf(f, "scratch kept: [1]u32 zeroed     -- the output's length, written by the kernel\n");
  }
}

/* NAME.cl: the declaration and the kernel. */
static void write_cl(FILE *f, const struct skel *k, const char *name)
{
  const struct body *b = body_of(k);
  char call[512], sig[1024];
  int serial = b != NULL && b->serial;
  args(k, call, sizeof call, sig, sizeof sig);
  fprintf(f, "/* psearch:\nentry: %s\ndesc: %s, as %s computes it (psearch new kernel --like %s)\nanswer: %s\n", name,
          b != NULL ? "A first version" : "A skeleton to fill in", k->en->name, k->en->name, k->en->name);
  if (strcmp(k->t, "t") == 0) {
    fprintf(f, "types:");
    for (int t = 0; t < DATA_NTYPES; t++)
      if ((k->types >> t) & 1)
        fprintf(f, " %s", data_type_name((enum data_type)t));
    fprintf(f, "\n");
  }
  decl_buffers(f, k);
  if (serial)
    fprintf(f, "launch %s(%s) global 1   -- one work-item: the plainest correct version\n", name, call);
  else
    fprintf(f, "param WG = 64, 256     -- each value its own program, %s[WG=64] and %s[WG=256]\nlaunch %s(%s) global %s "
               "local WG\n", name, name, name, call, strcmp(k->answer, "lower_bound") == 0 ? "m" : "n");
  fprintf(f, "work: n\nspan: %s\n-- bytes: EXPR  (the least bytes it must move: bench -x shows GB/s and the "
             "share of the copy's)\n*/\n\n", serial ? "n" : "1");
  if (strcmp(k->t, "t") != 0) /* one type: T and U by hand (with types:, psearch passes -DT, -DU) */
    fprintf(f, "#define T %s\n#define U u%s\n\n", cl_type(k->t), cl_type(k->t)[0] == 'u' ? cl_type(k->t) + 1 : cl_type(k->t));
  fprintf(f, "__kernel void %s(%s)\n{\n", name, sig);
  if (serial)
    fprintf(f, "  if (get_global_id(0) != 0)\n    return;\n%s}\n", b->code);
  else if (b != NULL)
    fprintf(f, "%s}\n", b->code);
  else
    fprintf(f, "  long i = get_global_id(0);\n  if (i >= n)\n    return;\n  /* TODO: %s's output (docs/entries.md); until "
               "then, bench's validation names the first index that differs. */\n}\n", k->en->name);
}

/* NAME.bench: NAME beside ENTRY on a small random dataset. */
static void write_bench(FILE *f, const struct skel *k, const char *name)
{
  const struct entry *en = k->en;
  const char *t = strcmp(k->t, "t") != 0 ? k->t : k->types & (1u << DATA_I32) ? "i32"
                                                  : data_type_name((enum data_type)__builtin_ctz(k->types));
  fprintf(f, "-- %s beside %s: from psearch new kernel %s --like %s (docs/own-kernels.md).\n-- kernels: %s.cl\n==\n"
             "entry: %s %s\nrandom %sinput {", name, en->name, name, en->name, name, name, en->name,
          en->needs & ENTRY_EYTZINGER ? "eytzinger " : en->needs & ENTRY_SORTED ? "sorted " : "");
  for (int i = 0; i < k->nin; i++)
    fprintf(f, " [%s]%s", strcmp(k->b[i].dim, "m") == 0 ? "100" : "1000", strcmp(k->b[i].type, "bool") == 0 ? "bool" : t);
  fprintf(f, " }\n");
}

/* Write dir/name (refused when it exists, unless force) by fn. 0, or -1 after the message. */
static int write_one(const struct config *cf, const char *ext, const struct skel *k,
                     void (*fn)(FILE *, const struct skel *, const char *))
{
  char path[4200];
  struct ps_err e;
  struct ofile *o;
  snprintf(path, sizeof path, "%s/%s%s", cf->dir != NULL ? cf->dir : ".", cf->words[1], ext);
  if (!cf->force && access(path, F_OK) == 0) {
    ps_error("new kernel: %s exists (--force overwrites it)", path);
    return -1;
  }
  if ((o = ofile_open(path, &e)) == NULL) {
    ps_error("new kernel: %s", e.msg);
    return -1;
  }
  fn(ofile_stream(o), k, cf->words[1]);
  if (ofile_commit(o, &e) != 0) {
    ps_error("new kernel: %s", e.msg);
    return -1;
  }
  return 0;
}

static int body(void *p)
{
  const struct config *cf = p;
  struct skel k;
  memset(&k, 0, sizeof k);
  k.en = registry_find(cf->like);
  k.answer = k.en->answer != NULL ? k.en->answer : k.en->name;
  buffers(&k, k.en);
  if (write_one(cf, ".cl", &k, write_cl) != 0 || write_one(cf, ".bench", &k, write_bench) != 0)
    return PS_EXIT_FAILED;
  printf("wrote %s/%s.cl and %s.bench: psearch bench %s/%s.bench runs %s beside %s%s\n", cf->dir ? cf->dir : ".",
         cf->words[1], cf->words[1], cf->dir ? cf->dir : ".", cf->words[1], cf->words[1], cf->like,
         body_of(&k) == NULL ? " (its kernel's body is yours to write: validation fails until it is)" : "");
  return PS_EXIT_OK;
}

const struct opt_cmd new_cmd = {"new", help_new, opts, NULL, sizeof(struct config), NULL, check, body, NULL};
