/*
** test_user.c: the declarations of user kernels without a device
** (docs/own-kernels.md): the expressions (precedence, functions, every
** checked failure), a whole declaration read into its parts (buffers,
** params and their combinations, loops linked, arguments resolved), and the
** mistakes that name their line.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "udecl.h"

#include <stdlib.h>
#include <string.h>

/* The value of expression text with names a = 10, b = 3 (n: unset), sizeof(t) 4; -1 with why on failure. */
static int eval(const char *text, int64_t *v, char *why, size_t nwhy)
{
  static struct uexpr_pool p;
  struct uexpr_env env;
  struct uexpr x;
  const char *s = text;
  memset(&p, 0, sizeof p);
  memset(&env, 0, sizeof env);
  env.value[uexpr_name(&p, "a", 1)] = 10;
  env.value[uexpr_name(&p, "b", 1)] = 3;
  env.set[0] = env.set[1] = 1;
  uexpr_name(&p, "n", 1);
  env.tsize = 4;
  if (uexpr_parse(&p, &s, text + strlen(text), &x, why, nwhy) != 0)
    return -1;
  if (*s != '\0') {
    snprintf(why, nwhy, "stopped at '%s'", s);
    return -1;
  }
  return uexpr_eval(&p, x, &env, v, why, nwhy);
}

static void value_is(const char *text, int64_t want)
{
  int64_t v = 0;
  char why[200] = "";
  if (eval(text, &v, why, sizeof why) != 0)
    fail_msg("%s: %s", text, why);
  if (v != want)
    fail_msg("%s: %lld, expected %lld", text, (long long)v, (long long)want);
}

static void fails_with(const char *text, const char *want)
{
  int64_t v = 0;
  char why[200] = "";
  if (eval(text, &v, why, sizeof why) == 0)
    fail_msg("%s: %lld, expected a failure (%s)", text, (long long)v, want);
  if (strstr(why, want) == NULL)
    fail_msg("%s: '%s', expected '%s'", text, why, want);
}

static void expressions(void **state)
{
  (void)state;
  value_is("2 + 3 * 4", 14);
  value_is("(2 + 3) * 4", 20);
  value_is("20 - 4 - 3", 13);
  value_is("20 / 3 / 2", 3);
  value_is("-7 % 3", -1);
  value_is("-2 ** 2", -4);
  value_is("2 ** 3 ** 2", 512);
  value_is("a * b + a / b", 33);
  value_is("min(a, b) + max(a, b)", 13);
  value_is("log2(1) + log2(0)", 0);
  value_is("log2(1024)", 10);
  value_is("log2(1023)", 9);
  value_is("pow2(1000)", 1024);
  value_is("pow2(1024)", 1024);
  value_is("pow2(1)", 1);
  value_is("ceil_div(10, 3)", 4);
  value_is("ceil_div(9, 3)", 3);
  value_is("ceil_div(0, 3)", 0);
  value_is("round_up(10, 4)", 12);
  value_is("sizeof(i64) + sizeof(t) + sizeof(bool)", 13);
  value_is("9223372036854775807", INT64_MAX);
  value_is("2 ** 62 + (2 ** 62 - 1)", INT64_MAX);
  fails_with("1 / (a - 10)", "division by zero");
  fails_with("a % 0", "division by zero");
  fails_with("2 ** 63", "overflows");
  fails_with("2 ** -1", "negative exponent");
  fails_with("4611686018427387904 * 2", "overflows");
  fails_with("-9223372036854775807 - 2", "overflows");
  fails_with("ceil_div(-1, 2)", "ceil_div and round_up take a >= 0 and b > 0");
  fails_with("round_up(9223372036854775807, 2)", "round_up overflows");
  fails_with("pow2(4611686018427387905)", "overflows");
  fails_with("n + 1", "n: has no value here");
  fails_with("foo(1)", "unknown function 'foo'");
  fails_with("min(1)", "min takes 2 arguments: expected ','");
  fails_with("log2(1, 2)", "log2 takes 1 argument: expected ')'");
  fails_with("sizeof(x33)", "sizeof takes a type");
  fails_with("(1 + 2", "expected ')'");
  fails_with("1 +", "expected a number, a name or '(' at the end");
  fails_with("12abc", "is not an integer");
  fails_with("99999999999999999999", "is not an integer of at most 19 digits");
  fails_with("a b", "stopped at 'b'");
  fails_with("((((((((((((((((((((((((((1))))))))))))))))))))))))))", "nested more than");
}

static const char decl[] =
  "// a kernel file\n"
  "/* psearch:\n"
  " * entry: scan3\n"
  " * answer: scan     -- a comment\n"
  "types: i32 u32\n"
  "input xs: [n]t\n"
  "output out: [n]t zeroed\n"
  "scratch part: [ceil_div(n, WG * ITEMS)]t\n"
  "scratch cnt: [1]u32 zeroed\n"
  "output kept: [n]t count cnt\n"
  "param WG = 64, 128, 256\n"
  "param ITEMS = 4, 8\n"
  "build: -cl-fast-relaxed-math\n"
  "launch k1(xs, n, part, local(WG * sizeof(t)), int(ITEMS)) global ceil_div(n, ITEMS) local WG\n"
  "for pass in 0..log2(n)\n"
  "  for sub in pass..pass + 2\n"
  "    launch k2(part, uint(pass), sub) global WG\n"
  "  end\n"
  "end\n"
  "launch k3(xs, out, kept, cnt, compute_units) global max_wg * compute_units\n"
  "bytes: 2 * n * sizeof(t)\n"
  "work: n\n"
  "*/\n";

static void declaration(void **state)
{
  struct udecl *d = NULL;
  struct ps_err e = {{0}};
  int n = 0;
  int64_t v[UDECL_MAX_PARAMS];
  (void)state;
  if (udecl_parse(decl, sizeof decl - 1, "k.cl", &d, &n, &e) != 0)
    fail_msg("%s", e.msg);
  assert_int_equal(n, 1);
  assert_string_equal(d->name, "scan3");
  assert_string_equal(d->answer, "scan");
  assert_int_equal(d->line, 2);
  assert_int_equal(d->types, (1u << DATA_I32) | (1u << DATA_U32));
  assert_int_equal(d->nbufs, 5);
  assert_int_equal(d->ninputs, 1);
  assert_int_equal(d->noutputs, 2);
  assert_true(d->bufs[0].generic && d->bufs[0].kind == UDECL_INPUT);
  assert_true(d->bufs[1].zeroed && d->bufs[1].kind == UDECL_OUTPUT && d->bufs[1].count == -1);
  assert_int_equal(d->bufs[4].count, 3); /* cnt: buffer 3 */
  assert_string_equal(d->bufs[2].len_text, "ceil_div(n, WG * ITEMS)");
  assert_string_equal(d->build, "-cl-fast-relaxed-math");
  assert_int_equal(d->nparams, 2);
  assert_int_equal(d->ncombos, 6);
  udecl_combo(d, 0, v);
  assert_true(v[0] == 64 && v[1] == 4);
  udecl_combo(d, 1, v);
  assert_true(v[0] == 64 && v[1] == 8);
  udecl_combo(d, 5, v);
  assert_true(v[0] == 256 && v[1] == 8);
  assert_int_equal(d->nsteps, 7);
  assert_int_equal(d->steps[1].kind, UDECL_FOR);
  assert_int_equal(d->steps[1].jump, 5);
  assert_int_equal(d->steps[2].jump, 4);
  assert_int_equal(d->steps[4].jump, 2);
  assert_int_equal(d->steps[5].jump, 1);
  assert_int_equal(d->steps[0].nargs, 5);
  assert_int_equal(d->steps[0].args[0].kind, UDECL_ARG_BUF);
  assert_int_equal(d->steps[0].args[1].kind, UDECL_ARG_SCALAR);
  assert_int_equal(d->steps[0].args[1].ctype, UDECL_LONG);
  assert_int_equal(d->steps[0].args[2].buf, 2);
  assert_int_equal(d->steps[0].args[3].kind, UDECL_ARG_LOCAL);
  assert_int_equal(d->steps[0].args[4].ctype, UDECL_INT);
  assert_int_equal(d->steps[3].args[1].ctype, UDECL_UINT);
  assert_true(d->steps[0].has_local && !d->steps[3].has_local);
  assert_true(d->has_bytes);
  assert_string_equal(d->work, "n");
  assert_int_equal(d->timeout_s, UDECL_TIMEOUT_S);
  assert_true(strncmp(decl + d->off, "/* psearch:", 11) == 0 && d->len == strlen(decl) - d->off - 1);
  free(d);
}

/* text fails to parse with want in its message. */
static void refused(const char *text, const char *want)
{
  struct udecl *d = NULL;
  struct ps_err e = {{0}};
  int n = 0;
  if (udecl_parse(text, strlen(text), "k.cl", &d, &n, &e) == 0)
    fail_msg("accepted, expected '%s':\n%s", want, text);
  assert_null(d);
  if (strstr(e.msg, want) == NULL)
    fail_msg("'%s', expected '%s'", e.msg, want);
}

#define HEAD "/* psearch:\nentry: k\nanswer: none\ninput xs: [n]i32\noutput out: [n]i32\n"

static void mistakes(void **state)
{
  (void)state;
  refused(HEAD "launch k(xs, out) global n\nlaunch k(xs) global m\n*/", "k.cl:7: 'm' is not declared");
  refused(HEAD "for i in 0..n\nend\nlaunch k(xs, i) global n\n*/", "k.cl:8: launch: the loop variable 'i' is used outside its loop");
  refused(HEAD "launch k(xs, i) global n\nfor i in 0..n\nend\n*/", "k.cl:7: 'i' is used on line 6, outside its loop");
  refused(HEAD "for i in 0..i\nend\nlaunch k(xs) global n\n*/", "k.cl:6: 'i' is used on line 6, outside its loop");
  refused(HEAD "end\n*/", "k.cl:6: end: no loop is open");
  refused(HEAD "input ys: [n]i32\nlaunch k(xs) global n\n*/", "dataset's values come first");
  refused("/* psearch:\nentry: k\nanswer: none\ninput xs: [n]i32\ninput ys: [n]f32\noutput out: [n]i32\nlaunch k(xs) global n\n*/",
          "k.cl:5: input ys: the dataset's values have the first one's element type, or bool");
  refused(HEAD "for pass in 0..2\nscratch s: [pass]i32\nend\nlaunch k(xs) global n\n*/", "k.cl:7: s: its length cannot read 'pass'");
  refused(HEAD "bytes: compute_units\nlaunch k(xs) global n\n*/", "bytes: cannot read 'compute_units'");
  refused(HEAD "output c: [n]i32 count out\nlaunch k(xs) global n\n*/", "a count is a scratch buffer of an integer type");
  refused(HEAD "param xs = 1\nlaunch k(xs) global n\n*/", "'xs' is already declared (line 4)");
  refused(HEAD "param t = 1\nlaunch k(xs) global n\n*/", "'t' names the element type");
  refused(HEAD "launch k(xs) global n\nbuild: -DX=\"1\"\n*/", "k.cl:7: build: byte 0x22 is not allowed here");
  refused(HEAD "timeout: 0\nlaunch k(xs) global n\n*/", "timeout: expected whole seconds from 1 to 86400");
  refused(HEAD "param A = 1, 2, 3, 4, 5, 6, 7\nparam B = 1, 2, 3, 4, 5, 6, 7\nparam C = 1, 2, 3, 4, 5, 6, 7\nlaunch k(xs) global n\n*/",
          "more than 256 combinations");
  refused("/* psearch:\nentry: k\nanswer: none\ninput xs: [n]t\noutput out: [n]t\nlaunch k(xs) global n\n*/",
          "k.cl:4: input xs: [..]t needs 'types: ...'");
  refused("/* psearch:\nentry: k\nanswer: none\ninput xs: [n]i32\noutput out: [n]i32\n*/", "k: no 'launch");
  refused(HEAD "launch k(xs) global n\n*/\n/* psearch:\nentry: k2\n", "k.cl:8: the declaration is not closed");
  refused(HEAD "launch k(xs) global n\ndesc: \xff\n*/", "k.cl:7: the declaration is not UTF-8");
  refused(HEAD "input ks: [m]i32 = random_keys(xs)\nlaunch k(xs) global n\n*/", "random_keys(xs) draws as many keys as xs");
}

/* Every prefix of a valid declaration: refused with a message, or read; never a crash. */
static void prefixes(void **state)
{
  (void)state;
  for (size_t k = 0; k <= sizeof decl - 1; k++) {
    struct udecl *d = NULL;
    struct ps_err e = {{0}};
    int n = 0;
    int rc = udecl_parse(decl, k, "k.cl", &d, &n, &e);
    assert_true(rc == 0 ? d != NULL && n == 1 : d == NULL && e.msg[0] != '\0');
    free(d);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(expressions),
    cmocka_unit_test(declaration),
    cmocka_unit_test(mistakes),
    cmocka_unit_test(prefixes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
