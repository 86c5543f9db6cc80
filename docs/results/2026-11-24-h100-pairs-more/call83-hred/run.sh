#!/bin/bash
# call 83: os_hist's increments as red.shared.add (OS_HRED=1) or atomic_add (OS_HRED=2)
# rather than atomic_inc; the PTX and SASS of os_hist's increments; pairs and keys, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in "" OS_HRED=1 OS_HRED=2; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "[$t] $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
K=$XDG_CACHE_HOME/psearch/kernels; CU=/usr/local/cuda/bin
mkdir -p $OUT/ptx; i=0
for f in $K/*; do
  tail -c +21 "$f" | tr -d '\000' > k.ptx
  grep -q "\.entry os_hist" k.ptx || continue
  i=$((i + 1)); cp k.ptx $OUT/ptx/k$i.ptx
  echo "== k$i: $(grep -o '\-D[A-Z]*' k.ptx | head -0) atom/red lines: $(grep -cE 'atom\.shared|red\.shared' k.ptx)"
  grep -E "atom\.shared|red\.shared" k.ptx | sort | uniq -c | head -5
  $CU/ptxas -arch=sm_90 k.ptx -o k.cubin 2>/dev/null && $CU/cuobjdump -sass k.cubin > $OUT/ptx/k$i.sass 2>/dev/null
  awk '/Function : os_hist/,/Function : os_[ps]/' $OUT/ptx/k$i.sass | grep -oE "ATOMS[.A-Z0-9]*|RED[.A-Z0-9]*" | sort | uniq -c
done
V=$ROOT/scripts/gpu-variants.sh
bash $V $B $OUT/v p=@p r1=OS_HRED=1@p r2=OS_HRED=2@p s=@s sr1=OS_HRED=1@s sr2=OS_HRED=2@s \
  r1h4=OS_HRED=1,OS_HITEMS=4@s r1w=OS_HRED=1,OS_HWG=512,OS_HGROUPS=4@s \
  p=@p r1=OS_HRED=1@p r2=OS_HRED=2@p s=@s sr1=OS_HRED=1@s sr2=OS_HRED=2@s > $OUT/variants.txt 2>&1
sed -n '/^[a-z0-9-]*  /p' $OUT/variants.txt | tail -20
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
