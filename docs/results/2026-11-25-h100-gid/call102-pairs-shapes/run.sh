#!/bin/bash
# call 102: with tiles by group id (0e8b119), the pairs' tile shape and look-back width
# again: 512 x 17 and x 16, 8 look-back words at once; ABAB against the defaults (512 x 18, 4)
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="p=@p i17=OS_ITEMS=17@p i16=OS_ITEMS=16@p l8=OS_LBN=8@p"
bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
