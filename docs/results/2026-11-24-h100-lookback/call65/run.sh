#!/bin/bash
# call 65, the final one: the committed tree (one look-back helper, tile_prefix, and one
# tile_ticket) on the H100: a sanity run both walks, test_cost five ways and test_radix;
# then scan, scan_exclusive, filter, segmented_scan and segmented_reduce (random flags, and
# a flag every 2^20 elements: segments that span many tiles) by this build and by e1d38e4
# (cl/cost.cl as 636112b), ABAB, the warp's walk; CUB in the same call
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch; OLD=$R/base/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: scan scan_exclusive scan_max filter\nrandom input { [100000]i32 }\n==\nentry: segmented_scan segmented_reduce\nrandom input { [100000]i32 [100000]bool }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
PSEARCH_TEST_TUNE=COST_WARPLB=0 timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane0.txt 2>&1 || { echo "sanity (WARPLB=0) failed"; tail -20 sane0.txt; exit 1; }
echo "sanity ok"
for t in test_cost: test_cost:COST_SHFL=0 test_cost:COST_SHFL=1 test_cost:COST_BALLOT=0 test_cost:COST_WARPLB=0 test_radix:; do
  bin=${t%%:*} tune=${t#*:}
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/$bin > "$bin-$tune.log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$bin-$tune.log") passed)" | tee -a tests.txt
  grep -m5 -E "FAILED|differ|ERROR" "$bin-$tune.log"
done
$B/psearch dataset -n 10000000 -o sp.in && python3 $R/sparse.py 10000000 1048576 sp.in
$B/psearch dataset -n 33554431 -o sp2.in && python3 $R/sparse.py 33554431 1048576 sp2.in
cat > prims.bench <<'S'
==
entry: bench_copy scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
random input { [33554431]i32 [33554431]bool }
input @ sp.in
input @ sp2.in
S
for round in 1 2; do
  for b in new old; do
    bin=$B/psearch; [ $b = old ] && bin=$OLD
    $bin bench -r 50 -x --no-convergence-phase prims.bench --json $b-$round.json > $b-$round.txt 2>&1
    echo "== $b-$round: $(grep -c '"validation":	"ok"' $b-$round.json) ok"
  done
done
python3 - <<'PY'
import json
fs = ['new-1', 'old-1', 'new-2', 'old-2']
rows = {}
for f in fs:
    for b, bench in json.load(open(f + '.json')).items():
        for ds, v in bench['datasets'].items():
            rows.setdefault((b.split(':')[-1], ds[:22]), {})[f] = v['psearch']['kernel_us_mean']
print('%-18s %-22s' % ('kernel us', '') + ''.join('%9s' % f for f in fs))
for k, v in rows.items():
    print('%-18s %-22s' % k + ''.join('%9.1f' % v.get(f, 0) for f in fs))
PY
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
grep -E "InclusiveSum|Select" cub.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
