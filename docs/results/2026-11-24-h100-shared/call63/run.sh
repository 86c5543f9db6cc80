#!/bin/bash
# call 63: with values, the group scan by warp shuffles (OS_WSCAN=1) against Hillis-Steele, ABAB
set -u
R=$(pwd)/.carry; B=$R/psearch
bash scripts/gpu-variants.sh $B $OUT/r p=@p pw=OS_WSCAN=1@p a=@a aw=OS_WSCAN=1@a p=@p pw=OS_WSCAN=1@p a=@a aw=OS_WSCAN=1@a > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r/*.txt && rm -rf r
grep -E "^==|Used" variants.txt | paste - - | sed 's/kernel time//' | cut -c1-170
tail -9 variants.txt
