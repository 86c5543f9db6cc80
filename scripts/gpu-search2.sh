#!/bin/bash
# gpu-search2.sh BUNDLE: the B+ tree and binary searches on [33554431]i32 only.
B=$(cd "${1:-.carry/psearch}" && pwd)
export XDG_CACHE_HOME=$(mktemp -d)
T=$(mktemp -d)
cat > $T/s.bench <<'S'
==
entry: bench_copy to_eytzinger to_btree bench_binary_search bench_btree_search bench_sorted_keys_search bench_binary_search_random bench_btree_search_random
random sorted input { [33554431]i32 }
S
$B/psearch bench -r 50 -x --no-convergence-phase $T/s.bench 2>&1 | grep -A1 "^sorted"
cat > $T/e.bench <<'S'
==
entry: bench_eytzinger_search bench_eytzinger_search_random
random eytzinger input { [33554431]i32 }
S
$B/psearch bench -r 50 -x --no-convergence-phase $T/e.bench 2>&1 | grep -A1 "^eytzinger"
[ -n "${2:-}" ] && python3 "$2" 33554431 10000000 2>&1 | head -4
