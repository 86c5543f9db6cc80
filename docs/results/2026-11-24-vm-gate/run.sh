#!/bin/bash
# PoCL gate on the 2-core VM: base (commit 2419de3, the session's start) against the tree of
# commit 4d708ec, ABAB, 15 runs each, then psearch compare on each round.
set -u
for r in 1 2; do for b in base new; do
  B=/tmp/base/bb/psearch; [ $b = new ] && B=build/psearch
  $B bench -r 15 gs.bench --json $b-$r.json > $b-$r.txt 2>&1
done; done
build/psearch compare base-1.json new-1.json > compare-1.txt
build/psearch compare base-2.json new-2.json > compare-2.txt
