#!/bin/bash
# call 55: a key's slot by one look-up (each warp's counter holds its first slot of the
# digit) against two (the warp's offset in the run, the run's start): ABAB, base = HEAD
set -u
R=$(pwd)/.carry
for k in 1 2; do
  bash scripts/gpu-variants.sh $R/base $OUT/b$k s=@s p=@p a=@a S=@S > $OUT/base$k.txt 2>&1
  bash scripts/gpu-variants.sh $R/psearch $OUT/n$k s=@s p=@p a=@a S=@S > $OUT/new$k.txt 2>&1
done
cd $OUT && for f in base1 new1 base2 new2; do echo "== $f"; grep -E "Used|validation" $f.txt | sort | uniq -c | head -4; tail -4 $f.txt; done
tar czf r.tgz b1/*.txt b2/*.txt n1/*.txt n2/*.txt && rm -rf b1 b2 n1 n2
