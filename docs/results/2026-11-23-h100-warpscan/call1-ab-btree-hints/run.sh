#!/bin/bash
# one call: GPU correctness of the new PTX paths, then A/B of the group-scan shuffles and the B+ tree cache hints
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; S=$(pwd)/scripts
O=$OUT/exp; mkdir -p $O; export XDG_CACHE_HOME=$(mktemp -d); cd $O
bash $S/machine.sh $P > machine.txt 2>&1; head -4 machine.txt
for t in test_cost test_search; do
  LD_LIBRARY_PATH=$B/lib timeout 240 $B/bin/$t > $t.log 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' $t.log) passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" $t.log
done
cat > prims.bench <<'S'
==
entry: bench_copy scan scan_exclusive filter reduce
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
R="-r 50 -x --no-convergence-phase"
for round in 1 2; do
  for v in COST_SHFL=0 COST_SHFL=1; do
    echo "== prims $v round $round"
    PSEARCH_TEST_TUNE=$v $P bench $R prims.bench --json prims-$v-$round.json > prims-$v-$round.txt 2>&1
    grep -E "^Results|i32|bool|^ +[a-z_]+ " prims-$v-$round.txt | head -40
  done
done
cat > bt.bench <<'S'
==
entry: bench_btree_search bench_btree_search_random
random sorted input { [33554431]i32 }
S
R="-r 30 -x --no-convergence-phase --no-validate"
for round in 1 2; do
  for v in BTREE_NA=0 BTREE_NA=1 BTREE_NA=2 BTREE_NA=3 BTREE_NA=4 BTREE_NA=16 BTREE_NA=3,BTREE_L2FIRST=1 BTREE_NA=3,BTREE_OUTCS=1 BTREE_NA=0,BTREE_OUTCS=1 BTREE_NA=1,BTREE_L2FIRST=1; do
    echo "== bt $v round $round"
    PSEARCH_TEST_TUNE=$v $P bench $R bt.bench --json "bt-$v-$round.json" > "bt-$v-$round.txt" 2>&1
    grep -E "i32" "bt-$v-$round.txt" | head -4
  done
done
echo "== CUB"
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; cat cub.txt
