#!/bin/bash
# the sort issue's figures (scripts/gpu-sort.sh, with the old filter and the old tile size as
# variants), then the registers of the look-back kernels (the driver's PTX through ptxas -v)
set -u
R=$(pwd)
bash scripts/gpu-sort.sh .carry/psearch $OUT/r COST_BALLOT=0 COST_ITEMS=16 > $OUT/r-log.txt 2>&1
rm -f $OUT/r/allkept.in
export XDG_CACHE_HOME=$(mktemp -d)
cd $OUT/r && mkdir -p ptx && cd ptx
printf -- '-- k\n==\nentry: scan scan_exclusive filter\nrandom input { [100000]i32 }\n\n-- s\n==\nentry: segmented_scan segmented_reduce\nrandom input { [100000]i32 [100000]bool }\n' > k.bench
$R/.carry/psearch/psearch bench -r 3 k.bench > k.txt 2>&1
for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do tail -c +21 "$f" | tr -d '\000' > "$(basename $f .bin).ptx"; done
for f in *.ptx; do grep -q "^\.entry\|\.entry" "$f" || continue; echo "== $f"; (/usr/local/cuda/bin/ptxas -v -arch=sm_90 "$f" -o /dev/null 2>&1 || ptxas -v -arch=sm_90 "$f" -o /dev/null 2>&1) | grep -E "Compiling|registers"; done > regs.txt 2>&1
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
