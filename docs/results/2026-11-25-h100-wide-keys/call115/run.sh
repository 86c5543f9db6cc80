#!/bin/bash
# call 115: radix_sort [N]i64 (8-byte keys, keys only) in other tile shapes than the
# default 256 x 16 (call 114: 3366 us; 512 x 9 2268), ABAB over the best.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="w512x8=OS_WG=512,OS_ITEMS=8@l w512x9=OS_WG=512,OS_ITEMS=9@l w512x10=OS_WG=512,OS_ITEMS=10@l w384x12=OS_WG=384,OS_ITEMS=12@l w384x13=OS_WG=384,OS_ITEMS=13@l w384x14=OS_WG=384,OS_ITEMS=14@l w640x7=OS_WG=640,OS_ITEMS=7@l w768x6=OS_WG=768,OS_ITEMS=6@l w256x18=OS_WG=256,OS_ITEMS=18@l w256x12=OS_WG=256,OS_ITEMS=12@l w384x10g3=OS_WG=384,OS_ITEMS=10,OS_MIN_GROUPS=3@l w512x9g2=OS_WG=512,OS_ITEMS=9,OS_MIN_GROUPS=2@l"
timeout 500 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
