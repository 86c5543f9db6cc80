#!/bin/bash
# call 104: os_hist's last group scans the totals (OS_HSCAN: no os_scan launch),
# its groups walk their own runs (OS_HCHUNK) and count pass by pass (OS_HPO);
# the pairs at 384 x 16/18/20 with 3 groups an SM; ABAB against the defaults.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
V=$ROOT/scripts/gpu-variants.sh
A="s=@s hs=OS_HSCAN=1@s hc=OS_HCHUNK=1@s hp=OS_HPO=1@s hsc=OS_HSCAN=1,OS_HCHUNK=1@s p=@p phs=OS_HSCAN=1@p p16=OS_WG=384,OS_ITEMS=16,OS_MIN_GROUPS=3@p p18=OS_WG=384,OS_ITEMS=18,OS_MIN_GROUPS=3@p p20=OS_WG=384,OS_ITEMS=20,OS_MIN_GROUPS=3@p a=@a ahs=OS_HSCAN=1@a"
B2="s=@s hs=OS_HSCAN=1@s hc=OS_HCHUNK=1@s hp=OS_HPO=1@s p=@p phs=OS_HSCAN=1@p a=@a ahs=OS_HSCAN=1@a"
timeout 560 bash $V $B $OUT/v $A $B2 > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
grep "^== " $OUT/variants.txt
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -30
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf r v && ls -la
