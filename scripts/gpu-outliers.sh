#!/bin/bash
# gpu-outliers.sh BUNDLE OUTDIR: bench_copy in every default suite of one call
# (-r 100 -x), on a quiet host and then with every core kept busy by two
# spinning processes each, so that the OS preempts the measuring thread: the
# outliers, their named causes (-x, stderr, the JSON's runs_preempted and
# outliers_high_preempted) and the GPU's clocks (NVML) for each (docs/performance.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/outliers}"
for mode in quiet loaded; do
  pids=()
  if [ $mode = loaded ]; then
    for _ in $(seq $((2 * $(nproc)))); do (while :; do :; done) & pids+=($!); done
  fi
  $P bench -r 100 -x -e bench_copy --json $mode.json > $mode.txt 2> $mode.err
  echo "== $mode: exit $?"
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
  wait 2>/dev/null
  grep -E "^Results|RSD|runs; median" $mode.txt
  grep -E "outliers|throttled|clock" $mode.err
done
