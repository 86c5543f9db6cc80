#!/bin/bash
# call 58: with a key's slot by one look-up, the tile shapes again (keys only), and the
# atomic-OR peers with values
set -u
R=$(pwd)/.carry; B=$R/psearch
bash scripts/gpu-variants.sh $B $OUT/r s=@s i16=OS_ITEMS=16@s i17=OS_ITEMS=17@s i19=OS_ITEMS=19@s i20=OS_ITEMS=20@s \
  w256i24g4=OS_WG=256,OS_ITEMS=24,OS_MIN_GROUPS=4@s w512i16g2=OS_WG=512,OS_ITEMS=16,OS_MIN_GROUPS=2@s w256i16g5=OS_WG=256,OS_ITEMS=16,OS_MIN_GROUPS=5@s \
  p=@p por=OS_PEERS_OR=1@p a=@a aor=OS_PEERS_OR=1@a s=@s > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r/*.txt && rm -rf r
grep -E "Used" variants.txt | sort | uniq -c
tail -14 variants.txt
