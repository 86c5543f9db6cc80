#!/bin/bash
# call 119: argsort of 8-byte keys (positions beside them) in other shapes than 256 x 20.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="g=@g g256x18=OS_WG=256,OS_ITEMS=18@g g256x21=OS_WG=256,OS_ITEMS=21@g g384x12=OS_WG=384,OS_ITEMS=12@g g384x13=OS_WG=384,OS_ITEMS=13@g g512x9=OS_WG=512,OS_ITEMS=9@g g512x8=OS_WG=512,OS_ITEMS=8@g g448x10=OS_WG=448,OS_ITEMS=10@g"
timeout 400 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep -A1 "^== " $OUT/variants.txt | grep -v "^--" | paste - - | cut -c1-190 | head -8
grep -v "^  \|spill\|^==" $OUT/variants.txt | tail -17
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
