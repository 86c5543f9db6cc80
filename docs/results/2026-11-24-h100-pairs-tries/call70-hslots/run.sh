#!/bin/bash
# call 70: os_hist with HSLOTS copies of its counts (slot: work-item l & (HSLOTS - 1), a
# count's slots in consecutive words), so that a warp's increments fall on more banks
# (OS_HSLOTS=2, 4, 8; 8 slots take 32 KiB, so fewer groups fit an SM: OS_HGROUPS=6, 7);
# keys and pairs against the default, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: argsort radix_sort\nrandom input { [1]i32 }\nrandom input { [100001]i32 }\nrandom input { [1000001]f32 }\nrandom input { [1000001]i64 }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
for tn in OS_HSLOTS=4 OS_HSLOTS=8; do
  PSEARCH_TEST_TUNE=$tn timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > "sane-$tn.txt" 2>&1
  echo "sanity $tn: exit $?"; grep -m3 -iE "error|differ|fail" "sane-$tn.txt"
done
PSEARCH_TEST_TUNE=OS_HSLOTS=4 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix-hs4.log 2>&1
echo "test_radix OS_HSLOTS=4: exit $? ($(grep -c '^\[       OK \]' test_radix-hs4.log) passed)"
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v s=@s h2=OS_HSLOTS=2@s h4=OS_HSLOTS=4@s h8=OS_HSLOTS=8@s \
  h8g7=OS_HSLOTS=8,OS_HGROUPS=7@s h8g6=OS_HSLOTS=8,OS_HGROUPS=6@s h4g12=OS_HSLOTS=4,OS_HGROUPS=12@s \
  h4w512=OS_HSLOTS=4,OS_HWG=512,OS_HGROUPS=4@s h8w512=OS_HSLOTS=8,OS_HWG=512,OS_HGROUPS=3@s \
  p=@p p4=OS_HSLOTS=4@p p8g6=OS_HSLOTS=8,OS_HGROUPS=6@p \
  s=@s h4=OS_HSLOTS=4@s h8g6=OS_HSLOTS=8,OS_HGROUPS=6@s p=@p p4=OS_HSLOTS=4@p > $OUT/variants.txt 2>&1 || true
grep -E "^==" $OUT/variants.txt | cut -c1-160
tail -18 $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
