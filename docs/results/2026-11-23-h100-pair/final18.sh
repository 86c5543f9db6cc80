#!/bin/bash
set -u
bash scripts/gpu-search.sh .carry/psearch $OUT/s BTREE_PAIR=0 > $OUT/s.log 2>&1
tail -45 $OUT/s.log
B=$(pwd)/.carry/psearch; P=$B/psearch
cd $OUT/s
cat > big.bench <<'S'
==
entry: bench_btree_search_random bench_btree_search
random sorted input { [268435456]i32 }
S
export XDG_CACHE_HOME=$(mktemp -d)
for v in "" BTREE_PAIR=0; do
  echo "== 2^28 ${v:-default}"
  PSEARCH_TEST_TUNE=$v timeout 200 $P bench -r 10 -x --no-convergence-phase --no-validate big.bench --json "big${v:+-$v}.json" > "big${v:+-$v}.txt" 2>&1
  grep -E "i32|rror" "big${v:+-$v}.txt"
done
