#!/bin/bash
# call 113: the tree of e5d94ec on the H100: test_radix (with stale_lookback_words,
# the hook PSEARCH_TEST_LOOKBACK_STALE) and test_cost, then the sorts once more
# beside CUB (gpu-variants: keys, f32, pairs, argsort, default only, twice).
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix rc=$?" > $OUT/variants.txt
tail -3 test_radix.log >> $OUT/variants.txt
LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_cost > test_cost.log 2>&1; echo "test_cost rc=$?" >> $OUT/variants.txt
tail -3 test_cost.log >> $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "full range|f32" cub.txt >> $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="s=@s f=@f p=@p a=@a"
timeout 300 bash $V $B $OUT/v $A $A >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
cp cub.txt test_radix.log test_cost.log $OUT/v/ 2>/dev/null
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
