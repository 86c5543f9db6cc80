#!/bin/bash
# call 61: with values, other group shapes: 384 x 12-13 at 3 groups an SM, 256 x 16-18 at 4
set -u
R=$(pwd)/.carry; B=$R/psearch
bash scripts/gpu-variants.sh $B $OUT/r p=@p w384i12g3=OS_WG=384,OS_ITEMS=12,OS_MIN_GROUPS=3@p w384i13g3=OS_WG=384,OS_ITEMS=13,OS_MIN_GROUPS=3@p \
  w384i12g3or=OS_WG=384,OS_ITEMS=12,OS_MIN_GROUPS=3,OS_PEERS_OR=1@p w256i16g4=OS_WG=256,OS_ITEMS=16,OS_MIN_GROUPS=4@p \
  w256i18g4=OS_WG=256,OS_ITEMS=18,OS_MIN_GROUPS=4@p w256i16g4or=OS_WG=256,OS_ITEMS=16,OS_MIN_GROUPS=4,OS_PEERS_OR=1@p \
  w256i14g4=OS_WG=256,OS_ITEMS=14,OS_MIN_GROUPS=4@p w384i10g3=OS_WG=384,OS_ITEMS=10,OS_MIN_GROUPS=3@p p=@p > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r/*.txt && rm -rf r
grep -E "^==|Used" variants.txt | paste - - | sed 's/kernel time//' | cut -c1-170
tail -11 variants.txt
