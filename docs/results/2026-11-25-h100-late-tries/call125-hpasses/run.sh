#!/bin/bash
# call 125: what os_hist's atomics cost: os_hist counting the digits of only its first
# 1, 2 or 3 passes (OS_HPASSES; the sort then wrong: --no-validate), against all 4.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
P=$B/psearch
printf -- '==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > p.bench
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
for r in 1 2; do for h in 4 1 2 3; do for x in p s; do
  PSEARCH_TEST_TUNE=OS_HPASSES=$h $P bench -r 30 -x --no-convergence-phase --no-validate $x.bench --json $x$h-$r.json > $x$h-$r.txt 2>&1
  echo "$x HPASSES=$h round $r: $(grep -o 'os_hist[^,]*' $x$h-$r.txt | head -1) $(grep -o 'kernel time [0-9.]*' $x$h-$r.txt | head -1)"
done; done; done
grep -h "os_hist\|os_pass" p4-1.txt | head -5
cd $OUT && rm -f v/*.in; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
