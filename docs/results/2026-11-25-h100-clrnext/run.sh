#!/bin/bash
# call 112: each tile zeroes its look-back words of the next pass (OS_CLRNEXT), so
# that os_hist clears nothing; the sorts by the defaults and with OS_CLRNEXT=1, ABAB, and CUB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
: > $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "full range" cub.txt >> $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="s=@s s1=OS_CLRNEXT=1@s p=@p p1=OS_CLRNEXT=1@p a=@a a1=OS_CLRNEXT=1@a"
timeout 400 bash $V $B $OUT/v $A $A >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
cp cub.txt $OUT/v/
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
