#!/bin/bash
# call 36: the new defaults (os_hist 256 x 4-key loads, values' digits packed)
# against 4de7edd; two keys ranked at a time (OS_RANK2) at the keys' shapes
# and with values; test_radix on the GPU.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
bash scripts/gpu-variants.sh $B $O base=@s r2=OS_RANK2=1@s r2x20=OS_RANK2=1,OS_ITEMS=20@s r2x16=OS_RANK2=1,OS_ITEMS=16@s \
  r2w512=OS_RANK2=1,OS_WG=512,OS_MIN_GROUPS=2@s \
  a-base=@a a-r2=OS_PEERS_OR=1,OS_RANK2=1@a p-base=@p p-r2=OS_PEERS_OR=1,OS_RANK2=1@p \
  base=@s r2=OS_RANK2=1@s > $OUT/variants.txt 2>&1
cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for s in s a p; do
  $R/old/psearch bench -r 30 -x --no-convergence-phase $s.bench --json old$s.json > old$s.txt 2>&1
  echo "== old 4de7edd $s: $(grep -o 'kernel time .*' old$s.txt | head -1)"
done >> $OUT/variants.txt
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix rc=$?" >> $OUT/variants.txt
tail -2 test_radix.log >> $OUT/variants.txt
python3 - >> $OUT/variants.txt <<'PY'
import json,glob
for f in sorted(glob.glob('*.json')):
    d=json.load(open(f))
    for k,v in d.items():
        for ds,r in v['datasets'].items():
            ps=r['psearch']; print(f"{f:22s} {ps['kernel_us_mean']:8.1f}", {a:round(b,1) for a,b in ps['kernels_us_mean'].items()})
PY
cd $OUT && tar czf r.tgz r && rm -rf r
cat $OUT/variants.txt
