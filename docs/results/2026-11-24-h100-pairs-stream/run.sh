#!/bin/bash
# call 77, the final one: scripts/gpu-sort.sh with the writes not streaming (OS_STREAM=0,
# keys only there) as the variant, then scripts/gpu-sort-ab.sh beside the build of
# 5f843fa (the session's start: values with the keys, 512 x 14, plain writes), then the
# pairs and argsort with and without the streaming writes, ABAB
set -u
R=$(pwd)/.carry
bash scripts/gpu-sort.sh $R/psearch $OUT/r OS_STREAM=0 > $OUT/r-sort.log 2>&1; echo "gpu-sort rc $?"
bash scripts/gpu-sort-ab.sh $R/psearch $OUT/r $R/base/psearch > $OUT/r-ab.log 2>&1; echo "ab rc $?"
cat $OUT/r/tests.txt 2>/dev/null
grep -E "^\[|^Results|μs|SortKeys|SortPairs|InclusiveSum|Select|torch.sort|torch.argsort|kernel time" $OUT/r-sort.log | grep -v "runs;" | head -80
cat $OUT/r/ab/ab.txt
bash scripts/gpu-variants.sh $R/psearch $OUT/r/v p=@p p0=OS_STREAM=0@p a=@a a0=OS_STREAM=0@a \
  p=@p p0=OS_STREAM=0@p a=@a a0=OS_STREAM=0@a > $OUT/r/variants.txt 2>&1
tail -10 $OUT/r/variants.txt
cd $OUT && mv r-sort.log r-ab.log r/ && find r -name "*.in" -delete; find r -name "*.bin" -delete; find r -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
