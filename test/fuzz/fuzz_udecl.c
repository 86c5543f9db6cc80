/*
** fuzz_udecl.c: libFuzzer target for the declarations of user kernels
** (docs/own-kernels.md): the input is a .cl file's text. A failed parse
** must say why; a declaration that parses has every expression evaluated
** (every name given a value from the input's bytes) and every combination
** of its params taken, as bench would.
*/
#include "udecl.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void eval_all(const struct udecl *d, const struct uexpr_env *env)
{
  int64_t v, combo[UDECL_MAX_PARAMS];
  char why[256];
  for (int s = 0; s < d->pool.n; s++) { /* each expression ends at some step: try every suffix start */
    struct uexpr x = {(uint16_t)s, 1};
    (void)uexpr_eval(&d->pool, x, env, &v, why, sizeof why);
  }
  for (int b = 0; b < d->nbufs; b++)
    if (d->bufs[b].len.n > 0 && uexpr_eval(&d->pool, d->bufs[b].len, env, &v, why, sizeof why) != 0 && why[0] == '\0')
      abort();
  for (int s = 0; s < d->nsteps; s++) {
    const struct udecl_step *st = &d->steps[s];
    for (int a = 0; a < st->nargs; a++)
      if (st->args[a].kind != UDECL_ARG_BUF)
        (void)uexpr_eval(&d->pool, st->args[a].x, env, &v, why, sizeof why);
    if (st->kind == UDECL_LAUNCH)
      (void)uexpr_eval(&d->pool, st->global, env, &v, why, sizeof why);
    if (st->kind != UDECL_END && st->jump >= d->nsteps)
      abort();
  }
  if (d->ncombos < 1 || d->ncombos > UDECL_MAX_COMBOS)
    abort();
  for (int k = 0; k < d->ncombos; k++)
    udecl_combo(d, k, combo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct ps_err e = {{0}};
  struct udecl *d = NULL;
  struct uexpr_env env;
  int n = 0;
  memset(&env, 0, sizeof env);
  for (int i = 0; i < UEXPR_MAX_NAMES; i++) {
    env.value[i] = size > 0 ? (int64_t)data[(size_t)i % size] * (i % 3 ? 1 : 1000003) - 7 : i;
    env.set[i] = (unsigned char)(i % 5 != 4);
  }
  env.tsize = 4;
  if (udecl_parse((const char *)data, size, "fuzz.cl", &d, &n, &e) != 0) {
    if (e.msg[0] == '\0' || d != NULL || n != 0)
      abort();
    return 0;
  }
  for (int i = 0; i < n; i++)
    eval_all(&d[i], &env);
  free(d);
  return 0;
}
