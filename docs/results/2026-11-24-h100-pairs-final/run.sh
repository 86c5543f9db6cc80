#!/bin/bash
# call 78, the final one: the committed tree (40c5364: the values loaded once the keys are
# written, L2 asked for them at the tile's start as evict-last, 512 x 17):
# scripts/gpu-sort.sh, then scripts/gpu-sort-ab.sh beside the build of 5f843fa (the
# session's start: values with the keys, 512 x 14), then the pairs at 512 x 16 and x 17, ABAB
set -u
R=$(pwd)/.carry
bash scripts/gpu-sort.sh $R/psearch $OUT/r > $OUT/r-sort.log 2>&1; echo "gpu-sort rc $?"
bash scripts/gpu-sort-ab.sh $R/psearch $OUT/r $R/base/psearch > $OUT/r-ab.log 2>&1; echo "ab rc $?"
cat $OUT/r/tests.txt 2>/dev/null
grep -E "SortKeys|SortPairs|torch.sort|torch.argsort" $OUT/r-sort.log | head -20
cat $OUT/r/ab/ab.txt
bash scripts/gpu-variants.sh $R/psearch $OUT/r/v p=@p p16=OS_ITEMS=16@p p=@p p16=OS_ITEMS=16@p > $OUT/r/variants.txt 2>&1
tail -5 $OUT/r/variants.txt
cd $OUT && mv r-sort.log r-ab.log r/ && find r -name "*.in" -delete; find r -name "*.bin" -delete; find r -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
