#!/bin/bash
# call 56: the lowest peer adds to the warp's counter with an atomic and hands the old
# count on by shfl.idx (one access of the counters a key, not a read by all and a write),
# against base = the one-look-up slots (0be...); ABAB; then test_radix on the new one
set -u
R=$(pwd)/.carry
mkdir -p $OUT/q && cd $OUT/q
printf -- '==\nentry: radix_sort argsort\nrandom input { [1000003]i32 }\nrandom input { [300007]u16 }\nrandom input { [300007]f64 }\n==\nentry: radix_sort_pairs\nrandom input { [1000003]i32 [1000003]i32 }\n' > q.bench
timeout -s KILL 60 $R/psearch/psearch bench -r 20 --no-convergence-phase q.bench --json q.json > q.txt 2>&1; echo "sanity rc $?"
grep -o '"validation":[^,]*' q.json | sort | uniq -c
[ "$(grep -c '"ok"' q.json)" = 7 ] || { cat q.txt; exit 1; }
cd - >/dev/null
for k in 1 2; do
  bash scripts/gpu-variants.sh $R/base $OUT/b$k s=@s p=@p a=@a S=@S > $OUT/base$k.txt 2>&1
  bash scripts/gpu-variants.sh $R/psearch $OUT/n$k s=@s p=@p a=@a S=@S > $OUT/new$k.txt 2>&1
done
cd $OUT && for f in base1 new1 base2 new2; do echo "== $f"; grep -E "Used|validation" $f.txt | sort | uniq -c | head -4; tail -4 $f.txt; done
LD_LIBRARY_PATH=$R/psearch/lib timeout -s KILL 200 $R/psearch/bin/test_radix > test_radix.log 2>&1; echo "test_radix rc $? $(grep -c '^\[       OK \]' test_radix.log) passed"; grep -m5 -E "FAILED|differ" test_radix.log
tar czf r.tgz b1/*.txt b2/*.txt n1/*.txt n2/*.txt && rm -rf b1 b2 n1 n2
