#!/bin/bash
# call 39, the final call of 2026-11-24's fourth session: the sort issue's
# figures (scripts/gpu-sort.sh, with the previous os_hist, groups of os_pass's
# 384 with one key a load and 8 in flight, as a variant); the previous build,
# 4de7edd (.carry/old), beside this one on radix_sort, argsort and
# radix_sort_pairs, ABAB; os_pass's and os_hist's registers, spills and local
# memory (the driver's PTX through ptxas -v).
set -u
R=$(pwd); B=$R/.carry/psearch; P=$B/psearch
bash scripts/gpu-sort.sh .carry/psearch $OUT/r OS_HWG=384,OS_HVEC=1,OS_HITEMS=8 > $OUT/r-log.txt 2>&1
rm -f $OUT/r/allkept.in
cd $OUT/r
mkdir -p ab && cd ab
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort argsort\nrandom input { [33554431]i32 }\n==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > ab.bench
for round in 1 2; do
  for b in new old; do
    bin=$P; [ $b = old ] && bin=$R/.carry/old/psearch
    $bin bench -r 50 -x --no-convergence-phase ab.bench --json "$b$round.json" > "$b$round.txt" 2>&1
    echo "== $b ($($bin --version)) round $round: $(grep -o 'kernel time [0-9.]*' $b$round.txt | tr '\n' ' ')"
  done
done > ab.txt
cd .. && mkdir -p ptx && cd ptx
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '-- k\n==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n' > k.bench
$P bench -r 2 k.bench > k.txt 2>&1
for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do tail -c +21 "$f" | tr -d '\000' > k.ptx
  echo "$(grep -c minnctapersm k.ptx) .minnctapersm lines"
  /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "entry function .os_pass\|entry function .os_hist" | grep -E "entry|registers|spill"
done > regs.txt
rm -f k.ptx k.bench
cat $OUT/r-log.txt | tail -60; cat $OUT/r/ab/ab.txt
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
