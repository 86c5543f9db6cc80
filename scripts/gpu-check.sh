#!/bin/bash
# gpu-check.sh BUNDLE: on a GPU host, check that psearch lists the devices,
# runs bench_copy and sorted on the GPU with results equal to the c backend,
# and time bench_copy on [33554431]i32 (100 runs). Output: a short report.
set -u
B=$(cd "${1:-.carry/psearch}" && pwd)
P=$B/psearch
export LD_LIBRARY_PATH=$B/lib
T=$(mktemp -d)
echo "== devices"; $P devices || exit 1
$P devices --json $T/devices.json || exit 1
echo "== engine tests on the default device (first GPU)"
PSEARCH_NO_CACHE=1 $B/bin/test_engine 2>&1 | grep -E "OK|FAILED|PASSED|ERROR" | head -20
echo "== run -e bench_copy and sorted, opencl vs c"
$P dataset -n 33554431 -o $T/big.bin
$P dataset -n 1000003 -o $T/mid.bin
for e in bench_copy sorted; do
  in=$T/big.bin; [ $e = sorted ] && in=$T/mid.bin
  /usr/bin/time -f "$e opencl: %e s wall (incl. load, compile, check)" $P run -e $e -b < $in > $T/$e.cl || echo "FAIL $e opencl"
  $P run -e $e -b --backend=c < $in > $T/$e.c || echo "FAIL $e c"
  cmp -s $T/$e.cl $T/$e.c && echo "$e: opencl output == c output" || echo "FAIL $e: outputs differ"
done
echo "== bench_copy on [33554431]i32, 100 timed runs after a warm-up"
$P run -e bench_copy -r 100 -t $T/times.txt < $T/big.bin > /dev/null
python3 - $T/times.txt <<'PY'
import sys, statistics
t = [int(x) for x in open(sys.argv[1])]
m = statistics.mean(t)
print("runs %d mean %.1f us RSD %.4f min %d max %d  => %.0f GB/s (read+write)" %
      (len(t), m, statistics.pstdev(t) / m, min(t), max(t), 2 * 4 * 33554431 / m / 1e3))
PY
echo "== sorted (1-bit reference radix) on [1000003]i32, 10 runs"
$P run -e sorted -r 10 -t $T/st.txt < $T/mid.bin > /dev/null && echo "mean $(awk '{s+=$1} END {printf "%.0f", s/NR}' $T/st.txt) us"
rm -rf "$T"
