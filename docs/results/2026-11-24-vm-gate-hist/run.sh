#!/bin/bash
# PoCL gate on the 2-core VM: base (commit 4de7edd, the session's start, built in
# /tmp/wt-old) against this tree (the code of commit d74385a: os_hist's own group size and
# 4-key loads, now on PoCL too, the values' packed places), four ABAB rounds, 15 runs each (at least 0.5 s, no
# convergence phase), then psearch compare over the rounds. gs.bench is
# 2026-11-24-vm-gate-sort's: segmented_scan and segmented_reduce, whose code did not
# change, beside the sorts.
set -u
G=$(cd "$(dirname "$0")" && pwd)
for r in 1 2 3 4; do for b in base new; do
  B=/tmp/wt-old/build/psearch; [ $b = new ] && B=build/psearch
  $B bench -r 15 --no-convergence-phase $G/gs.bench --json $G/$b-$r.json > $G/$b-$r.txt 2>&1
done; done
build/psearch compare --old $G/base-1.json --old $G/base-2.json --old $G/base-3.json --old $G/base-4.json \
  --new $G/new-1.json --new $G/new-2.json --new $G/new-3.json --new $G/new-4.json > $G/compare.txt
