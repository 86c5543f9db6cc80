#!/bin/bash
# gpu-nary.sh BUNDLE: the AMD sample's N-ary search on the GPU (datasets/nary.bench),
# binary search beside it in the same run.
B=$(cd "${1:-.carry/psearch}" && pwd)
export XDG_CACHE_HOME=$(mktemp -d)
$B/psearch bench -r 50 -x --no-convergence-phase --no-validate builtin:nary.bench 2>&1 | grep -E "^Results|μs"
