/*
** main.c: the psearch command line: a table of subcommands (each run by
** opt_main, opt.h), global --help and --version, and `psearch help
** SUBCOMMAND` (opt_help: the text of SUBCOMMAND --help).
*/
#include "bench.h"
#include "cachecmd.h"
#include "compare.h"
#include "dataset.h"
#include "devices.h"
#include "docgen.h"
#include "export.h"
#include "list.h"
#include "merge.h"
#include "new.h"
#include "opt.h"
#include "htmlreport.h"
#include "plot.h"
#include "run.h"
#include "ps.h"
#include "ps_version.h"

#include <stdio.h>
#include <string.h>

/* The subcommands, in the order `psearch --help` lists them, each with its line there. */
static const struct docgen_command commands[] = {
  {&bench_cmd, "Benchmark suites of entry points (the main job)"},
  {&cache_cmd, "Show, trim or clean the dataset, reference and kernel cache"},
  {&compare_cmd, "Compare two results files; exit 4 on a significant slowdown"},
  {&dataset_cmd, "Generate or convert data in Futhark's format"},
  {&devices_cmd, "List OpenCL platforms and devices"},
  {&export_cmd, "Convert results for dashboards: Google Benchmark, Bencher, GAB JSON, CSV, markdown"},
  {&list_cmd, "List the entry points and their cost model"},
  {&merge_cmd, "Join results files (shards, devices) into one"},
  {&new_cmd, "Start a kernel of your own: new kernel NAME --like ENTRY"},
  {&plot_cmd, "Draw results as SVG: which entry is fastest, speedups, size sweeps"},
  {&htmlreport_cmd, "Write one self-contained HTML page of results to share"},
  {&run_cmd, "Run one entry point on inputs from stdin"},
  {NULL, NULL},
};

static void usage(FILE *f)
{
  fputs("Usage: psearch COMMAND [OPTIONS]\n"
        "Benchmark parallel search, scan and sort kernels through OpenCL.\n\n"
        "Commands:\n", f);
  for (const struct docgen_command *c = commands; c->cmd != NULL; c++)
    fprintf(f, "  %-10s %s\n", c->cmd->name, c->summary);
  fputs("  help       Show help for a command: psearch help COMMAND; its man page: psearch help\n"
        "             --man [COMMAND]; shell completion: psearch help --completion bash|zsh|fish\n\n"
        "Options:\n"
        "  -h, --help       Show this help\n"
        "  -V, --version    Show the version\n\n"
        "Exit codes: 0 success, 1 failed work, 2 usage error, 3 malformed input,\n"
        "4 performance regression (compare), 5 not judged (compare --strict).\n"
        "See man psearch-COMMAND, or docs/cli.md in the sources.\n", f);
}

static const struct docgen_command *find(const char *name)
{
  for (const struct docgen_command *c = commands; c->cmd != NULL; c++)
    if (strcmp(c->cmd->name, name) == 0)
      return c;
  return NULL;
}

/* An unknown command: the closest one, and where the list is. */
static int unknown(const char *name)
{
  const char *names[32];
  int n = 0, k;
  for (const struct docgen_command *c = commands; c->cmd != NULL && n < 31; c++)
    names[n++] = c->cmd->name;
  names[n] = NULL;
  if ((k = opt_closest(name, names)) >= 0)
    ps_error("unknown command '%s' (did you mean '%s'?); 'psearch --help' lists the commands", name,
             names[k]);
  else
    ps_error("unknown command '%s'; 'psearch --help' lists the commands", name);
  return PS_EXIT_USAGE;
}

/* psearch help [COMMAND | --man [COMMAND] | --completion SHELL]. */
static int help(int argc, char **argv)
{
  const struct docgen_command *c = NULL;
  if (argc < 3) {
    usage(stdout);
  } else if (strcmp(argv[2], "--completion") == 0) {
    if (argc != 4 || docgen_completion(stdout, argv[3], commands) != 0) {
      ps_error("help --completion: expected a shell: bash, zsh or fish");
      return PS_EXIT_USAGE;
    }
  } else if (strcmp(argv[2], "--man") == 0) {
    if (argc > 4 || (argc == 4 && (c = find(argv[3])) == NULL))
      return unknown(argc == 4 ? argv[3] : "");
    docgen_man(stdout, commands, c);
  } else if ((c = find(argv[2])) != NULL) {
    opt_help(stdout, c->cmd);
  } else {
    return unknown(argv[2]);
  }
  return fflush(stdout) == 0 && !ferror(stdout) ? PS_EXIT_OK : PS_EXIT_FAILED;
}

int main(int argc, char **argv)
{
  const struct docgen_command *c;
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
  if (strcmp(argv[1], "help") == 0)
    return help(argc, argv);
  c = find(argv[1]);
  if (c == NULL)
    return unknown(argv[1]);
  return opt_main(c->cmd, argc - 2, argv + 2);
}
