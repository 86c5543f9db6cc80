/*
** input.c: items and suite cases into values; the dataset cache's keys.
*/
#include "input.h"

#include "cache.h"
#include "layout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A literal: exactly one value in the text. */
static int parse_literal(const char *spec, struct data_value *v, struct ps_err *e)
{
  struct data_reader *r = data_reader_mem(spec, strlen(spec), "item");
  struct data_value extra;
  int got;
  if (r == NULL)
    return ps_fail(e, "out of memory");
  got = data_read(r, v, e);
  if (got == 1 && data_read(r, &extra, e) != 0) { /* text after the value */
    data_value_free(&extra);
    data_value_free(v);
    got = -1;
  }
  data_reader_close(r);
  return got == 1 ? 0 : -1;
}

int input_make(const struct input_item *it, struct data_value *v, int *bad_spec, struct ps_err *e)
{
  enum data_type t;
  int rank;
  int64_t shape[DATA_MAX_RANK];
  *bad_spec = 0;
  if (gen_parse_type(it->spec, strlen(it->spec), &t, &rank, shape) == 0) {
    struct data_value want = {t, rank, {0}, NULL};
    size_t bytes;
    memcpy(want.shape, shape, (size_t)rank * sizeof *shape);
    if (data_value_bytes(&want, &bytes) != 0) { /* a size no machine has */
      *bad_spec = 1;
      return ps_fail(e, "'%s': array size overflows", it->spec);
    }
    if (data_value_init(v, t, rank, shape, e) != 0 ||
        gen_fill(v, it->seed, it->bounds, it->sorted, it->nthreads, e) != 0 ||
        (it->eytzinger && rank == 1 && layout_eytzinger(v, e) != 0)) {
      ps_err_prefix(e, "'%s'", it->spec);
      data_value_free(v);
      return -1;
    }
    return 0;
  }
  if (parse_literal(it->spec, v, e) != 0) {
    *bad_spec = 1;
    return ps_fail(e, "'%s' is not a type ([N]i32) or a value", it->spec);
  }
  return 0;
}

/* The word at *p after blanks: its length (0 at the end), *w its start;
** *p moves past it. */
static size_t next_word(const char **p, const char **w)
{
  const char *s = *p;
  while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
    s++;
  *w = s;
  while (*s != '\0' && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
    s++;
  *p = s;
  return (size_t)(s - *w);
}

/* One item of a random case: its type or constant, and its law. */
struct item {
  char spec[128];
  struct gen_bounds law; /* the defaults, or the item's `in LO..HI` and `zipf` */
};

/* `in`'s LO..HI (w, n chars) into law for type t. 0, or -1 with e set. */
static int item_bounds(struct gen_bounds *law, enum data_type t, const char *w, size_t n, struct ps_err *e)
{
  char buf[128];
  const char *dots = n > 1 ? strstr(w + 1, "..") : NULL; /* skip a leading '-' only */
  struct ps_err why;
  if (n >= sizeof buf || dots == NULL || dots >= w + n)
    return ps_fail(e, "'%.*s': bounds are LO..HI", (int)(n < 60 ? n : 60), w);
  snprintf(buf, sizeof buf, "%.*s:%.*s", (int)(dots - w), w, (int)(w + n - dots - 2), dots + 2);
  if (gen_bounds_parse(law, t, buf, &why) != 0)
    return ps_fail(e, "'%.*s': bounds LO..HI of %s, each a %s, LO <= HI", (int)n, w, data_type_name(t),
                   data_type_name(t));
  return 0;
}

/* `zipf` or `zipf(S)` (w, n chars) into law for type t. 1 when it is one, 0
** when it is not, -1 with e set. */
static int item_zipf(struct gen_bounds *law, enum data_type t, const char *w, size_t n, struct ps_err *e)
{
  char buf[64];
  if (n < 4 || memcmp(w, "zipf", 4) != 0 || (n > 4 && w[4] != '('))
    return 0;
  if (data_type_is_float(t) || t == DATA_BOOL)
    return ps_fail(e, "'zipf' is for integer types, not %s", data_type_name(t));
  if (n == 4) {
    law->zipf = INPUT_ZIPF;
    return 1;
  }
  if (n - 6 >= sizeof buf || w[n - 1] != ')' || n < 7)
    return ps_fail(e, "'%.*s': write zipf or zipf(S)", (int)(n < 60 ? n : 60), w);
  snprintf(buf, sizeof buf, "%.*s", (int)(n - 6), w + 5);
  if (gen_zipf_parse(buf, &law->zipf) != 0)
    return ps_fail(e, "'%.*s': the exponent S is a number in (0, %g]", (int)n, w, GEN_ZIPF_MAX);
  return 1;
}

/* The item at *p: 1 one, 0 at the end, -1 with e set (a modifier after no
** type, or a malformed one). A spec too long for it->spec is kept cut: it is
** then not a type nor a value (no literal of a random case is that long). */
static int next_item(const char **p, struct item *it, struct ps_err *e)
{
  const char *w, *save;
  size_t n = next_word(p, &w), k;
  enum data_type t;
  int rank, is_type, got;
  int64_t shape[DATA_MAX_RANK];
  if (n == 0)
    return 0;
  snprintf(it->spec, sizeof it->spec, "%.*s", (int)n, w);
  gen_bounds_default(&it->law);
  is_type = gen_parse_type(it->spec, strlen(it->spec), &t, &rank, shape) == 0;
  for (;;) {
    save = *p;
    k = next_word(p, &w);
    if (k == 2 && memcmp(w, "in", 2) == 0) {
      if (!is_type)
        return ps_fail(e, "'in LO..HI' follows a type, not '%s'", it->spec);
      k = next_word(p, &w);
      if (item_bounds(&it->law, t, w, k, e) != 0)
        return -1;
    } else if ((got = is_type ? item_zipf(&it->law, t, w, k, e) : 0) != 0) {
      if (got < 0)
        return -1;
    } else {
      *p = save;
      return 1;
    }
  }
}

/* The dataset cache key of a random case: a digest of everything that
** determines its bytes: the generator's and the layout's versions, the items
** (types with shapes, or constants, with their bounds and distributions:
** every word) in order, the seeds (1 + item index), the default law, the
** order and layout. Never the case's display name:
** two cases may share a name and differ in what they generate. */
static uint64_t random_case_key(const struct suite_case *c)
{
  char buf[96];
  char *items = strdup(c->values), *tok, *save = NULL;
  struct gen_bounds b;
  uint64_t key;
  snprintf(buf, sizeof buf, "random-case gen=%d layout=%d sorted=%d eytzinger=%d reversed=%d", GEN_VERSION,
           LAYOUT_VERSION, c->sorted, c->eytzinger, c->reversed);
  key = cache_key_str(0, buf);
  gen_bounds_default(&b);
  key = cache_key_bytes(key, &b, sizeof b);
  if (items == NULL)
    return cache_key_str(key, c->values); /* still distinct per text */
  for (tok = strtok_r(items, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save))
    key = cache_key_str(key, tok); /* seed 1 + k follows from the position */
  free(items);
  return key;
}

int input_case_types(const struct suite_case *c, struct data_value *v, struct ps_err *e)
{
  const char *p = c->values;
  struct item it;
  int n = 0, got;
  while ((got = next_item(&p, &it, e)) == 1) {
    if (n == INPUT_MAX) {
      ps_fail(e, "random input: more than %d inputs", INPUT_MAX);
      goto fail;
    }
    memset(&v[n], 0, sizeof v[n]);
    if (gen_parse_type(it.spec, strlen(it.spec), &v[n].type, &v[n].rank, v[n].shape) != 0 &&
        parse_literal(it.spec, &v[n], e) != 0) {
      ps_fail(e, "random input: '%s' is not a type ([N]i32) or a value", it.spec);
      goto fail;
    }
    n++;
  }
  if (got == 0)
    return n;
  ps_err_prefix(e, "random input");
fail:
  for (int i = 0; i < n; i++)
    data_value_free(&v[i]);
  return -1;
}

int input_read_all(struct data_reader *r, const char *name, struct data_value *in, struct ps_err *e)
{
  int n = 0, got = 0;
  if (r == NULL)
    return ps_fail(e, "out of memory");
  while (n < INPUT_MAX && (got = data_read(r, &in[n], e)) == 1)
    n++;
  if (got == 1) { /* INPUT_MAX values and maybe more */
    struct data_value extra;
    got = data_read(r, &extra, e);
    if (got == 1) {
      data_value_free(&extra);
      got = ps_fail(e, "%s: more than %d values (an entry point takes at most %d inputs)", name, INPUT_MAX,
                    INPUT_MAX);
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

/* Generate the random items of case c: seed 1 + k for the k-th. */
static int generate_case(const struct suite_case *c, struct data_value *in, struct ps_err *e)
{
  const char *p = c->values;
  struct item item;
  int n = 0, bad, got, order = c->reversed ? GEN_REVERSED : c->sorted ? GEN_SORTED : GEN_DRAWN;
  while ((got = next_item(&p, &item, e)) == 1) {
    struct input_item it = {item.spec, 1 + (uint64_t)n, &item.law, order, c->eytzinger, ps_ncpus()};
    if (n == INPUT_MAX) {
      ps_fail(e, "%s: more than %d inputs", c->name, INPUT_MAX);
      goto fail;
    }
    if (input_make(&it, &in[n], &bad, e) != 0)
      goto fail;
    n++;
  }
  if (got == 0)
    return n;
fail:
  ps_err_prefix(e, "random input");
  for (int i = 0; i < n; i++)
    data_value_free(&in[i]);
  return -1;
}

/* Whether n values fit under the dataset cache's cap (a cap that does not
** parse counts as fitting: cache_store warns of it). A case larger than the
** cap is used uncached, said once a load, rather than stored at the price of
** every other entry of the cache, kernels included. */
static int fits_cache(const struct suite_case *c, const struct data_value *in, int n)
{
  uint64_t limit, bytes = 0;
  struct ps_err e;
  for (int i = 0; i < n; i++) {
    size_t b = 0;
    data_value_bytes(&in[i], &b);
    bytes += (uint64_t)b + 64; /* and its header, at most */
  }
  if (cache_limit(&limit, &e) != 0 || bytes <= limit)
    return 1;
  ps_info(1, "%s: %.1f MiB, more than the dataset cache's cap of %.1f MiB (PSEARCH_CACHE_MAX): used uncached, "
             "generated at each load", c->name, (double)bytes / (1 << 20), (double)limit / (1 << 20));
  return 0;
}


/* Whether values in[0..n) loaded for case c are what c makes: as many, each
** of the type and shape its item generates (a constant item: that value).
** 1 when they are; 0 with what differs in why. */
static int case_matches(const struct suite_case *c, const struct data_value *in, int n, char *why, size_t len)
{
  struct data_value want[INPUT_MAX];
  struct ps_err e;
  char a[64], b[64];
  size_t bytes = 0;
  int m = input_case_types(c, want, &e), ok = m == n;
  if (!ok)
    snprintf(why, len, "%d values where the case makes %d", n, m);
  for (int i = 0; ok && i < n; i++) {
    ok = in[i].type == want[i].type && in[i].rank == want[i].rank &&
         memcmp(in[i].shape, want[i].shape, (size_t)in[i].rank * sizeof in[i].shape[0]) == 0 &&
         (want[i].elems == NULL ||
          (data_value_bytes(&want[i], &bytes) == 0 && memcmp(in[i].elems, want[i].elems, bytes) == 0));
    if (!ok) {
      data_value_type_text(&in[i], a, sizeof a);
      data_value_type_text(&want[i], b, sizeof b);
      snprintf(why, len, "value %d is %s where the case makes %s%s", i, a, b,
               want[i].elems != NULL ? " (that constant)" : "");
    }
  }
  for (int i = 0; i < m; i++)
    data_value_free(&want[i]);
  return ok;
}

/* A random case through the dataset cache; an entry whose values are not
** what the case makes (case_matches) is a miss, made afresh and rewritten. */
static int random_case(const struct suite_case *c, int use_cache, struct data_value *in,
                       struct ps_err *e)
{
  struct cache_entry ce;
  int n, have_path = use_cache && cache_entry(CACHE_DATA, random_case_key(c), ".in", &ce) == 0;
  if (have_path && (n = cache_load(&ce, in, INPUT_MAX)) > 0) {
    char why[200];
    if (case_matches(c, in, n, why, sizeof why)) {
      ps_info(2, "%s: dataset cache hit %s", c->name, ce.path);
      return n;
    }
    ps_warn("dataset cache: %s: %s: not this case's values; made afresh", ce.path, why);
    for (int i = 0; i < n; i++)
      data_value_free(&in[i]);
  }
  if (have_path)
    ps_info(2, "%s: dataset cache miss %s", c->name, ce.path);
  n = generate_case(c, in, e);
  if (n > 0 && have_path && fits_cache(c, in, n) && cache_store(&ce, in, n, e) != 0)
    ps_warn("dataset cache: %s", e->msg);
  return n;
}

int input_load_case(const struct suite_case *c, int use_cache, struct data_value *in,
                    uint64_t *digest, struct ps_err *e)
{
  int n;
  *digest = 0;
  if (c->file != NULL) {
    FILE *f = fopen(c->file, "rb");
    if (f == NULL)
      return ps_fail(e, "%s: cannot open: %s", c->file, strerror(errno));
    n = input_read_all(data_reader_file(f, c->file), c->file, in, e);
    fclose(f);
  } else if (!c->random) {
    n = input_read_all(data_reader_mem(c->values, strlen(c->values), c->name), c->name, in, e);
  } else {
    n = random_case(c, use_cache, in, e);
  }
  for (int i = 0; i < n; i++)
    *digest = cache_value_digest(&in[i], *digest);
  return n;
}
