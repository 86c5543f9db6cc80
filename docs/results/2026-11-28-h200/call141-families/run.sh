#!/bin/bash
# call 141 on the H200: the bench part of scripts/gpu-results.sh (every GPU figure of
# docs/performance.md's families: engine and launch floor, search, N-ary, cost model) on the
# tree of this session, then the peers (torch, CuPy, CUB). The kernel tests of the same
# binary ran on the H200 in calls 137-140 (test_engine, test_search, test_radix, test_cost).
set -u
here=$(pwd)/scripts
. "$here/gpu-setup.sh" .carry/psearch "$OUT/v"
R50="-r 50 -x --no-convergence-phase"
cat > floor.bench <<'S'
-- the launch floor: one element
==
entry: bench_copy sorted
random input { [1]i32 }
S
echo "== engine and launch floor: -r 100 -x, convergence up to 5 s"
$P bench -r 100 -x --convergence-max-seconds 5 builtin:engine.bench floor.bench --json engine.json > engine.txt
echo "== search"
$P bench $R50 builtin:search.bench -e bench_copy -e to_eytzinger -e to_btree -e bench_binary_search \
  -e bench_btree_search -e bench_sorted_keys_search -e bench_eytzinger_search --json search.json > search.txt
$P bench $R50 --no-validate builtin:search.bench -e bench_binary_search_random -e bench_btree_search_random \
  -e bench_eytzinger_search_random --json search_random.json > search_random.txt
$P bench $R50 builtin:nary.bench -e bench_binary_search -e bench_nary4_search -e bench_nary16_search \
  -e bench_nary64_search -e nary_search -e binary_search --json nary.json > nary.txt
$P bench $R50 --no-validate builtin:nary.bench -e bench_nary16_search_random --json nary_random.json > nary_random.txt
echo "== cost-model family"
$P bench $R50 builtin:cost.bench --json cost.json > cost.txt
echo "== peers on the same GPU"
python3 $B/anchors/torch_anchor.py 33554431 10000000 > torch.txt 2>&1
[ -x $B/anchors/cub_anchor ] && $B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -h -B1 "RSD" engine.txt search.txt search_random.txt nary.txt nary_random.txt cost.txt | grep -v "^--" | cut -c1-120 | head -150
