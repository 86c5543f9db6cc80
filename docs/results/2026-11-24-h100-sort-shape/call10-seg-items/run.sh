#!/bin/bash
# call 10 (2026-11-24): segmented_reduce's one look-back chain at other tile sizes
# (COST_ITEMS 8-32) and both group scans (COST_SHFL), next to segmented_scan; two rounds.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '-- seg\n==\nentry: segmented_scan segmented_reduce\nrandom input { [10000000]i32 [10000000]bool }\nrandom input { [33554431]i32 [33554431]bool }\n' > seg.bench
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://;s/\[[0-9]*\]bool//' | tr '\n' ';'; echo; }
for r in 1 2; do
  for v in default COST_ITEMS=8 COST_ITEMS=12 COST_ITEMS=20 COST_ITEMS=24 COST_ITEMS=32 COST_SHFL=0 COST_SHFL=1; do
    PSEARCH_TEST_TUNE=${v#default} $P bench -r 50 -x --no-convergence-phase seg.bench --json "s-$v-$r.json" > "s-$v-$r.txt" 2>&1
    echo "== $v round $r: $(show s-$v-$r.txt)"
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
