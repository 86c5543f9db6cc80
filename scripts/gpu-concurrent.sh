#!/bin/bash
# gpu-concurrent.sh [BUNDLE [OUTDIR [BENCH ARGS...]]]: `bench -d all --concurrent`
# over every GPU of a multi-GPU host (the device tool's nvidia-h200-x2, -x4 or
# -x8; docs/cluster.md, "Interference on a multi-GPU host"), in about 2 + N
# minutes for N GPUs:
#   1. the host: machine.txt (CPUs, GPUs, psearch's devices with each one's UUID
#      and PCI bus id) and topo.txt (nvidia-smi topo -m: which GPUs share a
#      PCIe switch or a socket);
#   2. a small suite (written to OUTDIR/concurrent.bench: bench_copy, scan and
#      radix_sort on [33554431]i32, bench_binary_search_random on a sorted
#      [33554431]i32, 2^25 - 1 as in docs/results.md's records) once on GPU 0:
#      fills the dataset, reference and kernel caches (a fresh XDG_CACHE_HOME);
#   3. the suite with -d all --device-type=gpu --concurrent, warm caches: each
#      dataset on each GPU alone, then on all at once (con.json, con.txt with
#      the interference table, con.err), and its wall time;
#   4. checks (checks.txt): every GPU has every case, validated, with both
#      means and their ratio, the runs alone apart and before the runs at once,
#      the GPUs' UUIDs distinct; and each dataset's ratios and the host's
#      summed throughput as a share of the GPUs' sum alone.
# BUNDLE is scripts/gpu-bundle.sh's folder (default .carry/psearch); OUTDIR
# (default $OUT, else /tmp/results) gets everything; BENCH ARGS are added to
# step 3's bench (default: --convergence-max-seconds 5). A smoke test on PoCL
# (POCL_DEVICES="pthread basic"): GPU_CONCURRENT_TYPE=cpu GPU_CONCURRENT_N=100000.
#   run: bash scripts/gpu-concurrent.sh .carry/psearch $OUT   (carry .carry)
set -u
here=$(cd "$(dirname "$0")" && pwd)
B=$(cd "${1:-.carry/psearch}" && pwd)
O=$(mkdir -p "${2:-${OUT:-/tmp/results}}" && cd "${2:-${OUT:-/tmp/results}}" && pwd)
shift $(($# > 2 ? 2 : $#))
EXTRA=("$@")
[ ${#EXTRA[@]} -gt 0 ] || EXTRA=(--convergence-max-seconds 5)
P=$B/psearch
TYPE=${GPU_CONCURRENT_TYPE:-gpu}
N=${GPU_CONCURRENT_N:-33554431}
export XDG_CACHE_HOME=$(mktemp -d)
cd "$O" || exit 1
bash "$here/machine.sh" "$P" > machine.txt 2>&1
cat machine.txt
command -v nvidia-smi >/dev/null && nvidia-smi topo -m > topo.txt 2>&1 && cat topo.txt
now() { date +%s.%N; }

cat > concurrent.bench <<SUITE
-- gpu-concurrent.sh's suite: a copy (the bandwidth roofline), a scan and a sort
-- (bandwidth and launches), a search with random keys (latency-bound), at
-- 2^25 - 1 elements as in docs/results.md's one-GPU records.
==
entry: bench_copy scan radix_sort
random input { [$N]i32 }
==
entry: bench_binary_search_random
random sorted input { [$N]i32 }
SUITE

echo "== 1. warm the caches: the suite on GPU 0"
$P bench --device-type=$TYPE -d 0 --convergence-max-seconds 1 --json warm.json concurrent.bench > warm.txt 2> warm.err
echo "exit $?"
echo "== 2. -d all --concurrent, warm caches: ${EXTRA[*]}"
t0=$(now)
$P bench --device-type=$TYPE -d all --concurrent "${EXTRA[@]}" --json con.json concurrent.bench > con.txt 2> con.err
echo "exit $?"
t1=$(now)
python3 -c "import sys; print(f'--concurrent: {float(sys.argv[2]) - float(sys.argv[1]):.1f} s')" "$t0" "$t1" | tee wall.txt
sed -n '/^Interference/,$p' con.txt
grep -h "concurrent\|worker\|warning" con.err

echo "== 3. checks"
python3 - con.json <<'PY' | tee checks.txt
import json, math, sys
r = json.load(open(sys.argv[1]))
cases, devs, uuids, rows, bad = {}, set(), {}, {}, []
for p, v in r.items():
    prog, dev = p.rsplit("@", 1)
    devs.add(dev)
    c = v["psearch_context"]
    uuids.setdefault(dev, c.get("identity", {}).get("uuid", "absent"))
    if c.get("concurrent") != len({q.rsplit("@", 1)[1] for q in r}):
        bad.append(f"{p}: context concurrent {c.get('concurrent')}")
    for d, x in v["datasets"].items():
        cases.setdefault((prog, d), set()).add(dev)
        if isinstance(x, str):
            bad.append(f"{p} {d}: failed: {x}")
            continue
        ps = x["psearch"]
        k = ps.get("concurrent", {})
        if ps["validation"] != "ok":
            bad.append(f"{p} {d}: validation {ps['validation']}")
        if not k or not math.isclose(k["ratio"], ps["mean_us"] / k["alone_mean_us"], rel_tol=1e-9):
            bad.append(f"{p} {d}: no concurrent record or a ratio that is not mean_us / alone_mean_us")
            continue
        rows.setdefault((prog, d), {})[dev] = (ps["mean_us"], k)
for key, ds in cases.items():
    if ds != devs:
        bad.append(f"{key}: only on {sorted(ds)}")
for key, ds in rows.items():
    alone = sorted(k["alone_seconds"] for _, k in ds.values())
    if any(a[1] > b[0] for a, b in zip(alone, alone[1:])):
        bad.append(f"{key}: runs alone overlap")
    if alone and alone[-1][1] > min(k["at_once_seconds"][0] for _, k in ds.values()):
        bad.append(f"{key}: runs alone after runs at once began")
print(f"{len(devs)} GPUs {sorted(devs)}, UUIDs {'distinct' if len(set(uuids.values())) == len(devs) else 'NOT distinct'}: "
      + ", ".join(f"{d} {u}" for d, u in sorted(uuids.items())))
print(f"{len(cases)} datasets, {sum(len(d) for d in cases.values())} records; {len(bad)} problems")
for b in bad:
    print("PROBLEM:", b)
print("\ndataset                                        " + " ".join(f"{d:>9}" for d in sorted(devs))
      + "  at once / sum alone   elements/s at once")
for (prog, d), ds in sorted(rows.items()):
    any_k = next(iter(ds.values()))[1]
    cells = " ".join(f"{ds[x][1]['ratio']:8.3f}x" if x in ds else f"{'-':>9}" for x in sorted(devs))
    print(f"{(prog.split(':')[-1] + ' ' + d)[:46]:46} {cells}  {100 * any_k['aggregate_of_alone']:17.0f}%"
          f"   {any_k.get('aggregate_elements_per_s', 0):.3e}")
PY
rm -rf "$XDG_CACHE_HOME"
