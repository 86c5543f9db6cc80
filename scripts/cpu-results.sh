#!/bin/bash
# cpu-results.sh OUTDIR [PSEARCH]: the CPU figures of docs/performance.md on
# this machine, one after the other in one call: numpy (scripts/anchors/
# np_anchor.py, needs .venv from scripts/setup.sh --tests), then psearch bench
# with --backend=c and on PoCL (--device-type=cpu), same shapes and element
# types, -r 10 --no-convergence-phase, --json; then `psearch dataset --sorted`
# against numpy (scripts/bench_dataset.py). Commit OUTDIR under docs/results/.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
O=$(mkdir -p "${1:-/tmp/cpu}" && cd "${1:-/tmp/cpu}" && pwd)
P=${2:-$root/build/psearch}
PY=$root/.venv/bin/python3
export XDG_CACHE_HOME=$(mktemp -d)
cd "$O" || exit 1
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "cpus: $(nproc); $(grep -m1 'model name' /proc/cpuinfo)"
  $P --version
  $PY -c 'import numpy; print("numpy", numpy.__version__)'
} > machine.txt
cat machine.txt
$PY $root/scripts/anchors/np_anchor.py numpy.json 10000000 1000000 | tee numpy.txt
cat > cpu.bench <<'S'
-- the CPU figures: same shapes and types as scripts/anchors/np_anchor.py
==
entry: reduce scan radix_sort
random input { [10000000]i32 }
==
entry: bench_binary_search_random bench_btree_search_random
random sorted input { [1000000]i32 }
==
entry: bench_eytzinger_search_random
random eytzinger input { [1000000]i32 }
S
$P bench -r 10 --no-convergence-phase --backend=c cpu.bench --json c.json > c.txt 2>&1
$P bench -r 10 --no-convergence-phase --device-type=cpu cpu.bench --json pocl.json > pocl.txt 2>&1
cat c.txt pocl.txt | grep -E "Results|RSD"
$PY $root/scripts/bench_dataset.py --psearch $P --reps 5 --json dataset.json | tee dataset.txt
