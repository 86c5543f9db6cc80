#!/bin/bash
# PoCL gate on the 2-core VM: base (commit d33d043, the session's start, built in
# /tmp/wt-old) against this tree (the code of commit ec9396f), ABAB, 15 runs each (at least 0.5 s, no convergence phase), then psearch
# compare on each round.
set -u
G=$(cd "$(dirname "$0")" && pwd)
for r in 1 2; do for b in base new; do
  B=/tmp/wt-old/build/psearch; [ $b = new ] && B=build/psearch
  $B bench -r 15 --no-convergence-phase $G/gs.bench --json $G/$b-$r.json > $G/$b-$r.txt 2>&1
done; done
build/psearch compare $G/base-1.json $G/new-1.json > $G/compare-1.txt
build/psearch compare $G/base-2.json $G/new-2.json > $G/compare-2.txt
