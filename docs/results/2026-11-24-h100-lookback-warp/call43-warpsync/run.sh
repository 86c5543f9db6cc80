#!/bin/bash
# call 43: the ranking's warp syncs left out (OS_NOWSYNC 1: nothing; 2: a
# compiler barrier only): ptxas made them NOPs, 3 a key. Ballots at the keys' shape.
set -u
R=$(pwd)/.carry; B=$R/psearch
bash $R/sassck.sh $B/psearch $OUT/sass "" OS_NOWSYNC=1 OS_NOWSYNC=2 OS_PEERS_OR=0 2>&1 | tee $OUT/sass.txt
rm -rf $OUT/sass
O=$OUT/r
bash scripts/gpu-variants.sh $B $O s-base=@s s-nw1=OS_NOWSYNC=1@s s-nw2=OS_NOWSYNC=2@s s-ballot=OS_PEERS_OR=0@s \
  s-nw1-x20=OS_NOWSYNC=1,OS_ITEMS=20@s s-nw1-x19=OS_NOWSYNC=1,OS_ITEMS=19@s \
  a-base=@a a-nw1=OS_NOWSYNC=1@a p-base=@p p-nw1=OS_NOWSYNC=1@p f-base=@f f-nw1=OS_NOWSYNC=1@f \
  s-base=@s s-nw1=OS_NOWSYNC=1@s s-nw2=OS_NOWSYNC=2@s > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
cat $OUT/variants.txt | tail -40
