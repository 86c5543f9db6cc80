#!/bin/bash
# call 108: os_scan done by an extra first group of the first pass (OS_SCAN0), which the tiles wait for only where they read the offsets; ABAB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="s=@s s0=OS_SCAN0=1@s p=@p p0=OS_SCAN0=1@p a=@a a0=OS_SCAN0=1@a f=@f f0=OS_SCAN0=1@f"
timeout 560 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
grep "^== " $OUT/variants.txt
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
