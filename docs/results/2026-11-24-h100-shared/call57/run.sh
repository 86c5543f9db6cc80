#!/bin/bash
# call 57 (experiment, not committed: .carry/trace2.patch): per-tile phase stamps in
# os_pass for radix_sort (after the one-look-up slots) and radix_sort_pairs
set -u
R=$(pwd)/.carry; B=$R/psearch
mkdir -p $OUT/t && cd $OUT/t
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > p.bench
for b in s p; do
  PSEARCH_OS_TRACE=$OUT/t/$b.bin timeout -s KILL 120 $B/psearch bench -r 10 -x --no-convergence-phase $b.bench --json $b.json > $b.txt 2>&1; echo "$b rc $?"
  grep -o '"validation":[^,]*' $b.json; grep -o "kernel time.*" $b.txt | head -3
  python3 $R/trace.py $b.bin 4 | head -10
done
xz -9 s.bin p.bin; ls -la
