#!/bin/bash
# call 67: with values, os_pass stages each tile's values in the tile's local memory
# while the keys are ranked (OS_VSTAGE=1: read back before the keys' reorder; =2: after
# the slots, one more barrier), by plain loads or by cp.async (OS_VASYNC=1), at 512 x 14
# and larger tiles; against the default, ABAB; CUB SortPairs in the same call
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_VSTAGE=1 OS_VSTAGE=2 OS_VSTAGE=1,OS_VASYNC=1 OS_VSTAGE=2,OS_VASYNC=1; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
for tn in OS_VSTAGE=1,OS_VASYNC=1 OS_VSTAGE=2; do
  PSEARCH_TEST_TUNE=$tn LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > "test_radix-$tn.log" 2>&1
  echo "test_radix $tn: exit $? ($(grep -c '^\[       OK \]' "test_radix-$tn.log") passed)"
  grep -m5 -E "FAILED|differ|ERROR" "test_radix-$tn.log"
done
S1=OS_VSTAGE=1 S1A=OS_VSTAGE=1,OS_VASYNC=1 S2A=OS_VSTAGE=2,OS_VASYNC=1
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p p1=$S1@p p2=OS_VSTAGE=2@p p1a=$S1A@p p2a=$S2A@p \
  p1a16=$S1A,OS_ITEMS=16@p p1a15=$S1A,OS_ITEMS=15@p p1a384x20=$S1A,OS_WG=384,OS_ITEMS=20@p \
  p1a384x14g3=$S1A,OS_WG=384,OS_ITEMS=14,OS_MIN_GROUPS=3@p a=@a a1a=$S1A@a \
  p=@p p1=$S1@p p1a=$S1A@p p2a=$S2A@p a=@a a1a=$S1A@a > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-170
tail -22 $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "SortPairs|SortKeys" cub.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
