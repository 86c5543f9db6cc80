#!/bin/bash
# call 81: os_scan folded into tile 0, os_hist clearing first and walking from the end
# (OS_HFWD=1 / OS_HCLEAR_LAST=1 undo each), and the late values' lines demoted to
# L2's normal priority once loaded (OS_VDEMOTE=1); ABAB against 0e3524f (.carry/base)
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1]i32 [1]i32 }\nrandom input { [100000]i32 [100000]i32 }\nrandom input { [1000001]i32 [1000001]i32 }\n==\nentry: radix_sort argsort\nrandom input { [2]i32 }\nrandom input { [8705]i32 }\nrandom input { [1000001]i32 }\n' > sane.bench
for t in "" OS_VDEMOTE=1 OS_HFWD=1,OS_HCLEAR_LAST=1; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  grep -c '"validation"\|error' sane.txt
done
LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix: exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)"
grep -m5 -E "FAILED|differ|error" test_radix.log
V=$ROOT/scripts/gpu-variants.sh
for round in 1 2; do
  bash $V $B $OUT/v$round p=@p s=@s a=@a pd=OS_VDEMOTE=1@p > $OUT/new$round.txt 2>&1
  bash $V $R/base $OUT/b$round p=@p s=@s a=@a > $OUT/old$round.txt 2>&1
done
bash $V $B $OUT/v3 pf=OS_HFWD=1@p pc=OS_HCLEAR_LAST=1@p pfc=OS_HFWD=1,OS_HCLEAR_LAST=1@p p=@p pd=OS_VDEMOTE=1@p ad=OS_VDEMOTE=1@a a=@a sf=OS_HFWD=1@s s=@s > $OUT/new3.txt 2>&1
for f in new1 old1 new2 old2 new3; do echo "## $f"; grep "^==" $OUT/$f.txt; grep -c ok $OUT/$f.txt; done
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v1 v2 v3 b1 b2 && rm -rf r v1 v2 v3 b1 b2 && ls -la
