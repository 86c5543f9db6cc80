#!/bin/bash
# call 118: 8-byte keys only at 512 x 9 on NVIDIA (the new default): test_radix on the
# H100, then radix_sort [N]i64 and [N]f64 by the default and at the old 256 x 16, ABAB,
# and the 4-byte sorts unchanged (keys, pairs) beside CUB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix rc=$?" > $OUT/variants.txt
tail -3 test_radix.log >> $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "full range" cub.txt >> $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="l=@l l0=OS_WG=256,OS_ITEMS=16@l d=@d d0=OS_WG=256,OS_ITEMS=16@d"
timeout 300 bash $V $B $OUT/v $A $A s=@s p=@p >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt | grep -v "^== "
cp cub.txt test_radix.log $OUT/v/ 2>/dev/null
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
