#!/bin/bash
# call 121: keys of 2 and 1 bytes in tiles of 384 x 24 and more (call 120: 384 x 24 took
# 322 and 165 us against 337 and 173 at the default 384 x 19), ABAB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="h=@h h384x24=OS_WG=384,OS_ITEMS=24@h h384x26=OS_WG=384,OS_ITEMS=26@h h384x28=OS_WG=384,OS_ITEMS=28@h h384x32=OS_WG=384,OS_ITEMS=32@h b=@b b384x24=OS_WG=384,OS_ITEMS=24@b b384x28=OS_WG=384,OS_ITEMS=28@b b384x32=OS_WG=384,OS_ITEMS=32@b"
timeout 400 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep -A1 "^== " $OUT/variants.txt | grep -v "^--" | paste - - | cut -c1-200 | head -9
grep -v "^  \|spill\|^==" $OUT/variants.txt | tail -19
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
