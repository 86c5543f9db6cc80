#!/bin/bash
# gpu-sweep.sh BUNDLE OUTDIR: the search family's size sweep on one GPU with
# the GPU peers on the same axes (docs/performance.md): psearch bench on
# builtin:sweep-search.bench ([2^10..2^28 by *4]i32; random-key searches
# --no-validate, as in gpu-search.sh, whose test_search checks the kernels on
# the GPU), then scripts/peers.py with torch and CuPy on the same datasets
# (numpy left out: its random searches at 2^28 take minutes a run), merged,
# and drawn by psearch plot --sweep and --bars.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/results}"
$P bench -r 20 --no-convergence-phase --no-validate builtin:sweep-search.bench --json sweep.json \
  > sweep.txt 2> sweep.err
echo "bench: exit $?"; tail -2 sweep.err
python3 "$here/peers.py" --psearch $P --libs torch,cupy --runs 10 --min-time 0.1 \
  builtin:sweep-search.bench --merge sweep.json -o sweep-peers.json > peers.txt 2> peers.err
echo "peers: exit $?"; tail -3 peers.err
$P plot --sweep sweep-peers.json -o sweep.svg; echo "plot --sweep: exit $?"
$P plot --bars sweep-peers.json -o bars.svg; echo "plot --bars: exit $?"
$P export sweep-peers.json --format=markdown > sweep-peers.md
