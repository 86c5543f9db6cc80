#!/bin/bash
# call 53: os_hist's shape: fewer, wider groups, so fewer groups add their counts with
# global atomics at the end (1056 groups x 1024 counts today)
set -u
R=$(pwd)/.carry; B=$R/psearch
bash scripts/gpu-variants.sh $B $OUT/r s=@s w1024x2=OS_HWG=1024,OS_HGROUPS=2@s w512x4=OS_HWG=512,OS_HGROUPS=4@s \
  w1024x2h4=OS_HWG=1024,OS_HGROUPS=2,OS_HITEMS=4@s w1024x1h4=OS_HWG=1024,OS_HGROUPS=1,OS_HITEMS=4@s w256x4h4=OS_HGROUPS=4,OS_HITEMS=4@s \
  w1024x1h8=OS_HWG=1024,OS_HGROUPS=1,OS_HITEMS=8@s s=@s w1024x2=OS_HWG=1024,OS_HGROUPS=2@s > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r/*.txt && rm -rf r
tail -11 $OUT/variants.txt
