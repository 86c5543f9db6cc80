#!/bin/bash
# call 51: the peers sort keys in [0, n) (top byte 0 or 1), psearch full-range i32:
# both on both ranges, in one call; the ballots' ranking (OS_PEERS_OR=0) on both.
set -u
R=$(pwd)/.carry; B=$R/psearch
mkdir -p $OUT/r
( $B/anchors/cub_anchor > $OUT/r/cub.txt 2>&1; python3 $B/anchors/torch_anchor.py > $OUT/r/torch.txt 2>&1 ) 
bash scripts/gpu-variants.sh $B $OUT/r s=@s S=@S a=@a A=@A p=@p P=@P sb=OS_PEERS_OR=0@s Sb=OS_PEERS_OR=0@S \
  s=@s S=@S p=@p P=@P > $OUT/variants.txt 2>&1
$B/anchors/cub_anchor > $OUT/r/cub2.txt 2>&1
cd $OUT && cp r/cub.txt r/torch.txt r/cub2.txt . ; tar czf r.tgz r && rm -rf r
grep -i "sort" cub.txt cub2.txt torch.txt
tail -16 $OUT/variants.txt
