#!/bin/bash
# call 130: bench --cache=cold evicting L2 by reading the scratch (cl/evict.cl: clean lines
# left, the run before's dirty lines written back before the timed run) against writing it
# (PSEARCH_TEST_TUNE=EVICT_WRITE=1, as before: up to 50 MB of dirty lines left for the
# timed run to write back); hot for reference; ABAB.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
P=$B/psearch
bash $ROOT/scripts/machine.sh $P > machine.txt 2>&1; head -3 machine.txt
cat > c.bench <<'B'
==
entry: bench_copy
random input { [262144]i32 }
random input { [4194304]i32 }
random input { [33554432]i32 }
==
entry: bench_binary_search_random
random sorted input { [1048576]i32 }
==
entry: bench_eytzinger_search_random
random eytzinger input { [1048576]i32 }
==
entry: radix_sort
random input { [1048576]i32 }
random input { [33554431]i32 }
B
for r in 1 2; do for m in read write hot; do
  t=; c=cold; [ $m = write ] && t=EVICT_WRITE=1; [ $m = hot ] && c=hot
  env ${t:+PSEARCH_TEST_TUNE=$t} $P bench -r 50 -x --no-convergence-phase --cache=$c c.bench --json $m-$r.json > $m-$r.txt 2>&1 || echo "$m-$r: rc $?"
done; done
python3 - <<'PY'
import json, glob
rows = {}
for f in sorted(glob.glob('*-*.json')):
    for e, b in json.load(open(f)).items():
        for ds, r in b['datasets'].items():
            ps = r['psearch']
            rows.setdefault((e.split(':')[-1], ds), []).append('%s %.1f/%.1f %s' % (f[:-5], ps['mean_us'], ps.get('kernel_us_mean', 0), ps.get('validation')))
for k, v in rows.items():
    print(k[0], k[1]); print('   ' + '\n   '.join(v))
PY
cd $OUT && rm -f v/*.in; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
