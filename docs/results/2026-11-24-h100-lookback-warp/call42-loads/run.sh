#!/bin/bash
# call 42: the keys' loads issued before the ranking (OS_LOADWAIT 1: a barrier
# after them; 2: the ranking's shift depends on every key), SASS check, then A/B.
set -u
R=$(pwd)/.carry; B=$R/psearch
bash $R/sassck.sh $B/psearch $OUT/sass "" OS_LOADWAIT=1 OS_LOADWAIT=2 OS_LOADWAIT=2,OS_ITEMS=20 2>&1 | tee $OUT/sass.txt
O=$OUT/r
bash scripts/gpu-variants.sh $B $O s-base=@s s-lw1=OS_LOADWAIT=1@s s-lw2=OS_LOADWAIT=2@s s-lw2-x20=OS_LOADWAIT=2,OS_ITEMS=20@s \
  a-base=@a a-lw2=OS_LOADWAIT=2@a p-base=@p p-lw2=OS_LOADWAIT=2@p s-base=@s s-lw2=OS_LOADWAIT=2@s s-lw1=OS_LOADWAIT=1@s > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
cat $OUT/variants.txt
