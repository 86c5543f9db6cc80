#!/bin/bash
# gpu-peers.sh BUNDLE OUTDIR: the H100 checks of issue #19's measurement
# features, for the lead to run on a GPU host (psearch's bundle as
# scripts/gpu-bundle.sh makes it; OUTDIR is created):
#  1. --discard-throttled with the real NVML: bench_copy on 3 elements (runs
#     of µs, so the per-run NVML cost shows) with and without the flag; the
#     runs and wall time of each, the discarded counts, the stderr notes
#     (the cost of the NVML readings: docs/cli.md);
#  2. --interleave against one-after-another on the search suite's entries;
#  3. scripts/peers.py with torch and CuPy (when importable) and numpy on
#     builtin:sweep-search.bench's sizes up to 2^22 (and builtin:search.bench),
#     merged into psearch's results, with plot --bars and plot --sweep.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/peers}"

cat > tiny.bench <<'S'
==
entry: bench_copy
"tiny" input { [3, 1, 2] }
random input { [33554431]i32 }
S
echo "== --discard-throttled: its cost and its counts"
for flag in "" --discard-throttled; do
  name=plain${flag:+-discard}
  /usr/bin/time -f "wall %e s" $P bench -r 100 --convergence-max-seconds 10 $flag tiny.bench --json $name.json \
    > $name.txt 2> $name.err
  tail -1 $name.err
  python3 - $name.json <<'PY'
import json, sys
for k, p in json.load(open(sys.argv[1])).items():
    for n, d in p["datasets"].items():
        if isinstance(d, dict):
            s = d["psearch"]
            print("%s %s: %d runs, mean %.2f us, rsd %.3f, discarded %s, phase runs %.2f s" % (
                k, n, s["runs"], s["mean_us"], s["rsd"], s.get("discarded_throttled", "-"),
                s["phase_seconds"]["runs"]))
PY
  grep -i "discarded\|throttled\|clock" $name.err
done

echo "== --interleave against one after another (search suite, -r 50)"
E="-e bench_copy -e bench_binary_search -e bench_btree_search -e bench_sorted_keys_search"
$P bench -r 50 -x --no-convergence-phase builtin:search.bench $E --json seq.json > seq.txt 2> seq.err
$P bench -r 50 -x --no-convergence-phase --interleave builtin:search.bench $E --json il.json > il.txt 2> il.err
grep -h "interleave" seq.err il.err
paste -d'|' seq.txt il.txt | grep "μs"

echo "== peers (numpy, torch, CuPy: those importable)"
cat > sweep.bench <<'S'
-- the search family's sweep to 2^22 (peers: searchsorted, searchsorted_random, copy, sort)
==
entry: bench_copy sorted bench_binary_search bench_btree_search bench_binary_search_random bench_btree_search_random
random sorted input { [2**10..2**22 by *4]i32 }
S
$P bench -r 50 --no-convergence-phase --no-validate sweep.bench --json sweep.json > sweep.txt
python3 "$here/peers.py" --psearch $P --runs 10 --min-time 0.2 sweep.bench --merge sweep.json \
  -o sweep-peers.json > sweep-peers.txt 2> sweep-peers.err
cat sweep-peers.err
$P plot --sweep sweep-peers.json -o sweep-peers.svg
$P plot --bars sweep-peers.json -o sweep-bars.svg
$P export sweep-peers.json --format=markdown > sweep-peers.md
echo "files in $O"
