#!/bin/bash
# call 127: the last pass's digits counted by the first pass's tiles (OS_HLATE=1), so that
# os_hist counts 3 passes of 4-byte keys (call 125: 60 us against 70 for 4), ABAB, and CUB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
: > $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "full range" cub.txt >> $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="s=@s s1=OS_HLATE=1@s p=@p p1=OS_HLATE=1@p a=@a a1=OS_HLATE=1@a f=@f f1=OS_HLATE=1@f"
timeout 450 bash $V $B $OUT/v $A $A >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
grep "os_pass:\|os_hist:" $OUT/variants.txt | sort | uniq -c
cp cub.txt $OUT/v/
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
