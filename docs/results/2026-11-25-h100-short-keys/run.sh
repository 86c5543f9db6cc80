#!/bin/bash
# call 122: keys of 1 and 2 bytes at 384 x 24 on NVIDIA (the new default): test_radix on
# the H100, then radix_sort [N]i16 and [N]u8 by the default and at the old 384 x 19, ABAB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix rc=$?" > $OUT/variants.txt
tail -3 test_radix.log >> $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="h=@h h0=OS_ITEMS=19@h b=@b b0=OS_ITEMS=19@b"
timeout 300 bash $V $B $OUT/v $A $A l=@l s=@s >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt | grep -v "^== "
cp test_radix.log $OUT/v/ 2>/dev/null
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
