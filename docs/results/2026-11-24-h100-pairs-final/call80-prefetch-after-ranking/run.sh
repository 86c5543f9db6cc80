#!/bin/bash
# call 80: the values' L2 prefetch issued after the ranking (OS_VPFAT=1) rather than at
# the tile's start, so that it does not compete with the keys' loads; pairs and argsort
# against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n' > sane.bench
PSEARCH_TEST_TUNE=OS_VPFAT=1 timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p pa=OS_VPFAT=1@p a=@a aa=OS_VPFAT=1@a \
  p=@p pa=OS_VPFAT=1@p a=@a aa=OS_VPFAT=1@a p=@p pa=OS_VPFAT=1@p > $OUT/variants.txt 2>&1 || true
tail -12 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
