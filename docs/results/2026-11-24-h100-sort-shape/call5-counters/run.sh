#!/bin/bash
# call 5 (2026-11-24): os_pass's warp counters in 16 bits (this build) against 32 (the
# build before, .carry/old = 9f9598d), ABAB; os_hist's counts in 1, 2, 4, 8 copies
# (OS_HCOPIES); argsort and pairs in 384 x 12, which now fits the reported local
# memory; tests on the GPU; ptxas registers and local memory of os_pass and os_hist.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; OLD=$R/old/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
for t in test_radix: test_radix:OS_HCOPIES=8 test_radix:OS_WG=384,OS_ITEMS=12; do
  bin=${t%%:*} tune=${t#*:}
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/$bin > "$bin-$tune.log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$bin-$tune.log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$bin-$tune.log"
done
cat > sort.bench <<'S'
-- keys
==
entry: radix_sort argsort
random input { [33554431]i32 }

-- pairs
==
entry: radix_sort_pairs
random input { [33554431]i32 [33554431]i32 }
S
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12), substr($0, RSTART+RLENGTH)}' "$1" | sed 's/[a-z]*.bench://;s/\[33554431\]i32//g;s/μs\/run//' | tr '\n' ';'; echo; }
VARS=${VARS:-old default OS_HCOPIES=2 OS_HCOPIES=4 OS_HCOPIES=8 OS_WG=384,OS_ITEMS=12 OS_WG=512,OS_ITEMS=8}
for r in 1 2; do
  for v in $VARS; do
    X=$P; [ $v = old ] && X=$OLD
    t=${v#default}; t=${t#old}
    PSEARCH_TEST_TUNE=$t $X bench -r 30 -x --no-convergence-phase sort.bench --json "s-$v-$r.json" > "s-$v-$r.txt" 2>&1
    echo "== $v round $r"; show "s-$v-$r.txt"
  done
done
for v in default OS_HCOPIES=8 OS_WG=384,OS_ITEMS=12; do
  export XDG_CACHE_HOME=$(mktemp -d)
  printf -- '-- k\n==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n' > k.bench
  PSEARCH_TEST_TUNE=${v#default} $P bench -r 2 k.bench > /dev/null 2>&1
  for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do
    tail -c +21 "$f" | tr -d '\000' > k.ptx
    /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass\|entry function .os_hist" | sed "s/^/$v: /"
  done | grep -i "entry\|registers" | tee -a regs.txt
done
rm -f k.ptx
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -iE "sort" cub.txt
cd $OUT && tar czf r.tgz r && rm -rf r
