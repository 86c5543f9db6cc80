#!/bin/bash
# call 72: values loaded late with L2 asked for them at the tile's start (OS_VLATE=2)
# hold no registers through the ranking, so the pairs may take the keys' own shape:
# 384 x 18-20 at 3 groups an SM, the atomic-OR peers and the warps' scan; and 512 x 17;
# against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
K=OS_VLATE=2,OS_WG=384,OS_MIN_GROUPS=3,OS_PEERS_OR=1,OS_WSCAN=1
for tn in $K,OS_ITEMS=19; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-k.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-k.txt"
  PSEARCH_TEST_TUNE=$tn LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-k.log 2>&1
  echo "test_radix $tn: exit $? ($(grep -c '^\[       OK \]' test_radix-k.log) passed)"
done
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p vlp17=OS_VLATE=2,OS_ITEMS=17@p \
  k19=$K,OS_ITEMS=19@p k18=$K,OS_ITEMS=18@p k20=$K,OS_ITEMS=20@p k19v1=${K/VLATE=2/VLATE=1},OS_ITEMS=19@p \
  k19b=OS_VLATE=2,OS_WG=384,OS_MIN_GROUPS=3,OS_ITEMS=19@p k19hs=OS_VLATE=2,OS_WG=384,OS_MIN_GROUPS=3,OS_PEERS_OR=1,OS_ITEMS=19@p \
  vlp17or=OS_VLATE=2,OS_ITEMS=17,OS_PEERS_OR=1@p \
  a=@a avlp17=OS_VLATE=2,OS_ITEMS=17@a ak19=$K,OS_ITEMS=19@a \
  p=@p vlp17=OS_VLATE=2,OS_ITEMS=17@p k19=$K,OS_ITEMS=19@p > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-200
tail -16 $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "SortPairs" cub.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
