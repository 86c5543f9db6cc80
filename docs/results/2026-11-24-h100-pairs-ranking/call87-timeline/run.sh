#!/bin/bash
# call 87 (experiment): os_pass's per-tile marks (PSEARCH_TIMELINE, timeline.patch) for the
# pairs, the keys and argsort at [33554431]; each with and without the marks
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
N=33554431
printf -- '==\nentry: radix_sort_pairs\nrandom input { [%s]i32 [%s]i32 }\n' $N $N > p.bench
printf -- '==\nentry: radix_sort\nrandom input { [%s]i32 }\n' $N > s.bench
printf -- '==\nentry: argsort\nrandom input { [%s]i32 }\n' $N > a.bench
for x in p s a; do
  timeout -s KILL 120 $B/psearch bench -r 30 -x --no-convergence-phase $x.bench --json $x-plain.json > $x-plain.txt 2>&1
  PSEARCH_TIMELINE=$OUT/tl-$x.bin timeout -s KILL 120 $B/psearch bench -r 30 -x --no-convergence-phase $x.bench --json $x-tl.json > $x-tl.txt 2>&1
  echo "$x: plain $(grep -o 'kernel time [0-9.]*' $x-plain.txt), marks $(grep -o 'kernel time [0-9.]*' $x-tl.txt); $(grep -c '"validation".*"ok"' $x-tl.json) ok"
done
python3 $R/tl.py $OUT/tl-p.bin $OUT/tl-s.bin $OUT/tl-a.bin | tee $OUT/tl.txt
cd $OUT && xz -9 tl-*.bin; find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r && rm -rf r && ls -la
