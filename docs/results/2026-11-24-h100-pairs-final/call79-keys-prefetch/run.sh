#!/bin/bash
# call 79: os_pass asks L2 for its own tile's keys at the tile's start (OS_KPF=1:
# evict-last; 2: a plain prefetch), since ptxas issues most key loads one a key inside
# the ranking; keys, pairs and argsort against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort radix_sort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\nrandom input { [1000001]i64 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_KPF=1 OS_KPF=2; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v s=@s s1=OS_KPF=1@s s2=OS_KPF=2@s p=@p p1=OS_KPF=1@p p2=OS_KPF=2@p \
  a=@a a1=OS_KPF=1@a f=@f f1=OS_KPF=1@f \
  s=@s s1=OS_KPF=1@s s2=OS_KPF=2@s p=@p p1=OS_KPF=1@p p2=OS_KPF=2@p a=@a a1=OS_KPF=1@a > $OUT/variants.txt 2>&1 || true
grep -E "^==" $OUT/variants.txt | cut -c1-160
tail -18 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
