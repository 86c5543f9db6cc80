#!/bin/bash
# call 20 (2026-11-24): defaults now keys-only 512 x 18 and with values 512 x 8
# (local memory's cap), both bound to 2 groups an SM; shapes around them, the
# values' group scans, f32, and the old build (fa4aa4f) ABAB.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
for t in test_radix: test_radix:PSEARCH_TEST_PORTABLE; do
  bin=${t%%:*} tune=${t#*:}
  log=$bin-${tune:-default}.log
  if [ "$tune" = PSEARCH_TEST_PORTABLE ]; then PSEARCH_TEST_PORTABLE=1 LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1
  else LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1; fi
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: radix_sort\nrandom input { [33554431]f32 }\n' > f.bench
printf -- '==\nentry: argsort\nrandom input { [33554431]i32 }\n' > a.bench
printf -- '==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > p.bench
show() { awk '/kernel time/{match($0,/kernel time [0-9.]+/); printf "kt %s ", substr($0,RSTART+12,RLENGTH-12); match($0,/\(os_pass [0-9]+/); printf "%s", substr($0,RSTART,RLENGTH)}' "$1"; echo; }
run() { # name psearch tune bench
  ls $K 2>/dev/null | sort > before.lst
  PSEARCH_TEST_TUNE="$3" $2 bench -r 30 -x --no-convergence-phase ${4:-s.bench} --json "$1.json" > "$1.txt" 2>&1
  echo "== $1 [$3]: $(show $1.txt)"
  ls $K | sort | comm -13 before.lst - | while read f; do
    tail -c +21 $K/$f | tr -d '\000' > k.ptx
    grep -q "os_pass" k.ptx || continue
    echo "   $(grep -c minnctapersm k.ptx) minnctapersm; $(/usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "'os_pass'" | grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers\|[0-9]* bytes smem" | tr '\n' ' ')"
  done
  rm -f k.ptx
}
run base $P ""
run old $R/old/psearch ""
run 512x17 $P OS_ITEMS=17
run 512x19 $P OS_ITEMS=19
run 512x20 $P OS_ITEMS=20
run 448x20 $P OS_WG=448,OS_ITEMS=20
run f-base $P "" f.bench
run f-old $R/old/psearch "" f.bench
run a-base $P "" a.bench
run a-old $R/old/psearch "" a.bench
run a-wscan $P OS_WSCAN=1 a.bench
run a-nobound $P OS_MIN_GROUPS=0 a.bench
run a-448x10 $P OS_WG=448,OS_ITEMS=10 a.bench
run a-384x12 $P OS_WG=384,OS_ITEMS=12 a.bench
run p-base $P "" p.bench
run p-old $R/old/psearch "" p.bench
run base2 $P ""
run old2 $R/old/psearch ""
run a-base2 $P "" a.bench
run a-old2 $R/old/psearch "" a.bench
run p-base2 $P "" p.bench
run p-old2 $R/old/psearch "" p.bench
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
