#!/bin/bash
# call 107: persistent groups drawing the next tile at the very end of the one before (OS_PERSIST=K: K groups a CU), against one group a tile (by group id); ABAB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="p=@p pp2=OS_PERSIST=2@p a=@a ap2=OS_PERSIST=2@a s=@s sp3=OS_PERSIST=3@s"
timeout 560 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
grep "^== " $OUT/variants.txt
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
