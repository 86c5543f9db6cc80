#!/bin/bash
# call 85: a look-back walk that found nothing ready waits OS_LB_SLEEP ns (nanosleep)
# before reading again; pairs at 512 x 17 and at 256 x 17 with 4 groups an SM
# (call 84: 2029 us, spinning walks suspected), keys, argsort; ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in OS_LB_SLEEP=100 OS_LB_SLEEP=1000; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "[$t] $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
PSEARCH_TEST_TUNE=OS_LB_SLEEP=100 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix (sleep 100): exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)"
V=$ROOT/scripts/gpu-variants.sh
G4=OS_WG=256,OS_ITEMS=17,OS_MIN_GROUPS=4
bash $V $B $OUT/v p=@p z32=OS_LB_SLEEP=32@p z100=OS_LB_SLEEP=100@p z300=OS_LB_SLEEP=300@p z1000=OS_LB_SLEEP=1000@p \
  g4=$G4@p g4z100=$G4,OS_LB_SLEEP=100@p g4z500=$G4,OS_LB_SLEEP=500@p \
  s=@s sz100=OS_LB_SLEEP=100@s sz300=OS_LB_SLEEP=300@s a=@a az100=OS_LB_SLEEP=100@a az300=OS_LB_SLEEP=300@a \
  p=@p z32=OS_LB_SLEEP=32@p z100=OS_LB_SLEEP=100@p z300=OS_LB_SLEEP=300@p s=@s sz100=OS_LB_SLEEP=100@s sz300=OS_LB_SLEEP=300@s p=@p > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-z0-9-]*  /p' $OUT/variants.txt | tail -24
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
