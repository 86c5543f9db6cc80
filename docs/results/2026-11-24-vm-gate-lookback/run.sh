#!/bin/bash
# PoCL gate on the 2-core VM: base (commit 636112b: scan_lookback's own inline walk,
# segmented_scan's helper, built in /tmp/wt) against this tree (commit 91b3b33: one
# helper, tile_prefix, for both), five ABAB rounds, 15 runs each (at least 0.5 s, no
# convergence phase), then psearch compare over the rounds.
set -u
G=$(cd "$(dirname "$0")" && pwd)
for r in 1 2 3 4 5; do for b in base new; do
  B=/tmp/wt/build/psearch; [ $b = new ] && B=build/psearch
  $B bench -r 15 --no-convergence-phase $G/gs.bench --json $G/$b-$r.json > $G/$b-$r.txt 2>&1
done; done
build/psearch compare --old $G/base-1.json --old $G/base-2.json --old $G/base-3.json --old $G/base-4.json --old $G/base-5.json \
  --new $G/new-1.json --new $G/new-2.json --new $G/new-3.json --new $G/new-4.json --new $G/new-5.json > $G/compare.txt
