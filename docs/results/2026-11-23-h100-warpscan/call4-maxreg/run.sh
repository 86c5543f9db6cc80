#!/bin/bash
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; S=$(pwd)/scripts
O=$OUT/exp2; mkdir -p $O; export XDG_CACHE_HOME=$(mktemp -d); cd $O
bash $S/machine.sh $P > machine.txt 2>&1; head -4 machine.txt
cat > prims.bench <<'S'
==
entry: scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
R="-r 50 -x --no-convergence-phase"
for round in 1 2; do
  for v in COST_SHFL=0 COST_SHFL=0,COST_MAXREG=32 COST_SHFL=1,COST_MAXREG=32 COST_SHFL=1,COST_MAXREG=40; do
    echo "== prims $v round $round"
    PSEARCH_TEST_TUNE=$v $P bench $R prims.bench --json prims-$v-$round.json > prims-$v-$round.txt 2>&1
    grep -E "^Results|kernel time|rror" prims-$v-$round.txt | sed -E 's/.*median ([0-9.]+)μs.*kernel time ([0-9.]+)μs.*/  med \1 kt \2/'
  done
done
for v in "COST_SHFL=1,COST_MAXREG=32" "COST_SHFL=0,COST_MAXREG=32"; do
  echo "== test_cost $v"
  PSEARCH_TEST_TUNE=$v LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_cost > "test_cost-$v.log" 2>&1
  echo "exit $? ($(grep -c '^\[       OK \]' "test_cost-$v.log") passed)"
done
echo "== CUB"
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E "Inclusive|Select" cub.txt
