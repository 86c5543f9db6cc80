#!/bin/bash
# call 134: the final call of the fifteenth session: test_engine, then scripts/gpu-sort.sh
# (test_radix and test_cost five ways on the H100; the sorts, the look-back primitives, the
# portable ranking; CUB, torch and CuPy in the same call), every figure by span and by the
# sum of event times.
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/v && cd $OUT/v || exit 1
(cd $B && LD_LIBRARY_PATH=$B/lib timeout 200 bin/test_engine) > test_engine.txt 2>&1; echo "test_engine: $(tail -1 test_engine.txt)"
timeout 520 bash $ROOT/scripts/gpu-sort.sh $B $OUT/v > sort.log 2>&1
grep -E '^test_|^== ' sort.log
grep -E 'SortKeys|SortPairs|InclusiveSum|Select|Reduce|Histogram|memcpy' cub.txt
grep -i -E 'sort|argsort' torch.txt | head -12
python3 - <<'PY'
import json
for f in ('sort.json', 'prims.json', 'sort_portable.json'):
    try: d = json.load(open(f))
    except Exception as e: print(f, e); continue
    for b, v in d.items():
        for ds, r in v['datasets'].items():
            if not isinstance(r, dict): print(f, b, ds, r); continue
            p = r['psearch']
            print('%-18s %-22s %-30s sum %8.1f span %8.1f %s' % (f, b.split(':')[-1], ds[:30], p.get('kernel_us_mean', 0), p.get('kernel_span_us_mean', 0), p['validation']))
PY
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz v && rm -rf v && ls -la
