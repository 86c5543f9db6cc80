#!/bin/bash
# call 114: how fast is a pass over 8-byte keys (radix_sort [N]i64, 8 passes) against a
# pass of the pairs (4-byte keys and values: the same bytes)? If faster, the pairs could
# travel packed as one 8-byte key (key << 32 | value) through their middle passes.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="l=@l l384=OS_WG=384,OS_ITEMS=12@l l512=OS_WG=512,OS_ITEMS=9@l l256=OS_WG=256,OS_ITEMS=20@l p=@p"
timeout 500 bash $V $B $OUT/v $A l=@l p=@p > $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
