#!/bin/bash
# gpu-parallel.sh [BUNDLE [OUTDIR]]: `bench -d all --parallel` against one GPU
# on a host with two (the device tool's nvidia-h200-x2; docs/cluster.md), in
# under 240 s:
#   1. the default suites once on GPU 0: fills the dataset, reference and kernel
#      caches (a fresh XDG_CACHE_HOME), so the timed runs below start alike;
#   2. the default suites on one GPU (-d 0), warm caches: the wall time;
#   3. the same with -d all --parallel: a worker per GPU, each its part of the
#      cost model's split; then balanced by run 2's times (--balance-from);
#      the wall times and their ratios to run 2 (issue 47's target: <= 0.58);
#   4. checks: the parallel runs have exactly run 2's cases, every one
#      validated, each device's part keyed @pPdD, and the two devices' UUIDs.
# BUNDLE is scripts/gpu-bundle.sh's folder (default .carry/psearch); OUTDIR
# (default $OUT, else /tmp/results) gets the JSON, the reports and wall.txt.
#   run: bash scripts/gpu-parallel.sh .carry/psearch $OUT   (carry .carry)
set -u
here=$(cd "$(dirname "$0")" && pwd)
B=$(cd "${1:-.carry/psearch}" && pwd)
O=$(mkdir -p "${2:-${OUT:-/tmp/results}}" && cd "${2:-${OUT:-/tmp/results}}" && pwd)
P=$B/psearch
export XDG_CACHE_HOME=$(mktemp -d)
cd "$O" || exit 1
bash "$here/machine.sh" "$P" > machine.txt 2>&1
cat machine.txt
now() { date +%s.%N; }
G=(bench --device-type=gpu)

echo "== 1. warm the caches: the default suites on GPU 0"
t0=$(now)
$P "${G[@]}" -d 0 --json warm.json > warm.txt 2> warm.err
echo "exit $?"
t1=$(now)
echo "== 2. one GPU, warm caches"
$P "${G[@]}" -d 0 --json one.json > one.txt 2> one.err
echo "exit $?"
t2=$(now)
echo "== 3. -d all --parallel, warm caches: the cost model's split, then balanced by run 2"
$P "${G[@]}" -d all --parallel --json par.json > par.txt 2> par.err
echo "exit $?"
t3=$(now)
$P "${G[@]}" -d all --parallel --balance-from one.json --json bal.json > bal.txt 2> bal.err
echo "exit $?"
t4=$(now)
grep -h "shard\|--parallel" par.err bal.err

python3 - "$t0" "$t1" "$t2" "$t3" "$t4" <<'PY' | tee wall.txt
import sys
t0, t1, t2, t3, t4 = map(float, sys.argv[1:])
warm, one, par, bal = t1 - t0, t2 - t1, t3 - t2, t4 - t3
print(f"one GPU: {one:.1f} s (the cache-filling first run: {warm:.1f} s)")
print(f"--parallel over 2 GPUs: {par:.1f} s, ratio {par / one:.3f}; balanced by one.json: {bal:.1f} s, "
      f"ratio {bal / one:.3f} (target: at most 0.58)")
PY

echo "== 4. checks"
python3 - one.json par.json bal.json <<'PY' | tee checks.txt
import json, sys
def cases(path, strip):
    out, devs = set(), {}
    for p, v in json.load(open(path)).items():
        prog, dev = p.rsplit("@", 1) if strip else (p, "")
        for d, x in v["datasets"].items():
            out.add((prog, d))
            ok = isinstance(x, dict) and x["psearch"]["validation"] == "ok"
            if not ok:
                print(f"{path}: {p} {d}: not validated: {x if isinstance(x, str) else x['psearch']['validation']}")
        i = v["psearch_context"].get("identity", {})
        devs.setdefault(dev, set()).add(i.get("uuid", "absent"))
    return out, devs
one, _ = cases(sys.argv[1], False)
for f in sys.argv[2:]:
    got, devs = cases(f, True)
    print(f"{f}: {len(got)} cases, {'the same as' if got == one else 'NOT the same as'} one.json's {len(one)}; "
          f"devices {sorted(devs)}, UUIDs {sorted(u for s in devs.values() for u in s)}")
PY
rm -rf "$XDG_CACHE_HOME"
