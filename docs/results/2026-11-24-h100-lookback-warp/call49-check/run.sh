#!/bin/bash
# call 49: the committed code (filter_ballot's walk through TILE_PREFIX, a refactor after
# call 48) on the GPU: test_cost with the warp's walk, with one work-item's, and with the
# filter's tile scan; the look-back primitives once more, both ways.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for t in "" COST_WARPLB=0 COST_BALLOT=0; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout 120 $B/bin/test_cost > test_cost-$t.log 2>&1
  echo "test_cost [$t]: exit $? ($(grep -c '^\[       OK \]' test_cost-$t.log) passed)"; grep -m5 -E "FAILED|differ|error|ERROR" test_cost-$t.log
  grep -q "^\[  PASSED" test_cost-$t.log || exit 1
done
printf -- '==\nentry: scan scan_exclusive scan_max filter\nrandom input { [10000000]i32 }\nrandom input { [33554431]i32 }\n' > p.bench
for v in warp walk warp walk; do
  tune=; [ $v = walk ] && tune=COST_WARPLB=0
  PSEARCH_TEST_TUNE=$tune $P bench -r 50 -x --no-convergence-phase p.bench --json $v.json > $v.txt 2>&1
  python3 -c "
import json,sys
d=json.load(open('$v.json'))
print('$v', '  '.join('%s %s %.1f/%.1f%s'%(k.split(':')[1],ds,r['psearch']['kernel_us_mean'],r['psearch']['median_us'],'' if r['psearch']['validation']=='ok' else '!') for k,e in d.items() for ds,r in e['datasets'].items()))"
done
rm -f *.json
