#!/bin/bash
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; S=$(pwd)/scripts
O=$OUT/diag; mkdir -p $O; export XDG_CACHE_HOME=$(mktemp -d); cd $O
cat > p.bench <<'S'
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
for round in 1 2; do
  for v in SEGR_DIAG=0 SEGR_DIAG=1 SEGR_DIAG=2 SEGR_DIAG=3 SEGR_DIAG=0,COST_SHFL=0 SEGR_DIAG=3,COST_SHFL=0; do
    echo "== $v round $round"
    PSEARCH_TEST_TUNE=$v $P bench -r 50 -x --no-convergence-phase --no-validate p.bench --json "p-$v-$round.json" > "p-$v-$round.txt" 2>&1
    grep -E "^Results|kernel time|rror" "p-$v-$round.txt" | sed -E 's/.*median ([0-9.]+)μs.*kernel time ([0-9.]+)μs.*/  med \1 kt \2/' | paste -s -d' '
  done
done
