#!/bin/bash
# call 82: look-back words read LBW (8, 16) at once after a window of counts only
# (OS_LBW), and os_hist's counts in 16 columns of 16-bit halves (OS_HCOL16) at
# 6 groups of 256 or 4 of 512 an SM; pairs and keys, against the defaults, ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
for t in "" OS_LBW=16 OS_LBW=8 OS_HCOL16=1,OS_HGROUPS=6 OS_HCOL16=1,OS_HWG=512,OS_HGROUPS=4; do
  PSEARCH_TEST_TUNE=$t timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity [$t] failed"; tail -20 sane.txt; exit 1; }
  echo "[$t] $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
done
LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix: exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)"
V=$ROOT/scripts/gpu-variants.sh
bash $V $B $OUT/v p=@p w16=OS_LBW=16@p w8=OS_LBW=8@p h6=OS_HCOL16=1,OS_HGROUPS=6@p h4=OS_HCOL16=1,OS_HWG=512,OS_HGROUPS=4@p h8=OS_HCOL16=1@p \
  s=@s sw16=OS_LBW=16@s sw8=OS_LBW=8@s sh6=OS_HCOL16=1,OS_HGROUPS=6@s sh4=OS_HCOL16=1,OS_HWG=512,OS_HGROUPS=4@s \
  p=@p w16=OS_LBW=16@p w8=OS_LBW=8@p h6=OS_HCOL16=1,OS_HGROUPS=6@p h4=OS_HCOL16=1,OS_HWG=512,OS_HGROUPS=4@p \
  s=@s sw16=OS_LBW=16@s sw8=OS_LBW=8@s > $OUT/variants.txt 2>&1
sed -n '/^p  \|^[a-z0-9]*  /p' $OUT/variants.txt | tail -20
grep -h "spill" $OUT/variants.txt | sort | uniq -c
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
