#!/bin/bash
# gpu-outliers.sh BUNDLE OUTDIR: bench_copy in every default suite of one call
# (-r 100 -x), in several modes, each to MODE.json/.txt/.err:
#   plain    as users run it
#   ktime    --kernel-time: each run's kernels timed too, each outlier named
#            (slow kernels, slow launch and sync, preempted) in -x, stderr, JSON
#   pinned   ktime, the process pinned to one core (taskset)
#   spin     ktime, sync by polling a marker (PSEARCH_SYNC=spin) not clFinish
#   loaded   ktime, every core kept busy by two spinning processes each, so
#            that the OS preempts the measuring thread
# and NVML's clocks for each dataset in the JSON (docs/performance.md, Measurement).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/outliers}"
core=$(( $(nproc) - 1 ))
for mode in plain ktime pinned spin loaded; do
  pids=() pre=() kt=(--kernel-time)
  case $mode in
  plain) kt=() ;;
  pinned) pre=(taskset -c $core) ;;
  spin) pre=(env PSEARCH_SYNC=spin) ;;
  loaded) for _ in $(seq $((2 * $(nproc)))); do (while :; do :; done) & pids+=($!); done ;;
  esac
  "${pre[@]}" $P bench -r 100 -x "${kt[@]}" -e bench_copy --json $mode.json > $mode.txt 2> $mode.err
  echo "== $mode: exit $?"
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
  wait 2>/dev/null
  grep -E "^Results|RSD|runs; median" $mode.txt
  grep -E "outliers|throttled|clock" $mode.err
done
