#!/bin/bash
# call 73: values loaded late with L2 asked for them at the tile's start (OS_VLATE=2): the
# largest tiles that fit 48 KiB of local memory: 512 x 18 with the warps' scan (its scratch
# a word a warp), 448 x 19, 20, 480 x 19; against 512 x 17 and the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
V=OS_VLATE=2
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p v17=$V,OS_ITEMS=17@p \
  v18w=$V,OS_ITEMS=18,OS_WSCAN=1@p v17w=$V,OS_ITEMS=17,OS_WSCAN=1@p \
  w448x19=$V,OS_WG=448,OS_ITEMS=19@p w448x20=$V,OS_WG=448,OS_ITEMS=20@p w480x19=$V,OS_WG=480,OS_ITEMS=19@p \
  w448x20w=$V,OS_WG=448,OS_ITEMS=20,OS_WSCAN=1@p \
  a=@a a18w=$V,OS_ITEMS=18,OS_WSCAN=1@a \
  p=@p v17=$V,OS_ITEMS=17@p v18w=$V,OS_ITEMS=18,OS_WSCAN=1@p > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-200
tail -14 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
