#!/bin/bash
# call 38: argsort's tile shapes now that the values' places take ITEMS / 4
# registers (packed digits), with ballots and with the atomic OR.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
bash scripts/gpu-variants.sh $B $O a-base=@a \
  a-384x14=OS_WG=384,OS_ITEMS=14,OS_MIN_GROUPS=3@a a-384x16=OS_WG=384,OS_ITEMS=16,OS_MIN_GROUPS=3@a \
  a-384x18=OS_WG=384,OS_ITEMS=18,OS_MIN_GROUPS=3@a \
  a-or-384x14=OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=14,OS_MIN_GROUPS=3@a a-or-384x16=OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=16,OS_MIN_GROUPS=3@a \
  a-512x15=OS_ITEMS=15@a a-448x16=OS_WG=448,OS_ITEMS=16@a a-256x20=OS_WG=256,OS_ITEMS=20,OS_MIN_GROUPS=4@a \
  a-256x24=OS_WG=256,OS_ITEMS=24,OS_MIN_GROUPS=4@a a-or-512x14=OS_PEERS_OR=1@a \
  p-base=@p a-base=@a > $OUT/variants.txt 2>&1
cd $O
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
