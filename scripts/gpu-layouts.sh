#!/bin/bash
# gpu-layouts.sh BUNDLE OUTDIR: issue #18's layout table (docs/performance.md) in
# one call on one GPU: every layout and search psearch has, one key per
# element, keys in array order and random, at 2^20 (in the L2), 2^25 and 2^28
# elements of i32 (SIZES overrides), next to the copy: binary search,
# Eytzinger (with and without the prefetch four levels down), the B+ tree with
# internal nodes of 8 and of 16 keys, the N-ary search (4, 16, 64 work-items
# per key), the sorted-keys window search. -r 10, unvalidated (the sequential
# references take minutes at 2^28; test_search checks the kernels on the GPU
# first). To layout-*.json/.txt.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/layouts}"
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_search > test_search.log 2>&1
echo "test_search: exit $? ($(grep -c '^\[       OK \]' test_search.log) passed)" | tee tests.txt
{
  echo "-- issue #18: every layout at three sizes (scripts/gpu-layouts.sh)"
  echo "=="
  echo "entry: bench_copy bench_binary_search bench_binary_search_random bench_btree_search bench_btree_search_random bench_sorted_keys_search bench_nary4_search bench_nary16_search bench_nary64_search bench_nary16_search_random"
  for n in ${SIZES:-1048576 33554432 268435456}; do echo "random sorted input { [$n]i32 }"; done
  echo "=="
  echo "entry: bench_eytzinger_search bench_eytzinger_search_random"
  for n in ${SIZES:-1048576 33554432 268435456}; do echo "random eytzinger input { [$n]i32 }"; done
} > layouts.bench
R="-r 10 -x --no-convergence-phase --no-validate"
$P bench $R layouts.bench --json layout-base.json > layout-base.txt 2> layout-base.err
echo "== base: exit $?"; grep -E "^Results|^[a-z ]*\[" layout-base.txt
for v in EYTZ_PREFETCH=1 BTREE_F=16; do
  PSEARCH_TEST_TUNE=$v $P bench $R layouts.bench -e bench_eytzinger_search -e bench_eytzinger_search_random \
    -e bench_btree_search -e bench_btree_search_random --json "layout-${v%%=*}.json" > "layout-${v%%=*}.txt" 2>&1
  echo "== $v: exit $?"; grep -E "^Results|^[a-z ]*\[" "layout-${v%%=*}.txt"
done
