#!/bin/bash
# call 92: the values loaded earlier in the pairs' tile (OS_VAT=1: before the keys are
# written; 2: before the look-back), the next pass's look-back words cleared by each
# tile (OS_LBAHEAD=1; os_hist clears only the first pass's), the digits' warp offsets
# held in registers through the group scan (OS_CREG=1); ABAB against the defaults
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in "" OS_VAT=1 OS_VAT=2 OS_LBAHEAD=1 OS_CREG=1 OS_VAT=2,OS_LBAHEAD=1,OS_CREG=1; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "sanity [$t]: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
for t in OS_VAT=2,OS_LBAHEAD=1,OS_CREG=1 OS_VAT=1; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-$t.log 2>&1; echo "test_radix ($t): exit $? ($(grep -c '^\[       OK \]' test_radix-$t.log) passed)"
done
V=$ROOT/scripts/gpu-variants.sh
A="p=@p v1=OS_VAT=1@p v2=OS_VAT=2@p la=OS_LBAHEAD=1@p cr=OS_CREG=1@p all2=OS_VAT=2,OS_LBAHEAD=1,OS_CREG=1@p all1=OS_VAT=1,OS_LBAHEAD=1,OS_CREG=1@p"
K="s=@s sla=OS_LBAHEAD=1@s scr=OS_CREG=1@s"
bash $V $B $OUT/v $A $K a=@a av2=OS_VAT=2@a av1=OS_VAT=1@a $A $K a=@a av2=OS_VAT=2@a av1=OS_VAT=1@a > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
