/*
** list.c: `psearch list [--json]`: name, description, types, work, span and
** minimum bytes moved of every entry point, from the registry.
*/
#include "list.h"

#include "entry.h"
#include "opt.h"
#include "registry.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

enum { O_JSON = 1, O_HELP };

static const struct opt_def opts[] = {
  {"json", 0, OPT_NONE, O_JSON, NULL, "Print JSON instead of text"},
  {"help", 'h', OPT_NONE, O_HELP, NULL, "Show this help"},
  {NULL, 0, OPT_NONE, 0, NULL, NULL},
};

void list_help(FILE *f)
{
  fputs("Usage: psearch list [--json]\n"
        "The entry points psearch can run, with their work, span and the bytes they\n"
        "must move at least (n elements of t; docs/entries.md explains each).\n\n", f);
  opt_print_help(f, opts);
}

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

int list_main(int argc, char **argv)
{
  struct opt_state st;
  const char *val;
  int id, json = 0;
  opt_init(&st, argc, argv);
  while ((id = opt_next(&st, opts, &val)) != OPT_END) {
    if (id == O_JSON) {
      json = 1;
    } else if (id == O_HELP) {
      list_help(stdout);
      return PS_EXIT_OK;
    } else {
      if (id == OPT_POSITIONAL)
        ps_error("list: unexpected argument '%s'", val);
      return PS_EXIT_USAGE;
    }
  }
  if (json) {
    cJSON *arr = cJSON_CreateArray();
    char *s;
    for (int i = 0; i < registry_count(); i++) {
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
    s = cJSON_Print(arr);
    if (s != NULL)
      printf("%s\n", s);
    free(s);
    cJSON_Delete(arr);
  } else {
    printf("%-30s %-14s %-14s %s\n", "ENTRY", "WORK", "SPAN", "BYTES (at least)");
    for (int i = 0; i < registry_count(); i++) {
      const struct entry *en = registry_at(i);
      printf("%-30s %-14s %-14s %s\n", en->name, en->work, en->span, en->bytes_desc);
      print_wrapped(en->desc, 4, LIST_WIDTH);
    }
  }
  return ferror(stdout) ? PS_EXIT_FAILED : PS_EXIT_OK;
}
