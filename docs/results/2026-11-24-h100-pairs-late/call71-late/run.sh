#!/bin/bash
# call 71: with values, CUB's order: the values loaded only once the keys are written
# (OS_VLATE=1), and with L2 asked for the tile's values at its start (OS_VLATE=2,
# prefetch.global.L2), so that the late loads find them there; at 512 x 14-17 and
# CUB's 384 x 20, 23; against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_VLATE=1 OS_VLATE=2 OS_VLATE=2,OS_WG=384,OS_ITEMS=23; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
PSEARCH_TEST_TUNE=OS_VLATE=2 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-vl2.log 2>&1
echo "test_radix OS_VLATE=2: exit $? ($(grep -c '^\[       OK \]' test_radix-vl2.log) passed)"
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p vl=OS_VLATE=1@p vlp=OS_VLATE=2@p \
  vl16=OS_VLATE=1,OS_ITEMS=16@p vlp16=OS_VLATE=2,OS_ITEMS=16@p vlp15=OS_VLATE=2,OS_ITEMS=15@p vlp17=OS_VLATE=2,OS_ITEMS=17@p \
  vlp384x20=OS_VLATE=2,OS_WG=384,OS_ITEMS=20@p vlp384x23=OS_VLATE=2,OS_WG=384,OS_ITEMS=23@p vl384x23=OS_VLATE=1,OS_WG=384,OS_ITEMS=23@p \
  a=@a avlp=OS_VLATE=2@a \
  p=@p vlp=OS_VLATE=2@p vlp16=OS_VLATE=2,OS_ITEMS=16@p > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-200
tail -16 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
