#!/bin/bash
# elements per work-item (COST_ITEMS) of the look-back ops, two rounds, kernel times; filter by ballots
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
for t in test_cost: test_cost:COST_ITEMS=32 test_cost:COST_ITEMS=24,COST_BALLOT=0; do
  bin=${t%%:*} tune=${t#*:}
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/$bin > "$bin-$tune.log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$bin-$tune.log") passed)" | tee -a tests.txt
done
$P dataset --i32-bounds=0:2147483647 -n 33554431 -o allkept.in
cat > prims.bench <<'S'
-- prims
==
entry: scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }

-- all kept
==
entry: filter
input @ allkept.in

-- seg
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
R="-r 50 -x --no-convergence-phase"
for r in 1 2; do
for v in COST_ITEMS=16 COST_ITEMS=20 COST_ITEMS=24 COST_ITEMS=28 COST_ITEMS=32; do
  PSEARCH_TEST_TUNE=$v $P bench $R prims.bench --json "v-$v-$r.json" > "v-$v-$r.txt" 2>&1
  echo "== $v round $r"
  awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "v-$v-$r.txt" | sed 's/prims.bench://' | tr '\n' ';'; echo
done
done
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E "Select|InclusiveSum" cub.txt
rm -f allkept.in
cd $OUT && tar czf r.tgz r && rm -rf r
