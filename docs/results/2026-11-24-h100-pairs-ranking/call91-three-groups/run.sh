#!/bin/bash
# call 91: a third tile an SM for the pairs, in narrower groups: 320 x 18, 288 x 20 at 3
# groups an SM (OS_WG, OS_ITEMS, OS_MIN_GROUPS), against 512 x 18 at 2 (the default); ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in OS_WG=320,OS_ITEMS=18,OS_MIN_GROUPS=3 OS_WG=288,OS_ITEMS=20,OS_MIN_GROUPS=3; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "sanity [$t]: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
V=$ROOT/scripts/gpu-variants.sh
bash $V $B $OUT/v p=@p w320=OS_WG=320,OS_ITEMS=18,OS_MIN_GROUPS=3@p w288=OS_WG=288,OS_ITEMS=20,OS_MIN_GROUPS=3@p \
  w320x16=OS_WG=320,OS_ITEMS=16,OS_MIN_GROUPS=3@p w256x24=OS_WG=256,OS_ITEMS=24,OS_MIN_GROUPS=3@p \
  p=@p w320=OS_WG=320,OS_ITEMS=18,OS_MIN_GROUPS=3@p w288=OS_WG=288,OS_ITEMS=20,OS_MIN_GROUPS=3@p p=@p > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -9
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
