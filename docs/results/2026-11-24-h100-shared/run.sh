#!/bin/bash
# call 62, the final one: scripts/gpu-sort.sh with the previous tile shape (384 x 18) as
# a variant, then scripts/gpu-sort-ab.sh beside the build before this session's sort
# changes (e1d38e4: a key's slot by two look-ups, 384 x 18)
set -u
R=$(pwd)/.carry
bash scripts/gpu-sort.sh $R/psearch $OUT/r OS_ITEMS=18 > $OUT/r-sort.log 2>&1; echo "gpu-sort rc $?"
bash scripts/gpu-sort-ab.sh $R/psearch $OUT/r $R/base/psearch > $OUT/r-ab.log 2>&1; echo "ab rc $?"
cat $OUT/r/tests.txt 2>/dev/null
grep -E "^\[|^Results|μs|SortKeys|SortPairs|InclusiveSum|Select|torch.sort|torch.argsort|kernel time" $OUT/r-sort.log | grep -v "runs;" | head -80
cat $OUT/r/ab/ab.txt
cd $OUT && mv r-sort.log r-ab.log r/ && find r -name "*.in" -delete; find r -name "*.bin" -delete; find r -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
