#!/bin/bash
# call 44: values at CUB's shape: groups of 384, 2 an SM (85 registers), 18-24 keys a work-item,
# with ballots and with the atomic OR.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
G=OS_WG=384,OS_MIN_GROUPS=2
bash scripts/gpu-variants.sh $B $O a-base=@a a-384x18=$G,OS_ITEMS=18@a a-384x20=$G,OS_ITEMS=20@a a-384x22=$G,OS_ITEMS=22@a a-384x24=$G,OS_ITEMS=24@a \
  a-or-384x18=$G,OS_PEERS_OR=1,OS_ITEMS=18@a a-or-384x20=$G,OS_PEERS_OR=1,OS_ITEMS=20@a a-or-384x22=$G,OS_PEERS_OR=1,OS_ITEMS=22@a \
  a-448x16=OS_WG=448,OS_MIN_GROUPS=2,OS_ITEMS=16@a a-or-512x14=OS_PEERS_OR=1@a \
  p-base=@p p-384x20=$G,OS_ITEMS=20@p p-or-384x20=$G,OS_PEERS_OR=1,OS_ITEMS=20@p a-base=@a p-base=@p > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
cat $OUT/variants.txt | tail -42
