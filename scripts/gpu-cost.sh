#!/bin/bash
# gpu-cost.sh BUNDLE [ANCHOR.py]: on a GPU host, the cost-model family: its
# tests against the c backend on the GPU, datasets/cost.bench with -r 50 and
# the extended view, and the torch/CuPy anchor on the same GPU in the same call.
B=$(cd "${1:-.carry/psearch}" && pwd)
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null
echo "== test_cost on the default device"
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_cost 2>&1 | tail -4
echo "== psearch bench -r 50 -x datasets/cost.bench"
$B/psearch bench -r 50 -x --no-convergence-phase builtin:cost.bench --json ${OUT:-/tmp}/cost.json 2>&1 | grep -v "^$"
if [ -n "${2:-}" ]; then
  echo "== anchor (torch/CuPy, CUDA events, same GPU)"
  python3 "$2" 33554431 10000000 2>&1
fi
