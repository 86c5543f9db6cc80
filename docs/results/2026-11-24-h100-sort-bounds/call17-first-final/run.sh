#!/bin/bash
# the sort issue's figures after PTX launch bounds (scripts/gpu-sort.sh, with
# the shape before, 512 x 12 without bounds, and Hillis-Steele's group scan as
# variants); the old build's radix_sort, argsort and radix_sort_pairs beside
# the new one's, ABAB (.carry/old: fa4aa4f); test_search on the GPU (btree's
# shuffle now from prelude.cl); os_pass's registers and spills (the driver's
# PTX through ptxas -v).
set -u
R=$(pwd); B=$R/.carry/psearch; P=$B/psearch
bash scripts/gpu-sort.sh .carry/psearch $OUT/r OS_MIN_GROUPS=0,OS_ITEMS=12 OS_WSCAN=0 > $OUT/r-log.txt 2>&1
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
  /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass\|entry function .os_hist" | grep -E "entry|registers|spill"; done > regs.txt
rm -f k.ptx k.bench
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
