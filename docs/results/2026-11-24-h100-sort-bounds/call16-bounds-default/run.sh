#!/bin/bash
# call 16 (2026-11-24): the digit's rank unpacked again (packing was slower:
# 925 against 894 us); PTX launch bounds of 2 groups an SM now the default for
# keys of up to 4 bytes, keys-only at 512 x 14; shapes around it, argsort's,
# the group scans; base and old twice (ABAB).
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > machine.txt
for t in test_radix: test_radix:OS_WSCAN=0 test_cost:; do
  bin=${t%%:*} tune=${t#*:}
  log=$bin-${tune:-default}.log
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: argsort\nrandom input { [33554431]i32 }\n' > a.bench
printf -- '==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > p.bench
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
run 512x12 $P OS_ITEMS=12
run 512x13 $P OS_ITEMS=13
run 512x15 $P OS_ITEMS=15
run 512x16 $P OS_ITEMS=16
run 384x20 $P OS_WG=384,OS_ITEMS=20
run 448x16 $P OS_WG=448,OS_ITEMS=16
run 640x11 $P OS_WG=640,OS_ITEMS=11
run a-base $P "" a.bench
run a-old $R/old/psearch "" a.bench
run a-384x13 $P OS_ITEMS=13 a.bench
run a-384x14 $P OS_ITEMS=14 a.bench
run a-448x12 $P OS_WG=448,OS_ITEMS=12 a.bench
run p-base $P "" p.bench
run p-old $R/old/psearch "" p.bench
run base2 $P ""
run old2 $R/old/psearch ""
run a-base2 $P "" a.bench
run a-old2 $R/old/psearch "" a.bench
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
