#!/bin/bash
# call 95: with groups of 512 (the pairs, argsort), work-items 256-511 walk back for
# their digit as soon as the tile's counts are published, while work-items 0-255 scan
# the digits (named barrier 1), rather than the look-back after the scan and the keys'
# local writes (OS_LBUP=1); ABAB against the defaults
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in OS_LBUP=1 OS_LBUP=1,OS_LB32=0; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "sanity [$t]: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
for t in OS_LBUP=1; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-$t.log 2>&1; echo "test_radix ($t): exit $? ($(grep -c '^\[       OK \]' test_radix-$t.log) passed)"
done
V=$ROOT/scripts/gpu-variants.sh
A="p=@p u=OS_LBUP=1@p a=@a au=OS_LBUP=1@a"
bash $V $B $OUT/v $A $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
