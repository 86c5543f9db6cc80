#!/bin/bash
# The regression gate's timing self-test, end to end on the default device:
# not part of the pass/fail suite (meson test --setup=timing --suite timing),
# since it measures a real machine. The deterministic tests of the gate's
# plumbing and decision rules are test/cli_gate.sh.
# A/B mode (--against, 6 ABBA rounds, the rounds test): an unchanged build
# passes and a planted 10% slowdown (PSEARCH_TEST_SLOWDOWN) fails with exit 4,
# at a 5% threshold. Stored-baseline mode (4 rounds a side): the mechanics
# (making and refreshing a baseline, a gross slowdown caught), with a
# threshold above the drift between invocations.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export XDG_CACHE_HOME=$T/cache
SUITE=$ROOT/test/gate.bench
COMMON=(--suite $SUITE --runs 10 --max-seconds 5 --psearch $P)

# a "new build" that is 10% (or 50%) slower in one entry: psearch with the test hook
for pct in 10 50; do
  cat > $T/slow$pct <<S
#!/bin/sh
PSEARCH_TEST_SLOWDOWN=bench_binary_search_random:$pct exec $P "\$@"
S
  chmod +x $T/slow$pct
done

check ab-unchanged 0 $ROOT/scripts/ci-gate.sh "${COMMON[@]}" --against $P --threshold 5
has $OUT "0 slower"
grep '^|.*bench_binary' $OUT | sed 's/^/  A\/B unchanged: /'
check ab-planted-10pct 4 $ROOT/scripts/ci-gate.sh "${COMMON[@]}" --psearch $T/slow10 --against $P --threshold 5
has $OUT "**slower**"
has $ERR "significant regression"
grep '^|.*bench_binary' $OUT | sed 's/^/  A\/B planted 10%: /'

BASE=(--baseline $T/base "${COMMON[@]}")
check baseline 0 $ROOT/scripts/ci-baseline.sh "${BASE[@]}" --rounds 4
[ -f $T/base/round-4.json ] || fail "no baseline written"
ls $T | grep -q '\.new\.' && fail "temporary baseline left behind"
check stored-unchanged 0 $ROOT/scripts/ci-gate.sh "${BASE[@]}" --threshold 20 --markdown $T/table.md
has $T/table.md "0 slower"
check stored-planted-50pct 4 $ROOT/scripts/ci-gate.sh "${BASE[@]}" --psearch $T/slow50 --threshold 20
has $OUT "**slower**"
check refresh 0 $ROOT/scripts/ci-baseline.sh "${BASE[@]}" --rounds 4
has $ERR "replacing $T/base"

echo "$checks checks, $fails failed"
[ "$fails" = 0 ]
