#!/bin/bash
# gpu-search.sh BUNDLE [ANCHOR.py]: the search family on the GPU (the blog
# post's experiments, datasets/search.bench) with the extended view, then the
# torch/CuPy anchor (searchsorted, copy) on the same GPU in the same call.
B=$(cd "${1:-.carry/psearch}" && pwd)
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
$B/psearch bench -r 100 -x builtin:search.bench --json ${OUT:-/tmp}/search.json 2>&1
if [ -n "${2:-}" ]; then
  python3 "$2" 33554431 10000000 2>&1 | head -5
fi
