#!/bin/bash
# call 93: persistent os_pass groups (OS_PERSIST=g groups a CU) that draw their next
# ticket late in a tile (OS_PDRAW=0: before the values' writes; 1: before the keys'),
# so that neither a group's launch nor the ticket's atomic sits between two tiles;
# pairs, keys, argsort, ABAB against the defaults
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in OS_PERSIST=2 OS_PERSIST=2,OS_PDRAW=1 OS_PERSIST=3; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "sanity [$t]: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
for t in OS_PERSIST=2; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-$t.log 2>&1; echo "test_radix ($t): exit $? ($(grep -c '^\[       OK \]' test_radix-$t.log) passed)"
done
V=$ROOT/scripts/gpu-variants.sh
A="p=@p q2=OS_PERSIST=2@p q2d=OS_PERSIST=2,OS_PDRAW=1@p s=@s sq3=OS_PERSIST=3@s a=@a aq2=OS_PERSIST=2@a"
bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
