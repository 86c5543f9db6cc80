#!/bin/bash
# radix sort with ranks packed two to a register (OS_PACK=1) against one each, with OS_ITEMS
# variants, two rounds; then the registers of os_pass by ptxas -v in both forms
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
for t in test_radix:OS_PACK=1 test_radix:OS_PACK=1,OS_ITEMS=32; do
  bin=${t%%:*} tune=${t#*:}
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 250 $B/bin/$bin > "$bin-$tune.log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$bin-$tune.log") passed)" | tee -a tests.txt
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
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://' | tr '\n' ';'; echo; }
for r in 1 2; do
for v in OS_PACK=0 OS_PACK=1 OS_PACK=1,OS_ITEMS=32 OS_PACK=1,OS_ITEMS=24; do
  PSEARCH_TEST_TUNE=$v $P bench -r 30 -x --no-convergence-phase sort.bench --json "s-$v-$r.json" > "s-$v-$r.txt" 2>&1
  echo "== $v round $r"; show "s-$v-$r.txt"
done
done
for v in 0 1; do
  export XDG_CACHE_HOME=$(mktemp -d)
  printf -- '-- k\n==\nentry: radix_sort\nrandom input { [100000]i32 }\n' > k.bench
  PSEARCH_TEST_TUNE=OS_PACK=$v $P bench -r 2 k.bench > /dev/null 2>&1
  for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do
    tail -c +21 "$f" | tr -d '\000' > k.ptx
    /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass" | sed "s/^/OS_PACK=$v: /"
  done | tee -a regs.txt
done
rm -f k.ptx
cd $OUT && tar czf r.tgz r && rm -rf r
