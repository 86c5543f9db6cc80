/*
** list.c: `psearch list [--json FILE]`: name, description, types, work, span and
** minimum bytes moved of every entry point, from the registry.
*/
#include "list.h"

#include "entry.h"
#include "help.h"
#include "listing.h"
#include "opt.h"
#include "registry.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define LIST_WIDTH 100 /* the text output fits a terminal this wide */

/* text indented by `indent`, broken at spaces to lines of at most width. */
static void print_wrapped(const char *text, int indent, int width)
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
    printf("%*s%.*s\n", indent, "", n, s);
    s += n;
    while (*s == ' ')
      s++;
  }
}

/* The catalogue as JSON: an array of the entries. NULL when out of memory. */
static cJSON *to_json(void)
{
  cJSON *arr = cJSON_CreateArray();
  for (int i = 0; arr != NULL && i < registry_count(); i++) {
    const struct entry *en = registry_at(i);
    cJSON *o = cJSON_CreateObject();
    cJSON *types = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "name", en->name);
    cJSON_AddStringToObject(o, "family", registry_family(en));
    cJSON_AddStringToObject(o, "description", en->desc);
    for (int t = 0; t < DATA_NTYPES; t++)
      if (en->types & (1u << t))
        cJSON_AddItemToArray(types, cJSON_CreateString(data_type_name((enum data_type)t)));
    cJSON_AddItemToObject(o, "types", types);
    cJSON_AddStringToObject(o, "input", en->in_desc);
    cJSON_AddStringToObject(o, "output", en->out_desc);
    cJSON_AddStringToObject(o, "work", en->work);
    cJSON_AddStringToObject(o, "span", en->span);
    cJSON_AddStringToObject(o, "bytes", en->bytes_desc);
    cJSON_AddItemToArray(arr, o);
  }
  return arr;
}

static void print_text(const void *ctx)
{
  (void)ctx;
  printf("%-30s %-14s %-14s %s\n", "ENTRY", "WORK", "SPAN", "BYTES (at least)");
  for (int i = 0; i < registry_count(); i++) {
    const struct entry *en = registry_at(i);
    printf("%-30s %-14s %-14s %s\n", en->name, en->work, en->span, en->bytes_desc);
    print_wrapped(en->desc, 4, LIST_WIDTH);
  }
}

struct config {
  const char *json; /* NULL, a file or "-" */
};

static const struct opt_def opts[] = {LISTING_ROW(offsetof(struct config, json), "the list"), OPT_ROW_END};

static int body(void *p)
{
  const struct config *cf = p;
  return listing_write("list", cf->json, cf->json != NULL ? to_json() : NULL, print_text, NULL);
}

const struct opt_cmd list_cmd = {"list", help_list, opts, NULL, sizeof(struct config), NULL, NULL, body, NULL};
