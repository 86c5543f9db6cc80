#!/bin/bash
# call 69: os_pass asks L2 for the keys (and values) of the tile D tickets ahead
# (OS_PREFETCH=D: prefetch.global.L2 a line of OS_PFSTEP bytes a work-item, or with
# OS_PFBULK=1 one cp.async.bulk.prefetch.L2 a buffer), so that a tile's loads find its
# data in L2; keys, pairs and argsort against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort radix_sort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_PREFETCH=2 OS_PREFETCH=2,OS_PFBULK=1; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
PSEARCH_TEST_TUNE=OS_PREFETCH=3 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-pf3.log 2>&1
echo "test_radix OS_PREFETCH=3: exit $? ($(grep -c '^\[       OK \]' test_radix-pf3.log) passed)"
grep -m5 -E "FAILED|differ|ERROR" test_radix-pf3.log
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p p264=OS_PREFETCH=264@p p132=OS_PREFETCH=132@p p528=OS_PREFETCH=528@p \
  p264s32=OS_PREFETCH=264,OS_PFSTEP=32@p pb264=OS_PREFETCH=264,OS_PFBULK=1@p \
  s=@s s396=OS_PREFETCH=396@s s200=OS_PREFETCH=200@s sb396=OS_PREFETCH=396,OS_PFBULK=1@s \
  a=@a a264=OS_PREFETCH=264@a \
  p=@p p264=OS_PREFETCH=264@p s=@s s396=OS_PREFETCH=396@s > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-200
tail -18 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
