#!/bin/bash
# call 46: which op hangs with tile_prefix_warp (15 s each)
set -u
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
for e in scan scan_exclusive scan_max filter; do
  for n in 100 10000 1000000 10000000; do
    for tune in "" COST_BALLOT=0; do
      [ "$e" != filter ] && [ -n "$tune" ] && continue
      printf -- '==\nentry: %s\nrandom input { [%s]i32 }\n' $e $n > b.bench
      PSEARCH_TEST_TUNE=$tune timeout 15 $P bench -r 3 b.bench > o.txt 2>&1
      echo "$e $n [$tune]: rc=$? $(grep -o 'i32: .*' o.txt | head -1 | cut -c1-60) $(grep -m1 -i 'match\|error' o.txt)"
    done
  done
done
