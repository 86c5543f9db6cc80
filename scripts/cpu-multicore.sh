#!/bin/bash
# cpu-multicore.sh OUTDIR [PSEARCH] [THREADS]: the multicore backend against
# numpy on this machine, side by side in one call (issue 16's CPU targets):
# numpy (scripts/anchors/np_anchor.py, .venv from scripts/setup.sh --tests)
# on [N]i32 with N = 10^7 and 2^25 - 1 (sum and cumsum with dtype=int32,
# filter x[x >= 0], sort) and searchsorted of 1M and 2^25 - 1 random keys in
# a sorted [2^25 - 1]i32; then psearch bench --backend=multicore --threads
# THREADS (default 2) on the same shapes and types, -r 10
# --no-convergence-phase, --json (validated against the c backend); then the
# peak memory (/usr/bin/time -v) of bench_copy on [2^25]i32 on each backend.
# Commit OUTDIR under docs/results/.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
O=$(mkdir -p "${1:-/tmp/mc}" && cd "${1:-/tmp/mc}" && pwd)
P=$(realpath "${2:-$root/build/psearch}")
TH=${3:-2}
PY=$root/.venv/bin/python3
[ -x "$PY" ] || PY=python3
export XDG_CACHE_HOME=$(mktemp -d)
cd "$O" || exit 1
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "cpus: $(nproc); $(grep -m1 'model name' /proc/cpuinfo)"
  echo "load: $(cat /proc/loadavg)"
  $P --version
  $PY -c 'import numpy; print("numpy", numpy.__version__)'
} > machine.txt
cat machine.txt
A=33554431
$PY $root/scripts/anchors/np_anchor.py numpy_1m.json 10000000 1000000 $A | tee numpy_1m.txt
$PY $root/scripts/anchors/np_anchor.py numpy_full.json $A $A $A | tee numpy_full.txt

# 1M random keys into the sorted [2^25 - 1]i32 (a file: the suite syntax
# sorts every generated item of a case), and the same for the Eytzinger array
$P dataset --sorted -n $A -o xs.in
$P dataset -s 7 -g '[1000000]i32' -o keys.in
$P run -e to_eytzinger -b < xs.in > ey.in
cat xs.in keys.in > xs_keys.in
cat ey.in keys.in > ey_keys.in
rm -f xs.in ey.in keys.in
cat > cpu.bench <<S
-- issue 16's CPU targets: the shapes and types of scripts/anchors/np_anchor.py
==
entry: reduce scan filter radix_sort
random input { [10000000]i32 }
random input { [$A]i32 }
==
entry: bench_binary_search_random bench_btree_search_random
random sorted input { [$A]i32 }
==
entry: bench_eytzinger_search_random
random eytzinger input { [$A]i32 }
==
entry: binary_search btree_search
"1M keys" input @ xs_keys.in
==
entry: eytzinger_search
"1M keys" input @ ey_keys.in
S
R="-r 10 --no-convergence-phase"
$P bench $R --backend=multicore --threads $TH cpu.bench --json multicore.json > multicore.txt 2>&1
grep -E "Results|RSD|Backend|rror" multicore.txt

cat > mem.bench <<'S'
==
entry: bench_copy
random input { [33554432]i32 }
S
$P bench -r 3 --no-convergence-phase --backend=c mem.bench > /dev/null 2>&1 # fill the caches
for b in multicore c opencl; do
  /usr/bin/time -v -o mem_$b.txt $P bench -r 3 --no-convergence-phase --backend=$b mem.bench > /dev/null 2>&1
  echo "$b: $(grep 'Maximum resident' mem_$b.txt)"
done | tee memory.txt
rm -f xs_keys.in ey_keys.in
