#!/bin/bash
# call 74, the final one: scripts/gpu-sort.sh with the values loaded late at the old
# shape (512 x 14) as a variant, then scripts/gpu-sort-ab.sh beside the build before
# this session's change (5f843fa, whose kernels are 7df3c42's: the values loaded with the
# keys, 512 x 14)
set -u
R=$(pwd)/.carry
bash scripts/gpu-sort.sh $R/psearch $OUT/r OS_ITEMS=14 > $OUT/r-sort.log 2>&1; echo "gpu-sort rc $?"
bash scripts/gpu-sort-ab.sh $R/psearch $OUT/r $R/base/psearch > $OUT/r-ab.log 2>&1; echo "ab rc $?"
cat $OUT/r/tests.txt 2>/dev/null
grep -E "^\[|^Results|μs|SortKeys|SortPairs|InclusiveSum|Select|torch.sort|torch.argsort|kernel time" $OUT/r-sort.log | grep -v "runs;" | head -80
cat $OUT/r/ab/ab.txt
cd $OUT && mv r-sort.log r-ab.log r/ && find r -name "*.in" -delete; find r -name "*.bin" -delete; find r -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
