#!/bin/bash
# call 100, the final one: the tree with tiles by group id on NVIDIA (os_pass: OS_GID;
# scan, filter, segmented_reduce: COST_GID): scripts/gpu-sort.sh (tests, the sorts and
# the look-back primitives, CUB, torch), then scripts/gpu-sort-ab.sh beside the build of
# 48d2a0c (tickets), then the look-back primitives by both builds, ABAB
set -u
R=$(pwd)/.carry
bash scripts/gpu-sort.sh $R/psearch $OUT/r "OS_GID=0" "COST_GID=0" > $OUT/r-sort.log 2>&1; echo "gpu-sort rc $?"
bash scripts/gpu-sort-ab.sh $R/psearch $OUT/r $R/base/psearch > $OUT/r-ab.log 2>&1; echo "ab rc $?"
cat $OUT/r/tests.txt 2>/dev/null
grep -E "SortKeys|SortPairs|InclusiveSum|Select|torch.sort|torch.argsort" $OUT/r-sort.log | head -20
cat $OUT/r/ab/ab.txt
mkdir -p $OUT/r/abp && cd $OUT/r/abp || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
cat > prims.bench <<'S'
==
entry: scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
S
for k in 1 2; do
  for b in new old; do
    bin=$R/psearch/psearch; [ $b = old ] && bin=$R/base/psearch
    timeout -s KILL 200 $bin bench -r 30 -x --no-convergence-phase prims.bench --json "$b$k.json" > "$b$k.txt" 2>&1
    echo "== prims $b ($($bin --version)) round $k: $(grep -o 'kernel time [0-9.]*' $b$k.txt | tr '\n' ' ')"
  done
done | tee abp.txt
cd $OUT && mv r-sort.log r-ab.log r/ && find r -name "*.in" -delete; find r -name "*.bin" -delete; find r -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
