#!/bin/bash
# call 35: argsort and pairs with the values' destinations as packed digits
# (OS_VDIG=1) or kept whole (0), ABAB, against 4de7edd; keys-only os_hist
# at 256 x 4-key loads, 2 in flight, against the defaults.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
H=OS_HWG=256,OS_HVEC=4,OS_HITEMS=2
bash scripts/gpu-variants.sh $B $O a-dig=OS_VDIG=1@a a-dst=OS_VDIG=0@a p-dig=OS_VDIG=1@p p-dst=OS_VDIG=0@p \
  base=@s h=$H@s a-dig=OS_VDIG=1@a a-dst=OS_VDIG=0@a p-dig=OS_VDIG=1@p p-dst=OS_VDIG=0@p base=@s h=$H@s \
  p-dst-h=OS_VDIG=0,$H@p a-dig-h=OS_VDIG=1,$H@a > $OUT/variants.txt 2>&1
cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for r in 1 2; do for s in a p s; do
  $R/old/psearch bench -r 30 -x --no-convergence-phase $s.bench --json old$s$r.json > old$s$r.txt 2>&1
  echo "== old 4de7edd $s: $(grep -o 'kernel time .*' old$s$r.txt | head -1)"
done; done >> $OUT/variants.txt
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
