#!/bin/bash
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; S=$(pwd)/scripts
O=$OUT/items; mkdir -p $O; export XDG_CACHE_HOME=$(mktemp -d); cd $O
bash $S/machine.sh $P > machine.txt 2>&1; grep psearch machine.txt
cat > prims.bench <<'S'
==
entry: filter scan
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
R="-r 50 -x --no-convergence-phase"
for round in 1 2; do
  for v in COST_ITEMS=16 COST_ITEMS=8 COST_ITEMS=10 COST_ITEMS=12 COST_ITEMS=8,COST_SHFL=1 COST_ITEMS=12,COST_SHFL=1; do
    echo "== $v round $round"
    PSEARCH_TEST_TUNE=$v $P bench $R prims.bench --json "p-$v-$round.json" > "p-$v-$round.txt" 2>&1
    grep -E "^Results|kernel time|rror" "p-$v-$round.txt" | sed -E 's/.*median ([0-9.]+)μs.*kernel time ([0-9.]+)μs.*/  med \1 kt \2/' | paste -s -d' '
  done
done
