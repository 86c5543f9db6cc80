#!/bin/bash
# gpu-search.sh BUNDLE OUTDIR [VARIANT...]: the search family's figures of
# issue #18 (docs/performance.md) in one call on one GPU: the machine,
# test_search of this very binary on this GPU, psearch bench -x on the layouts
# and the best searches at [33554431]i32 next to the copy, then thrust's
# lower_bound (CUB anchor) and torch.searchsorted on the same GPU. Random-key
# searches run with --no-validate (their sequential reference takes a minute
# at 2^25 keys; test_search checked the kernels on this GPU first). Each
# VARIANT is a PSEARCH_TEST_TUNE value tried on the same suite (tuning).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/results}"
shift 2 2>/dev/null
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_search > test_search.log 2>&1
echo "test_search: exit $? ($(grep -c '^\[       OK \]' test_search.log) passed)" | tee tests.txt
grep -m5 -E "FAILED|differ|error" test_search.log
cat > search.bench <<'S'
-- issue #18: layouts and the best searches at the post's size, next to the copy
==
entry: bench_copy to_eytzinger to_btree bench_binary_search bench_sorted_keys_search bench_btree_search bench_btree_search_random bench_btree_search_random_grouped bench_binary_search_random
random sorted input { [33554431]i32 }
==
entry: bench_eytzinger_search bench_eytzinger_search_random
random eytzinger input { [33554431]i32 }
S
R="-r 50 -x --no-convergence-phase --no-validate"
echo "== search"
$P bench $R search.bench --json search.json > search.txt 2> search.err; tail -3 search.err; cat search.txt
for v in "$@"; do
  echo "== variant $v"
  PSEARCH_TEST_TUNE=$v $P bench $R search.bench -e bench_copy -e bench_btree_search_random \
    -e bench_btree_search_random_grouped -e bench_btree_search -e bench_eytzinger_search -e bench_eytzinger_search_random \
    --json "variant-$v.json" 2>&1 | grep -E "^Results|^sorted|^ +[0-9]+ runs"
done
echo "== peers on the same GPU"
[ -x $B/anchors/cub_anchor ] && $B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -i -E "lower_bound|copy|CUB" cub.txt
python3 $B/anchors/torch_anchor.py > torch.txt 2>&1
grep -i -E "search|copy|torch" torch.txt | head -12
