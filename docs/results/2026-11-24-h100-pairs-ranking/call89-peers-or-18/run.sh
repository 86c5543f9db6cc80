#!/bin/bash
# call 89: the pairs and argsort ranked by atomic OR at 512 x 18 (OS_PEERS_OR=1,OS_ITEMS=18;
# call 88: 1096.5 us of os_pass against 1100-1102), with the group scan by warps too
# (OS_WSCAN=1, which frees the local memory an 18th key needs by os_shape's count); ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
O=OS_PEERS_OR=1,OS_ITEMS=18
for t in $O $O,OS_WSCAN=1; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "sanity [$t]: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-$t.log 2>&1; echo "test_radix ($t): exit $? ($(grep -c '^\[       OK \]' test_radix-$t.log) passed)"
done
V=$ROOT/scripts/gpu-variants.sh
bash $V $B $OUT/v p=@p o18=$O@p o18w=$O,OS_WSCAN=1@p a=@a ao18=$O@a ao18w=$O,OS_WSCAN=1@a \
  p=@p o18=$O@p o18w=$O,OS_WSCAN=1@p a=@a ao18=$O@a ao18w=$O,OS_WSCAN=1@a p=@p o18=$O@p o18w=$O,OS_WSCAN=1@p > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -15
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
