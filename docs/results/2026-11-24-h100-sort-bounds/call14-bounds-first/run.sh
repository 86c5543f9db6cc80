#!/bin/bash
# call 14 (2026-11-24): os_pass with the warps' group scan (default now), the
# leader's counter and shuffle (OS_LEADER=1), and PTX launch bounds
# (OS_MIN_GROUPS: .minnctapersm) at wider tiles; ptxas -v of each os_pass.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > machine.txt
for t in test_radix: test_radix:OS_LEADER=1 test_radix:OS_MIN_GROUPS=3,OS_WG=384,OS_ITEMS=20 test_cost: test_search:; do
  bin=${t%%:*} tune=${t#*:}
  log=$bin-${tune:-default}.log
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
show() { awk '/kernel time/{match($0,/kernel time [0-9.]+/); printf "kt %s ", substr($0,RSTART+12,RLENGTH-12)} /^ *os_/{printf "%s %s ", $1, $2}' "$1"; echo; }
run() { # name psearch tune
  ls $K 2>/dev/null | sort > before.lst
  PSEARCH_TEST_TUNE="$3" $2 bench -r 30 -x --no-convergence-phase s.bench --json "$1.json" > "$1.txt" 2>&1
  echo "== $1 [$3]: $(show $1.txt)"
  ls $K | sort | comm -13 before.lst - | while read f; do
    tail -c +21 $K/$f | tr -d '\000' > k.ptx
    grep -q "os_pass" k.ptx || continue
    echo "   $(grep -c minnctapersm k.ptx) minnctapersm; $(/usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A1 "os_pass" | grep -o "Used [0-9]* registers.*" | head -1)"
  done
}
run base $P ""
run old $R/old/psearch ""
run leader $P OS_LEADER=1
run g2-512x12 $P OS_MIN_GROUPS=2
run g2-512x14 $P OS_MIN_GROUPS=2,OS_ITEMS=14
run g2-512x16 $P OS_MIN_GROUPS=2,OS_ITEMS=16
run g3-384x16 $P OS_MIN_GROUPS=3,OS_WG=384,OS_ITEMS=16
run g3-384x20 $P OS_MIN_GROUPS=3,OS_WG=384,OS_ITEMS=20
run g2-384x20 $P OS_MIN_GROUPS=2,OS_WG=384,OS_ITEMS=20
run g4-256x20 $P OS_MIN_GROUPS=4,OS_WG=256,OS_ITEMS=20
run g3-384x20-leader $P OS_MIN_GROUPS=3,OS_WG=384,OS_ITEMS=20,OS_LEADER=1
run base2 $P ""
run old2 $R/old/psearch ""
grep -h '"validation"' *.json | sort | uniq -c
head -c 3000 k.ptx | grep -n "entry\|reqntid\|minncta" | head
cd $OUT && tar czf r.tgz r && rm -rf r
