#!/bin/bash
# call 28 (2026-11-24): the PTX path's ranking with peers found by atomic OR
# in local memory (in the tile's memory) and warp syncs (OS_PEERS_OR=1, as
# CUB's atomic-OR ranking) instead of 8 ballots; test_radix on this GPU.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > machine.txt; cat machine.txt
for t in test_radix: ; do
  bin=${t%%:*} tune=${t#*:}
  log=$bin-${tune:-default}.log
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: argsort\nrandom input { [33554431]i32 }\n' > a.bench
printf -- '==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > p.bench
show() { awk '/kernel time/{match($0,/kernel time .*/); print substr($0,RSTART,RLENGTH)}' "$1"; }
run() { # name tune bench
  PSEARCH_TEST_TUNE="$2" $P bench -r 30 -x --no-convergence-phase $3 --json "$1.json" > "$1.txt" 2>&1
  echo "== $1 [$2]: $(show $1.txt)"
}
run base "" s.bench
run or OS_PEERS_OR=1 s.bench
run or-384x20-g3 OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=20,OS_MIN_GROUPS=3 s.bench
run or-pk-384x20-g3 OS_PEERS_OR=1,OS_PACKR=1,OS_WG=384,OS_ITEMS=20,OS_MIN_GROUPS=3 s.bench
run a-base "" a.bench
run a-or OS_PEERS_OR=1 a.bench
run p-base "" p.bench
run p-or OS_PEERS_OR=1 p.bench
run base2 "" s.bench
run or2 OS_PEERS_OR=1 s.bench
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
