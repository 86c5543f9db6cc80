#!/bin/bash
# call 66: os_pass by persistent groups (OS_PERSIST=g: g groups a CU, each taking tiles
# until none is left, loading its next tile's keys while it writes the current one),
# against one group a tile, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort argsort\nrandom input { [1]i32 }\nrandom input { [100000]i32 }\nrandom input { [1000001]f32 }\n==\nentry: radix_sort_pairs\nrandom input { [100000]i32 [100000]i32 }\n' > sane.bench
for g in 2 3; do
  PSEARCH_TEST_TUNE=OS_PERSIST=$g timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane$g.txt 2>&1 || { echo "sanity $g failed"; tail -20 sane$g.txt; exit 1; }
done
echo "sanity ok"
PSEARCH_TEST_TUNE=OS_PERSIST=2 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-p2.log 2>&1
echo "test_radix OS_PERSIST=2: exit $? ($(grep -c '^\[       OK \]' test_radix-p2.log) passed)"
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v s=@s s2=OS_PERSIST=2@s s3=OS_PERSIST=3@s p=@p p2=OS_PERSIST=2@p a=@a a2=OS_PERSIST=2@a \
  s=@s s2=OS_PERSIST=2@s s3=OS_PERSIST=3@s p=@p p2=OS_PERSIST=2@p a=@a a2=OS_PERSIST=2@a > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-170
tail -16 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; tar czf r.tgz r v/*.txt && rm -rf r v && ls -la
