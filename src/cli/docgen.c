/*
** docgen.c: man pages and shell completions from the command tables (docgen.h).
*/
#include "docgen.h"

#include "ps_version.h"
#include "registry.h"
#include "suite.h"

#include <string.h>

/* The option rows of a table: those with a name (not the positional ones). */
#define EACH_OPTION(d, tab) for (const struct opt_def *d = (tab); d->type != OPT_END; d++) if (d->lname || d->sname)

/* ================================ Man pages ============================= */

/* Text as roff: backslashes doubled as \e, a line that starts with '.' or
** '\'' guarded by \&, and '-' as \- (the hyphen-minus of options). */
static void roff_text(FILE *f, const char *s, size_t n)
{
  int bol = 1;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (bol && (c == '.' || c == '\''))
      fputs("\\&", f);
    if (c == '\\')
      fputs("\\e", f);
    else if (c == '-')
      fputs("\\-", f);
    else
      fputc(c, f);
    bol = c == '\n';
  }
}

static void roff_str(FILE *f, const char *s) { roff_text(f, s, strlen(s)); }

/* One option row as a tagged paragraph: \fB-r\fR, \fB--runs\fR=\fIN\fR, then its help. */
static void man_option(FILE *f, const struct opt_def *d)
{
  fputs(".TP\n", f);
  if (d->sname)
    fprintf(f, "\\fB\\-%c\\fR%s", d->sname, d->lname ? ", " : "");
  if (d->lname) {
    fputs("\\fB\\-\\-", f);
    roff_str(f, d->lname);
    fputs("\\fR", f);
  }
  if (d->argname != NULL) {
    fputs(d->lname ? "=\\fI" : " \\fI", f);
    roff_str(f, d->argname);
    fputs("\\fR", f);
  }
  fputc('\n', f);
  roff_str(f, d->help != NULL ? d->help : "");
  fputc('\n', f);
}

/* The help text's parts: the usage lines, the description up to "Options:", and the rest. */
static void man_body(FILE *f, const struct opt_cmd *cmd)
{
  static const char heading[] = "\nOptions:\n";
  const char *h = cmd->help, *opts = strstr(h, heading), *end = opts ? opts : h + strlen(h), *nl;
  fputs(".SH SYNOPSIS\n.nf\n", f);
  while (h < end && (strncmp(h, "Usage: ", 7) == 0 || strncmp(h, "       psearch", 14) == 0)) {
    nl = memchr(h, '\n', (size_t)(end - h));
    nl = nl != NULL ? nl + 1 : end;
    roff_text(f, h + 7, (size_t)(nl - h) - 7); /* "Usage: " or its indent */
    h = nl;
  }
  fputs(".fi\n.SH DESCRIPTION\n", f);
  roff_text(f, h, (size_t)(end - h));
  fputs("\n.SH OPTIONS\n", f);
  EACH_OPTION(d, cmd->opts)
    man_option(f, d);
  fputs(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow the help.\n", f);
  if (opts != NULL && opts[sizeof heading - 1] != '\0') {
    fputs(".SH NOTES\n", f);
    roff_str(f, opts + sizeof heading - 1);
  }
}

void docgen_man(FILE *f, const struct docgen_command *cmds, const struct docgen_command *cmd)
{
  const char *name = cmd != NULL ? cmd->cmd->name : NULL;
  fputs(name != NULL ? ".TH PSEARCH-" : ".TH PSEARCH", f);
  for (const char *p = name; p != NULL && *p; p++) /* the title in capitals, as man pages have it */
    fputc(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p, f);
  fprintf(f, " 1 \"\" \"psearch %s\" \"psearch manual\"\n.SH NAME\n", PS_VERSION);
  if (cmd != NULL) {
    fprintf(f, "psearch\\-%s \\- ", name);
    roff_str(f, cmd->summary);
    fputc('\n', f);
    man_body(f, cmd->cmd);
  } else {
    fputs("psearch \\- benchmark parallel search, scan and sort kernels on GPUs and CPUs through OpenCL\n"
          ".SH SYNOPSIS\n.B psearch\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n.SH DESCRIPTION\n"
          "psearch generates datasets in Futhark's data format, runs suites of entry points with a warm-up "
          "and timed runs, checks every result against a reference on another backend, and compares results "
          "files as a CI performance-regression gate.\n.SH COMMANDS\n", f);
    for (const struct docgen_command *c = cmds; c->cmd != NULL; c++) {
      fprintf(f, ".TP\n.BR psearch\\-%s (1)\n", c->cmd->name);
      roff_str(f, c->summary);
      fputc('\n', f);
    }
    fputs(".SH EXIT STATUS\n0 success, 1 failed work, 2 usage error, 3 malformed input, 4 performance regression "
          "(compare), 5 not judged (compare \\-\\-strict).\n", f);
  }
  fputs(".SH SEE ALSO\n", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++)
    if (c != cmd)
      fprintf(f, "%s.BR psearch\\-%s (1)", c == cmds ? "" : ",\n", c->cmd->name);
  fprintf(f, "%s.BR psearch (1)\n", cmd != NULL ? ",\n" : "\n");
}

/* ============================== Completions ============================= */

/* What an option's value completes to: the entry points, a choice's words, a
** file, or nothing (a number). */
enum value_kind { V_NONE, V_ENTRY, V_WORDS, V_FILE };

static enum value_kind value_kind(const struct opt_def *d)
{
  if (d->argname == NULL)
    return V_NONE;
  if (strcmp(d->argname, "NAME") == 0 && d->lname != NULL && strcmp(d->lname, "entry-point") == 0)
    return V_ENTRY;
  if (d->type == OPT_CHOICE && d->words != NULL)
    return V_WORDS;
  return d->type == OPT_OUTPUT || strstr(d->argname, "FILE") != NULL || strcmp(d->argname, "DIR") == 0 ? V_FILE
                                                                                                       : V_NONE;
}

/* The entry points' names, space-separated. */
static void entry_words(FILE *f)
{
  for (int i = 0; i < registry_count(); i++)
    fprintf(f, "%s%s", i ? " " : "", registry_at(i)->name);
}

static void words_of(FILE *f, const struct opt_def *d)
{
  for (int i = 0; d->words[i] != NULL; i++)
    fprintf(f, "%s%s", i ? " " : "", d->words[i]);
}

/* Help text for a shell's description, without the characters that quote or
** separate there (brackets, colons, backslashes, quotes: an apostrophe is
** written as U+2019). */
static void plain(FILE *f, const char *s)
{
  for (; s != NULL && *s; s++)
    if (*s == '\'')
      fputs("\u2019", f);
    else
      fputc(strchr("\"[]:\\`$", *s) != NULL ? ' ' : *s, f);
}

static void bash_values(FILE *f, const struct docgen_command *cmds)
{
  fputs("  case \"$cmd:$prev\" in\n", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++)
    EACH_OPTION(d, c->cmd->opts) {
      enum value_kind k = value_kind(d);
      if (k == V_NONE)
        continue;
      fprintf(f, "    %s:--%s", c->cmd->name, d->lname ? d->lname : "");
      if (d->sname)
        fprintf(f, "|%s:-%c", c->cmd->name, d->sname);
      if (k == V_FILE) {
        fputs(") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", f);
        continue;
      }
      fputs(") COMPREPLY=($(compgen -W \"", f);
      if (k == V_ENTRY)
        entry_words(f);
      else
        words_of(f, d);
      fputs("\" -- \"$cur\")); return ;;\n", f);
    }
  fputs("  esac\n", f);
}

static void bash(FILE *f, const struct docgen_command *cmds)
{
  fputs("# bash completion for psearch (generated by psearch help --completion bash)\n"
        "_psearch() {\n  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]} opts\n"
        "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=($(compgen -W \"", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++)
    fprintf(f, "%s ", c->cmd->name);
  fputs("help --help --version\" -- \"$cur\"))\n    return\n  fi\n", f);
  bash_values(f, cmds);
  fputs("  case $cmd in\n", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++) {
    fprintf(f, "    %s) opts=\"", c->cmd->name);
    EACH_OPTION(d, c->cmd->opts)
      if (d->lname)
        fprintf(f, "--%s ", d->lname);
    fputs("--help\" ;;\n", f);
  }
  fputs("    help) COMPREPLY=($(compgen -W \"", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++)
    fprintf(f, "%s ", c->cmd->name);
  fputs("\" -- \"$cur\")); return ;;\n  esac\n"
        "  if [[ $cur == -* ]]; then\n    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
        "  elif [ \"$cmd\" = bench ]; then\n    COMPREPLY=($(compgen -W \"", f);
  for (int i = 0; suite_builtins[i].name != NULL; i++)
    fprintf(f, "builtin:%s ", suite_builtins[i].name);
  fputs("\" -- \"$cur\") $(compgen -f -- \"$cur\"))\n  else\n    COMPREPLY=($(compgen -f -- \"$cur\"))\n  fi\n}\n"
        "complete -F _psearch psearch\n", f);
}

/* zsh: _arguments specs, one a row: '(-r --runs)'{-r,--runs=}'[help]:N:' */
static void zsh_option(FILE *f, const struct opt_def *d)
{
  enum value_kind k = value_kind(d);
  const char *eq = d->argname != NULL && d->lname ? "=" : "";
  fputs("    ", f);
  if (d->sname && d->lname)
    fprintf(f, "'(-%c --%s)'{-%c,--%s%s}'[", d->sname, d->lname, d->sname, d->lname, eq);
  else if (d->lname)
    fprintf(f, "'--%s%s[", d->lname, eq);
  else
    fprintf(f, "'-%c[", d->sname);
  plain(f, d->help);
  fputs("]", f);
  if (d->argname != NULL) {
    fputs(":", f);
    plain(f, d->argname);
    fputs(":", f);
    if (k == V_FILE)
      fputs("_files", f);
    else if (k == V_ENTRY || k == V_WORDS) {
      fputs("(", f);
      if (k == V_ENTRY)
        entry_words(f);
      else
        words_of(f, d);
      fputs(")", f);
    }
  }
  fputs("' \\\n", f);
}

static void zsh(FILE *f, const struct docgen_command *cmds)
{
  fputs("#compdef psearch\n# zsh completion for psearch (generated by psearch help --completion zsh)\n"
        "_psearch() {\n  local -a cmds\n  cmds=(\n", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++) {
    fprintf(f, "    '%s:", c->cmd->name);
    plain(f, c->summary);
    fputs("'\n", f);
  }
  fputs("    'help:Show help for a command'\n  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' cmds\n"
        "    return\n  fi\n  local cmd=$words[2]\n  shift words; (( CURRENT-- ))\n  case $cmd in\n", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++) {
    fprintf(f, "  %s)\n    _arguments -s \\\n", c->cmd->name);
    EACH_OPTION(d, c->cmd->opts)
      zsh_option(f, d);
    fputs("    '(-h --help)'{-h,--help}'[Show the help]' \\\n    '*:file:_files'\n    ;;\n", f);
  }
  fputs("  help) _describe 'command' cmds ;;\n  esac\n}\n_psearch \"$@\"\n", f);
}

static void fish(FILE *f, const struct docgen_command *cmds)
{
  fputs("# fish completion for psearch (generated by psearch help --completion fish)\n"
        "complete -c psearch -f\n", f);
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++) {
    fprintf(f, "complete -c psearch -n __fish_use_subcommand -a %s -d '", c->cmd->name);
    plain(f, c->summary);
    fputs("'\n", f);
  }
  for (const struct docgen_command *c = cmds; c->cmd != NULL; c++)
    EACH_OPTION(d, c->cmd->opts) {
      enum value_kind k = value_kind(d);
      fprintf(f, "complete -c psearch -n '__fish_seen_subcommand_from %s'", c->cmd->name);
      if (d->lname)
        fprintf(f, " -l %s", d->lname);
      if (d->sname)
        fprintf(f, " -s %c", d->sname);
      if (k == V_FILE)
        fputs(" -r -F", f);
      else if (k == V_ENTRY || k == V_WORDS) {
        fputs(" -x -a '", f);
        if (k == V_ENTRY)
          entry_words(f);
        else
          words_of(f, d);
        fputs("'", f);
      } else if (d->argname != NULL)
        fputs(" -x", f);
      fputs(" -d '", f);
      plain(f, d->help);
      fputs("'\n", f);
    }
}

int docgen_completion(FILE *f, const char *shell, const struct docgen_command *cmds)
{
  if (strcmp(shell, "bash") == 0)
    bash(f, cmds);
  else if (strcmp(shell, "zsh") == 0)
    zsh(f, cmds);
  else if (strcmp(shell, "fish") == 0)
    fish(f, cmds);
  else
    return -1;
  return 0;
}
