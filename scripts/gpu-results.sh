#!/bin/bash
# gpu-results.sh BUNDLE OUTDIR: every GPU figure of docs/performance.md in
# one call on one machine: the machine's state, the kernel tests of this very
# binary on this GPU, psearch bench (--json) on the suites the figures come
# from, then the peers (torch/CuPy and CUB, scripts/anchors) on the same GPU.
# The files of OUTDIR are committed under docs/results/ (docs/results/README.md).
# Random-key searches run with --no-validate: their sequential C reference
# takes about a minute per entry at 2^25 keys; test_search checks those kernels
# against the c backend on this GPU first, at the edge sizes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/results}"

echo "== kernel tests on the default device"
for t in test_engine test_search test_cost test_radix; do
  LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/$t > $t.log 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' $t.log) passed)"
done | tee tests.txt

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
cat torch.txt cub.txt
grep -h -B1 "RSD" engine.txt search.txt search_random.txt nary.txt nary_random.txt cost.txt | grep -v "^--" | head -120
