#!/bin/bash
# call 120: keys of 2 and 1 bytes (radix_sort [N]i16, [N]u8) at the default (384 x 19,
# three groups an SM) against other shapes; the copy kernel's time for the bytes.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="h=@h h512x18=OS_WG=512,OS_ITEMS=18,OS_MIN_GROUPS=2@h h384x24=OS_WG=384,OS_ITEMS=24@h h384x16=OS_WG=384,OS_ITEMS=16@h h256x24=OS_WG=256,OS_ITEMS=24,OS_MIN_GROUPS=4@h b=@b b384x24=OS_WG=384,OS_ITEMS=24@b b384x16=OS_WG=384,OS_ITEMS=16@b b512x18=OS_WG=512,OS_ITEMS=18,OS_MIN_GROUPS=2@b"
timeout 400 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep -A1 "^== " $OUT/variants.txt | grep -v "^--" | paste - - | cut -c1-200 | head -9
grep -v "^  \|spill\|^==" $OUT/variants.txt | tail -19
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
