#!/bin/bash
# The regression gate's plumbing and decision rules, deterministically: the
# gate scripts drive a fake psearch whose `bench` hands out prepared rounds
# (test/gate/make_rounds.py: drift shared by a round's old and new halves,
# each invocation's own offset, 0.5% noise), and whose other commands are the
# real psearch. Exit codes: unchanged 0, slower 4, faster only 0, too few
# rounds 5, a dataset missing 5, a dataset failing 1, bench failing 1.
# The gate's timing on a real device is test/gate_timing.sh (suite 'timing').
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MK=$ROOT/test/gate/make_rounds.py
GATE=$ROOT/scripts/ci-gate.sh

# fake SIDE DIR: a psearch whose k-th bench writes DIR/SIDE-k.json (exit $FAKE_RC)
fake() {
  cat > $T/fake-$1 <<F
#!/bin/bash
if [ "\$1" = bench ]; then
  n=\$(( \$(cat $T/count-$1 2>/dev/null || echo 0) + 1 )); echo \$n > $T/count-$1
  echo "\$*" >> $T/args-$1
  out=
  while [ \$# -gt 0 ]; do [ "\$1" = --json ] && out=\$2; shift; done
  [ -f $2/$1-\$n.json ] && cp $2/$1-\$n.json "\$out"
  exit \${FAKE_RC:-0}
fi
exec $P "\$@"
F
  chmod +x $T/fake-$1
}
rounds() { # DIR SIDE K ARGS...: make K rounds
  mkdir -p $1 && python3 $MK "$@" || fail "make_rounds $*"
}
gate() { # NAME WANT ARGS...: the A/B gate, counters reset
  rm -f $T/count-old $T/count-new
  local name=$1 want=$2
  shift 2
  check "$name" "$want" $GATE --against $T/fake-old --psearch $T/fake-new --rounds 6 "$@"
}

rounds $T/base old 6
fake old $T/base

# --- an unchanged build passes; the table names the test ---
rounds $T/same new 6
fake new $T/same
gate unchanged 0
has $OUT "t-test of round medians (6 against 6 rounds)"
has $OUT "0 slower, 0 faster, 3 unchanged"
has $ERR "no significant regression"
[ "$(cat $T/count-old)" = 6 ] && [ "$(cat $T/count-new)" = 6 ] || fail "not 6 rounds a side"

# --- a planted 5% slowdown of b is caught, naming only b; c 5% faster is reported ---
rounds $T/slow new 6 b:1.05 c:0.95
fake new $T/slow
gate slower 4
grep -q '^| g.bench:e | b |.*\*\*slower\*\*' $OUT || fail "b is not slower: $(grep '| b |' $OUT)"
grep -q '^| g.bench:e | a |.* ~ |' $OUT || fail "a is not unchanged: $(grep '| a |' $OUT)"
grep -q '^| g.bench:e | c |.* faster |' $OUT || fail "c is not faster: $(grep '| c |' $OUT)"
has $ERR "significant regression"

# --- a 4% change that the rounds do not show to be significant: not a regression ---
rounds $T/noisy new 6 --noisy b
fake new $T/noisy
gate noisy 0
grep -qE '^\| g.bench:e \| b \| [0-9.]+ \| [0-9.]+ \| 0\.9[0-7][0-9]*x \| 0\.[1-9].* ~ \|' $OUT || fail "noisy b: $(grep '| b |' $OUT)"

# --- faster only: passes ---
rounds $T/fast new 6 c:0.95
fake new $T/fast
gate faster 0
has $OUT "0 slower, 1 faster"

# --- too few rounds for the test: not judged, and the gate (strict) fails with 5 ---
gate two-rounds 5 --rounds 2
has $OUT "3 not judged"
has $OUT "NOT JUDGED"

# --- a dataset missing in the new build: 5 ---
rounds $T/drop new 6 --drop a
fake new $T/drop
gate missing 5
has $OUT "In "
has $OUT "dataset a"

# --- a dataset failing in the new build: 1 ---
rounds $T/failing new 6 --fail c
fake new $T/failing
gate failing 1
has $OUT "Failed in"

# --- bench itself failing: 1, even though every file compares fine ---
fake new $T/same
rm -f $T/count-old $T/count-new
FAKE_RC=1 check bench-fails 1 $GATE --against $T/fake-old --psearch $T/fake-new --rounds 6
has $ERR "psearch bench failed (exit 1)"
fake new $T/none
gate no-results 1
has $ERR "wrote no results"

# --- stored baseline: rounds against rounds (ci-baseline.sh makes them), strict about
# what is missing; a baseline of one file is one invocation: not judged (5) ---
BASE=$ROOT/scripts/ci-baseline.sh
rm -f $T/count-new; fake new $T/base   # the baseline is made by the "new" fake from base's rounds
sed -i 's/old-\$n.json/new-\$n.json/' $T/fake-new
for k in 1 2 3 4 5 6; do cp $T/base/old-$k.json $T/base/new-$k.json; done
check baseline-make 0 $BASE --baseline $T/bl --rounds 6 --psearch $T/fake-new
[ "$(ls $T/bl | tr '\n' ' ')" = "round-1.json round-2.json round-3.json round-4.json round-5.json round-6.json " ] \
  || fail "ci-baseline.sh --rounds 6: $(ls $T/bl)"
rm -f $T/count-new
check baseline-remake 0 $BASE --baseline $T/bl --rounds 6 --psearch $T/fake-new
has $ERR "the new baseline against the old"; [ -z "$(ls -d $T/bl.* 2>/dev/null)" ] || fail "left: $(ls -d $T/bl.*)"
rm -f $T/count-new; fake new $T/same
check baseline-unchanged 0 $GATE --baseline $T/bl --psearch $T/fake-new
has $OUT "t-test of round medians (6 against 6 rounds)"; has $OUT "### psearch compare: baseline ($T/bl) → this build"
[ "$(cat $T/count-new)" = 6 ] || fail "the gate ran $(cat $T/count-new) rounds against a baseline of 6"
rm -f $T/count-new; fake new $T/slow
check baseline-slower 4 $GATE --baseline $T/bl --psearch $T/fake-new
grep -q '^| g.bench:e | b |.*\*\*slower\*\*' $OUT || fail "baseline: b is not slower: $(grep '| b |' $OUT)"
rm -f $T/count-new; fake new $T/drop
check baseline-missing 5 $GATE --baseline $T/bl --psearch $T/fake-new
cp $T/base/old-1.json $T/baseline.json
rm -f $T/count-new; fake new $T/slow
check baseline-one-file 5 $GATE --baseline $T/baseline.json --psearch $T/fake-new
has $ERR "is one invocation, which cannot be judged"; has $OUT "NOT JUDGED: one invocation a side"
check baseline-file-refused 2 $BASE --baseline $T/baseline.json --psearch $T/fake-new
has $ERR "a baseline is a directory of rounds"
check no-baseline 2 $GATE --baseline $T/nosuch --psearch $T/fake-new
has $ERR "no baseline at $T/nosuch"
check both-modes 2 $GATE --baseline $T/baseline.json --against $T/fake-old
check bad-rounds 2 $GATE --against $T/fake-old --rounds x
# what follows -- reaches every bench, of the baseline and of the gate
rm -f $T/count-new $T/args-new; fake new $T/base
sed -i 's/old-\$n.json/new-\$n.json/' $T/fake-new
check baseline-bench-args 0 $BASE --baseline $T/bl2 --rounds 3 --psearch $T/fake-new -- --batch --max-runs 7
[ "$(grep -c -- '--batch --max-runs 7 --json' $T/args-new)" = 3 ] || fail "baseline: bench args: $(cat $T/args-new)"
rm -f $T/count-new $T/args-new; fake new $T/same
check gate-bench-args 0 $GATE --baseline $T/bl2 --psearch $T/fake-new -- --batch --max-runs 7
[ "$(grep -c -- '--batch --max-runs 7 --json' $T/args-new)" = 3 ] || fail "gate: bench args: $(cat $T/args-new)"

# --- gate-trial.sh: the A/B gate (--ab) against the same binary, identical and planted
# gates in turn; the plant reaches the new side only, what follows -- every bench; a
# fake psearch whose bench hands out base's old rounds, or slow's with the hook set ---
TRIAL=$ROOT/scripts/gate-trial.sh
cat > $T/fake-trial <<F
#!/bin/bash
if [ "\$1" = bench ]; then
  side=plain; [ -n "\${PSEARCH_TEST_SLOWDOWN:-}" ] && side=slow
  n=\$(( \$(cat $T/count-\$side 2>/dev/null || echo 0) + 1 )); echo \$n > $T/count-\$side
  echo "\${PSEARCH_TEST_SLOWDOWN:-none} \$*" >> $T/args-trial
  out=
  while [ \$# -gt 0 ]; do [ "\$1" = --json ] && out=\$2; shift; done
  if [ \$side = slow ]; then cp $T/slow/new-\$(( (n - 1) % 6 + 1 )).json "\$out"
  else cp $T/base/old-\$(( (n - 1) % 6 + 1 )).json "\$out"; fi
  exit 0
fi
exec $P "\$@"
F
chmod +x $T/fake-trial
rm -f $T/count-plain $T/count-slow $T/args-trial
check trial-ab 0 $TRIAL -o $T/trial --psearch $T/fake-trial --ab --trials 2 --plant e:5 --runs 5 -- --batch --max-runs 7
has $T/trial/summary.txt "identical: 2 of 2 passed (exit 0)"
has $T/trial/summary.txt "planted e:5: 2 of 2 caught (exit 4)"
[ "$(grep -oE '^(identical|planted) [0-9]' $T/trial/trials.txt | tr '\n' ,)" = "identical 1,planted 1,identical 2,planted 2," ] \
  || fail "trials not in turn: $(cat $T/trial/trials.txt)"
[ "$(wc -l < $T/args-trial)" = 80 ] || fail "not 4 gates of 10 rounds a side: $(wc -l < $T/args-trial) benches"
[ "$(grep -c -- '^e:5 .*-r 5 .*--batch --max-runs 7 --json' $T/args-trial)" = 20 ] || fail "the plant: $(grep -c '^e:5' $T/args-trial) benches"
[ "$(grep -c -- '^none .*-r 5 .*--batch --max-runs 7 --json' $T/args-trial)" = 60 ] || fail "bench args: $(cat $T/args-trial)"
grep -q '^| g.bench:e | b |.*\*\*slower\*\*' $T/trial/planted-1.md || fail "planted: b not slower"
[ -e $T/trial/cache ] && fail "the trial's cache is left"
# a deadline that has passed: no gate starts, and the tallies say so
check trial-deadline 0 $TRIAL -o $T/trial2 --psearch $T/fake-trial --ab --trials 3 --plant e:5 --deadline 1
has $T/trial2/summary.txt "identical: 0 of 0 passed (exit 0) (3 of 3 not run: --deadline)"
# a deadline in the future that the gate expected to take would pass: none starts either
check trial-expect 0 $TRIAL -o $T/trial5 --psearch $T/fake-trial --ab --trials 1 --deadline $(($(date +%s) + 100)) --expect 1000
has $T/trial5/summary.txt "identical: 0 of 0 passed (exit 0) (1 of 1 not run: --deadline)"
# the stored baseline, with the gate's own options (ci-baseline.sh takes no --threshold)
rm -f $T/count-plain $T/args-trial
check trial-baseline 0 $TRIAL -o $T/trial3 --psearch $T/fake-trial --trials 1 --rounds 3 --threshold 3 --keep-rounds
has $T/trial3/summary.txt "identical: 1 of 1 passed (exit 0)"
[ -f $T/trial3/identical-1/new-3.json ] || fail "--keep-rounds: $(ls $T/trial3)"
check trial-bad-plant 2 $TRIAL -o $T/trial4 --plant scan

# --- compare directly: pooled runs of one invocation a side are anti-conservative ---
# rounds 2 of base and same differ only by their invocations' offsets (1.6%): the
# per-run test, asked for, calls it slower; by default it is not judged
check mw-one-round 4 $P compare --test=mann-whitney --threshold 1 $T/base/old-2.json $T/same/new-2.json
has $ERR "each side is one invocation"
check one-round-default 0 $P compare --threshold 1 $T/base/old-2.json $T/same/new-2.json
has $OUT "NOT JUDGED: one invocation a side"
check rounds-explicit 0 $P compare --test=rounds --threshold 1 $(for k in 1 2 3 4 5 6; do echo --old $T/base/old-$k.json --new $T/same/new-$k.json; done)
has $OUT "0 slower, 0 faster"
# unequal round counts: Welch's test on the round medians
check welch 4 $P compare $(for k in 1 2 3 4 5 6; do echo --old $T/base/old-$k.json; done) \
  $(for k in 1 2 3 4 5; do echo --new $T/slow/new-$k.json; done)
has $OUT "(6 against 5 rounds)"
grep -E '^  b: .* slower$' $OUT >/dev/null || fail "welch: b not slower"
check strict-few 5 $P compare --strict --test=rounds --old $T/base/old-1.json --old $T/base/old-2.json \
  --new $T/same/new-1.json --new $T/same/new-2.json
check not-strict-few 0 $P compare --test=rounds --old $T/base/old-1.json --old $T/base/old-2.json \
  --new $T/same/new-1.json --new $T/same/new-2.json
has $OUT "3 datasets NOT JUDGED (fewer than 3 rounds on a side ran them)"
check bad-test 2 $P compare --test=t $T/base/old-1.json $T/same/new-1.json

finish
