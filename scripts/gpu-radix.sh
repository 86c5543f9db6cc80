#!/bin/bash
# gpu-radix.sh BUNDLE [ANCHOR.py]: on a GPU host, the sorting family: its tests
# against the c backend on the GPU, the sorts of datasets/cost.bench next to
# the copy roofline, and CuPy/torch sort on the same GPU in the same call.
B=$(cd "${1:-.carry/psearch}" && pwd)
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null
echo "== test_radix on the default device"
LD_LIBRARY_PATH=$B/lib timeout 300 $B/bin/test_radix 2>&1 | tail -3
echo "== psearch bench -r 30: bench_copy, radix_sort, radix_sort_1bit"
$B/psearch bench -r 30 -x --no-convergence-phase -e bench_copy -e radix_sort -e radix_sort_1bit \
  builtin:cost.bench --json ${OUT:-/tmp}/radix.json 2>&1 | grep -v "^$"
if [ -n "${2:-}" ]; then
  echo "== anchor (torch/CuPy, CUDA events, same GPU)"
  python3 "$2" 33554431 10000000 2>&1 | grep -i "sort\|copy\|device"
fi
