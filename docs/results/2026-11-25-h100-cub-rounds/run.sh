#!/bin/bash
# call 111: the tree of d661fbf (the scan's group on NVIDIA) against CUB,
# interleaved: three rounds of CUB's anchor, then radix_sort_pairs and
# radix_sort by psearch (gpu-variants, -r 30 each), so each round gives a ratio.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
: > $OUT/variants.txt
for k in 1 2 3; do
  $B/anchors/cub_anchor 33554431 10000000 > cub$k.txt 2>&1
  echo "== round $k" >> $OUT/variants.txt
  grep -E "full range" cub$k.txt >> $OUT/variants.txt
  timeout 150 bash $V $B $OUT/v$k p=@p s=@s >> $OUT/variants.txt 2>&1
  cp cub$k.txt $OUT/v$k/
done
grep -v "^  \|spill" $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v1 v2 v3 && rm -rf r v1 v2 v3 && ls -la
