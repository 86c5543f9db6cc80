#!/bin/bash
# call 11 (2026-11-24): the emulated ranking (PSEARCH_TEST_PORTABLE=1) with 32-bit warp
# counters again (count_t: 16 bits only with the PTX path), next to the PTX path and
# CUB in the same call; test_radix both ways.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
for pt in 0 1; do
  PSEARCH_TEST_PORTABLE=$pt LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_radix > "test_radix-portable$pt.log" 2>&1
  echo "test_radix PSEARCH_TEST_PORTABLE=$pt: exit $? ($(grep -c '^\[       OK \]' "test_radix-portable$pt.log") passed)" | tee -a tests.txt
done
printf -- '-- keys\n==\nentry: radix_sort\nrandom input { [33554431]i32 }\nrandom input { [33554431]f32 }\n' > sort.bench
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://' | tr '\n' ';'; echo; }
for r in 1 2; do
  PSEARCH_TEST_PORTABLE=1 $P bench -r 50 -x --no-convergence-phase sort.bench --json "portable-$r.json" > "portable-$r.txt" 2>&1
  echo "== portable round $r: $(show portable-$r.txt)"
  $P bench -r 50 -x --no-convergence-phase sort.bench --json "ptx-$r.json" > "ptx-$r.txt" 2>&1
  echo "== ptx round $r: $(show ptx-$r.txt)"
done
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -iE "sortkeys" cub.txt
cd $OUT && tar czf r.tgz r && rm -rf r
