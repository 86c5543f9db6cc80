#!/bin/bash
# call 7 (2026-11-24): the emulated ranking (PSEARCH_TEST_PORTABLE=1) by the build
# before this session's (.carry/old = d33d043) and this one, whose digit guards are
# now constants where WG == RADIX, ABAB; the PTX path once; test_radix both ways.
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; OLD=$R/old/psearch; O=$OUT/r; mkdir -p $O; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for pt in 0 1; do
  PSEARCH_TEST_PORTABLE=$pt LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_radix > "test_radix-portable$pt.log" 2>&1
  echo "test_radix PSEARCH_TEST_PORTABLE=$pt: exit $? ($(grep -c '^\[       OK \]' "test_radix-portable$pt.log") passed)" | tee -a tests.txt
done
printf -- '-- keys\n==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > sort.bench
show() { awk '/^Results for/{e=$3} /^(\[|allkept)/{d=$1} /kernel time/{match($0,/kernel time [0-9.]+/); print e, d, substr($0,RSTART+12,RLENGTH-12)}' "$1" | sed 's/[a-z]*.bench://' | tr '\n' ';'; echo; }
for r in 1 2; do
  for b in old new; do
    X=$P; [ $b = old ] && X=$OLD
    PSEARCH_TEST_PORTABLE=1 $X bench -r 30 -x --no-convergence-phase sort.bench --json "portable-$b-$r.json" > "portable-$b-$r.txt" 2>&1
    echo "== portable $b round $r: $(show portable-$b-$r.txt)"
  done
done
$P bench -r 30 -x --no-convergence-phase sort.bench --json "ptx-new.json" > "ptx-new.txt" 2>&1
echo "== ptx new: $(show ptx-new.txt)"
cd $OUT && tar czf r.tgz r && rm -rf r
