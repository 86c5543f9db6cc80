#!/bin/bash
# CLI test of scripts/peers.py: numpy's peers timed on a tiny suite's
# datasets, named as psearch names them, and psearch's compare, plot --bars
# and export reading the JSON (the peers in the groups of psearch's entries).
# Skipped (77) without a python3 that has numpy (setup.sh --tests makes .venv with it).
PSEARCH=$1
PEERS=$2
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
export XDG_CACHE_HOME=$T/cache
PY=
for py in "$(dirname "$PEERS")/../.venv/bin/python3" python3 /usr/bin/python3; do
  if "$py" -c "import numpy" 2>/dev/null; then PY=$py; break; fi
done
if [ -z "$PY" ]; then
  echo "SKIP: no python3 with numpy (apt-get install python3-numpy): scripts/peers.py needs it"
  exit 77
fi

cat > $T/p.bench <<'S'
-- every peer, on generated, named, inline, Eytzinger and swept cases
==
entry: bench_copy sorted bench_binary_search bench_binary_search_random reduce scan filter histogram argmax scan_max
random sorted input { [1000]i32 }
"small" input { [-5, -1, 0, 0, 3, 5, 7, 9] }
==
entry: bench_eytzinger_search
random eytzinger input { [1000]i32 }
==
entry: bench_copy reduce
random input { [2**10..2**12 by *4]i32 }
input { [3, 1, 2] }
nobench input { [4, 5] }
S
cd $T || exit 1
check bench 0 $P bench --backend=multicore -r 3 --no-convergence-phase --max-runs 50 p.bench --json ps.json
check peers 0 $PY $PEERS --psearch $P --libs numpy --runs 3 --min-time 0 --max-runs 20 p.bench -o peers.json
has $OUT "p.bench:peer/numpy:searchsorted sorted [1000]i32: "
check peers-merge 0 $PY $PEERS --psearch $P --libs numpy --runs 3 --min-time 0 --max-runs 20 p.bench \
  -o merged.json --merge ps.json
py peers-json ps.json peers.json merged.json <<'PY'
import json, sys
ps, peers, merged = (json.load(open(f)) for f in sys.argv[1:4])
want = {"copy", "sort", "searchsorted", "searchsorted_random", "sum", "cumsum", "filter", "bincount",
        "argmax", "cummax"}
assert set(peers) == {"p.bench:peer/numpy:" + op for op in want}, sorted(peers)
names = {n for prog in ps.values() for n in prog["datasets"]}
assert names == {"sorted [1000]i32", "small", "eytzinger [1000]i32", "[1024]i32", "[4096]i32",
                 '#2 ("[3, 1, 2]")'}, names
for k, prog in peers.items():
    assert prog["psearch_context"]["backend"] == "peer/numpy", prog["psearch_context"]
    for n, d in prog["datasets"].items():
        assert n in names, (k, n)                      # named as psearch names the dataset
        assert len(d["runtimes"]) >= 3 and len(d["psearch"]["runtimes_us"]) == len(d["runtimes"]), (k, n)
# the datasets of each peer are those of the psearch entries it stands for
assert set(peers["p.bench:peer/numpy:searchsorted"]["datasets"]) == {"sorted [1000]i32", "small",
                                                                     "eytzinger [1000]i32"}
assert set(peers["p.bench:peer/numpy:sum"]["datasets"]) == {"sorted [1000]i32", "small", "[1024]i32", "[4096]i32",
                                                           '#2 ("[3, 1, 2]")'}
assert set(merged) == set(ps) | set(peers)
PY
# psearch reads it: compare (the peers against themselves, and psearch's
# results against the merged file), export, and plot --bars with the peers
# in the groups of psearch's entries, relative to bench_copy
check compare-peers 0 $P compare peers.json peers.json
has $OUT "0 slower"
check compare-merged 0 $P compare ps.json merged.json
has $OUT "p.bench:peer/numpy:sort"
check export 0 $P export merged.json --csv -
has $OUT "p.bench:peer/numpy:cumsum"
check bars 0 $P plot --bars merged.json -o bars.svg
py bars-svg bars.svg <<'PY'
import re, sys
texts = re.findall(r"<text[^>]*>([^<]*)</text>", open(sys.argv[1]).read())
heads = [t for t in texts if t.startswith("[1000]i32 ")]
assert heads == ["[1000]i32  ·  p.bench"], heads          # one group: entries, layouts and peers together
i = texts.index(heads[0])
group = texts[i:texts.index("small  ·  p.bench")]
assert "bench_copy · sorted" in group and "peer/numpy:searchsorted · sorted" in group, group
assert "peer/numpy:copy · sorted" in group and "bench_eytzinger_search · eytzinger" in group, group
assert not any("peer/numpy" in t and "p.bench" in t for t in texts), texts      # no group of its own
PY
finish
