#!/bin/bash
# call 99: the look-back primitives' tile (cost.cl's tile_ticket) as the group's id
# (COST_GID=1), not a ticket drawn by an atomic: test_cost, then scan, filter and the
# segmented ops ABAB against the defaults; the sorts with the group's id now the
# default on NVIDIA (OS_GID) against OS_GID=0, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in "" COST_GID=1; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_cost > "test_cost-$t.log" 2>&1; echo "test_cost ($t): exit $? ($(grep -c '^\[       OK \]' "test_cost-$t.log") passed)"
done
PSEARCH_TEST_TUNE=OS_GID=1 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix: exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)"
timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
echo "sanity: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
cat > prims.bench <<'S'
==
entry: scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
for k in 1 2; do
  for t in "" COST_GID=1; do
    PSEARCH_TEST_TUNE=$t timeout -s KILL 200 $B/psearch bench -r 30 -x --no-convergence-phase prims.bench --json "prims-$k-$t.json" > "prims-$k-$t.txt" 2>&1
    echo "== prims round $k [$t]"; grep -E "i32|bool" "prims-$k-$t.txt" | grep -v "runs;"
  done
done
V=$ROOT/scripts/gpu-variants.sh
A="g=@p p=OS_GID=0@p g=@s s=OS_GID=0@s g=@a a=OS_GID=0@a"
bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
