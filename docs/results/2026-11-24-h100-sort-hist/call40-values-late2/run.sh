#!/bin/bash
# call 40: values read once the keys are in local memory, every load issued
# before the look-back (OS_VLATE; call 32 read them one by one at the end),
# at the values' shape and at the keys' shape with the atomic OR.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
X=OS_VLATE=1,OS_PEERS_OR=1,OS_WG=384,OS_MIN_GROUPS=3
bash scripts/gpu-variants.sh $B $O a-base=@a a-late=OS_VLATE=1@a a-late-or=OS_VLATE=1,OS_PEERS_OR=1@a \
  a-late-384x18=$X,OS_ITEMS=18@a a-late-384x16=$X,OS_ITEMS=16@a a-late-384x14=$X,OS_ITEMS=14@a \
  a-late-512x16=OS_VLATE=1,OS_ITEMS=16@a \
  p-base=@p p-late=OS_VLATE=1@p p-late-384x18=$X,OS_ITEMS=18@p a-base=@a a-late=OS_VLATE=1@a > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
cat $OUT/variants.txt
