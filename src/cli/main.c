/*
** main.c: the psearch command line: a table of subcommands, global --help
** and --version, and `psearch help SUBCOMMAND`.
*/
#include "bench.h"
#include "cachecmd.h"
#include "compare.h"
#include "dataset.h"
#include "devices.h"
#include "export.h"
#include "list.h"
#include "merge.h"
#include "opt.h"
#include "plot.h"
#include "run.h"
#include "ps.h"
#include "ps_version.h"

#include <stdio.h>
#include <string.h>

struct command {
  const char *name;
  int (*run)(int argc, char **argv); /* argv[0] is the first argument after the name */
  void (*help)(FILE *f);
  const char *summary;
};

static const struct command commands[] = {
  {"bench", bench_main, bench_help, "Benchmark suites of entry points (the main job)"},
  {"cache", cachecmd_main, cachecmd_help, "Show, trim or clean the dataset, reference and kernel cache"},
  {"compare", compare_main, compare_help, "Compare two results files; exit 4 on a significant slowdown"},
  {"dataset", dataset_main, dataset_help, "Generate or convert data in Futhark's format"},
  {"devices", devices_main, devices_help, "List OpenCL platforms and devices"},
  {"export", export_main, export_help, "Convert results for dashboards: Google Benchmark JSON, CSV, markdown"},
  {"list", list_main, list_help, "List the entry points and their cost model"},
  {"merge", merge_main, merge_help, "Join results files (shards, devices) into one"},
  {"plot", plot_main, plot_help, "Draw results as SVG: runtime distributions, speedups"},
  {"run", run_main, run_help, "Run one entry point on inputs from stdin"},
  {NULL, NULL, NULL, NULL},
};

static void usage(FILE *f)
{
  fputs("Usage: psearch COMMAND [OPTIONS]\n"
        "Benchmark parallel search, scan and sort kernels through OpenCL.\n\n"
        "Commands:\n", f);
  for (const struct command *c = commands; c->name; c++)
    fprintf(f, "  %-10s %s\n", c->name, c->summary);
  fputs("  help       Show help for a command: psearch help COMMAND\n\n"
        "Options:\n"
        "  -h, --help       Show this help\n"
        "  -V, --version    Show the version\n\n"
        "Exit codes: 0 success, 1 failed work, 2 usage error, 3 malformed input,\n"
        "4 performance regression (compare), 5 not judged (compare --strict).\n"
        "See docs/cli.md.\n", f);
}

static const struct command *find(const char *name)
{
  for (const struct command *c = commands; c->name; c++)
    if (strcmp(c->name, name) == 0)
      return c;
  return NULL;
}

/* An unknown command: the closest one, and where the list is. */
static int unknown(const char *name)
{
  const char *names[32];
  int n = 0, k;
  for (const struct command *c = commands; c->name && n < 31; c++)
    names[n++] = c->name;
  names[n] = NULL;
  if ((k = opt_closest(name, names)) >= 0)
    ps_error("unknown command '%s' (did you mean '%s'?); 'psearch --help' lists the commands", name,
             names[k]);
  else
    ps_error("unknown command '%s'; 'psearch --help' lists the commands", name);
  return PS_EXIT_USAGE;
}

int main(int argc, char **argv)
{
  const struct command *c;
  if (argc < 2) {
    usage(stderr);
    return PS_EXIT_USAGE;
  }
  if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
    usage(stdout);
    return PS_EXIT_OK;
  }
  if (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0) {
    printf("psearch %s (%s)\n", PS_VERSION, PS_GIT);
    return PS_EXIT_OK;
  }
  if (strcmp(argv[1], "help") == 0) {
    if (argc < 3) {
      usage(stdout);
      return PS_EXIT_OK;
    }
    c = find(argv[2]);
    if (c == NULL)
      return unknown(argv[2]);
    c->help(stdout);
    return PS_EXIT_OK;
  }
  c = find(argv[1]);
  if (c == NULL)
    return unknown(argv[1]);
  return c->run(argc - 2, argv + 2);
}
