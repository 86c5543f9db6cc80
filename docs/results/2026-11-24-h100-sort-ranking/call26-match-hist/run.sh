#!/bin/bash
# call 26 (2026-11-24): where CUB's SortKeys spends its time (nsys, per
# kernel) beside psearch's -x breakdown; match.any.sync again (OS_MATCH_ANY)
# on today's os_pass; os_hist with 4 and 16 keys in flight; the new values
# defaults (512 x 14, bound, packed ranks, values through the keys' memory).
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
run base "" s.bench
run match OS_MATCH_ANY=1 s.bench
run hitems4 OS_HITEMS=4 s.bench
run hitems16 OS_HITEMS=16 s.bench
run a-new "" a.bench
run p-new "" p.bench
run base2 "" s.bench
grep -h '"validation"' *.json | sort | uniq -c
NSYS=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | head -1)
echo "nsys: ${NSYS:-none}"
if [ -n "$NSYS" ]; then
  $NSYS profile -o cub --force-overwrite true $B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
  $NSYS stats -r cuda_gpu_kern_sum cub.nsys-rep > cubk.txt 2>&1
  grep -i "radix\|onesweep\|histogram\|Time" cubk.txt | cut -c1-220 | head -20
  rm -f cub.nsys-rep cub.sqlite
else
  ls /usr/local/cuda/bin | head -50
fi
grep -i sort cub.txt
cd $OUT && tar czf r.tgz r && rm -rf r
