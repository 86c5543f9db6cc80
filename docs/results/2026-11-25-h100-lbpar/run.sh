#!/bin/bash
# call 110: 32-bit look-back words with the epoch parity (OS_LBPAR), one set for all passes, nothing cleared
# test_radix on the H100, then the sorts by the defaults and with OS_LBPAR=1, ABAB, and CUB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix rc=$?" > $OUT/variants.txt
tail -3 test_radix.log >> $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
V=$ROOT/scripts/gpu-variants.sh
A="s=@s s1=OS_LBPAR=1@s p=@p p1=OS_LBPAR=1@p a=@a a1=OS_LBPAR=1@a f=@f f1=OS_LBPAR=1@f"
timeout 400 bash $V $B $OUT/v $A $A >> $OUT/variants.txt 2>&1
grep -E "SortKeys|SortPairs" cub.txt
cat $OUT/variants.txt | grep -v "^  \|spill" 
cp cub.txt test_radix.log $OUT/v/ 2>/dev/null
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
