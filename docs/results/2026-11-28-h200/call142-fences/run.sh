#!/bin/bash
# call 142 on the H200, the session's final tree: device_fence (membar.gl on NVIDIA's devices, with
# or without PSEARCH_TEST_PORTABLE) in reduce_sum and in os_pass's scan group (its offsets before
# the flag; mem_fence had been membar.cta). test_radix and test_cost, also portable; the fences
# in the driver's PTX; the sorts beside the build of b1a1007, ABAB (scripts/gpu-sort-ab.sh);
# reduce, scan and filter beside it, ABAB, between two runs of CUB's anchor.
set -u
ROOT=$(pwd); B=$ROOT/.carry/psearch; O=$ROOT/.carry/base
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
bash $ROOT/scripts/machine.sh $B/psearch > machine.txt 2>&1; head -4 machine.txt
for t in test_radix test_cost test_cost:PORTABLE; do
  bin=${t%%:*}; pt=0; [ "$bin" != "$t" ] && pt=1
  (cd $B && PSEARCH_TEST_PORTABLE=$pt LD_LIBRARY_PATH=$B/lib timeout 100 bin/$bin) > $t.log 2>&1; echo "$t: rc $? $(tail -1 $t.log)"
done | tee tests.txt
printf -- '==\nentry: reduce radix_sort\nrandom input { [100003]i32 }\n' > k.bench
$B/psearch bench -r 3 k.bench > k.txt 2>&1; PSEARCH_TEST_PORTABLE=1 $B/psearch bench -r 3 k.bench >> k.txt 2>&1
for f in $XDG_CACHE_HOME/psearch/kernels/*; do
  tail -c +21 "$f" | tr -d '\000' > k.ptx
  for kn in reduce_sum os_pass; do
    grep -q "\.entry $kn" k.ptx && echo "$kn ($(grep -c 'shfl.sync\|vote.sync' k.ptx) warp ops): $(grep -o 'membar\.[a-z]*' k.ptx | sort | uniq -c | tr '\n' ' ')"
  done
done | tee fences.txt; rm -f k.ptx
timeout 200 bash $ROOT/scripts/gpu-sort-ab.sh $B $OUT/v $O/psearch > sort-ab.log 2>&1; echo "sort-ab rc $?"; cat $OUT/v/ab/ab.txt
timeout 40 $B/anchors/cub_anchor 33554431 10000000 > cub1.txt 2>&1; grep -E 'Reduce|Sort(Pairs|Keys).*full' cub1.txt
printf -- '==\nentry: reduce scan filter\nrandom input { [10000000]i32 }\nrandom input { [33554431]i32 }\n' > prims.bench
for k in 1 2; do
  for b in new old; do
    bin=$B/psearch; [ $b = old ] && bin=$O/psearch
    timeout 60 $bin bench -r 50 -x --no-convergence-phase prims.bench --json "p$b$k.json" > "p$b$k.txt" 2>&1
    echo "== $b round $k: $(grep -o 'span [0-9.]*' p$b$k.txt | tr '\n' ' ')"
  done
done
timeout 40 $B/anchors/cub_anchor 33554431 10000000 > cub2.txt 2>&1; grep -E 'Reduce|Sort(Pairs|Keys).*full' cub2.txt
