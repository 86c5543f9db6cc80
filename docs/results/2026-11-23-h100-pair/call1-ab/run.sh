#!/bin/bash
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; S=$(pwd)/scripts
O=$OUT/pair; mkdir -p $O; export XDG_CACHE_HOME=$(mktemp -d); cd $O
bash $S/machine.sh $P > machine.txt 2>&1; head -4 machine.txt
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_search > test_search.log 2>&1
echo "test_search: exit $? ($(grep -c '^\[       OK \]' test_search.log) passed)" | tee tests.txt
grep -m5 -E "FAILED|differ|error|ERROR" test_search.log
cat > bt.bench <<'S'
==
entry: bench_btree_search bench_btree_search_random
random sorted input { [33554431]i32 }
S
R="-r 30 -x --no-convergence-phase --no-validate"
for round in 1 2; do
  for v in BTREE_PAIR=0 BTREE_PAIR=1 BTREE_PAIR=1,BTREE_BATCH=2 BTREE_PAIR=1,BTREE_BATCH=6 BTREE_PAIR=1,BTREE_BATCH=8; do
    echo "== bt $v round $round"
    PSEARCH_TEST_TUNE=$v $P bench $R bt.bench --json "bt-$v-$round.json" > "bt-$v-$round.txt" 2>&1
    grep -E "i32|rror" "bt-$v-$round.txt" | head -4
  done
done
echo "== validate BTREE_PAIR=1 at 2^20+1 and 2^25-1 (random keys)"
cat > v.bench <<'S'
==
entry: bench_btree_search bench_btree_search_random
random sorted input { [1048577]i32 }
random sorted input { [33554431]i32 }
S
PSEARCH_TEST_TUNE=BTREE_PAIR=1 timeout 300 $P bench -r 3 --no-convergence-phase v.bench > validate.txt 2>&1; echo "exit $?"; grep -E "i32|rror|differ" validate.txt
echo "== thrust"
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E "lower_bound" cub.txt
