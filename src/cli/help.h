/*
** help.h: each command's help as `psearch help NAME` prints it, less the
** option rows that opt_help puts after its line "Options:". The texts are
** src/cli/help/NAME.txt, embedded at build time (scripts/embed_help.py).
*/
#ifndef help_h
#define help_h

extern const char help_bench[], help_cache[], help_compare[], help_dataset[], help_devices[], help_export[],
  help_list[], help_merge[], help_new[], help_plot[], help_report[],
  help_run[];

#endif
