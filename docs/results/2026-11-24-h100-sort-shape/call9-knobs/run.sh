#!/bin/bash
# call 9 (2026-11-24): the knobs tuned at 256 x 28, again at the new shapes (512 x 12
# keys, 384 x 12 with values): look-back words read at once (OS_LBN 4/8/16), os_hist's
# keys in flight (OS_HITEMS 4/8/16), match.any.sync (OS_MATCH_ANY), 64-bit look-back
# words (OS_LB32=0); two rounds.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '-- keys\n==\nentry: radix_sort argsort\nrandom input { [33554431]i32 }\n' > sort.bench
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://' | tr '\n' ';'; echo; }
for r in 1 2; do
  for v in default OS_LBN=8 OS_LBN=16 OS_HITEMS=4 OS_HITEMS=16 OS_MATCH_ANY=1 OS_LB32=0; do
    PSEARCH_TEST_TUNE=${v#default} $P bench -r 30 -x --no-convergence-phase sort.bench --json "k-$v-$r.json" > "k-$v-$r.txt" 2>&1
    echo "== $v round $r: $(show k-$v-$r.txt)"
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
