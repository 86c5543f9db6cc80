#!/bin/bash
# call 132: the sorts without their fill a run (the digit totals zeroed by what scans them),
# against 7317b2d (a fill of the totals before os_hist), by span and by the sum of event
# times, ABAB; CUB in the same call; the look-back primitives by span; test_radix and
# test_engine on NVIDIA's OpenCL.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
P=$B/psearch
bash $ROOT/scripts/machine.sh $P > machine.txt 2>&1; head -4 machine.txt | tail -1
for t in test_radix test_engine; do
  (cd $B && LD_LIBRARY_PATH=$B/lib timeout 240 bin/$t) > $t.txt 2>&1; echo "$t: $(tail -1 $t.txt)"
done
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E 'full range|InclusiveSum|Reduce|Select|Histogram|memcpy' cub.txt
cat > c.bench <<'B'
==
entry: bench_copy scan scan_exclusive reduce filter histogram
random input { [10000000]i32 }
random input { [33554431]i32 }
B
$P bench -r 30 -x --no-convergence-phase c.bench --json c.json > c.txt 2>&1
grep -E '^Results|kernel time' c.txt | sed 's/.*kernel time/  kernel time/'
bash $ROOT/scripts/gpu-sort-ab.sh $B $OUT/v $R/base/psearch > ab.log 2>&1; cat ab.log | grep '=='
python3 - <<'PY'
import json, glob
for f in sorted(glob.glob('ab/*.json')):
    for b, v in json.load(open(f)).items():
        for ds, r in v['datasets'].items():
            p = r['psearch']
            print('%-12s %-18s sum %8.1f span %8.1f  %s %s' % (f, b.split(':')[-1], p['kernel_us_mean'], p['kernel_span_us_mean'], p['validation'], p['kernels_us_mean']))
PY
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
