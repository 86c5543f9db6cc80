#!/bin/bash
# call 48, the final call of 2026-11-24's fifth session: the sort issue's figures
# (scripts/gpu-sort.sh) with one work-item's look-back (COST_WARPLB=0, the
# previous scan and filter) as a variant, then a second round of the look-back
# primitives both ways (ABAB).
set -u
R=$(pwd); B=$R/.carry/psearch; P=$B/psearch
bash scripts/gpu-sort.sh .carry/psearch $OUT/r COST_WARPLB=0 > $OUT/r-log.txt 2>&1
cd $OUT/r
RR="-r 50 -x --no-convergence-phase"
E="-e scan -e scan_exclusive -e filter -e segmented_reduce"
$P bench $RR prims.bench $E --json prims-round2.json > prims-round2.txt 2>&1
PSEARCH_TEST_TUNE=COST_WARPLB=0 $P bench $RR prims.bench $E --json variant-prims-round2-COST_WARPLB=0.json > variant-prims-round2-COST_WARPLB=0.txt 2>&1
rm -f allkept.in
cat $OUT/r-log.txt | tail -70
grep -E "^Results|i32|allkept" prims-round2.txt variant-prims-round2-COST_WARPLB=0.txt | grep -v "runs;"
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
