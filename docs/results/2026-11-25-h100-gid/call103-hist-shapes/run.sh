#!/bin/bash
# call 103: os_hist's groups a CU (OS_HGROUPS) and loads in flight (OS_HITEMS) again, on the
# pairs and the keys, with the tree of 1c92e91 (tiles by group id); ABAB against the defaults (8, 2)
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="p=@p g4=OS_HGROUPS=4@p g6=OS_HGROUPS=6@p g16=OS_HGROUPS=16@p h4=OS_HITEMS=4@p s=@s sg4=OS_HGROUPS=4@s"
bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
