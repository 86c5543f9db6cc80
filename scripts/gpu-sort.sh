#!/bin/bash
# gpu-sort.sh BUNDLE OUTDIR [VARIANT...]: the sort issue's figures
# (docs/performance.md) in one call on one GPU: the machine; test_radix and
# test_cost of this very binary on this GPU (the PTX path; test_cost also with
# both group scans, COST_SHFL=0 and 1, with the filter's tile scan,
# COST_BALLOT=0, and with one work-item's look-back, COST_WARPLB=0); psearch bench -x
# on radix_sort and argsort [33554431]i32 and f32 (and i32 in [0, n), the
# peers' range) and on the look-back primitives (scan,
# filter, segmented scan and reduce, at 10^7 and 2^25 - 1; the filter also
# with every element kept) with the kernel
# breakdown, next to the copy; radix_sort with PSEARCH_TEST_PORTABLE=1 (the
# warp primitives emulated, as on other vendors' devices); each VARIANT (a
# PSEARCH_TEST_TUNE value, e.g. OS_LB32=0) as a variant of the sort and of
# scan, filter and segmented_reduce; then
# CUB (scripts/anchors/cub_anchor.cu: SortKeys, SortPairs, InclusiveSum,
# Select::If), torch and CuPy (torch_anchor.py: sort, argsort) on the same GPU.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/results}"
shift 2 2>/dev/null
: > tests.txt
# test_cost also with every op's group scan in each form (COST_SHFL, cost.c)
for t in test_radix test_cost test_cost:COST_SHFL=0 test_cost:COST_SHFL=1 test_cost:COST_BALLOT=0 test_cost:COST_WARPLB=0; do
  bin=${t%%:*} tune=${t#*:}
  [ "$tune" = "$t" ] && tune=
  log=$bin${tune:+-$tune}.log
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/$bin > "$log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
cat > sort.bench <<'S'
-- radix_sort on the binary-search post's size, next to the copy roofline
==
entry: bench_copy radix_sort argsort
random input { [33554431]i32 }
random input { [33554431]f32 }

-- keys with values, CUB's SortPairs
==
entry: radix_sort_pairs
random input { [33554431]i32 [33554431]i32 }

-- the keys (and values) in [0, n), as the peers' anchors make them
==
entry: radix_sort argsort
input @ lo.in

==
entry: radix_sort_pairs
input @ lo2.in
S
$P dataset --i32-bounds=0:33554430 -n 33554431 -o lo.in
$P dataset --i32-bounds=0:33554430 -n 33554431 -n 33554431 -o lo2.in
cat > prims.bench <<'S'
-- the look-back primitives next to the copy
==
entry: bench_copy scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }

-- the filter keeping every element (values in [0, 2^31))
==
entry: filter
input @ allkept.in

-- segmented scan and reduce: random flags (about half set)
==
entry: segmented_scan segmented_reduce segmented_reduce_scan
random input { [10000000]i32 [10000000]bool }
S
$P dataset --i32-bounds=0:2147483647 -n 33554431 -o allkept.in
R="-r 50 -x --no-convergence-phase"
echo "== radix_sort (PTX warp primitives)"
$P bench $R sort.bench --json sort.json > sort.txt 2> sort.err; tail -3 sort.err; cat sort.txt
echo "== look-back primitives"
$P bench $R prims.bench --json prims.json > prims.txt 2> prims.err; tail -3 prims.err; cat prims.txt
echo "== radix_sort (PSEARCH_TEST_PORTABLE=1)"
PSEARCH_TEST_PORTABLE=1 $P bench $R sort.bench -e radix_sort --json sort_portable.json > sort_portable.txt 2>&1
grep -E "i32|f32|os_" sort_portable.txt | head -12
for v in "$@"; do
  echo "== variant PSEARCH_TEST_TUNE=$v"
  PSEARCH_TEST_TUNE="$v" $P bench $R sort.bench -e radix_sort --json "variant-$v.json" > "variant-$v.txt" 2>&1
  PSEARCH_TEST_TUNE="$v" $P bench $R prims.bench -e scan -e scan_exclusive -e filter -e segmented_reduce --json "variant-prims-$v.json" \
    > "variant-prims-$v.txt" 2>&1
  grep -E "^Results|i32|f32" "variant-$v.txt" "variant-prims-$v.txt" | grep -v "runs;" | sed 's/^variant-//'
done
echo "== CUB on the same GPU"
[ -x $B/anchors/cub_anchor ] && $B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
cat cub.txt
echo "== torch and CuPy on the same GPU"
python3 $B/anchors/torch_anchor.py 33554431 10000000 > torch.txt 2>&1
cat torch.txt
