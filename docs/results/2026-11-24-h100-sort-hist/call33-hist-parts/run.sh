#!/bin/bash
# call 33: os_hist's copies of the counts side by side (OS_HPARTS) at its
# group shapes; argsort and pairs against 4de7edd (no parity words there).
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
bash scripts/gpu-variants.sh $B $O base=@s p8=OS_HPARTS=8@s p4=OS_HPARTS=4@s p2=OS_HPARTS=2@s \
  w256p8=OS_HWG=256,OS_HPARTS=8@s w256p4=OS_HWG=256,OS_HPARTS=4@s w384g5p8=OS_HWG=384,OS_HGROUPS=5,OS_HPARTS=8@s \
  w256g6p8=OS_HWG=256,OS_HGROUPS=6,OS_HPARTS=8@s w128g12p8=OS_HGROUPS=12,OS_HPARTS=8@s w512g4p8=OS_HWG=512,OS_HGROUPS=3,OS_HPARTS=8@s \
  p8i16=OS_HPARTS=8,OS_HITEMS=16@s p8i4=OS_HPARTS=8,OS_HITEMS=4@s \
  a-base=@a p-base=@p base=@s p8=OS_HPARTS=8@s > $OUT/variants.txt 2>&1
cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for round in 1 2; do
  for s in a p; do
  $R/old/psearch bench -r 30 -x --no-convergence-phase $s.bench --json old$s$round.json > old$s$round.txt 2>&1
  echo "== old 4de7edd $s round $round: $(grep -o 'kernel time .*' old$s$round.txt | head -1)"
  done
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
