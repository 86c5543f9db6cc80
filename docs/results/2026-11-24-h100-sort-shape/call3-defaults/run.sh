#!/bin/bash
# call 3 (2026-11-24): the new defaults (512 x 12 keys, 384 x 12 with values) against
# the old shapes, and shapes held to 2-3 groups an SM by -cl-nv-maxrregcount (OS_MAXRREG),
# two rounds; tests on the GPU; ptxas registers of os_pass (argsort's too); CUB.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; OLD=$R/old/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
for t in test_radix: test_cost:; do
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
cat > seg.bench <<'S'
-- segmented
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
random input { [33554431]i32 [33554431]bool }
S
VARS=${VARS:-default OS_WG=256,OS_ITEMS=28 OS_WG=256,OS_ITEMS=20 OS_WG=512,OS_ITEMS=14,OS_MAXRREG=64 OS_WG=512,OS_ITEMS=16,OS_MAXRREG=64 OS_WG=384,OS_ITEMS=14,OS_MAXRREG=56 OS_WG=384,OS_ITEMS=16,OS_MAXRREG=56 OS_WG=256,OS_ITEMS=16,OS_MAXRREG=64 OS_WG=384,OS_ITEMS=10 OS_WG=384,OS_ITEMS=11 OS_WG=512,OS_ITEMS=10,OS_MAXRREG=64 OS_WG=512,OS_ITEMS=9}
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://' | tr '\n' ';'; echo; }
for r in 1 2; do
  for v in $VARS; do
    PSEARCH_TEST_TUNE=${v#default} $P bench -r 30 -x --no-convergence-phase sort.bench --json "s-$v-$r.json" > "s-$v-$r.txt" 2>&1
    echo "== $v round $r"; show "s-$v-$r.txt"
  done
done
for v in $VARS; do
  export XDG_CACHE_HOME=$(mktemp -d)
  printf -- '-- k\n==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n' > k.bench
  mr=$(echo $v | sed -n 's/.*OS_MAXRREG=\([0-9]*\).*/-maxrregcount=\1/p')
  PSEARCH_TEST_TUNE=${v#default} $P bench -r 2 k.bench > /dev/null 2>&1
  for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do
    tail -c +21 "$f" | tr -d '\000' > k.ptx
    /usr/local/cuda/bin/ptxas -v $mr -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass" | sed "s/^/$v: /"
  done | grep -i "registers\|spill" | tee -a regs.txt
done
rm -f k.ptx
echo "== CUB"
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -iE "sort|segm" cub.txt
cd $OUT && tar czf r.tgz r && rm -rf r
