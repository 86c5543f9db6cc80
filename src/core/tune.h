/*
** tune.h: tuning parameters, in the manner of nvbench's axes and Kernel
** Tuner's tune_params. A kernel family declares the parameters its kernels
** take (struct tune_param: a name, a range, what it sets); a user sets some
** of them for a run (`bench --tune sort_wg=512,sort_items=12`), and the
** family reads each one through tune_get with its own default for the
** device. `psearch list --tuning` prints the declarations; bench records the
** values set in its JSON context and the values each dataset ran with.
*/
#ifndef tune_h
#define tune_h

#include "ps.h"

#include <stdint.h>

#define TUNE_MAX 24      /* settings in one struct tune */
#define TUNE_NAME_MAX 32 /* bytes of a name, NUL included */

/* One declared parameter; a table ends with a row whose name is NULL. */
struct tune_param {
  const char *name; /* letters, digits and '_': "sort_wg" (psearch's), "WG" (a user kernel's) */
  int64_t lo, hi;   /* the values accepted (inclusive) */
  const char *help; /* one line: what it sets, and how its default is chosen */
};

/* NAME=VALUE settings, in the order given; a zeroed struct is empty. */
struct tune {
  int n;
  struct {
    char name[TUNE_NAME_MAX];
    int64_t value;
  } set[TUNE_MAX];
};

/* The values a job's parameters took, in the order they were first read
** (names not owned: the declarations'). */
struct tune_used {
  int n;
  struct {
    const char *name;
    int64_t value;
  } p[TUNE_MAX];
};

/* Record that name took value in u (a later value for the same name
** replaces the earlier one; past TUNE_MAX names, nothing). */
void tune_used_set(struct tune_used *u, const char *name, int64_t value);

/* Add the settings of spec ("NAME=V[,NAME=V...]", integers only) to t; a
** name given again takes the later value. 0, or -1 with e set ("--tune
** 'x': ...") on a malformed spec or too many names. Names are not checked
** against any declaration here (tune_check does). */
int tune_parse(struct tune *t, const char *spec, struct ps_err *e);

/* The value set for name, or dflt when t is NULL or does not set it. */
int64_t tune_get(const struct tune *t, const char *name, int64_t dflt);

/* Whether t sets name. */
int tune_has(const struct tune *t, const char *name);

/* Check every setting of t against the declarations: each name must be in
** one of the tables (NULL-terminated list of tables) and its value in that
** row's range. 0, or -1 with e naming the setting, the range or the closest
** declared name. */
int tune_check(const struct tune *t, const struct tune_param *const *tables, struct ps_err *e);

/* The row of table named name, or NULL. */
const struct tune_param *tune_find(const struct tune_param *table, const char *name);

/* "NAME=V,NAME=V" of t into buf (empty for none); returns buf. */
char *tune_format(const struct tune *t, char *buf, size_t n);

#endif
