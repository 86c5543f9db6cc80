#!/bin/bash
# call 133: rt_fill by psearch's kernel (fill_words) against clEnqueueFillBuffer
# (PSEARCH_TEST_TUNE=RT_FILL_KERNEL=0), same binary, ABAB, by span and by the sum of event
# times, on the entries that fill in their runs; CUB's histogram in the same call;
# test_engine on NVIDIA's OpenCL.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
P=$B/psearch
bash $ROOT/scripts/machine.sh $P > machine.txt 2>&1; head -4 machine.txt | tail -1
(cd $B && LD_LIBRARY_PATH=$B/lib timeout 240 bin/test_engine) > test_engine.txt 2>&1; echo "test_engine: $(tail -1 test_engine.txt)"
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E 'Histogram|memcpy' cub.txt
cat > h.bench <<'B'
==
entry: histogram
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: reduce_by_index reduce_by_index_global
random input { [10000000]i32 [10000000]i32 }
==
entry: scan_blelloch
random input { [1048576]i32 }
B
for r in 1 2; do for m in 1 0; do
  PSEARCH_TEST_TUNE=RT_FILL_KERNEL=$m $P bench -r 30 -x --no-convergence-phase h.bench --json k$m-$r.json > k$m-$r.txt 2>&1
  echo "== RT_FILL_KERNEL=$m round $r"; grep -E '^Results|kernel time' k$m-$r.txt | sed 's/.*kernel time/  kernel time/'
done; done
python3 - <<'PY'
import json, glob
for f in sorted(glob.glob('k*.json')):
    for b, v in json.load(open(f)).items():
        for ds, r in v['datasets'].items():
            p = r['psearch']
            print('%-10s %-24s %-26s sum %7.1f span %7.1f  %s' % (f, b.split(':')[-1], ds, p['kernel_us_mean'], p['kernel_span_us_mean'], p['validation']))
PY
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
