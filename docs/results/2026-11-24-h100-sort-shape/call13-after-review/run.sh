#!/bin/bash
# call 13 (2026-11-24): after the review's refactor of segmented_reduce's look-backs
# (no change of behaviour): test_cost both ways on the GPU and the A/B of call 12 once.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for v in 1 0; do
  PSEARCH_TEST_TUNE=COST_WARPLB=$v LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_cost > "test_cost-warplb$v.log" 2>&1
  echo "test_cost COST_WARPLB=$v: exit $? ($(grep -c '^\[       OK \]' "test_cost-warplb$v.log") passed)" | tee -a tests.txt
done
printf -- '-- seg\n==\nentry: segmented_scan segmented_reduce\nrandom input { [10000000]i32 [10000000]bool }\nrandom input { [33554431]i32 [33554431]bool }\n' > seg.bench
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://;s/\[[0-9]*\]bool//' | tr '\n' ';'; echo; }
for v in 0 1; do
  PSEARCH_TEST_TUNE=COST_WARPLB=$v $P bench -r 50 -x --no-convergence-phase seg.bench --json "s-warplb$v.json" > "s-warplb$v.txt" 2>&1
  echo "== COST_WARPLB=$v: $(show s-warplb$v.txt)"
done
grep -h validation s-*.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
