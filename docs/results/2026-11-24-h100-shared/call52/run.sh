#!/bin/bash
# call 52: os_hist no longer clears the 32-bit look-back words; each pass zeroes the pass
# before's (OS_ROLL, default on) against the previous way (OS_ROLL=0), ABAB.
set -u
R=$(pwd)/.carry; B=$R/psearch
mkdir -p $OUT/q && cd $OUT/q
printf -- '==\nentry: radix_sort argsort\nrandom input { [1000003]i32 }\nrandom input { [300007]u16 }\nrandom input { [300007]f64 }\n==\nentry: radix_sort_pairs\nrandom input { [1000003]i32 [1000003]i32 }\n' > q.bench
timeout -s KILL 60 $B/psearch bench -r 20 --no-convergence-phase q.bench --json q.json > q.txt 2>&1; echo "sanity rc $?"
grep -o '"validation":[^,]*' q.json | sort | uniq -c
[ "$(grep -c '"ok"' q.json)" = 7 ] || { cat q.txt; exit 1; }
cd - >/dev/null
bash scripts/gpu-variants.sh $B $OUT/r s=@s s0=OS_ROLL=0@s p=@p p0=OS_ROLL=0@p a=@a a0=OS_ROLL=0@a \
  s=@s s0=OS_ROLL=0@s p=@p p0=OS_ROLL=0@p > $OUT/variants.txt 2>&1
cd $OUT && tar czf r.tgz r/*.txt && rm -rf r
tail -14 $OUT/variants.txt
