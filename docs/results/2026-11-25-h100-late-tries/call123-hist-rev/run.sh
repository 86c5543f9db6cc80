#!/bin/bash
# call 123: os_hist walks the keys from the end (OS_HREV=1), and with the later passes'
# words cleared first (OS_HREV=2), so that the first tiles' keys stay in L2 for the first
# pass; ABAB, and CUB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
: > $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "full range" cub.txt >> $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="s=@s s1=OS_HREV=1@s s2=OS_HREV=2@s p=@p p1=OS_HREV=1@p p2=OS_HREV=2@p"
timeout 450 bash $V $B $OUT/v $A $A >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
cp cub.txt $OUT/v/
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
