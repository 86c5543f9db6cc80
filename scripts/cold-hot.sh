#!/bin/bash
# cold-hot.sh PSEARCH OUTDIR [BENCH OPTIONS...]: hot against cold cache (bench
# --cache) on one device in one call: a 10M-element reduce and scan (40 MB:
# L2-resident on an H100 when hot), the 2^25 copy (128 MB in and out: larger
# than any L2), and a 1 MiB copy and reduce (resident in a CPU's caches), -r 50
# each way with -x. On a GPU host: scripts/cold-hot.sh .carry/psearch/psearch
# OUTDIR; on this VM's PoCL: scripts/cold-hot.sh build/psearch OUTDIR
# --device-type=cpu. The files of OUTDIR go to docs/results/.
set -u
here=$(cd "$(dirname "$0")" && pwd)
P=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
O=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
export XDG_CACHE_HOME=$(mktemp -d)
cd "$O" || exit 1
bash "$here/machine.sh" "$P" > machine.txt 2>&1
cat machine.txt
cat > cold.bench <<'S'
-- small enough for the caches when hot: 1 MiB, and 40 MB (an H100's L2 is 50 MB)
==
entry: reduce scan
random input { [262144]i32 }
random input { [10000000]i32 }
-- larger than any cache
==
entry: bench_copy
random input { [262144]i32 }
random input { [33554431]i32 }
S
for m in hot cold; do
  "$P" bench -r 50 -x --no-convergence-phase --cache=$m "$@" cold.bench --json $m.json > $m.txt 2> $m.err
  echo "== $m (exit $?)"; grep -E "Cold|Results|i32" $m.txt
done
