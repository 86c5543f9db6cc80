#!/bin/bash
# call 24 (2026-11-24): os_pass with early counts (OS_EARLY: a tile's digit
# counts by local atomics, published before its ranking) and, with values,
# the values through the keys' local memory after the keys (OS_VSHARE), which
# allows larger tiles for argsort and pairs; tests on this GPU with both; the
# variants ABAB against the defaults; CUB in the same call.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
K=$XDG_CACHE_HOME/psearch/kernels
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > machine.txt; cat machine.txt
for t in ; do
  bin=${t%%:*} tune=${t#*:}
  log=$bin-${tune:-default}.log
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/$bin > "$log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|error|ERROR" "$log"
done
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
printf -- '==\nentry: radix_sort\nrandom input { [33554431]f32 }\n' > f.bench
printf -- '==\nentry: argsort\nrandom input { [33554431]i32 }\n' > a.bench
printf -- '==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > p.bench
show() { awk '/kernel time/{match($0,/kernel time [0-9.]+/); printf "kt %s ", substr($0,RSTART+12,RLENGTH-12); match($0,/\(os_pass [0-9]+/); printf "%s", substr($0,RSTART,RLENGTH)}' "$1"; echo; }
run() { # name tune bench
  ls $K 2>/dev/null | sort > before.lst
  PSEARCH_TEST_TUNE="$2" $P bench -r 30 -x --no-convergence-phase $3 --json "$1.json" > "$1.txt" 2>&1
  echo "== $1 [$2]: $(show $1.txt)"
  ls $K | sort | comm -13 before.lst - | while read f; do
    tail -c +21 $K/$f | tr -d '\000' > k.ptx
    grep -q "os_pass" k.ptx || continue
    echo "   $(grep -c minnctapersm k.ptx) minnctapersm; $(/usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "'os_pass'" | grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers" | tr '\n' ' ')"
  done
  rm -f k.ptx
}
V=OS_VSHARE=1,OS_WG=512
run a-v12 $V,OS_ITEMS=12 a.bench
run a-v13 $V,OS_ITEMS=13 a.bench
run a-v14-g2 $V,OS_ITEMS=14,OS_MIN_GROUPS=2 a.bench
run a-v16-g2 $V,OS_ITEMS=16,OS_MIN_GROUPS=2 a.bench
run a-v12-early $V,OS_ITEMS=12,OS_EARLY=1 a.bench
run a-v12-wscan $V,OS_ITEMS=12,OS_WSCAN=1 a.bench
run a-v12-g2 $V,OS_ITEMS=12,OS_MIN_GROUPS=2 a.bench
run a-640x10 OS_VSHARE=1,OS_WG=640,OS_ITEMS=10 a.bench
run p-v12 $V,OS_ITEMS=12 p.bench
run p-v14-g2 $V,OS_ITEMS=14,OS_MIN_GROUPS=2 p.bench
run a-base "" a.bench
run p-base "" p.bench
run a-v12b $V,OS_ITEMS=12 a.bench
run p-v12b $V,OS_ITEMS=12 p.bench
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
