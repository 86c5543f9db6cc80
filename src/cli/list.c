/*
** list.c: `psearch list [--tuning] [--suite SUITE] [--json FILE]`: name,
** inputs (with the layout the first needs), output, description, types (t's,
** and v's where an entry has a second type; the text names v's where they are
** a choice), work, span, minimum bytes moved and (where a 32-bit count bounds
** it) the most elements of every entry point, and (--tuning, and always in the
** JSON) the tuning parameters its OpenCL kernels take, from the registry; with
** --suite, the user kernels the suite names as well (docs/own-kernels.md).
*/
#include "list.h"

#include "entry.h"
#include "help.h"
#include "listing.h"
#include "opt.h"
#include "registry.h"
#include "suitecheck.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define LIST_WIDTH 100 /* the text output fits a terminal this wide */

/* text indented by `indent`, broken at spaces to lines of at most width;
** the first line after `first` (its own indent and text) when not NULL. */
static void print_hanging(const char *first, const char *text, int indent, int width)
{
  const char *s = text;
  while (*s) {
    int room = width - indent, n = (int)strlen(s);
    if (n > room) {
      n = room;
      while (n > 0 && s[n] != ' ')
        n--;
      if (n == 0)
        n = room;
    }
    if (first != NULL)
      printf("%s%.*s\n", first, n, s);
    else
      printf("%*s%.*s\n", indent, "", n, s);
    first = NULL;
    s += n;
    while (*s == ' ')
      s++;
  }
}

/* The layout an entry needs of its first input: "eytzinger", "sorted", or NULL. */
static const char *layout(const struct entry *en)
{
  return (en->needs & ENTRY_EYTZINGER) ? "eytzinger" : (en->needs & ENTRY_SORTED) ? "sorted" : NULL;
}

/* An entry's inputs as a suite writes them, the layout its first one needs
** in a suite's word ("[n]t eytzinger", "[n]t sorted [m]t sorted": the
** catalogue's "(sorted)" and "(Eytzinger)"), into buf. */
static const char *inputs_text(const struct entry *en, char *buf, size_t n)
{
  const char *s = en->in_desc;
  size_t k = 0;
  buf[0] = '\0';
  while (*s && k + 1 < n) {
    size_t len = strcspn(s, " ");
    const char *w = len == 8 && strncmp(s, "(sorted)", 8) == 0 ? "sorted"
                    : len == 11 && strncmp(s, "(Eytzinger)", 11) == 0 ? "eytzinger"
                                                                       : NULL;
    k += (size_t)snprintf(buf + k, n - k, "%s%.*s", k > 0 ? " " : "", w ? (int)strlen(w) : (int)len, w ? w : s);
    s += len;
    s += *s == ' ';
  }
  return buf;
}

/* The element types of mask as a JSON array of their names. */
static cJSON *types_json(unsigned mask)
{
  cJSON *arr = cJSON_CreateArray();
  for (int t = 0; t < DATA_NTYPES; t++)
    if (mask & (1u << t))
      cJSON_AddItemToArray(arr, cJSON_CreateString(data_type_name((enum data_type)t)));
  return arr;
}

/* An entry's tuning parameters as a JSON array of {name, min, max, help}. */
static cJSON *params_json(const struct entry *en)
{
  cJSON *arr = cJSON_CreateArray();
  for (const struct tune_param *p = en->params; p != NULL && p->name != NULL; p++) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", p->name);
    cJSON_AddNumberToObject(o, "min", (double)p->lo);
    cJSON_AddNumberToObject(o, "max", (double)p->hi);
    cJSON_AddStringToObject(o, "help", p->help);
    cJSON_AddItemToArray(arr, o);
  }
  return arr;
}

/* The catalogue as JSON: an array of the entries. NULL when out of memory. */
static cJSON *to_json(void)
{
  cJSON *arr = cJSON_CreateArray();
  for (int i = 0; arr != NULL && i < registry_count(); i++) {
    const struct entry *en = registry_at(i);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", en->name);
    cJSON_AddStringToObject(o, "family", registry_family(en));
    cJSON_AddStringToObject(o, "description", en->desc);
    cJSON_AddItemToObject(o, "types", types_json(en->types));
    cJSON_AddItemToObject(o, "vtypes", types_json(en->vtypes));
    cJSON_AddStringToObject(o, "input", en->in_desc);
    if (layout(en) != NULL)
      cJSON_AddStringToObject(o, "layout", layout(en));
    else
      cJSON_AddNullToObject(o, "layout");
    cJSON_AddStringToObject(o, "output", en->out_desc);
    cJSON_AddStringToObject(o, "work", en->work);
    cJSON_AddStringToObject(o, "span", en->span);
    cJSON_AddStringToObject(o, "bytes", en->bytes_desc);
    if (en->max_n > 0) {
      cJSON_AddNumberToObject(o, "max_n", (double)en->max_n);
      cJSON_AddStringToObject(o, "max_why", en->max_why ? en->max_why : "");
    } else {
      cJSON_AddNullToObject(o, "max_n");
    }
    cJSON_AddItemToObject(o, "tuning", params_json(en));
    cJSON_AddItemToArray(arr, o);
  }
  return arr;
}

struct config {
  const char *json; /* NULL, a file or "-" */
  int tuning;       /* --tuning: each entry's parameters too */
  const char *suites[16]; /* --suite: their user kernels too */
  int nsuites;
};

/* The types v takes where they are a choice (" (v: i32 i64 ...)"), into buf;
** "" where v is a fixed type (the in_desc names it: [n]bool) or absent. */
static const char *vtypes_text(const struct entry *en, char *buf, size_t n)
{
  size_t k = 0;
  buf[0] = '\0';
  if (en->vtypes & (en->vtypes - 1))
    for (int t = 0; t < DATA_NTYPES && k < n; t++)
      if (en->vtypes & (1u << t))
        k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : " (v: ", data_type_name((enum data_type)t));
  if (k > 0 && k + 1 < n)
    snprintf(buf + k, n - k, ")");
  return buf;
}

/* An entry's tuning parameters, a line each: the name, the range, what it sets. */
static void print_params(const struct entry *en)
{
  char range[48], head[96];
  for (const struct tune_param *p = en->params; p != NULL && p->name != NULL; p++) {
    snprintf(range, sizeof range, "%lld..%lld", (long long)p->lo, (long long)p->hi);
    snprintf(head, sizeof head, "      %-20s %-12s ", p->name, range);
    print_hanging(head, p->help, 40, LIST_WIDTH);
  }
}

static void print_text(const void *ctx)
{
  const struct config *cf = ctx;
  printf("%-30s %-14s %-14s %s\n", "ENTRY", "WORK", "SPAN", "BYTES (at least)");
  for (int i = 0; i < registry_count(); i++) {
    const struct entry *en = registry_at(i);
    char in[128], vt[128], line[1024];
    printf("%-30s %-14s %-14s %s\n", en->name, en->work, en->span, en->bytes_desc);
    snprintf(line, sizeof line, "%s -> %s%s: %s", inputs_text(en, in, sizeof in), en->out_desc,
             vtypes_text(en, vt, sizeof vt), en->desc);
    print_hanging(NULL, line, 4, LIST_WIDTH);
    if (en->max_n > 0) {
      char lim[320];
      snprintf(lim, sizeof lim, "At most %llu elements (%s).", (unsigned long long)en->max_n,
               en->max_why ? en->max_why : "");
      print_hanging(NULL, lim, 4, LIST_WIDTH);
    }
    if (cf->tuning && en->params != NULL) {
      printf("    tuning (bench --tune NAME=V):\n");
      print_params(en);
    }
  }
}

static const struct opt_def opts[] = {
  OPT_ROW_FLAG("tuning", 0, offsetof(struct config, tuning), "Also list each entry's tuning parameters (bench --tune)"),
  OPT_ROW_LIST("suite", 0, offsetof(struct config, suites), offsetof(struct config, nsuites), 16, "SUITE",
               "Also list the user kernels SUITE names (-- kernels:); repeatable"),
  LISTING_ROW(offsetof(struct config, json), "the list"), OPT_ROW_END};

static int body(void *p)
{
  const struct config *cf = p;
  struct ps_err e;
  for (int i = 0; i < cf->nsuites; i++) { /* their user kernels registered */
    struct suite *s = suite_load(cf->suites[i], &e);
    int rc = s == NULL || suitecheck_kernels(s, &e) != 0;
    suite_free(s);
    if (rc) {
      ps_error("%s", e.msg);
      return PS_EXIT_BADDATA;
    }
  }
  return listing_write("list", cf->json, cf->json != NULL ? to_json() : NULL, print_text, cf);
}

const struct opt_cmd list_cmd = {"list", help_list, opts, NULL, sizeof(struct config), NULL, NULL, body, NULL};
