/*
** sweep.h: size sweeps in suites (docs/suites.md). In a `random input`, an
** array dimension may be a range, [LO..HI by *F] (geometric) or
** [LO..HI by +S] (arithmetic; [LO..HI] is by *2), where LO and HI are
** integers or powers B**E: `random input { [2**10..2**20 by *4]i32 }` is the
** cases [1024]i32, [4096]i32, ..., [1048576]i32. Several ranges in one case
** step together and must have as many steps.
*/
#ifndef sweep_h
#define sweep_h

#include "ps.h"

#define SWEEP_MAX_STEPS 64

/* The values texts of a case's sweep: *out gets malloc'ed copies of `values`
** with every range replaced by its k-th size, k = 0 .. *n - 1; *n is 0 when
** values holds no range (and *out NULL). 0, or -1 with e set (a malformed
** or empty range, ranges of different lengths, more than SWEEP_MAX_STEPS). */
int sweep_expand(const char *values, char ***out, int *n, struct ps_err *e);

/* Free what sweep_expand gave; accepts NULL. */
void sweep_free(char **v, int n);

#endif
