#!/bin/bash
# call 60: CUB SortKeys on f32 in [0, 1); with values: 512 x 13 and 15, the values beside
# the keys in local memory (OS_VSHARE=0) at 512 x 14 and 12
set -u
R=$(pwd)/.carry; B=$R/psearch
$B/anchors/cub_anchor > $OUT/cub.txt 2>&1; grep -i sort $OUT/cub.txt
bash scripts/gpu-variants.sh $B $OUT/r f=@f p=@p p13=OS_ITEMS=13@p p15=OS_ITEMS=15@p pv0=OS_VSHARE=0@p pv0i12=OS_VSHARE=0,OS_ITEMS=12@p \
  a=@a a15=OS_ITEMS=15@a av0=OS_VSHARE=0@a p=@p pv0=OS_VSHARE=0@p > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r/*.txt && rm -rf r
grep -E "^==|Used" variants.txt | paste - - | sed 's/kernel time//' | cut -c1-150
tail -12 variants.txt
