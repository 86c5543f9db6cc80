#!/bin/bash
# call 140 on the H200: reduce in one launch, its fences by membar.gl (device_fence, prelude.cl;
# call 139 showed mem_fence compiled to membar.cta). test_cost on the
# H200 (with the poisoned reruns), the fences in the driver's PTX of reduce_sum, 300 poisoned runs
# validated, then the primitives by this build and by the build of b1a1007 (two kernels), ABAB,
# between two runs of CUB's anchor.
set -u
ROOT=$(pwd); B=$ROOT/.carry/psearch; O=$ROOT/.carry/base
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
bash $ROOT/scripts/machine.sh $B/psearch > machine.txt 2>&1; head -4 machine.txt
(cd $B && LD_LIBRARY_PATH=$B/lib timeout 150 bin/test_cost) > test_cost.txt 2>&1; echo "test_cost: rc $? $(tail -1 test_cost.txt)"
grep -E 'FAILED|differ' test_cost.txt | head -5
timeout 60 $B/anchors/cub_anchor 33554431 10000000 > cub1.txt 2>&1; grep -E 'Reduce|InclusiveSum|Select' cub1.txt
cat > red.bench <<'S'
==
entry: reduce
random input { [10000000]i32 }
random input { [33554431]i32 }
random input { [1000003]i32 }
S
PSEARCH_TEST_POISON=1 timeout 60 $B/psearch bench -r 300 --no-convergence-phase red.bench --json poison.json > poison.txt 2> poison.err
echo "poisoned: rc $?"; grep -h '"validation"' poison.json | sort | uniq -c
for f in $XDG_CACHE_HOME/psearch/kernels/*; do
  tail -c +21 "$f" | tr -d '\000' > k.ptx
  grep -q '\.entry reduce_sum' k.ptx && { grep -n -E 'membar|fence|atom|ld\.volatile|\.entry' k.ptx | head -20 > reduce_ptx.txt; cp k.ptx reduce_sum.ptx; }
done
rm -f k.ptx; echo "== reduce_sum's PTX"; grep -E 'membar|fence|atom|volatile' reduce_ptx.txt
cat > prims.bench <<'S'
==
entry: bench_copy reduce scan filter
random input { [10000000]i32 }
random input { [33554431]i32 }
S
for k in 1 2; do
  for b in new old; do
    bin=$B/psearch; [ $b = old ] && bin=$O/psearch
    timeout 120 $bin bench -r 50 -x --no-convergence-phase prims.bench --json "$b$k.json" > "$b$k.txt" 2>&1
    echo "== $b ($($bin --version)) round $k: $(grep -o 'kernel time .*' $b$k.txt | sed 's/kernel time //' | tr '\n' '|')"
  done
done
timeout 60 $B/anchors/cub_anchor 33554431 10000000 > cub2.txt 2>&1; grep -E 'Reduce|InclusiveSum|Select' cub2.txt
