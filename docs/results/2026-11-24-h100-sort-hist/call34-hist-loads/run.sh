#!/bin/bash
# call 34: os_hist with vector loads (OS_HVEC) at its group shapes; argsort
# and pairs with the values' destinations as packed digits (fewer registers),
# with the atomic-OR ranking and larger tiles; both against 4de7edd.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
bash scripts/gpu-variants.sh $B $O base=@s w256=OS_HWG=256@s v4=OS_HVEC=4@s w256v4=OS_HWG=256,OS_HVEC=4@s \
  w256v4i4=OS_HWG=256,OS_HVEC=4,OS_HITEMS=4@s w384g5v4=OS_HWG=384,OS_HGROUPS=5,OS_HVEC=4@s v2=OS_HVEC=2@s \
  w256v4i2=OS_HWG=256,OS_HVEC=4,OS_HITEMS=2@s \
  a-base=@a a-or=OS_PEERS_OR=1@a a-x16=OS_ITEMS=16@a a-or-x16=OS_PEERS_OR=1,OS_ITEMS=16@a \
  a-or-384x18=OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=18,OS_MIN_GROUPS=3@a \
  p-base=@p p-or=OS_PEERS_OR=1@p base=@s w256v4=OS_HWG=256,OS_HVEC=4@s > $OUT/variants.txt 2>&1
cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for s in a p s; do
  $R/old/psearch bench -r 30 -x --no-convergence-phase $s.bench --json old$s.json > old$s.txt 2>&1
  echo "== old 4de7edd $s: $(grep -o 'kernel time .*' old$s.txt | head -1)"
done >> $OUT/variants.txt
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
