#!/bin/bash
# call 105: the keys read again after the counts' scan (OS_KRELOAD: none held
# in registers through it) with the warps' counters in the tile's memory, so
# that larger tiles fit registers and 48 KiB; pairs, argsort, keys; ABAB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="p=@p pk18=OS_KRELOAD=1@p pk20=OS_KRELOAD=1,OS_ITEMS=20@p pk21=OS_KRELOAD=1,OS_ITEMS=21@p pk22=OS_KRELOAD=1,OS_ITEMS=22@p a=@a ak18=OS_KRELOAD=1@a ak20=OS_KRELOAD=1,OS_ITEMS=20@a ak22=OS_KRELOAD=1,OS_ITEMS=22@a s=@s sk19=OS_KRELOAD=1@s sk22=OS_KRELOAD=1,OS_ITEMS=22@s sk24=OS_KRELOAD=1,OS_ITEMS=24@s"
timeout 560 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
grep "^== " $OUT/variants.txt
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
