#!/bin/bash
# call 84: the pairs' pass at groups of 256 (one work-item a digit), 3 or 4 groups an SM,
# against 512 x 17 at 2 (the default); tree = 0e3524f's kernels
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in OS_WG=256,OS_ITEMS=17,OS_MIN_GROUPS=4 OS_WG=256,OS_ITEMS=28,OS_MIN_GROUPS=3; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "[$t] $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
V=$ROOT/scripts/gpu-variants.sh
bash $V $B $OUT/v p=@p g4x17=OS_WG=256,OS_ITEMS=17,OS_MIN_GROUPS=4@p g4x16=OS_WG=256,OS_ITEMS=16,OS_MIN_GROUPS=4@p \
  g4x20=OS_WG=256,OS_ITEMS=20,OS_MIN_GROUPS=4@p g3x24=OS_WG=256,OS_ITEMS=24,OS_MIN_GROUPS=3@p \
  g3x28=OS_WG=256,OS_ITEMS=28,OS_MIN_GROUPS=3@p g3x32=OS_WG=256,OS_ITEMS=32,OS_MIN_GROUPS=3@p \
  g5x14=OS_WG=256,OS_ITEMS=14,OS_MIN_GROUPS=5@p g4x17u=OS_WG=256,OS_ITEMS=17,OS_MIN_GROUPS=4,OS_PACKR=0@p \
  p=@p g4x17=OS_WG=256,OS_ITEMS=17,OS_MIN_GROUPS=4@p g3x24=OS_WG=256,OS_ITEMS=24,OS_MIN_GROUPS=3@p \
  g3x28=OS_WG=256,OS_ITEMS=28,OS_MIN_GROUPS=3@p p=@p > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | head -16
sed -n '/^[a-z0-9-]*  /p' $OUT/variants.txt | tail -20
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
