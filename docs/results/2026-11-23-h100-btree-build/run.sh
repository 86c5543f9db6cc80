#!/bin/bash
set -u
B=$(pwd)/.carry/psearch; P=$B/psearch; S=$(pwd)/scripts
O=$OUT/build; mkdir -p $O; export XDG_CACHE_HOME=$(mktemp -d); cd $O
bash $S/machine.sh $P > machine.txt 2>&1; grep psearch machine.txt
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_search > test_search.log 2>&1
echo "test_search: exit $? ($(grep -c '^\[       OK \]' test_search.log) passed)" | tee tests.txt
grep -m5 -E "FAILED|differ|error|ERROR" test_search.log
cat > v.bench <<'S'
==
entry: to_btree bench_btree_search bench_btree_search_random
random sorted input { [1048577]i32 }
==
entry: to_btree
random sorted input { [33554431]i32 }
random sorted input { [268435456]i32 }
S
timeout 300 $P bench -r 3 --no-convergence-phase v.bench > validate.txt 2>&1; echo "validate exit $?"; grep -E "i32|rror|differ" validate.txt
cat > b.bench <<'S'
==
entry: bench_copy to_btree to_eytzinger bench_btree_search bench_btree_search_random
random sorted input { [33554431]i32 }
S
$P bench -r 50 -x --no-convergence-phase --no-validate b.bench --json build.json > build.txt 2>&1
grep -E "^Results|kernel time" build.txt | sed -E 's/.*median ([0-9.]+)μs.*kernel time ([0-9.]+)μs.*/  med \1 kt \2/'
