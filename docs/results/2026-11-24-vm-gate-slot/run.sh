#!/bin/bash
# PoCL gate on the 2-core VM: base (commit e1d38e4, before this session's os_pass change,
# built in /tmp/wt) against this tree (commit 08bcf36's os_pass: a key's slot by one
# look-up; the 384 x 19 shape is the PTX path's only), three ABAB rounds, 15 runs each
# (at least 0.5 s, no convergence phase), then psearch compare over the rounds.
set -u
G=$(cd "$(dirname "$0")" && pwd)
for r in 1 2 3; do for b in base new; do
  B=/tmp/wt/build/psearch; [ $b = new ] && B=build/psearch
  $B bench -r 15 --no-convergence-phase $G/gs.bench --json $G/$b-$r.json > $G/$b-$r.txt 2>&1
done; done
build/psearch compare --old $G/base-1.json --old $G/base-2.json --old $G/base-3.json \
  --new $G/new-1.json --new $G/new-2.json --new $G/new-3.json > $G/compare.txt
