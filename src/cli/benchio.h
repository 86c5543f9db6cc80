/*
** benchio.h: where bench's results go: the output files checked before the
** long run, `--json -` (the JSON alone on standard output), and after the
** runs the summary, the markdown and the JSON written.
*/
#ifndef benchio_h
#define benchio_h

#include "report.h"
#include "summary.h"

#include <cjson/cJSON.h>

/* The --json and --markdown files (NULL: none; "-": standard output, which
** the driver gives one of them at most) can be written: PS_EXIT_OK, else the
** exit code with the message printed. */
int benchio_check(const char *json, const char *markdown);

/* --json - or --markdown - (flag: which): that form gets standard output,
** and everything that would go there (the report, the summary, the progress
** line) goes to standard error instead, so that `psearch bench --json - | jq`
** sees JSON alone. *path becomes the path of the saved standard output. 0,
** or -1 with the message printed. */
int benchio_to_stdout(const char **path, const char *flag);

/* Standard output that failed (a pipe whose reader left: EPIPE, SIGPIPE
** being ignored; a terminal hung up): from then on it goes to /dev/null,
** with one warning, so that the run goes on and its files are still
** written. Call after printing; 1 when standard output is gone, else 0. */
int benchio_stdout_gone(void);

/* After the runs: the summary (as text, on standard output), the markdown
** and the JSON; 0, or -1 with the messages printed. */
int benchio_write(const struct summary *s, const char *markdown, const char *json, const cJSON *root);

#endif
