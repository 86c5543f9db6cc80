#!/bin/bash
# call 37: the atomic OR's scratch words by turns (OS_PM2: 2 warp syncs a
# key, not 3) at the keys' shapes, ABAB.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
bash scripts/gpu-variants.sh $B $O base=@s pm2=OS_PM2=1@s pm2x20=OS_PM2=1,OS_ITEMS=20@s pm2x16=OS_PM2=1,OS_ITEMS=16@s \
  pm2w512=OS_PM2=1,OS_WG=512,OS_MIN_GROUPS=2@s f-base=@f f-pm2=OS_PM2=1@f base=@s pm2=OS_PM2=1@s > $OUT/variants.txt 2>&1
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
