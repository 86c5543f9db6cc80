#!/bin/bash
# gpu-bench.sh BUNDLE [ANCHOR.py]: on a GPU host, the measurements recorded in
# docs/performance.md: psearch bench on the default suite with -r 100 and the
# extended view (event kernel time next to the mean), a 1-element launch-floor
# suite, and the torch/CuPy anchor on the same GPU in the same call.
set -u
B=$(cd "${1:-.carry/psearch}" && pwd)
P=$B/psearch
OUTDIR=${OUT:-/tmp}
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null
echo "== psearch bench -r 100 --extended (default suite)"
$P bench -r 100 --extended --json $OUTDIR/engine.json
T=$(mktemp -d)
cat > $T/floor.bench <<'S'
-- the launch floor: one element
==
entry: bench_copy sorted
random input { [1]i32 }
S
echo "== launch floor"
$P bench -r 100 --extended $T/floor.bench
if [ -n "${2:-}" ]; then
  echo "== anchor (torch/CuPy, CUDA events, same GPU)"
  python3 "$2" 33554431 10000000 2>&1 | head -3
fi
