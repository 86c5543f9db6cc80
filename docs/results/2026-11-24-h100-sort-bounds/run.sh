#!/bin/bash
# the sort issue's figures after PTX launch bounds and the digits recomputed
# after the ranking's barrier (scripts/gpu-sort.sh, with 8 and 16 look-back
# words read at once as variants); the old build's (.carry/old: fa4aa4f)
# radix_sort, argsort and radix_sort_pairs beside the new one's, ABAB;
# test_search on the GPU (btree's shuffle now from prelude.cl); os_pass's
# registers, spills and local memory (the driver's PTX through ptxas -v).
set -u
R=$(pwd); B=$R/.carry/psearch; P=$B/psearch
bash scripts/gpu-sort.sh .carry/psearch $OUT/r OS_LBN=8 OS_LBN=16 > $OUT/r-log.txt 2>&1
rm -f $OUT/r/allkept.in
cd $OUT/r
PSEARCH_TEST_TUNE= LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_search > test_search.log 2>&1
echo "test_search: exit $? ($(grep -c '^\[       OK \]' test_search.log) passed)" >> tests.txt
mkdir -p ab && cd ab
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort argsort\nrandom input { [33554431]i32 }\n==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > ab.bench
for round in 1 2; do
  for b in new old; do
    bin=$P; [ $b = old ] && bin=$R/.carry/old/psearch
    $bin bench -r 50 -x --no-convergence-phase ab.bench --json "$b$round.json" > "$b$round.txt" 2>&1
    echo "== $b round $round: $(grep -o 'kernel time [0-9.]*' $b$round.txt | tr '\n' ' ')"
  done
done > ab.txt
cd .. && mkdir -p ptx && cd ptx
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '-- k\n==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n' > k.bench
$P bench -r 2 k.bench > k.txt 2>&1
for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do tail -c +21 "$f" | tr -d '\000' > k.ptx
  echo "$(grep -c minnctapersm k.ptx) .minnctapersm lines"
  /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass\|entry function .os_hist" | grep -E "entry|registers|spill|smem"; done > regs.txt
rm -f k.ptx k.bench
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
