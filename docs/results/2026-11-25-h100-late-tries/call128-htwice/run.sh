#!/bin/bash
# call 128: os_hist launched twice (OS_HTWICE=1, the counts zeroed between): the second
# launch finds no dirty lines of the sort before in L2, so the difference is os_hist's time
# on a clean L2 (call 125 against 127 suggests 60 us, against 70 in the sort's sequence).
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
: > $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="s=@s s2=OS_HTWICE=1@s p=@p p2=OS_HTWICE=1@p"
timeout 450 bash $V $B $OUT/v $A $A >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
