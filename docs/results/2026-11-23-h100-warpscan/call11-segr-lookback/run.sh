#!/bin/bash
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch
O=$OUT/segv; mkdir -p $O; export XDG_CACHE_HOME=$(mktemp -d); cd $O
cat > p.bench <<'S'
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
for round in 1 2; do
  for v in SEGR_V=0 SEGR_V=1 SEGR_V=2 SEGR_V=3; do
    echo "== $v round $round"
    PSEARCH_TEST_TUNE=$v $P bench -r 50 -x --no-convergence-phase p.bench --json "p-$v-$round.json" > "p-$v-$round.txt" 2>&1
    grep -E "^Results|kernel time|rror|differ" "p-$v-$round.txt" | sed -E 's/.*median ([0-9.]+)μs.*kernel time ([0-9.]+)μs.*/  med \1 kt \2/' | paste -s -d' '
  done
done
