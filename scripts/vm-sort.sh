#!/bin/bash
# vm-sort.sh: the multicore backend's radix_sort beside numpy's np.sort on
# this machine, side by side: ROUNDS rounds, each `psearch bench
# --backend=multicore -r 10` then scripts/peers.py --libs numpy on the same
# suite ([10000000]i32 and [33554431]i32, psearch's own data), so a load that
# changes between rounds shows as spread rather than as a ratio.
#
#   scripts/vm-sort.sh OUTDIR [PSEARCH] [ROUNDS]     (defaults build/psearch, 3)
#
# PYTHON (default .venv/bin/python3, else python3) must import numpy. OUTDIR
# gets machine.txt, sort.bench, r<K>-psearch.json, r<K>-numpy.json and
# summary.txt: each round's means (µs) and psearch over numpy. Exit 0, 1 when
# a step failed, 2 usage.
set -u
cd "$(dirname "$0")/.." || exit 2
[ $# -ge 1 ] || { echo "usage: scripts/vm-sort.sh OUTDIR [PSEARCH] [ROUNDS]" >&2; exit 2; }
out=$1 P=${2:-build/psearch} rounds=${3:-3}
py=${PYTHON:-.venv/bin/python3}
[ -x "$py" ] || py=python3
mkdir -p "$out" || exit 2
rc=0
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2) x $(nproc)"
  echo "psearch: $("$P" --version 2>&1 | head -1)"
  echo "numpy: $("$py" -c 'import numpy; print(numpy.__version__)' 2>&1)"
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$out/machine.txt"
printf '==\nentry: radix_sort\nrandom input { [10000000]i32 }\nrandom input { [33554431]i32 }\n' >"$out/sort.bench"
for ((k = 1; k <= rounds; k++)); do
  "$P" bench --backend=multicore -r 10 --max-runs 10 --no-convergence-phase --json "$out/r$k-psearch.json" \
    "$out/sort.bench" >/dev/null 2>"$out/r$k-psearch.err" || rc=1
  "$py" scripts/peers.py --psearch "$P" --libs numpy --runs 10 --max-runs 10 -o "$out/r$k-numpy.json" \
    "$out/sort.bench" >/dev/null 2>"$out/r$k-numpy.err" || rc=1
done
"$py" - "$out" "$rounds" >"$out/summary.txt" <<'PY' || rc=1
import json, os, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def means(path):
    r = {}
    for prog, v in json.load(open(path)).items():
        for ds, d in v["datasets"].items():
            if isinstance(d, dict) and d.get("runtimes"):
                r[ds] = sum(d["runtimes"]) / len(d["runtimes"])
    return r
print("round  dataset            psearch µs    numpy µs   psearch/numpy")
for k in range(1, rounds + 1):
    a = means(os.path.join(out, "r%d-psearch.json" % k))
    b = means(os.path.join(out, "r%d-numpy.json" % k))
    for ds in sorted(a, key=len):
        print("%5d  %-16s %12.0f %11.0f %10.3fx" % (k, ds, a[ds], b.get(ds, float("nan")), a[ds] / b[ds] if ds in b else float("nan")))
PY
cat "$out/summary.txt"
exit $rc
