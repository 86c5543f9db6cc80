#!/bin/bash
# call 106: the pairs (and argsort) in narrower groups of more keys a work-item, two
# groups an SM (more registers a work-item): 384 x 22/24, 448 x 20, 320 x 28; ABAB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="p=@p p384x22=OS_WG=384,OS_ITEMS=22,OS_MIN_GROUPS=2@p p384x24=OS_WG=384,OS_ITEMS=24,OS_MIN_GROUPS=2@p p448x20=OS_WG=448,OS_ITEMS=20,OS_MIN_GROUPS=2@p p320x28=OS_WG=320,OS_ITEMS=28,OS_MIN_GROUPS=2@p a=@a a384x24=OS_WG=384,OS_ITEMS=24,OS_MIN_GROUPS=2@a a448x20=OS_WG=448,OS_ITEMS=20,OS_MIN_GROUPS=2@a"
timeout 560 bash $V $B $OUT/v $A $A > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
grep "^== " $OUT/variants.txt
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
