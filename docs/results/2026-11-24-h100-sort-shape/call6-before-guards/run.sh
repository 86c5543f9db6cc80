#!/bin/bash
# the sort issue's figures (scripts/gpu-sort.sh, with the old keys-only tile shape,
# 256 x 28, as a variant), then the registers and local memory of os_pass and
# os_hist (the driver's PTX through ptxas -v). segmented_reduce's A/B against the
# build with two look-backs is in call2-shapes and call4-before-counters.
set -u
R=$(pwd)
bash scripts/gpu-sort.sh .carry/psearch $OUT/r OS_WG=256,OS_ITEMS=28 > $OUT/r-log.txt 2>&1
rm -f $OUT/r/allkept.in
cd $OUT/r && mkdir -p ptx && cd ptx
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '-- k\n==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n' > k.bench
$R/.carry/psearch/psearch bench -r 2 k.bench > k.txt 2>&1
for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do tail -c +21 "$f" | tr -d '\000' > k.ptx
  /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass\|entry function .os_hist" | grep -E "entry|registers"; done > regs.txt
rm -f k.ptx k.bench
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
