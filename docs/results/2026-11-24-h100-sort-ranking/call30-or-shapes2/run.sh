#!/bin/bash
# call 30 (2026-11-24): shapes around 384 x 18 bound to 3 groups with the
# atomic-OR ranking and packed ranks (call 29: 765.8 us against 799.3); the
# same ranking with values.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > machine.txt; cat machine.txt
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: argsort\nrandom input { [33554431]i32 }\n' > a.bench
printf -- '==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > p.bench
show() { awk '/kernel time/{match($0,/kernel time .*/); print substr($0,RSTART,RLENGTH)}' "$1"; }
run() { # name tune bench
  PSEARCH_TEST_TUNE="$2" $P bench -r 30 -x --no-convergence-phase $3 --json "$1.json" > "$1.txt" 2>&1
  echo "== $1 [$2]: $(show $1.txt)"
}
printf -- '==\nentry: radix_sort\nrandom input { [33554431]f32 }\n' > f.bench
X=OS_PEERS_OR=1,OS_PACKR=1
run base "" s.bench
run g3-384x16 $X,OS_WG=384,OS_ITEMS=16,OS_MIN_GROUPS=3 s.bench
run g3-384x17 $X,OS_WG=384,OS_ITEMS=17,OS_MIN_GROUPS=3 s.bench
run g3-384x18 $X,OS_WG=384,OS_ITEMS=18,OS_MIN_GROUPS=3 s.bench
run g3-384x19 $X,OS_WG=384,OS_ITEMS=19,OS_MIN_GROUPS=3 s.bench
run g2-512x16 $X,OS_ITEMS=16 s.bench
run a-base "" a.bench
run a-or OS_PEERS_OR=1 a.bench
run a-g3-384x12 OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=12,OS_MIN_GROUPS=3 a.bench
run a-g3-384x14 OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=14,OS_MIN_GROUPS=3 a.bench
run p-base "" p.bench
run p-g3-384x12 OS_PEERS_OR=1,OS_WG=384,OS_ITEMS=12,OS_MIN_GROUPS=3 p.bench
run base2 "" s.bench
run g3-384x18b $X,OS_WG=384,OS_ITEMS=18,OS_MIN_GROUPS=3 s.bench
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
