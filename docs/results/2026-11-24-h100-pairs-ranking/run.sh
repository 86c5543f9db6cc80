#!/bin/bash
# call 90, the final one: the committed tree (e653d4b: with values and keys of 4 bytes,
# the atomic-OR ranking, the warps' scan and 512 x 18): scripts/gpu-sort.sh, then
# scripts/gpu-sort-ab.sh beside the build of 0e3524f (the session's start: ballots, 512 x 17),
# then the pairs and argsort against the ballots at 512 x 17, ABAB
set -u
R=$(pwd)/.carry
bash scripts/gpu-sort.sh $R/psearch $OUT/r > $OUT/r-sort.log 2>&1; echo "gpu-sort rc $?"
bash scripts/gpu-sort-ab.sh $R/psearch $OUT/r $R/base/psearch > $OUT/r-ab.log 2>&1; echo "ab rc $?"
cat $OUT/r/tests.txt 2>/dev/null
grep -E "SortKeys|SortPairs|torch.sort|torch.argsort" $OUT/r-sort.log | head -20
cat $OUT/r/ab/ab.txt
B17=OS_PEERS_OR=0,OS_WSCAN=0,OS_ITEMS=17
bash scripts/gpu-variants.sh $R/psearch $OUT/r/v p=@p b=$B17@p a=@a ab=$B17@a p=@p b=$B17@p a=@a ab=$B17@a > $OUT/r/variants.txt 2>&1
grep spill $OUT/r/variants.txt | sort | uniq -c; sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/r/variants.txt | tail -8
cd $OUT && mv r-sort.log r-ab.log r/ && find r -name "*.in" -delete; find r -name "*.bin" -delete; find r -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
