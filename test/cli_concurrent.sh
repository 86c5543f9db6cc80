#!/bin/bash
# CLI tests of `bench -d all --concurrent` (docs/cli.md, docs/cluster.md) on
# PoCL's two devices (POCL_DEVICES="pthread basic"; skipped, exit 77, where
# PoCL does not show them): every dataset on both devices, alone one after
# the other and then at once; each device's results the unsharded run's
# cases, every one validated, with its mean alone beside the mean at once,
# their ratio and the devices' summed throughput, as the interference table
# says too; the runs alone before the runs at once and never together, the
# runs at once overlapping; a worker that does not open or aborts named and
# the other's results kept; a stop; the options that do not go with it; and
# compare naming the condition. Seconds.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
cd "$T" || exit 1
export XDG_CACHE_HOME=$T/cache
cp "$HERE/scale.bench" t.bench

if [ "$(POCL_DEVICES="pthread basic" $P devices 2>/dev/null | grep -ci 'basic-')" -lt 1 ]; then
  echo "skipped: PoCL does not show two devices here (POCL_DEVICES=\"pthread basic\")"
  exit 77
fi
export POCL_DEVICES="pthread basic"

check full 0 $P bench --backend=c -r 1 --max-runs 1 --no-convergence-phase --json full.json t.bench

CB=(bench -d all --concurrent --device-type=cpu -r 2 --max-runs 2 --no-convergence-phase)
check concurrent 0 $P "${CB[@]}" --json con.json t.bench
cp $OUT con.out
has $ERR "--concurrent: 2 workers"
has $OUT "Results for t.bench:bench_copy@p0d0:"
has $OUT "Results for t.bench:bench_eytzinger_search@p0d1:"
has $OUT "on the 2 devices at once"
has $OUT "Interference (--concurrent)"
[ "$(grep -c '^    alone .* at once .*x the mean alone; 2 devices together: ' $OUT)" = 20 ] ||
  fail "not 20 lines of a mean alone beside the mean at once: $(grep -c '^    alone ' $OUT)"

# the JSON: both devices, every case of the unsharded run, validated, both
# means, the ratio, the summed throughput; the table says the same
py "concurrent json" full.json con.json con.out <<'PY'
import json, math, sys
full, con = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
table = open(sys.argv[3]).read().split("Interference (--concurrent)")[1].splitlines()
want = {p: sorted(v["datasets"]) for p, v in full.items()}
by = {}
for p, v in con.items():
    prog, dev = p.rsplit("@", 1)
    assert sorted(v["datasets"]) == want[prog], p
    c = v["psearch_context"]
    assert c["concurrent"] == 2 and "shard" not in c, c
    assert [part["file"] for part in c["parts"]] == ["@" + dev], c["parts"]
    assert "shard" not in c["parts"][0]["context"], p
    for d, x in v["datasets"].items():
        ps = x["psearch"]
        assert ps["validation"] == "ok", (p, d)
        k = ps["concurrent"]
        assert k["devices"] == 2 and ps["mean_us"] > 0 and k["alone_mean_us"] > 0 and k["alone_runs"] >= 2, k
        assert math.isclose(k["ratio"], ps["mean_us"] / k["alone_mean_us"], rel_tol=1e-9), (p, d, k)
        assert math.isclose(k["aggregate_elements_per_s"], ps["elements"] * k["aggregate_runs_per_s"], rel_tol=1e-9)
        assert math.isclose(k["aggregate_bytes_per_s"], ps["min_bytes"] * k["aggregate_runs_per_s"], rel_tol=1e-9)
        by.setdefault((prog, d), {})[dev] = (ps, k)
assert len(by) == sum(len(d) for d in want.values()), len(by)
untimed = 0
for (prog, d), devs in by.items():
    assert sorted(devs) == ["p0d0", "p0d1"], (prog, d)
    rps = sum(1e6 / ps["mean_us"] for ps, k in devs.values())
    alone = sum(1e6 / k["alone_mean_us"] for ps, k in devs.values())
    for ps, k in devs.values():
        assert math.isclose(k["aggregate_runs_per_s"], rps, rel_tol=1e-9), (prog, d, k, rps)
        assert math.isclose(k["aggregate_of_alone"], rps / alone, rel_tol=1e-9), (prog, d, k)
        untimed += k["untimed_runs"]
    # one device alone at a time, both before the runs at once
    (a0, a1), (b0, b1) = (devs[x][1]["alone_seconds"] for x in ("p0d0", "p0d1"))
    assert a1 <= b0 or b1 <= a0, ("alone together", prog, d, (a0, a1), (b0, b1))
    starts = [devs[x][1]["at_once_seconds"][0] for x in devs]
    assert max(a1, b1) <= min(starts), ("alone after at once", prog, d)
    # the table's row: each device's ratio
    row = [l for l in table if l.startswith(prog + " " + d + " ")]
    assert len(row) == 1, (prog, d, row)
    cells = row[0][len(prog + " " + d):].split()
    for i, x in enumerate(("p0d0", "p0d1")):
        assert cells[i] == "%.3fx" % devs[x][1]["ratio"], (row, devs[x][1]["ratio"])
# a device done first kept running, untimed, while the other measured
assert untimed >= 1, untimed
# the geometric mean of each device's ratios
geo = [l for l in table if l.startswith("geometric mean")]
assert len(geo) == 1, table
for i, x in enumerate(("p0d0", "p0d1")):
    rs = [devs[x][1]["ratio"] for devs in by.values()]
    assert geo[0][len("geometric mean"):].split()[i] == "%.3fx" % math.exp(sum(map(math.log, rs)) / len(rs)), geo
# each device's report: after a dataset's line, its mean alone and the ratio
prog = None
lines = open(sys.argv[3]).read().split("Interference (--concurrent)")[0].splitlines()
seen = 0
for i, l in enumerate(lines):
    if l.startswith("Results for "):
        prog = l[len("Results for "):-1]
    elif l.startswith("    alone "):
        name = lines[i - 1].split(":")[0]
        ps, k = by[(prog.rsplit("@", 1)[0], name)][prog.rsplit("@", 1)[1]]
        assert " at once %.3fx the mean alone; 2 devices together: " % k["ratio"] in l, (l, k["ratio"])
        assert "(%.0f%% of their sum alone)" % (100 * k["aggregate_of_alone"]) in l, l
        seen += 1
assert seen == 2 * len(by), seen
PY

# the plan counts a case's measurements: each device alone, then all at once
# (before any run of these devices stores its times: the cost model's estimates)
check "dry-run alone" 0 $P bench -d 0 --device-type=cpu --dry-run t.bench
cp $OUT dry1.out
check "dry-run concurrent" 0 $P bench -d all --concurrent --device-type=cpu --dry-run t.bench
py "dry-run estimates" dry1.out $OUT <<'PY'
import re, sys
def est(f):
    return [float(m.group(1)) for m in re.finditer(r"elements +([0-9.]+) s", open(f).read())]
one, con = est(sys.argv[1]), est(sys.argv[2])
assert len(con) == 2 * len(one) == 20 and all(c > 2 * o for c, o in zip(con, one + one)), (one, con)
PY

# the runs at once overlap: 100 ms a call, the two devices' windows share time
check "at once" 0 env PSEARCH_TEST_DELAY=bench_copy:100000 $P "${CB[@]}" -e bench_copy --json slow.json t.bench
py "at once overlaps" slow.json <<'PY'
import json, sys
win = {}
for p, v in json.load(open(sys.argv[1])).items():
    for d, x in v["datasets"].items():
        win.setdefault(d, []).append(x["psearch"]["concurrent"]["at_once_seconds"])
assert len(win) == 3, win
for d, w in win.items():
    assert len(w) == 2 and max(s for s, e in w) + 0.1 < min(e for s, e in w), (d, w)
PY

# a worker whose device does not open, or that aborts: named, the other's
# results kept (the datasets ran on one device: devices 1), exit 1
for bad in p0d1 p0d0:abort; do
  dev=${bad%:abort}
  check "fails $bad" 1 env PSEARCH_TEST_DEVICE_FAIL=$bad $P "${CB[@]}" --json f.json t.bench
  has $ERR "--concurrent: the worker of device"
  has $ERR "(@$dev, "
  has $ERR "its datasets are not in the results"
  has $ERR "1 of 2 workers failed"
  has $OUT "1 of 2 devices at once"
  py "fails $bad kept" full.json f.json $dev <<'PY'
import json, sys
full, got, bad = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
assert {p.rsplit("@", 1)[1] for p in got} == {"p0d0", "p0d1"} - {bad}, sorted(got)
assert {p.rsplit("@", 1)[0]: sorted(v["datasets"]) for p, v in got.items()} == {p: sorted(v["datasets"]) for p, v in full.items()}
for v in got.values():
    for x in v["datasets"].values():
        assert x["psearch"]["validation"] == "ok" and x["psearch"]["concurrent"]["devices"] == 1, x
PY
done
has $ERR "killed by signal"

# stopped (SIGTERM to bench alone): the workers stop, write what they have, exit 130
PSEARCH_TEST_DELAY=sorted:2000000 $P "${CB[@]}" -e sorted --json pi.json t.bench > pi.out 2> pi.err &
pid=$!
for i in $(seq 600); do [ "$(grep -c '^psearch: device: ' pi.err)" = 2 ] && break; sleep 0.1; done
sleep 1
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "--concurrent stopped: exit $rc, not 130"
py "stopped" pi.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert {p.rsplit("@", 1)[1] for p, v in r.items() if "Interrupted." in v["datasets"].values()} == {"p0d0", "p0d1"}, r
PY

# compare names the condition against the devices run one after another
check dall 0 $P bench -d all --device-type=cpu -r 1 --max-runs 1 --no-convergence-phase -e bench_copy --json dall.json t.bench
check compare 0 $P compare dall.json slow.json
has $OUT "Devices run at once (bench --concurrent) changed"

# several -d: the devices they name, as -d all runs them (here both, by name)
check "several -d" 0 $P bench -d pthread -d basic --concurrent -r 1 --max-runs 1 --no-convergence-phase -e bench_copy \
  --json named.json t.bench
py "several -d" named.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert sorted(r) == ["t.bench:bench_copy@p0d0", "t.bench:bench_copy@p0d1"], sorted(r)
assert all(x["psearch"]["concurrent"]["devices"] == 2 for v in r.values() for x in v["datasets"].values()), r
PY
check "-d names none" 1 $P bench -d 0 -d nope --concurrent "${Q[@]}" t.bench
has $ERR "-d nope: no OpenCL device matches it"
check "-d twice the same" 2 $P bench -d 1 -d pthread --concurrent "${Q[@]}" t.bench
has $ERR "the selection has one"
check "-d all and -d" 2 $P bench -d all -d 1 "${Q[@]}" t.bench
has $ERR "-d all and -d 1"
check "run several -d" 2 $P run -d 0 -d 1 -e sorted
has $ERR "several -d are for bench"

# what does not go with it: exit 2, said
check "one device" 2 env POCL_DEVICES=pthread $P "${CB[@]}" t.bench
has $ERR "the selection has one"
Q=(-r 1 --max-runs 1 --no-convergence-phase) # should a mutant run them after all
check "no -d all" 2 $P bench --concurrent "${Q[@]}" t.bench
has $ERR "add -d all"
check "with --parallel" 2 $P "${CB[@]}" --parallel t.bench
has $ERR "--concurrent and --parallel"
check "with --shard" 2 $P "${CB[@]}" --shard 1/2 t.bench
check "with --interleave" 2 $P "${CB[@]}" --interleave t.bench
check "with --markdown" 2 $P "${CB[@]}" --markdown m.md t.bench
check "with --balance-from" 2 $P "${CB[@]}" --balance-from full.json t.bench
check "c backend" 2 $P bench --backend=c -d all --concurrent "${Q[@]}" t.bench

finish
