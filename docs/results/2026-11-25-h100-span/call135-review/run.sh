#!/bin/bash
# call 135: after the review: os_hist zeroes the scan group's flag (1-byte keys keep their
# scan group); test_radix and test_engine on the H100, CUB, and the sorts by span (u8 too).
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in test_radix test_engine; do
  (cd $B && LD_LIBRARY_PATH=$B/lib timeout 240 bin/$t) > $t.txt 2>&1; echo "$t: $(tail -1 $t.txt)"
done
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E 'full range' cub.txt
timeout 300 bash $ROOT/scripts/gpu-variants.sh $B $OUT/v/s s=@s p=@p a=@a b=@b s=@s p=@p b=OS_SCANG=0@b > variants.txt 2>&1
grep -v "^  \|spill" variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
