#!/bin/bash
# call 19 (2026-11-24): os_pass with the digits and counter addresses computed
# again after the ranking's barrier (opaque(): no spills at 512 x 15, clang
# NVPTX model); shapes with it; argsort's; attribution probes on the default
# (OS_PROBE: 1 writes coalesced, 2 no look-back, 4 no ranking; wrong results,
# --no-validate); the old build (fa4aa4f) ABAB.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
for t in test_radix: test_radix:OS_MIN_GROUPS=2,OS_ITEMS=20; do
  bin=${t%%:*} tune=${t#*:}
  log=$bin-${tune:-default}.log
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: argsort\nrandom input { [33554431]i32 }\n' > a.bench
show() { awk '/kernel time/{match($0,/kernel time [0-9.]+/); printf "kt %s ", substr($0,RSTART+12,RLENGTH-12); match($0,/\(os_pass [0-9]+/); printf "%s", substr($0,RSTART,RLENGTH)}' "$1"; echo; }
run() { # name psearch tune bench [more]
  ls $K 2>/dev/null | sort > before.lst
  PSEARCH_TEST_TUNE="$3" $2 bench -r 30 -x --no-convergence-phase ${5:-} ${4:-s.bench} --json "$1.json" > "$1.txt" 2>&1
  echo "== $1 [$3]: $(show $1.txt)"
  ls $K | sort | comm -13 before.lst - | while read f; do
    tail -c +21 $K/$f | tr -d '\000' > k.ptx
    grep -q "os_pass" k.ptx || continue
    echo "   $(grep -c minnctapersm k.ptx) minnctapersm; $(/usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "'os_pass'" | grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers" | tr '\n' ' ')"
  done
  rm -f k.ptx
}
run base $P ""
run old $R/old/psearch ""
run 512x16 $P OS_ITEMS=16
run 512x18 $P OS_ITEMS=18
run 512x20 $P OS_ITEMS=20
run 384x20 $P OS_WG=384,OS_ITEMS=20
run g3-384x16 $P OS_MIN_GROUPS=3,OS_WG=384,OS_ITEMS=16
run g3-384x18 $P OS_MIN_GROUPS=3,OS_WG=384,OS_ITEMS=18
run probe1 $P OS_PROBE=1 s.bench --no-validate
run probe2 $P OS_PROBE=2 s.bench --no-validate
run probe3 $P OS_PROBE=3 s.bench --no-validate
run probe4 $P OS_PROBE=4 s.bench --no-validate
run probe7 $P OS_PROBE=7 s.bench --no-validate
run a-base $P "" a.bench
run a-old $R/old/psearch "" a.bench
run a-g2 $P OS_MIN_GROUPS=2 a.bench
run a-wscan $P OS_WSCAN=1 a.bench
run a-512x10 $P OS_MIN_GROUPS=2,OS_WG=512,OS_ITEMS=10 a.bench
run a-g3-384x12 $P OS_MIN_GROUPS=3 a.bench
run base2 $P ""
run old2 $R/old/psearch ""
run a-base2 $P "" a.bench
run a-old2 $R/old/psearch "" a.bench
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
