#!/bin/bash
# cpu-grouped.sh PSEARCH OUTDIR: the grouped B+ tree search against the plain
# one on the CPU device (PoCL) of this machine (docs/performance.md): random
# keys at 2^20 (the array in the caches) and 2^24 i32 (64 MiB, out of them),
# with the search of keys in order and the copy beside, the entries measured in
# turns (--interleave) so that the VM's drift hits them alike; validated.
set -u
P=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
O=$(mkdir -p "$2" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cd "$O" || exit 1
bash "$here/machine.sh" "$P" > machine.txt 2>&1
cat > grouped.bench <<'S'
==
entry: bench_copy bench_btree_search bench_btree_search_random bench_btree_search_random_grouped
random sorted input { [1048576]i32 }
random sorted input { [16777216]i32 }
S
$P bench -r 10 -x --interleave --device-type=cpu grouped.bench --json grouped.json > grouped.txt 2> grouped.err
echo "bench: exit $?"
cat grouped.txt
