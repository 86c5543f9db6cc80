#!/bin/bash
# gpu-ab.sh BUNDLE OUTDIR OLD_PSEARCH: an A/B gate of this build (BUNDLE/psearch)
# against an older one on the GPU, over the entries of docs/performance.md's
# cost and search figures (the random-key searches left out: their c
# references take a minute each), with the gate's defaults (6 ABBA rounds,
# the rounds test, 2%, alpha 0.01), --runs 10 --max-seconds 1. Keeps every
# round's JSON and compare's JSON in OUTDIR. For refactors that must not
# change performance (docs/ci.md).
set -u
B=$(cd "${1:-.carry/psearch}" && pwd)
O=$(mkdir -p "${2:-/tmp/ab}" && cd "${2:-/tmp/ab}" && pwd)
OLD=$3
here=$(cd "$(dirname "$0")" && pwd)
export XDG_CACHE_HOME=$(mktemp -d)
export PSEARCH_CACHE_MAX=none   # two builds' datasets and references (about 8 GB) stay cached
E=()
for e in red reduce argmax scan_hillis_steele scan_blelloch scan scan_exclusive scan_rts filter_scan filter \
         histogram segmented_scan segmented_reduce bench_copy radix_sort_1bit radix_sort to_eytzinger \
         bench_binary_search to_btree bench_btree_search bench_sorted_keys_search bench_eytzinger_search; do
  E+=(-e $e)
done
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader; \
  $B/psearch --version; $OLD --version; } > $O/machine.txt 2>&1
start=$(date +%s)
$here/ci-gate.sh --against $OLD --psearch $B/psearch --suite builtin:cost.bench --suite builtin:search.bench \
  "${E[@]}" --runs 10 --max-seconds 1 --rounds ${ROUNDS:-6} --keep $O/rounds > $O/gate.md 2> $O/gate.err
echo "exit $? after $(( $(date +%s) - start )) s" | tee $O/gate.txt
$B/psearch compare --strict --format json $(ls $O/rounds/old-*.json | sed 's/^/--old /') \
  $(ls $O/rounds/new-*.json | sed 's/^/--new /') > $O/compare.json 2>/dev/null
cat $O/gate.md
