#!/bin/bash
# call 68: with values staged in local memory while the keys are ranked (OS_VSTAGE=1), does
# a wider group with fewer keys a work-item fit its registers without spilling, and is it
# faster? 768 x 9, 640 x 10, 576 x 12, 1024 x 7 at 2 groups an SM, with and without
# staging; against the default (512 x 14), ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_VSTAGE=1,OS_WG=768,OS_ITEMS=9 OS_VSTAGE=1,OS_WG=576,OS_ITEMS=12; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
S=OS_VSTAGE=1
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p \
  s768x9=$S,OS_WG=768,OS_ITEMS=9@p n768x9=OS_WG=768,OS_ITEMS=9@p s768x9w=$S,OS_WG=768,OS_ITEMS=9,OS_WSCAN=1@p \
  s640x10=$S,OS_WG=640,OS_ITEMS=10@p n640x10=OS_WG=640,OS_ITEMS=10@p \
  s576x12=$S,OS_WG=576,OS_ITEMS=12@p n576x12=OS_WG=576,OS_ITEMS=12@p s576x13=$S,OS_WG=576,OS_ITEMS=13@p \
  s1024x6=$S,OS_WG=1024,OS_ITEMS=6@p s832x8=$S,OS_WG=832,OS_ITEMS=8@p \
  p=@p s768x9=$S,OS_WG=768,OS_ITEMS=9@p s576x12=$S,OS_WG=576,OS_ITEMS=12@p > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-200
tail -18 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
