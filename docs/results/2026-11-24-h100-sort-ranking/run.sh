#!/bin/bash
# call 31, the final call of 2026-11-24's third session: the sort issue's
# figures (scripts/gpu-sort.sh, with the previous keys-only shape and ranking,
# 512 x 18 with 8 ballots a key, as a variant); an old build's radix_sort,
# argsort and radix_sort_pairs beside the new one's, ABAB (.carry/old was
# meant to be 6de95f2, the second session's last commit, but its worktree
# already held fa4aa4f, whose build it is: it prints fa4aa4fa30cd); os_pass's registers, spills and local memory (the
# driver's PTX through ptxas -v).
set -u
R=$(pwd); B=$R/.carry/psearch; P=$B/psearch
bash scripts/gpu-sort.sh .carry/psearch $OUT/r OS_WG=512,OS_MIN_GROUPS=2,OS_PEERS_OR=0,OS_PACKR=0 > $OUT/r-log.txt 2>&1
rm -f $OUT/r/allkept.in
cd $OUT/r
mkdir -p ab && cd ab
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort argsort\nrandom input { [33554431]i32 }\n==\nentry: radix_sort_pairs\nrandom input { [33554431]i32 [33554431]i32 }\n' > ab.bench
for round in 1 2; do
  for b in new old; do
    bin=$P; [ $b = old ] && bin=$R/.carry/old/psearch
    $bin bench -r 50 -x --no-convergence-phase ab.bench --json "$b$round.json" > "$b$round.txt" 2>&1
    echo "== $b round $round: $(grep -o 'kernel time [0-9.]*' $b$round.txt | tr '\n' ' ')"
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
cd $OUT && tar czf r.tgz r r-log.txt && rm -rf r
