#!/bin/bash
# call 75: cache hints on os_pass's streams (4-byte keys, PTX): the keys' and values'
# loads evict-first (OS_LDCS=1: ld.global.cs), the writes streaming (OS_STCS=1:
# st.global.cs), so that L2 keeps the values asked for and the runs' partial sectors;
# keys, pairs and argsort against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort radix_sort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_LDCS=1 OS_STCS=1 OS_LDCS=1,OS_STCS=1; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p pl=OS_LDCS=1@p ps=OS_STCS=1@p pls=OS_LDCS=1,OS_STCS=1@p \
  s=@s sl=OS_LDCS=1@s ss=OS_STCS=1@s sls=OS_LDCS=1,OS_STCS=1@s a=@a al=OS_LDCS=1@a \
  p=@p pl=OS_LDCS=1@p ps=OS_STCS=1@p s=@s sl=OS_LDCS=1@s > $OUT/variants.txt 2>&1 || true
grep -E "^==" $OUT/variants.txt | cut -c1-160
tail -15 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
