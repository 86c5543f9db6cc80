#!/bin/bash
# call 116: 8-byte keys again: is 256 x 16 (the default) slow by itself? More shapes
# near the best of call 115 (512 x 10), ABAB; f64 at the default and at 512 x 10.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="l=@l w256x16=OS_WG=256,OS_ITEMS=16@l w256x15=OS_WG=256,OS_ITEMS=15@l w256x17=OS_WG=256,OS_ITEMS=17@l w512x10=OS_WG=512,OS_ITEMS=10@l w448x11=OS_WG=448,OS_ITEMS=11@l w448x12=OS_WG=448,OS_ITEMS=12@l w384x15=OS_WG=384,OS_ITEMS=15@l w384x16=OS_WG=384,OS_ITEMS=16@l d=@d d512x10=OS_WG=512,OS_ITEMS=10@d"
timeout 500 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep -A1 "^== " $OUT/variants.txt | grep -v "^--" | paste - - | cut -c1-170 | head -11
grep -v "^  \|spill\|^==" $OUT/variants.txt | tail -24
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
