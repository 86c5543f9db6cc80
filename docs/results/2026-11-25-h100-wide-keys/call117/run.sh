#!/bin/bash
# call 117: 8-byte keys: the local memory ptxas gives each shape (the device reports
# 48 KiB), and the portable ranking (PSEARCH_TEST_PORTABLE=1) on [N]i32 and [N]i64 at
# 256 x 16 (its default: a power-of-two tile) against 256 x 15 and 17.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="w512x9=OS_WG=512,OS_ITEMS=9@l w512x10=OS_WG=512,OS_ITEMS=10@l w448x12=OS_WG=448,OS_ITEMS=12@l w384x13=OS_WG=384,OS_ITEMS=13@l w384x14=OS_WG=384,OS_ITEMS=14@l w512x11=OS_WG=512,OS_ITEMS=11@l"
timeout 200 bash $V $B $OUT/v $A > $OUT/variants.txt 2>&1
P="ps=@s ps15=OS_ITEMS=15@s ps17=OS_ITEMS=17@s pl=@l pl15=OS_ITEMS=15@l pl17=OS_ITEMS=17@l"
PSEARCH_TEST_PORTABLE=1 timeout 300 bash $V $B $OUT/vp $P $P > $OUT/portable.txt 2>&1
grep -A1 "^== " $OUT/variants.txt | grep -v "^--" | paste - - | cut -c1-190
grep -v "^  \|spill\|^==" $OUT/variants.txt | tail -6
grep -v "^  \|spill\|^==" $OUT/portable.txt | tail -13
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v vp && rm -rf r v vp && ls -la
