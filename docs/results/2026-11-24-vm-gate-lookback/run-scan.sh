#!/bin/bash
# The gate's scan alone, as run.sh runs gs.bench: five ABAB rounds of 20 runs, base
# (636112b, /tmp/wt) against this tree, then psearch compare (compare-scan.txt).
set -u
G=$(cd "$(dirname "$0")" && pwd)
for r in 1 2 3 4 5; do for b in base new; do
  B=/tmp/wt/build/psearch; [ $b = new ] && B=build/psearch
  $B bench -r 20 --no-convergence-phase $G/scan.bench --json $G/scan-$b-$r.json > $G/scan-$b-$r.txt 2>&1
done; done
build/psearch compare $(for r in 1 2 3 4 5; do echo --old $G/scan-base-$r.json; done) \
  $(for r in 1 2 3 4 5; do echo --new $G/scan-new-$r.json; done) > $G/compare-scan.txt
