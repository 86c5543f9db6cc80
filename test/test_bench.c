/*
** test_bench.c: the suite parser (every case form, names, errors with line
** numbers) and the statistics (hand-computed vectors, convergence rule).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats.h"
#include "suite.h"
#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The summary of two entries whose n runs each sit 5% apart, with no spread to
** speak of, printed as text into buf. */
static void summary_of_two(size_t n, int noisy, char *buf, size_t len)
{
  double a[12], b[12];
  struct report_dataset da, db;
  struct summary s = {0};
  FILE *f = fmemopen(buf, len, "w");
  assert_non_null(f);
  for (size_t i = 0; i < n; i++) {
    a[i] = 100 + 0.01 * (double)(i % 3);
    b[i] = 105 + 0.01 * (double)(i % 4);
  }
  memset(&da, 0, sizeof da);
  memset(&db, 0, sizeof db);
  da.us = a;
  db.us = b;
  da.n = db.n = n;
  stats_compute(a, n, &da.s);
  stats_compute(b, n, &db.s);
  if (noisy)
    db.s.rsd = 2 * REPORT_NOISY_RSD;
  assert_int_equal(summary_add(&s, "sort", "[n]t", "fast", "[100]i32", &da), 0);
  assert_int_equal(summary_add(&s, "sort", "[n]t", "slow", "[100]i32", &db), 0);
  summary_print_text(f, &s);
  fclose(f);
  summary_free(&s);
}

/* A 5% difference: judged from 12 runs a side, not from 12 with a noisy side
** nor from 5 (the small-sample
** margin), and the line says that more runs would judge it. */
static void summary_margin(void **state)
{
  char buf[1024];
  (void)state;
  summary_of_two(12, 0, buf, sizeof buf);
  assert_non_null(strstr(buf, "1.05x [1.05, 1.05] faster than slow"));
  summary_of_two(12, 1, buf, sizeof buf);
  assert_non_null(strstr(buf, "indistinguishable from slow (1.05x [1.05, 1.05]"));
  assert_non_null(strstr(buf, "noisy (RSD 0.50)"));
  assert_null(strstr(buf, "fewer than"));
  summary_of_two(5, 0, buf, sizeof buf);
  assert_non_null(strstr(buf, "indistinguishable from slow (1.05x [1.05, 1.05]; fewer than 10 runs: under 10% not judged)"));
}

static struct suite *parse(const char *text, struct ps_err *e)
{
  return suite_parse(text, strlen(text), "t.bench", "dir", e);
}

static void suite_forms(void **state)
{
  struct ps_err e = {{0}};
  struct suite *s = parse("Free text before the block.\n"
                          "==\n"
                          "tags { slow gpu }\n"
                          "entry: a b\n"
                          "input @ data/x.in.gz\n"
                          "random input { [10000000]i32 }\n"
                          "random sorted input { [33554431]i32 }\n"
                          "\"named\" nobench input { [1, 2,\n 3] } output { [1, 2, 3] }\n"
                          "-- a comment line\n"
                          "input { 100i64 } auto output\n"
                          "random input { [1000000]i32   [1000]i32 }\n"
                          "==\n"
                          "input { [1,2] }\n",
                          &e);
  (void)state;
  if (s == NULL)
    fail_msg("%s", e.msg);
  assert_int_equal(s->nblocks, 2);
  assert_int_equal(s->ntags, 2);
  assert_string_equal(s->tags[1], "gpu");
  assert_int_equal(s->blocks[0].nentries, 2);
  assert_string_equal(s->blocks[0].entries[1], "b");
  assert_int_equal(s->blocks[0].ncases, 6);
  assert_string_equal(s->blocks[0].cases[0].name, "data/x.in");      /* path as written, no .gz */
  assert_string_equal(s->blocks[0].cases[0].file, "dir/data/x.in.gz"); /* relative to the suite */
  assert_string_equal(s->blocks[0].cases[1].name, "[10000000]i32");
  assert_true(s->blocks[0].cases[1].random && !s->blocks[0].cases[1].sorted);
  assert_string_equal(s->blocks[0].cases[2].name, "sorted [33554431]i32");
  assert_true(s->blocks[0].cases[2].sorted);
  assert_string_equal(s->blocks[0].cases[3].name, "named");
  assert_true(suite_case_has_tag(&s->blocks[0].cases[3], "nobench"));
  assert_string_equal(s->blocks[0].cases[4].name, "#4 (\"100i64\")");
  assert_string_equal(s->blocks[0].cases[5].name, "[1000000]i32 [1000]i32");
  assert_string_equal(s->blocks[1].entries[0], "main"); /* default entry */
  assert_string_equal(s->blocks[1].cases[0].name, "#0 (\"[1,2]\")");
  suite_free(s);
}

static void long_inline_names(void **state)
{
  struct ps_err e = {{0}};
  struct suite *s = parse("==\ninput { [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22] }\n", &e);
  (void)state;
  assert_non_null(s);
  assert_string_equal(s->blocks[0].cases[0].name,
                      "#0 (\"[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,2...\")");
  suite_free(s);
}

static void expect_error(const char *text, const char *needle)
{
  struct ps_err e = {{0}};
  struct suite *s = parse(text, &e);
  if (s != NULL) {
    suite_free(s);
    fail_msg("suite should not parse:\n%s", text);
  }
  if (strstr(e.msg, needle) == NULL)
    fail_msg("message '%s' lacks '%s'", e.msg, needle);
}

static void suite_errors(void **state)
{
  (void)state;
  expect_error("no block here\n", "no '==' line");
  expect_error("==\nentry: a\ninput { [1] \n", "t.bench:3: unclosed '{'");
  expect_error("==\nentry: a\n\nbogus\n", "t.bench:4: expected a case");
  expect_error("==\ninput @\n", "t.bench:2: expected a file name after '@'");
  expect_error("==\nrandom input @ f\n", "t.bench:2: 'random input' takes { TYPES }");
  expect_error("==\nsorted input { [3]i32 }\n", "'sorted', 'reversed' and 'eytzinger' go with 'random input'");
  expect_error("==\nreversed input { [3]i32 }\n", "'sorted', 'reversed' and 'eytzinger' go with 'random input'");
  expect_error("==\n\"a\" input { 1 }\n\"a\" input { 2 }\n", "t.bench:3: multiple datasets with name a");
  expect_error("==\nrandom input { [3]i32 }\nrandom input { [3]i32 }\n", "multiple datasets with name [3]i32");
  expect_error("==\ninput { 1 }\nentry: a\n", "t.bench:3: 'entry:' must come before");
  expect_error("==\nentry:\ninput { 1 }\n", "'entry:' names no entry point");
  expect_error("==\n\"unterminated input { 1 }\n", "unterminated dataset name");
  expect_error("==\ninput { 1 }\n==\ntags { x }\n", "'tags' must open the first block");
  /* size sweeps */
  expect_error("==\nrandom input { [10..5]i32 }\n", "t.bench:2: size range '[10..5]' is empty or does not grow");
  expect_error("==\nrandom input { [1..9 by *1]i32 }\n", "does not grow");
  expect_error("==\nrandom input { [0..9]i32 }\n", "does not grow");
  expect_error("==\nrandom input { [1..9 by +0]i32 }\n", "does not grow");
  expect_error("==\nrandom input { [1..9 by -1]i32 }\n", "the step is *F or +S");
  expect_error("==\nrandom input { [1..x]i32 }\n", "expected [LO..HI by *F]");
  expect_error("==\nrandom input { [2**70..2**71]i32 }\n", "expected [LO..HI by *F]");
  expect_error("==\nrandom input { [1..100 by +1]i32 }\n", "has more than 64 sizes");
  expect_error("==\nrandom input { [1..8]i32 [1..4]i32 }\n", "step together: 3 sizes against 4");
  expect_error("==\nrandom input { [1..2]i32 }\nrandom input { [2]i32 }\n", "multiple datasets with name [2]i32");
  expect_error("==\nrandom input { [1..2][1..2][1..2][1..2][1..2][1..2][1..2][1..2][1..2]i32 }\n",
               "more than 8 size ranges in one case");
}

/* Size sweeps expand into one case per size, in order, named by the sizes. */
static void sweeps(void **state)
{
  struct ps_err e = {{0}};
  struct suite *s = parse("==\nentry: a\nrandom input { [2**10..2**14 by *4]i32 [7]u8 }\n"
                          "\"s\" random sorted input { [100..300 by +100]f32 [1..4]i64 }\n"
                          "random input { [1..3 by +1][2]i32 }\n", &e);
  static const char *const names[] = {"[1024]i32 [7]u8", "[4096]i32 [7]u8", "[16384]i32 [7]u8",
                                      "s sorted [100]f32 [1]i64", "s sorted [200]f32 [2]i64",
                                      "s sorted [300]f32 [4]i64", "[1][2]i32", "[2][2]i32", "[3][2]i32"};
  (void)state;
  if (s == NULL)
    fail_msg("%s", e.msg);
  assert_int_equal(s->blocks[0].ncases, 9);
  for (int i = 0; i < 9; i++) {
    assert_string_equal(s->blocks[0].cases[i].name, names[i]);
    assert_true(s->blocks[0].cases[i].random);
    assert_int_equal(s->blocks[0].cases[i].sorted, i >= 3 && i < 6);
  }
  assert_string_equal(s->blocks[0].cases[4].values, " [200]f32 [2]i64 ");
  suite_free(s);
}

static int dcmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void stats_hand(void **state)
{
  /* x = 1..5: mean 3, population sd sqrt(2), r1 = ((-2)(-1) + (-1)(0) + 0 + (1)(2)) / 10 = 0.4 */
  double x[] = {1, 2, 3, 4, 5}, y[] = {7, 7, 7, 7}, z[] = {10, 20};
  struct stats s;
  (void)state;
  stats_compute(x, 5, &s);
  assert_true(fabs(s.mean - 3) < 1e-12);
  assert_true(fabs(s.sd - sqrt(2)) < 1e-12);
  assert_true(fabs(s.rsd - sqrt(2) / 3) < 1e-12);
  assert_true(fabs(s.rse - sqrt(2) / sqrt(5) / 3) < 1e-12);
  assert_true(fabs(s.r1 - 0.4) < 1e-12);
  assert_true(fabs(s.min_pct - (1.0 / 3 - 1) * 100) < 1e-9);
  assert_true(fabs(s.max_pct - (5.0 / 3 - 1) * 100) < 1e-9);
  assert_true(s.median == 3);
  /* all equal: r1 is NaN and never asks for more runs */
  stats_compute(y, 4, &s);
  assert_true(s.rsd == 0 && isnan(s.r1));
  assert_false(stats_needs_more(&s));
  /* n < 3: r1 = 1; RSE = (5 / sqrt 2) / 15 = 0.2357 > 0.01: more runs */
  stats_compute(z, 2, &s);
  assert_true(s.r1 == 1 && s.median == 15);
  assert_true(stats_needs_more(&s));
  /* quartiles as numpy's percentile: 1..5 -> 2 and 4, no outliers; 10 and 20 -> 12.5 and 17.5 */
  stats_compute(x, 5, &s);
  assert_true(s.q1 == 2 && s.q3 == 4 && s.out_lo == 0 && s.out_hi == 0);
  stats_compute(z, 2, &s);
  assert_true(s.q1 == 12.5 && s.q3 == 17.5);
}

/* Tukey's fences: q1 - 1.5 IQR and q3 + 1.5 IQR, exclusive. */
static void tukey(void **state)
{
  /* 10 runs of 100..109 and two of 1 and 500: q1 = 101.75, q3 = 107.25 (numpy), IQR 5.5,
  ** fences 93.5 and 115.5; 93.5 itself and 115.5 itself are inside */
  double x[] = {105, 100, 1, 101, 102, 103, 500, 104, 106, 107, 108, 109}, y[] = {1, 2, 3, 4, 5, 6, 7, 8};
  double fence[] = {93.5, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 115.5};
  double mild[] = {120, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 90};
  struct stats s;
  (void)state;
  stats_compute(x, 12, &s);
  assert_true(fabs(s.q1 - 101.75) < 1e-12 && fabs(s.q3 - 107.25) < 1e-12);
  assert_int_equal(s.out_lo, 1);
  assert_int_equal(s.out_hi, 1);
  stats_compute(fence, 12, &s); /* the same quartiles and fences: runs at the fences stay in */
  assert_true(s.q1 == 101.75 && s.q3 == 107.25);
  assert_int_equal(s.out_lo, 0);
  assert_int_equal(s.out_hi, 0);
  /* between 1.5 and 3 IQR out (mild outliers) count too: 90 and 120, the same quartiles */
  stats_compute(mild, 12, &s);
  assert_true(s.q1 == 101.75 && s.q3 == 107.25);
  assert_int_equal(s.out_lo, 1);
  assert_int_equal(s.out_hi, 1);
  stats_compute(y, 8, &s);
  assert_int_equal(s.out_lo + s.out_hi, 0);
}

static void stats_rule(void **state)
{
  struct stats s;
  (void)state;
  memset(&s, 0, sizeof s);
  s.r1 = 0.96; s.rse = 0.0011; assert_true(stats_needs_more(&s));   /* row 1 */
  s.r1 = 0.96; s.rse = 0.0009; assert_false(stats_needs_more(&s));
  s.r1 = 0.70; s.rse = 0.0024; assert_false(stats_needs_more(&s));  /* row 4 needs > 0.005 */
  s.r1 = 0.70; s.rse = 0.0026; assert_true(stats_needs_more(&s));   /* row 3: 0.65, 0.0025 */
  s.r1 = 0.10; s.rse = 0.0099; assert_false(stats_needs_more(&s));
  s.r1 = 0.10; s.rse = 0.0101; assert_true(stats_needs_more(&s));   /* row 5 */
  s.r1 = -0.5; s.rse = 0.5;    assert_false(stats_needs_more(&s));  /* negative r1: no row */
  s.r1 = NAN;  s.rse = 0.5;    assert_false(stats_needs_more(&s));
}

/* Reference values from SciPy 1.17.1: mannwhitneyu(a, b, alternative='two-sided',
** method='auto'), exact and asymptotic branches, ties, tiny samples. */
static void mann_whitney(void **state)
{
  static const struct {
    double a[25], b[25];
    size_t na, nb;
    double u, p;
  } cases[] = {
    {{1, 2, 3}, {4, 5, 6}, 3, 3, 0.0, 0.1},
    {{10.5, 11.2, 9.8, 10.1, 10.9}, {11.5, 12.0, 11.1, 12.4, 11.8, 12.9, 11.3}, 5, 7, 1.0,
     0.005050505050505051},
    {{1, 2, 2, 3, 4}, {2, 3, 3, 5, 6, 7}, 5, 6, 6.0, 0.11390314458853068},
    {{5, 5, 5}, {5, 5, 5, 5}, 3, 4, 6.0, 1.0},
    {{720.1, 721.3, 719.8, 722.0, 720.5, 721.1, 719.9, 720.7, 721.6, 720.2},
     {735.0, 733.8, 736.2, 734.9, 735.5, 736.0, 734.1, 735.7, 733.9, 734.6}, 10, 10, 0.0,
     0.00018267179110955002},
    {{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}, {2, 7, 1, 8, 2, 8, 1, 8, 2, 8}, 11, 10, 50.5,
     0.7756993479747689},
    {{1.0}, {2.0}, 1, 1, 0.0, 1.0},
    {{0, 1, 2, 3, 4, 5, 6, 7, 8}, {5, 6, 7, 8, 9, 10, 11, 12, 13}, 9, 9, 8.0,
     0.0046327440358426755},
  };
  double a[20], b[25], u, p;
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    p = stats_mann_whitney(cases[i].a, cases[i].na, cases[i].b, cases[i].nb, &u);
    assert_true(fabs(u - cases[i].u) < 1e-9);
    assert_true(fabs(p - cases[i].p) < 1e-9 * cases[i].p + 1e-15);
  }
  /* 20 against 25, shifted by 3.5: the asymptotic branch without ties */
  for (int i = 0; i < 20; i++)
    a[i] = i;
  for (int i = 0; i < 25; i++)
    b[i] = i + 3.5;
  p = stats_mann_whitney(a, 20, b, 25, &u);
  assert_true(fabs(u - 136.0) < 1e-9);
  assert_true(fabs(p - 0.009527489556328561) < 1e-12);
  /* symmetric in its samples; empty samples test nothing */
  assert_true(fabs(stats_mann_whitney(b, 25, a, 20, &u) - p) < 1e-15);
  assert_true(fabs(u - (500 - 136.0)) < 1e-9);
  assert_true(stats_mann_whitney(a, 0, b, 25, &u) == 1.0);
  /* the design check: 3 against 3 runs can never reach 0.01 */
  assert_true(fabs(stats_mann_whitney_min_p(3, 3) - 0.1) < 1e-15);
  assert_true(stats_mann_whitney_min_p(10, 10) < 0.001);
  assert_true(fabs(stats_sample_sd((const double[]){1, 2, 3, 4}, 4) - sqrt(5.0 / 3)) < 1e-12);
  assert_true(isnan(stats_sample_sd(a, 1)));
}

static void bootstrap(void **state)
{
  double x[200], lo, hi, lo2, hi2;
  (void)state;
  for (int i = 0; i < 200; i++)
    x[i] = 100 + (i % 10);
  stats_bootstrap_ci(x, 200, 2000, &lo, &hi);
  assert_true(lo < 104.5 && hi > 104.5 && lo > 103.5 && hi < 105.5); /* mean 104.5, se ~0.2 */
  stats_bootstrap_ci(x, 200, 2000, &lo2, &hi2);
  assert_true(lo == lo2 && hi == hi2); /* deterministic */
  stats_bootstrap_ci(x, 1, 2000, &lo, &hi);
  assert_true(lo == 100 && hi == 100);
  { /* many runs: the normal interval; values 0 and 2 alternating: mean 1, s ~ 1 */
    static double big[20000];
    for (int i = 0; i < 20000; i++)
      big[i] = (i % 2) * 2.0;
    stats_bootstrap_ci(big, 20000, 2000, &lo, &hi);
    assert_true(fabs(lo - (1 - 1.96 * sqrt(20000.0 / 19999) / sqrt(20000.0))) < 1e-9);
    assert_true(fabs(hi - (1 + 1.96 * sqrt(20000.0 / 19999) / sqrt(20000.0))) < 1e-9);
  }
}

/* The interval of a ratio of medians: the same distribution twice straddles
** 1 with some width; twice the runtimes gives 2 exactly at any spread; one
** run a side gives the point; odd and even counts take the middle value(s);
** a sample thinned past STATS_RATIO_MAX_N keeps its median. */
static void ratio_ci(void **state)
{
  static double a[3000], b[3000];
  double lo, hi, lo2, hi2;
  (void)state;
  for (int i = 0; i < 3000; i++) { /* two interleaved draws of 100 + (0..49) */
    a[i] = 100 + (double)((i * 37) % 50);
    b[i] = 100 + (double)((i * 37 + 11) % 50);
  }
  stats_ratio_ci(a, 500, b, 500, 1000, &lo, &hi);
  assert_true(lo < 1 && hi > 1 && hi - lo > 0.01 && hi - lo < 0.2);
  stats_ratio_ci(a, 500, b, 500, 1000, &lo2, &hi2);
  assert_true(lo == lo2 && hi == hi2); /* deterministic */
  for (int i = 0; i < 500; i++)
    b[i] = 2 * a[i];
  stats_ratio_ci(a, 500, b, 500, 1000, &lo, &hi);
  assert_true(lo > 1.8 && hi < 2.2);
  stats_ratio_ci((const double[]){4}, 1, (const double[]){6}, 1, 1000, &lo, &hi);
  assert_true(lo == 1.5 && hi == 1.5);
  stats_ratio_ci((const double[]){1, 9, 3}, 3, (const double[]){1, 2, 100, 4}, 4, 1000, &lo, &hi);
  assert_true(lo <= 1 && hi >= 1); /* medians 3 and 3: ratio 1 inside */
  stats_ratio_ci((const double[]){1, 9, 3}, 3, (const double[]){1, 2, 100, 4}, 4, 2, &lo, &hi);
  assert_true(!isnan(lo) && !isnan(hi));
  stats_ratio_ci(a, 0, b, 5, 1000, &lo, &hi);
  assert_true(isnan(lo) && isnan(hi));
  for (int i = 0; i < 3000; i++) /* 3000 runs drifting up, thinned to 2000 over all of them: median ~150 */
    a[i] = 100 + (double)i / 30;
  for (int i = 0; i < 1000; i++)
    b[i] = 150;
  stats_ratio_ci(a, 3000, b, 1000, 200, &lo, &hi);
  assert_true(lo < 1.02 && hi > 0.98);
}

/* Reference values from SciPy 1.17: ttest_1samp, ttest_ind(equal_var=False), t.sf. */
static void t_tests(void **state)
{
  double m, t, d, p;
  (void)state;
  p = stats_ttest_1samp((const double[]){0.01, 0.02, -0.005, 0.015}, 4, &m, &t);
  assert_true(fabs(t - 1.8516401995451024) < 1e-12);
  assert_true(fabs(p - 0.16116184721351956) < 1e-12);
  assert_true(fabs(m - 0.01) < 1e-15);
  p = stats_ttest_1samp((const double[]){0.05, 0.048, 0.052, 0.051, 0.049, 0.05}, 6, &m, &t);
  assert_true(fabs(t - 86.60254037844395) < 1e-9);
  assert_true(fabs(p - 3.890724526753582e-09) < 1e-18);
  p = stats_welch((const double[]){1.0, 1.1, 0.9}, 3, (const double[]){1.3, 1.25, 1.4, 1.35}, 4, &d);
  assert_true(fabs(p - 0.013501451412320602) < 1e-12);
  assert_true(fabs(d - (1.0 - 1.325)) < 1e-12);
  assert_true(fabs(stats_t_p(2.5, 3) - 0.08770664700806556) < 1e-12);
  assert_true(fabs(stats_t_p(-2.5, 3) - 0.08770664700806556) < 1e-12); /* two-sided */
  assert_true(fabs(stats_t_p(0.1, 1) - 0.936548965138893) < 1e-12);
  assert_true(fabs(stats_t_p(10, 30) - 4.575251408229618e-11) < 1e-20);
  assert_true(fabs(stats_t_p(1.96, 1000) - 0.050273184955748736) < 1e-12);
  assert_true(stats_t_p(0, 5) == 1);
  assert_true(isnan(stats_t_p(1, 0)));
  /* degenerate samples */
  assert_true(isnan(stats_ttest_1samp((const double[]){1}, 1, &m, &t)));
  assert_true(stats_ttest_1samp((const double[]){0, 0, 0}, 3, &m, &t) == 1);
  assert_true(stats_ttest_1samp((const double[]){0.5, 0.5, 0.5}, 3, &m, &t) == 0);
  assert_true(isnan(stats_welch((const double[]){1}, 1, (const double[]){1, 2}, 2, &d)));
  assert_true(stats_median((const double[]){5, 1, 3, 2}, 4) == 2.5);
  { /* the median by selection, against sorting: every size to 40, duplicates and all */
    double x[40], y[40];
    for (size_t n = 1; n <= 40; n++) {
      for (size_t i = 0; i < n; i++)
        x[i] = y[i] = (double)((i * 7 + n) % (n / 3 + 1));
      qsort(y, n, sizeof *y, dcmp);
      assert_true(stats_median(x, n) == (n % 2 ? y[n / 2] : (y[n / 2 - 1] + y[n / 2]) / 2));
    }
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(suite_forms), cmocka_unit_test(long_inline_names),
    cmocka_unit_test(suite_errors), cmocka_unit_test(sweeps), cmocka_unit_test(stats_hand),
    cmocka_unit_test(stats_rule), cmocka_unit_test(bootstrap), cmocka_unit_test(ratio_ci), cmocka_unit_test(summary_margin),
    cmocka_unit_test(mann_whitney), cmocka_unit_test(t_tests), cmocka_unit_test(tukey),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
