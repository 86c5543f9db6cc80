#!/bin/bash
# call 126: os_hist counting all 4 passes takes 70 us, 3 passes 60 (call 125): its
# registers (ptxas on its PTX) and its groups an SM (OS_HGROUPS), its loads in flight.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
: > $OUT/variants.txt
V=$ROOT/scripts/gpu-variants.sh
A="s=@s s6=OS_HGROUPS=6@s s7=OS_HGROUPS=7@s s4=OS_HGROUPS=4@s sh1=OS_HITEMS=1@s sw512=OS_HWG=512,OS_HGROUPS=4@s sw128=OS_HWG=128,OS_HGROUPS=16@s p=@p"
timeout 450 bash $V $B $OUT/v $A $A >> $OUT/variants.txt 2>&1
grep -v "^  \|spill" $OUT/variants.txt
grep "os_hist:" $OUT/variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
