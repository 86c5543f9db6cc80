#!/bin/bash
# call 32: os_hist's group shape (OS_HWG, OS_HGROUPS, OS_HPARTS, OS_HITEMS)
# and no clearing (parity look-back words) against 4de7edd; values read late
# (OS_VLATE) with argsort and pairs, with the atomic-OR ranking and the keys'
# shape; test_radix on the GPU.
set -u
R=$(pwd)/.carry; B=$R/psearch
O=$OUT/r
bash scripts/gpu-variants.sh $B $O base=@s h384g5=OS_HWG=384,OS_HGROUPS=5@s h384g8=OS_HWG=384,OS_HGROUPS=8@s \
  h256=OS_HWG=256@s h64=OS_HWG=64@s p2=OS_HPARTS=2@s i16=OS_HITEMS=16@s i4=OS_HITEMS=4@s g12=OS_HGROUPS=12@s \
  a-base=@a a-late=OS_VLATE=1@a a-late-or=OS_VLATE=1,OS_PEERS_OR=1@a \
  a-late-384x18=OS_VLATE=1,OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=18,OS_MIN_GROUPS=3@a \
  a-late-512x16=OS_VLATE=1,OS_ITEMS=16@a \
  p-base=@p p-late=OS_VLATE=1@p p-late-384x18=OS_VLATE=1,OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=18,OS_MIN_GROUPS=3@p \
  base=@s > $OUT/variants.txt 2>&1
cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for round in 1 2; do
  $R/old/psearch bench -r 30 -x --no-convergence-phase s.bench --json old$round.json > old$round.txt 2>&1
  echo "== old 4de7edd round $round: $(grep -o 'kernel time .*' old$round.txt | head -1)"
done >> $OUT/variants.txt
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix rc=$?" >> $OUT/variants.txt
tail -3 test_radix.log >> $OUT/variants.txt
cd $OUT && tar czf r.tgz r && rm -rf r
cat $OUT/variants.txt
