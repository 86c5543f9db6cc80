#!/bin/bash
# call 138 on the H200: reduce and the other look-back primitives beside CUB in one call;
# three rounds of CUB's anchor followed by psearch's radix_sort_pairs and radix_sort
# (scripts/gpu-variants.sh, bench -r 30 -x, by span); then test_search with room for its
# CPU-only multicore test (call 137 cut it at 90 s).
set -u
ROOT=$(pwd); B=$ROOT/.carry/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
bash $ROOT/scripts/machine.sh $B/psearch > machine.txt 2>&1; head -4 machine.txt
cat > prims.bench <<'S'
-- reduce and the look-back primitives next to the copy (filter: x >= 0, about half kept)
==
entry: bench_copy reduce scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
timeout 120 $B/psearch bench -r 50 -x --no-convergence-phase prims.bench --json prims.json > prims.txt 2> prims.err
echo "prims rc $?"; grep -E '^Results|^\[' prims.txt; grep -o 'kernel time .*' prims.txt
timeout 60 $B/anchors/cub_anchor 33554431 10000000 > cub0.txt 2>&1; grep -E 'Reduce|InclusiveSum|Select' cub0.txt
for r in 1 2 3; do
  timeout 60 $B/anchors/cub_anchor 33554431 10000000 > cub$r.txt 2>&1
  echo "round $r: $(grep -E 'Sort(Pairs|Keys).*full range' cub$r.txt | tr '\n' ' ')"
  timeout 150 bash $ROOT/scripts/gpu-variants.sh $B $OUT/v/r$r p=@p s=@s > variants$r.txt 2>&1
  grep "^== " variants$r.txt
done
(cd $B && LD_LIBRARY_PATH=$B/lib timeout 240 bin/test_search) > test_search.txt 2>&1; echo "test_search: rc $? $(tail -1 test_search.txt)"
