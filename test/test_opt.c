/*
** test_opt.c: the command driver (opt.h) on a command of every row type:
** values stored where the rows say, defaults kept, checked parsers (ranges,
** percentages with and without '%'), abbreviations and exact names, short
** clusters, `--`, lists and their capacity, output files ("-" for one of them
** at most, a forgotten FILE refused), calls, check, help, and the exit code of
** each usage error.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "opt.h"
#include "ps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cf {
  int flag, on;
  int64_t n;
  double d, pct;
  int choice;
  const char *str, *strict, *out, *md;
  const char *list[2];
  int nlist;
  const char *pos[3];
  int npos;
  int called, checked;
};

static struct cf got; /* the configuration body saw */
static int bodies;    /* how often body ran */

static int call(void *at, const struct opt_def *d, const char *val, const char *spelled)
{
  (void)spelled;
  ((struct cf *)at)->called += d->id;
  return val != NULL && strcmp(val, "bad") == 0 ? PS_EXIT_USAGE : PS_EXIT_OK;
}

#define AT(f) offsetof(struct cf, f)

static const struct opt_def rows[] = {
  OPT_ROW_FLAG("flag", 'x', AT(flag), "a flag"),
  OPT_ROW_NOFLAG("no-on", 0, AT(on), "clears on"),
  OPT_ROW_INT("num", 'n', AT(n), "N", -5, 5, "an integer"),
  OPT_ROW_DOUBLE("dbl", 0, AT(d), "D", 0, 1, "a number"),
  OPT_ROW_PERCENT("pct", 't', AT(pct), 0, 50, "a percentage"),
  OPT_ROW_CHOICE("choice", 0, AT(choice), "W", ((const char *const[]){"a", "b", NULL}), "a or b"),
  OPT_ROW_STRING("str", 's', AT(str), "S", "a string"),
  OPT_ROW_STRING("strict", 0, AT(strict), "S", "a longer name that str begins"),
  OPT_ROW_OUTPUT("out", 'o', AT(out), "an output"),
  OPT_ROW_OUTPUT("md", 0, AT(md), "another output"),
  OPT_ROW_LIST("item", 'i', AT(list), AT(nlist), 2, "I", "at most twice"),
  OPT_ROW_CALL("call", 'c', 0, "V", call, 10, "a call with a value"),
  OPT_ROW_CALL("ping", 0, 0, NULL, call, 1, "a call without"),
  OPT_ROW_LIST(NULL, 0, AT(pos), AT(npos), 3, "ARG", NULL),
  OPT_ROW_END,
};

static const struct opt_hint hints[] = {{"--format", "use --md FILE"}, {"-f", "use --md FILE"}, {NULL, NULL}};

static void init(void *p)
{
  ((struct cf *)p)->on = 1;
  ((struct cf *)p)->n = 3;
}

static int check(void *p)
{
  struct cf *c = p;
  c->checked = 1;
  return c->n == -5 ? PS_EXIT_USAGE : PS_EXIT_OK;
}

static int body(void *p)
{
  got = *(struct cf *)p;
  bodies++;
  return 42;
}

static const struct opt_cmd cmd = {"test", "Usage: test [OPTIONS] ARG...\n\nOptions:\n\nThe end.\n", rows, hints,
                                   sizeof(struct cf), init, check, body, NULL};

/* opt_main on the words of line (split at spaces); body's code or the driver's. */
static int run(const char *line)
{
  static char buf[512]; /* the values point into it after run returns */
  char *argv[64], *save = NULL;
  int argc = 0;
  snprintf(buf, sizeof buf, "%s", line);
  for (char *w = strtok_r(buf, " ", &save); w != NULL && argc < 63; w = strtok_r(NULL, " ", &save))
    argv[argc++] = w;
  argv[argc] = NULL;
  memset(&got, 0, sizeof got);
  bodies = 0;
  return opt_main(&cmd, argc, argv);
}

static void typed_rows(void **state)
{
  (void)state;
  assert_int_equal(run("-x --no-on -n -5x"), PS_EXIT_USAGE); /* not a number */
  assert_int_equal(run("-x --no-on --num=-4 --dbl 0.25 -t 2% --choice b -s hi --out f.json --md - "
                       "-i a --item=b p1 -- -p2"), 42);
  assert_int_equal(bodies, 1);
  assert_true(got.flag && !got.on && got.n == -4 && got.d == 0.25 && got.choice == 1 && got.checked);
  assert_float_equal(got.pct, 0.02, 1e-15);
  assert_string_equal(got.str, "hi");
  assert_string_equal(got.out, "f.json");
  assert_string_equal(got.md, "-");
  assert_int_equal(got.nlist, 2);
  assert_string_equal(got.list[1], "b");
  assert_int_equal(got.npos, 2);
  assert_string_equal(got.pos[1], "-p2"); /* after --, an argument */
  assert_int_equal(run(""), 42);           /* the defaults */
  assert_true(got.on && got.n == 3 && got.str == NULL && got.out == NULL && got.npos == 0);
  assert_int_equal(run("-xn5 -sX"), 42); /* a cluster, a value stuck on */
  assert_true(got.flag && got.n == 5);
  assert_string_equal(got.str, "X");
  assert_int_equal(run("--str="), 42); /* the empty value */
  assert_string_equal(got.str, "");
}

static void numbers(void **state)
{
  (void)state;
  assert_int_equal(run("-t 2"), 42);
  assert_float_equal(got.pct, 0.02, 1e-15);
  assert_int_equal(run("--pct=50%"), 42);
  assert_float_equal(got.pct, 0.5, 1e-15);
  const char *bad[] = {"-t %", "-t 51", "-t -1", "-t 2%%", "-t 2x%", "-t nan", "-n 6", "-n 1.5", "-n ''",
                       "--dbl 1.5", "--dbl inf", "--choice c", "-n 99999999999999999999"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    assert_int_equal(run(bad[i]), PS_EXIT_USAGE);
    assert_int_equal(bodies, 0);
  }
}

static void parsers(void **state)
{
  int64_t i = 0;
  uint64_t u = 0;
  (void)state;
  assert_int_equal(opt_parse_i64("-9223372036854775808", &i), 0);
  assert_true(i == INT64_MIN);
  assert_int_equal(opt_parse_i64("9223372036854775807", &i), 0);
  assert_true(i == INT64_MAX);
  assert_int_equal(opt_parse_i64("+7", &i), 0);
  assert_true(i == 7);
  assert_int_equal(opt_parse_i64("-0", &i), 0);
  assert_true(i == 0);
  assert_int_equal(opt_parse_u64("18446744073709551615", &u), 0);
  assert_true(u == UINT64_MAX);
  const char *bad[] = {"9223372036854775808", "-9223372036854775809", "", "-", "+", " 7", "\t7", "7 ", "--5",
                       "+-5", "0x10", "1_000", NULL};
  for (int k = 0; bad[k] != NULL; k++)
    assert_int_equal(opt_parse_i64(bad[k], &i), -1);
  assert_int_equal(opt_parse_u64("-1", &u), -1);
  assert_int_equal(opt_parse_u64("18446744073709551616", &u), -1);
}

static void names(void **state)
{
  (void)state;
  assert_int_equal(run("--str a --stri b"), 42); /* exact beats prefix; a prefix of one */
  assert_string_equal(got.str, "a");
  assert_string_equal(got.strict, "b");
  assert_int_equal(run("--fl --nu=1"), 42); /* unambiguous abbreviations */
  assert_true(got.flag && got.n == 1);
  assert_int_equal(run("--s x"), PS_EXIT_USAGE);     /* str or strict */
  assert_int_equal(run("--flg"), PS_EXIT_USAGE);     /* did you mean --flag */
  assert_int_equal(run("--format md"), PS_EXIT_USAGE); /* a hint */
  assert_int_equal(run("-f md"), PS_EXIT_USAGE);
  assert_int_equal(run("-q"), PS_EXIT_USAGE);
  assert_int_equal(run("--flag=1"), PS_EXIT_USAGE); /* takes no value */
  assert_int_equal(run("-n"), PS_EXIT_USAGE);       /* needs one */
  assert_int_equal(run("--out"), PS_EXIT_USAGE);
  assert_int_equal(bodies, 0);
}

static void lists_outputs_calls(void **state)
{
  (void)state;
  assert_int_equal(run("-i a -i b -i c"), PS_EXIT_USAGE); /* at most 2 */
  assert_int_equal(run("a b c"), 42);
  assert_int_equal(run("a b c d"), PS_EXIT_USAGE);
  assert_int_equal(run("--out - --md x.md"), 42);
  assert_int_equal(run("--out - --md -"), PS_EXIT_USAGE); /* one standard output */
  assert_int_equal(run("--out --md"), PS_EXIT_USAGE);     /* a forgotten FILE */
  assert_int_equal(run("-o -x"), PS_EXIT_USAGE);
  assert_int_equal(run("-c v --ping -cv"), 42);
  assert_int_equal(got.called, 21);
  assert_int_equal(run("--call bad"), PS_EXIT_USAGE);
  assert_int_equal(run("--ping=v"), PS_EXIT_USAGE);
  assert_int_equal(run("-n -5"), PS_EXIT_USAGE); /* check refuses it */
  assert_int_equal(bodies, 0);
}

static void help(void **state)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  (void)state;
  assert_int_equal(run("-x --help --bogus"), PS_EXIT_OK); /* help stops the parse */
  assert_int_equal(run("--he"), PS_EXIT_OK);
  assert_int_equal(run("--bogus --help"), PS_EXIT_USAGE); /* in order */
  assert_int_equal(bodies, 0);
  assert_non_null(f);
  opt_help(f, &cmd);
  assert_int_equal(fclose(f), 0);
  assert_non_null(strstr(buf, "Usage: test [OPTIONS] ARG...\n\nOptions:\n"));
  assert_non_null(strstr(buf, "  -x, --flag "));
  assert_non_null(strstr(buf, "  -t, --pct=PCT "));
  assert_non_null(strstr(buf, "      --ping                     a call without\n"));
  assert_non_null(strstr(buf, "  -h, --help                     Show this help\n\nThe end.\n"));
  assert_null(strstr(buf, "ARG  ")); /* the positional row is no option */
  free(buf);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(typed_rows),
    cmocka_unit_test(numbers),
    cmocka_unit_test(parsers),
    cmocka_unit_test(names),
    cmocka_unit_test(lists_outputs_calls),
    cmocka_unit_test(help),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
