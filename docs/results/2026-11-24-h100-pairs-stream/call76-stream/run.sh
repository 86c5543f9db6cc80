#!/bin/bash
# call 76: os_pass's writes streaming (st.global.cs: L2 evicts them first): the keys'
# (OS_STCS=1), the values' (2) or both (3); and the values' L2 prefetch as evict-last
# (OS_PFLAST=1); pairs, argsort and keys against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort radix_sort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_STCS=3 OS_STCS=3,OS_PFLAST=1; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
PSEARCH_TEST_TUNE=OS_STCS=3,OS_PFLAST=1 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-cs.log 2>&1
echo "test_radix OS_STCS=3,OS_PFLAST=1: exit $? ($(grep -c '^\[       OK \]' test_radix-cs.log) passed)"
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p p3=OS_STCS=3@p p2=OS_STCS=2@p p1=OS_STCS=1@p \
  pf=OS_PFLAST=1@p p3f=OS_STCS=3,OS_PFLAST=1@p p2f=OS_STCS=2,OS_PFLAST=1@p \
  a=@a a3=OS_STCS=3@a a2=OS_STCS=2@a s=@s s1=OS_STCS=1@s f=@f f1=OS_STCS=1@f \
  p=@p p3=OS_STCS=3@p p2=OS_STCS=2@p p3f=OS_STCS=3,OS_PFLAST=1@p a=@a a3=OS_STCS=3@a s=@s s1=OS_STCS=1@s > $OUT/variants.txt 2>&1 || true
grep -E "^==" $OUT/variants.txt | cut -c1-160
tail -22 $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "SortPairs|SortKeys" cub.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
