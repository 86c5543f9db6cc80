#!/bin/bash
# the look-back spins' pause (nanosleep): OS_SLEEP and COST_SLEEP variants, two rounds, kernel times
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
for t in test_radix:OS_SLEEP=100 test_cost:COST_SLEEP=100; do
  bin=${t%%:*} tune=${t#*:}
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/$bin > "$bin-$tune.log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$bin-$tune.log") passed)" | tee -a tests.txt
done
cat > sort.bench <<'S'
-- keys
==
entry: radix_sort
random input { [33554431]i32 }

-- pairs
==
entry: radix_sort_pairs
random input { [33554431]i32 [33554431]i32 }
S
cat > prims.bench <<'S'
-- prims
==
entry: scan filter
random input { [10000000]i32 }
random input { [33554431]i32 }

-- seg
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
R="-r 40 -x --no-convergence-phase"
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://' | tr '\n' ';'; echo; }
for r in 1 2; do
for v in 0 20 100 300 1000; do
  PSEARCH_TEST_TUNE=OS_SLEEP=$v $P bench $R sort.bench --json "s-$v-$r.json" > "s-$v-$r.txt" 2>&1
  echo "== OS_SLEEP=$v round $r"; show "s-$v-$r.txt"
  PSEARCH_TEST_TUNE=COST_SLEEP=$v $P bench $R prims.bench --json "p-$v-$r.json" > "p-$v-$r.txt" 2>&1
  echo "== COST_SLEEP=$v round $r"; show "p-$v-$r.txt"
done
done
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E "Select|InclusiveSum|Sort" cub.txt
cd $OUT && tar czf r.tgz r && rm -rf r
