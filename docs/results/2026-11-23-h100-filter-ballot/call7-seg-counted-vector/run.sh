#!/bin/bash
# segmented_reduce with the heads counted first (new) against the second look-back (old), ABAB rounds
set -u
R=$(pwd)/.carry; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > machine.txt
LD_LIBRARY_PATH=$R/psearch/lib timeout 200 $R/psearch/bin/test_cost > test_cost.log 2>&1
echo "test_cost (new): exit $? ($(grep -c '^\[       OK \]' test_cost.log) passed)" | tee tests.txt
printf -- "-- r\n==\nentry: scan_rts\nrandom input { [33554431]i32 }\n\n" > rts.bench
for b in old psearch; do $R/$b/psearch bench -r 50 -x --no-convergence-phase rts.bench > rts-$b.txt 2>&1; echo "rts $b: $(grep -o "kernel time.*" rts-$b.txt)"; done
cat > seg.bench <<'S'
-- seg
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
random input { [33554431]i32 [33554431]bool }
S
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://' | tr '\n' ';'; echo; }
for r in 1 2; do
  for b in old psearch; do
    $R/$b/psearch bench -r 50 -x --no-convergence-phase seg.bench --json "$b-$r.json" > "$b-$r.txt" 2>&1
    echo "== $b round $r"; show "$b-$r.txt"; grep -E "^\[" "$b-$r.txt" | tr '\n' ';'; echo
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
