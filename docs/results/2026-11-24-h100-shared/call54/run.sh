#!/bin/bash
# call 54 (experiment, not committed): per-tile phase stamps (clock64, globaltimer, smid) in os_pass
set -u
R=$(pwd)/.carry; B=$R/psearch
mkdir -p $OUT/t && cd $OUT/t
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
PSEARCH_OS_TRACE=$OUT/t/trace.bin timeout -s KILL 120 $B/psearch bench -r 10 -x --no-convergence-phase s.bench --json s.json > s.txt 2>&1; echo "rc $?"
grep -o '"validation":[^,]*' s.json; grep "os_pass" s.txt | head -3
python3 $R/trace.py trace.bin 4
xz -9 trace.bin; ls -la
