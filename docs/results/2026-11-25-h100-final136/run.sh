#!/bin/bash
# call 136: the final tree (d8b8a7d) on the H100: the four GPU test programs, then four
# rounds of CUB's anchor followed by psearch's pairs and keys (bench -r 30 -x, by span).
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > machine.txt 2>&1
for t in test_engine test_search test_cost test_radix; do
  (cd $B && LD_LIBRARY_PATH=$B/lib timeout 240 bin/$t) > $t.txt 2>&1; echo "$t: rc $? $(tail -1 $t.txt)"
done
for r in 1 2 3 4; do
  $B/anchors/cub_anchor 33554431 10000000 > cub$r.txt 2>&1; echo "round $r: $(grep -E 'Sort(Pairs|Keys).*full range' cub$r.txt | tr '\n' ' ')"
  timeout 200 bash $ROOT/scripts/gpu-variants.sh $B $OUT/v/r$r p=@p s=@s > variants$r.txt 2>&1
  grep "^== " variants$r.txt
done
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
