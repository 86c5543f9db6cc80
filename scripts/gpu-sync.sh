#!/bin/bash
# gpu-sync.sh BUNDLE: compare the two ways psearch waits for the device
# (PSEARCH_SYNC=spin: poll a marker event; finish: clFinish) on the launch
# floor and on bench_copy, with the event-profiled kernel time beside them.
B=$(cd "${1:-.carry/psearch}" && pwd)
T=$(mktemp -d)
export XDG_CACHE_HOME=$T/cache
cat > $T/s.bench <<'S'
==
entry: bench_copy
random input { [1]i32 }
random input { [10000000]i32 }
random input { [33554431]i32 }
S
for mode in finish spin; do
  echo "== PSEARCH_SYNC=$mode"
  PSEARCH_SYNC=$mode $B/psearch bench -r 100 -x $T/s.bench 2>/dev/null | grep -A1 "^\[" 
done
