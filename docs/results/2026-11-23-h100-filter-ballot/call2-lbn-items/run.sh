#!/bin/bash
# filter by ballots, tile_prefix reading LBN words at once: variants with kernel times
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
for t in test_cost:COST_LBN=1 test_cost:COST_LBN=8 test_cost:COST_BALLOT=0,COST_LBN=8 test_radix:; do
  bin=${t%%:*} tune=${t#*:}
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/$bin > "$bin-$tune.log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$bin-$tune.log") passed)" | tee -a tests.txt
done
$P dataset --i32-bounds=0:2147483647 -n 33554431 -o allkept.in
cat > prims.bench <<'S'
-- prims
==
entry: bench_copy scan_exclusive filter
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
for v in COST_LBN=1 COST_LBN=4 COST_LBN=8 COST_LBN=16 COST_LBN=8,COST_ITEMS=24 COST_LBN=8,COST_ITEMS=32 COST_LBN=1,COST_ITEMS=24 COST_BALLOT=0,COST_LBN=1 COST_BALLOT=0,COST_LBN=8; do
  PSEARCH_TEST_TUNE=$v $P bench $R prims.bench --json "v-$v.json" > "v-$v.txt" 2>&1
  echo "== $v"
  awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "v-$v.txt" | sed 's/prims.bench://'
done
echo "== radix_sort"
printf -- '-- s\n==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > sort.bench
$P bench $R sort.bench > sort.txt 2>&1; grep -A1 "^\[" sort.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E "Select|InclusiveSum|SortKeys" cub.txt
rm -f allkept.in
cd $OUT && tar czf r.tgz r && rm -rf r
