#!/bin/bash
# call 131: the span of a run (first command's start to last command's end, fills included)
# against the sum of its commands' event times, for the sorts and the look-back primitives,
# beside CUB's CUDA-event times (which hold the gaps between its launches); test_engine's
# profiled_span on NVIDIA's OpenCL.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
P=$B/psearch
bash $ROOT/scripts/machine.sh $P > machine.txt 2>&1; head -3 machine.txt
if [ -x $B/bin/test_engine ]; then
  (cd $B && LD_LIBRARY_PATH=$B/lib timeout 120 bin/test_engine) > test_engine.txt 2>&1; tail -3 test_engine.txt
fi
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; cat cub.txt
cat > c.bench <<'B'
==
entry: bench_copy scan scan_exclusive reduce filter histogram segmented_scan
random input { [10000000]i32 }
random input { [33554431]i32 }
B
$P bench -r 30 -x --no-convergence-phase c.bench --json c.json > c.txt 2>&1
grep -E 'Results|kernel time' c.txt | sed 's/.*kernel time/  kernel time/'
V=$ROOT/scripts/gpu-variants.sh
timeout 300 bash $V $B $OUT/v/s s=@s p=@p a=@a f=@f s=@s p=@p > variants.txt 2>&1
grep -v "^  \|spill" variants.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
