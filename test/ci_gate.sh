#!/bin/bash
# The regression gate end to end on the default device (PoCL in CI): a baseline
# made by scripts/ci-baseline.sh, an unchanged rerun that must pass, and a
# planted 10% slowdown (PSEARCH_TEST_SLOWDOWN) that must fail with exit 4.
# Threshold 5%: between two invocations on a shared 2-core machine this
# kernel drifts by up to about 3% (docs/ci.md).
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export XDG_CACHE_HOME=$T/cache
SUITE=$ROOT/test/gate.bench
GATE=(--baseline $T/base.json --suite $SUITE --runs 20 --psearch $P)

check no-baseline 2 $ROOT/scripts/ci-gate.sh "${GATE[@]}"
has $ERR "no baseline at $T/base.json"

check baseline 0 $ROOT/scripts/ci-baseline.sh "${GATE[@]}"
[ -f $T/base.json ] || fail "no baseline written"
ls $T | grep -q '\.new\.' && fail "temporary baseline left behind"

check unchanged 0 $ROOT/scripts/ci-gate.sh "${GATE[@]}" --threshold 5 --markdown $T/table.md
has $OUT "| Program | Dataset |"
has $T/table.md "0 slower"
cat $OUT | grep '^|.*bench_binary' | sed 's/^/  unchanged: /'

PSEARCH_TEST_SLOWDOWN=bench_binary_search_random:10 \
  check planted-10pct 4 $ROOT/scripts/ci-gate.sh "${GATE[@]}" --threshold 5 --results $T/slow.json
has $OUT "**slower**"
has $ERR "significant regression"
cat $OUT | grep '^|.*bench_binary' | sed 's/^/  planted: /'

# refreshing the baseline shows the change and replaces the file
check refresh 0 $ROOT/scripts/ci-baseline.sh "${GATE[@]}"
has $ERR "replacing $T/base.json"

echo "$checks checks, $fails failed"
[ "$fails" = 0 ]
