/*
** docgen.h: the man pages and shell completions of psearch, generated from
** the same tables the command line runs on (each command's struct opt_cmd:
** its help text and option rows; the registry's entry points; the built-in
** suites), so that they cannot drift from it. `psearch help --man [COMMAND]`
** and `psearch help --completion SHELL` print them; the build writes them
** for `meson install` (man1/psearch.1, man1/psearch-COMMAND.1, and the bash,
** zsh and fish completions).
*/
#ifndef docgen_h
#define docgen_h

#include "opt.h"

#include <stdio.h>

/* A subcommand as `psearch --help` lists it. A table ends with a NULL cmd. */
struct docgen_command {
  const struct opt_cmd *cmd;
  const char *summary; /* one line */
};

/* The man page of one command (psearch-NAME(1)), or with cmd NULL the page of
** psearch itself, which lists every command of cmds. */
void docgen_man(FILE *f, const struct docgen_command *cmds, const struct docgen_command *cmd);

/* The completion script for shell "bash", "zsh" or "fish"; -1 for another shell. */
int docgen_completion(FILE *f, const char *shell, const struct docgen_command *cmds);

#endif
