#!/bin/bash
# call 47: scan's and filter's look-back by a whole warp (tile_prefix_warp) against one
# work-item's walk (COST_WALK1=1), ABAB, beside CUB; test_cost on the GPU both ways.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for e in scan_max scan filter; do
  printf -- '==\nentry: %s\nrandom input { [1000000]i32 }\n' $e > b.bench
  timeout 20 $P bench -r 3 b.bench > o.txt 2>&1; rc=$?
  echo "sanity $e: rc=$rc"; [ $rc = 0 ] || { cat o.txt | tail -5; exit 1; }
done
for t in "" COST_WALK1=1 COST_SHFL=0 COST_SHFL=1 COST_BALLOT=0; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout 120 $B/bin/test_cost > test_cost-$t.log 2>&1
  echo "test_cost [$t]: exit $? ($(grep -c '^\[       OK \]' test_cost-$t.log) passed)"; grep -m5 -E "FAILED|differ|error|ERROR" test_cost-$t.log
  grep -q "^\[  PASSED" test_cost-$t.log || exit 1
done
cat > prims.bench <<'S'
==
entry: bench_copy scan scan_exclusive scan_max filter
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: filter
input @ allkept.in
S
$P dataset --i32-bounds=0:2147483647 -n 33554431 -o allkept.in
RR="-r 50 -x --no-convergence-phase"
for round in 1 2; do
  for v in warp walk1; do
    tune=; [ $v = walk1 ] && tune=COST_WALK1=1
    PSEARCH_TEST_TUNE=$tune $P bench $RR prims.bench --json $v$round.json > $v$round.txt 2>&1
  done
done
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
rm -f allkept.in
python3 - <<'P'
import json
rows={}
for v in ["warp1","walk11","warp2","walk12"]:
    d=json.load(open(v+".json"))
    for k,e in d.items():
        for ds,r in e["datasets"].items():
            ps=r["psearch"]
            rows.setdefault((k.split(":")[1],ds),{})[v]="%.1f%s"%(ps.get("kernel_us_mean",0), "" if ps.get("validation")=="ok" else "!"+str(ps.get("validation")))
for (e,ds),m in rows.items(): print("%-16s %-16s"%(e,ds[:16]), "  ".join("%s %s"%(k,m.get(k,"-")) for k in ["warp1","walk11","warp2","walk12"]))
P
grep -i -E "inclusive|select|scan" cub.txt | head
