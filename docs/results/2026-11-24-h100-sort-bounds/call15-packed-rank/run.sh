#!/bin/bash
# call 15 (2026-11-24): os_pass with the digit packed beside the rank (fewer
# live registers), the warps' group scan (OS_WSCAN=0: Hillis-Steele), and PTX
# launch bounds (OS_MIN_GROUPS: .minnctapersm) at the shapes whose ptxas
# spills were small or none (clang NVPTX model, /tmp/ptx); argsort shapes.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > machine.txt
for t in test_radix: test_radix:OS_MIN_GROUPS=3,OS_WG=256,OS_ITEMS=24 test_radix:OS_WSCAN=0; do
  bin=${t%%:*} tune=${t#*:}
  log=$bin-${tune:-default}.log
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: argsort\nrandom input { [33554431]i32 }\n' > a.bench
show() { awk '/kernel time/{match($0,/kernel time [0-9.]+/); printf "kt %s ", substr($0,RSTART+12,RLENGTH-12); match($0,/\(os_pass [0-9]+/); printf "%s", substr($0,RSTART,RLENGTH)}' "$1"; echo; }
mkdir -p ptx
run() { # name psearch tune bench
  ls $K 2>/dev/null | sort > before.lst
  PSEARCH_TEST_TUNE="$3" $2 bench -r 30 -x --no-convergence-phase ${4:-s.bench} --json "$1.json" > "$1.txt" 2>&1
  echo "== $1 [$3]: $(show $1.txt)"
  ls $K | sort | comm -13 before.lst - | while read f; do
    tail -c +21 $K/$f | tr -d '\000' > ptx/$1.ptx
    grep -q "os_pass" ptx/$1.ptx || { rm ptx/$1.ptx; continue; }
    echo "   $(grep -c minnctapersm ptx/$1.ptx) minnctapersm; $(/usr/local/cuda/bin/ptxas -v -arch=sm_90 ptx/$1.ptx -o /dev/null 2>&1 | grep -A3 "'os_pass'" | grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers" | tr '\n' ' ')"
  done
}
run base $P ""
run old $R/old/psearch ""
run hs $P OS_WSCAN=0
run g2-512x13 $P OS_MIN_GROUPS=2,OS_ITEMS=13
run g2-512x14 $P OS_MIN_GROUPS=2,OS_ITEMS=14
run g2-448x16 $P OS_MIN_GROUPS=2,OS_WG=448,OS_ITEMS=16
run g2-384x18 $P OS_MIN_GROUPS=2,OS_WG=384,OS_ITEMS=18
run g2-384x20 $P OS_MIN_GROUPS=2,OS_WG=384,OS_ITEMS=20
run g3-256x24 $P OS_MIN_GROUPS=3,OS_WG=256,OS_ITEMS=24
run g3-256x28 $P OS_MIN_GROUPS=3,OS_WG=256,OS_ITEMS=28
run g3-256x20 $P OS_MIN_GROUPS=3,OS_WG=256,OS_ITEMS=20
run g4-256x20 $P OS_MIN_GROUPS=4,OS_WG=256,OS_ITEMS=20
run a-base $P "" a.bench
run a-old $R/old/psearch "" a.bench
run a-g2-384x14 $P OS_MIN_GROUPS=2,OS_ITEMS=14 a.bench
run a-g3-256x16 $P OS_MIN_GROUPS=3,OS_WG=256,OS_ITEMS=16 a.bench
run a-g3-256x20 $P OS_MIN_GROUPS=3,OS_WG=256,OS_ITEMS=20 a.bench
run base2 $P ""
run old2 $R/old/psearch ""
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
