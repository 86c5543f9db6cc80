#!/bin/bash
# call 59: keys-only tiles of 384 x 18, 19, 20 ABAB (s, S, f); with values, the values
# loaded once the keys are in local memory (OS_VLATE), at 512 x 14, 16, 18
set -u
R=$(pwd)/.carry; B=$R/psearch
bash scripts/gpu-variants.sh $B $OUT/r s=@s i19=OS_ITEMS=19@s i20=OS_ITEMS=20@s S=@S S19=OS_ITEMS=19@S S20=OS_ITEMS=20@S f=@f f19=OS_ITEMS=19@f \
  p=@p pvl=OS_VLATE=1@p pvl16=OS_VLATE=1,OS_ITEMS=16@p pvl18=OS_VLATE=1,OS_ITEMS=18@p a=@a avl=OS_VLATE=1@a avl16=OS_VLATE=1,OS_ITEMS=16@a \
  s=@s i19=OS_ITEMS=19@s i20=OS_ITEMS=20@s S=@S S19=OS_ITEMS=19@S f=@f f19=OS_ITEMS=19@f > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r/*.txt && rm -rf r
grep -E "^==|Used" variants.txt | paste - - | sed 's/kernel time//' | cut -c1-150
tail -22 variants.txt
