#!/bin/bash
# the sort issue's figures (scripts/gpu-sort.sh, with the old keys-only tile shape,
# 256 x 28, as a variant); segmented_scan and segmented_reduce by the build before
# (.carry/old, d33d043: two look-backs) and this one (one), ABAB; the registers of
# os_pass (the driver's PTX through ptxas -v)
set -u
R=$(pwd)
bash scripts/gpu-sort.sh .carry/psearch $OUT/r OS_WG=256,OS_ITEMS=28 > $OUT/r-log.txt 2>&1
rm -f $OUT/r/allkept.in
cd $OUT/r && mkdir -p seg ptx && cd seg
printf -- '-- segmented\n==\nentry: segmented_scan segmented_reduce\nrandom input { [10000000]i32 [10000000]bool }\nrandom input { [33554431]i32 [33554431]bool }\n' > seg.bench
for r in 1 2; do
  for b in old new; do
    X=$R/.carry/psearch/psearch; [ $b = old ] && X=$R/.carry/old/psearch
    $X bench -r 50 -x --no-convergence-phase seg.bench --json "seg-$b-$r.json" > "seg-$b-$r.txt" 2>&1
  done
done
cd ../ptx
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '-- k\n==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n' > k.bench
$R/.carry/psearch/psearch bench -r 2 k.bench > k.txt 2>&1
for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do tail -c +21 "$f" | tr -d '\000' > k.ptx
  /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass" | grep -E "entry|registers"; done > regs.txt
rm -f k.ptx
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
