#!/bin/bash
# call 101: with tiles by group id, the tile's keys loaded before its counters are cleared
# and the group's barrier (OS_EARLYLD=1); ABAB against the defaults (0e8b119)
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in OS_EARLYLD=1; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "sanity [$t]: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
PSEARCH_TEST_LOOKBACK_COUNTS=1 PSEARCH_TEST_TUNE=OS_EARLYLD=1 timeout -s KILL 120 $B/psearch bench -r 3 --no-convergence-phase $R/sane.bench --json sanec.json > sanec.txt 2>&1 || { echo "sanity (counts only) failed"; tail -20 sanec.txt; exit 1; }
echo "sanity (counts only): $(grep -c '"validation":.*"ok"' sanec.json) ok of $(grep -c '"validation"' sanec.json)"
for t in OS_EARLYLD=1; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-$t.log 2>&1; echo "test_radix ($t): exit $? ($(grep -c '^\[       OK \]' test_radix-$t.log) passed)"
done
V=$ROOT/scripts/gpu-variants.sh
A="p=@p e=OS_EARLYLD=1@p s=@s se=OS_EARLYLD=1@s a=@a ae=OS_EARLYLD=1@a"
bash $V $B $OUT/v $A $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
