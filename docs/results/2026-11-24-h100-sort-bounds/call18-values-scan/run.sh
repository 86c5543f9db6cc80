#!/bin/bash
# call 18: with values, Hillis-Steele's group scan by default again (OS_WSCAN
# default 1 for keys only, 0 with values): test_radix on the GPU; argsort and
# radix_sort_pairs of the new build and the old (fa4aa4f) ABAB, and radix_sort.
set -u
R=$(pwd); B=$R/.carry/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
PSEARCH_TEST_TUNE= LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_radix > test_radix.log 2>&1
echo "test_radix: exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)" > tests.txt
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort argsort\nrandom input { [33554431]i32 }\n==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > ab.bench
for round in 1 2; do
  for b in new old; do
    bin=$P; [ $b = old ] && bin=$R/.carry/old/psearch
    $bin bench -r 50 -x --no-convergence-phase ab.bench --json "$b$round.json" > "$b$round.txt" 2>&1
    echo "== $b round $round: $(grep -o 'kernel time [0-9.]*' $b$round.txt | tr '\n' ' ')"
  done
done > ab.txt
cat tests.txt ab.txt
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
