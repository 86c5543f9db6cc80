#!/bin/bash
# call 41: SASS of psearch's os_pass/os_hist (keys, argsort, pairs) and of CUB's
# onesweep and histogram kernels, to compare instruction streams offline.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n==\nentry: radix_sort_pairs\nrandom input { [100000]i32 [100000]i32 }\n' > k.bench
$P bench -r 2 k.bench > k.txt 2>&1
i=0
for f in "$XDG_CACHE_HOME"/psearch/kernels/*.bin; do
  tail -c +21 "$f" | tr -d '\000' > p$i.ptx
  if grep -q "\.entry os_pass" p$i.ptx; then
    /usr/local/cuda/bin/ptxas -v -arch=sm_90 p$i.ptx -o p$i.cubin > p$i.ptxas 2>&1
    /usr/local/cuda/bin/cuobjdump -sass p$i.cubin > p$i.sass 2>&1
    rm -f p$i.cubin
  else rm -f p$i.ptx; fi
  i=$((i+1))
done
/usr/local/cuda/bin/cuobjdump -sass $B/anchors/cub_anchor > cub.sass 2>&1
xz -9 cub.sass
ls -la; wc -l p*.sass; grep -c "Function" cub.sass.xz; nvidia-smi --query-gpu=name,driver_version --format=csv
