#!/bin/bash
# call 124: radix_sort_pairs travelling packed (OS_PACKED=1: key << 32 | value as one
# 64-bit element, the passes of 8-byte keys over the top half) at 512 x 9 and other
# shapes, against the default, ABAB, and CUB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
: > $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "full range" cub.txt >> $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="p=@p k=OS_PACKED=1@p k384x13=OS_PACKED=1,OS_WG=384,OS_ITEMS=13@p k448x11=OS_PACKED=1,OS_WG=448,OS_ITEMS=11@p k512x10=OS_PACKED=1,OS_ITEMS=10@p k256x17=OS_PACKED=1,OS_WG=256,OS_ITEMS=17@p"
timeout 450 bash $V $B $OUT/v $A p=@p k=OS_PACKED=1@p >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
grep -i "spill\|regist" $OUT/variants.txt | sort | uniq -c | head -20
cp cub.txt $OUT/v/
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
