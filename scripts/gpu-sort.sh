#!/bin/bash
# gpu-sort.sh BUNDLE OUTDIR: the sorting family's figures (docs/performance.md)
# in one call on one GPU: the machine, test_radix of this very binary on this
# GPU (the PTX path), psearch bench -x on radix_sort [33554431]i32 and f32
# with the kernel breakdown, the same with PSEARCH_TEST_PORTABLE=1 (the warp
# primitives emulated, as on other vendors' devices), then CUB's SortKeys and
# SortPairs (scripts/anchors/cub_anchor.cu) on the same GPU. Extra arguments
# are environment assignments tried as variants of the i32 case (tuning).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/results}"
shift 2 2>/dev/null
LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_radix > test_radix.log 2>&1
echo "test_radix: exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)" | tee tests.txt
grep -m5 -E "FAILED|differ|error" test_radix.log
cat > sort.bench <<'S'
-- radix_sort on the binary-search post's size, next to the copy roofline
==
entry: bench_copy radix_sort
random input { [33554431]i32 }
random input { [33554431]f32 }
S
R="-r 50 -x --no-convergence-phase"
echo "== radix_sort (PTX warp primitives)"
$P bench $R sort.bench --json sort.json > sort.txt 2> sort.err; tail -3 sort.err; cat sort.txt
echo "== radix_sort (PSEARCH_TEST_PORTABLE=1)"
PSEARCH_TEST_PORTABLE=1 $P bench $R sort.bench -e radix_sort --json sort_portable.json > sort_portable.txt 2>&1
grep -A12 "Results" sort_portable.txt | grep -v "^$" | head -20
for v in "$@"; do
  echo "== variant $v"
  env "$v" $P bench $R sort.bench -e radix_sort --json "variant-$v.json" 2>&1 | grep -E "i32|f32|os_" | head -8
done
echo "== CUB on the same GPU"
[ -x $B/anchors/cub_anchor ] && $B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
cat cub.txt
