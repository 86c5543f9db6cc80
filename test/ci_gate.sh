#!/bin/bash
# The regression gate end to end on the default device (PoCL in CI).
# A/B mode (--against): the old and the new build run in alternating rounds,
# so the machine's drift between invocations (up to 9% on a shared 2-core VM,
# docs/ci.md) falls on both sides; an unchanged build passes and a planted 10%
# slowdown (PSEARCH_TEST_SLOWDOWN) fails with exit 4, at a 5% threshold.
# Stored-baseline mode: the mechanics (no baseline, making and refreshing one,
# a gross slowdown caught), with a threshold above that drift.
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

check ab-unchanged 0 $ROOT/scripts/ci-gate.sh "${COMMON[@]}" --against $P --rounds 6 --threshold 5
has $OUT "0 slower"
grep '^|.*bench_binary' $OUT | sed 's/^/  A\/B unchanged: /'
check ab-planted-10pct 4 $ROOT/scripts/ci-gate.sh "${COMMON[@]}" --psearch $T/slow10 --against $P --rounds 6 --threshold 5
has $OUT "**slower**"
has $ERR "significant regression"
grep '^|.*bench_binary' $OUT | sed 's/^/  A\/B planted 10%: /'

BASE=(--baseline $T/base.json "${COMMON[@]}")
check no-baseline 2 $ROOT/scripts/ci-gate.sh "${BASE[@]}"
has $ERR "no baseline at $T/base.json"
check baseline 0 $ROOT/scripts/ci-baseline.sh "${BASE[@]}"
[ -f $T/base.json ] || fail "no baseline written"
ls $T | grep -q '\.new\.' && fail "temporary baseline left behind"
check stored-unchanged 0 $ROOT/scripts/ci-gate.sh "${BASE[@]}" --threshold 20 --markdown $T/table.md
has $T/table.md "0 slower"
check stored-planted-50pct 4 $ROOT/scripts/ci-gate.sh "${BASE[@]}" --psearch $T/slow50 --threshold 20
has $OUT "**slower**"
check refresh 0 $ROOT/scripts/ci-baseline.sh "${BASE[@]}"
has $ERR "replacing $T/base.json"
check both-modes 2 $ROOT/scripts/ci-gate.sh "${BASE[@]}" --against $P

echo "$checks checks, $fails failed"
[ "$fails" = 0 ]
