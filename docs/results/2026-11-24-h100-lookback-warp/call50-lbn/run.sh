#!/bin/bash
# call 50: os_pass's look-back reading 8 or 16 words at once (OS_LBN; 4 is the default,
# chosen when the pass took 1050 us) at today's kernel.
set -u
R=$(pwd)/.carry; B=$R/psearch
bash scripts/gpu-variants.sh $B $OUT/r s-base=@s s-lbn8=OS_LBN=8@s s-lbn16=OS_LBN=16@s a-base=@a a-lbn8=OS_LBN=8@a p-base=@p p-lbn8=OS_LBN=8@p \
  s-base=@s s-lbn8=OS_LBN=8@s s-lbn16=OS_LBN=16@s > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
tail -14 $OUT/variants.txt
