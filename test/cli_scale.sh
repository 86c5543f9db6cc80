#!/bin/bash
# CLI tests of `bench --shard` and `merge` (docs/cluster.md): the parts of a
# run are disjoint and their union is the unsharded run's cases, for several
# N (more parts than cases too), from the option and from a job array's
# environment (Slurm with any --array minimum, a Kubernetes Indexed Job),
# balanced from an earlier results file; merge joins them, keeps each part's
# context, refuses a dataset in two inputs naming both, and compare, plot and
# export read what it writes; with PoCL's two devices, -d all (a device that
# does not open) and -d all --parallel (a worker per device: the split, a
# failed worker, a stop). On the c backend and PoCL: seconds.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
cd "$T" || exit 1
export XDG_CACHE_HOME=$T/cache

cp "$HERE/scale.bench" t.bench
B=(bench --backend=c -r 1 --max-runs 1 --no-convergence-phase)

check full 0 $P "${B[@]}" --json full.json t.bench

# cases FILE...: the (program, dataset) pairs of results files, one a line,
# sorted; a pair twice is printed twice
cases() {
  python3 - "$@" <<'PY'
import json, sys
out = []
for f in sys.argv[1:]:
    for p, v in json.load(open(f)).items():
        out += [p + " | " + d for d in v["datasets"]]
print("\n".join(sorted(out)))
PY
}
cases full.json > full.cases
[ "$(wc -l < full.cases)" = 10 ] || fail "the unsharded run has $(wc -l < full.cases) cases, not 10"

# N parts: disjoint, their union the unsharded run's cases
for n in 1 2 3 13; do
  for i in $(seq 1 $n); do
    check "shard $i/$n" 0 $P "${B[@]}" --shard $i/$n --json s$n-$i.json t.bench
    has $ERR "shard $i/$n (option)"
  done
  cases s$n-*.json > s$n.cases
  same full.cases s$n.cases
done
# the parts are balanced: 10 cases over 3 parts, no part empty
for i in 1 2 3; do
  k=$(cases s3-$i.json | grep -c .)
  [ "$k" -ge 2 ] || fail "part $i/3 has $k cases"
done
# the same parts every time
check "shard again" 0 $P "${B[@]}" --shard 2/3 --json again.json t.bench
[ "$(cases again.json)" = "$(cases s3-2.json)" ] || fail "--shard 2/3 chose other cases the second time"

# every part's JSON records which part, the host and the device
py context s3-1.json <<'PY'
import json, socket, sys
for p, v in json.load(open(sys.argv[1])).items():
    c = v["psearch_context"]
    assert c["shard"] == {"index": 1, "count": 3, "from": "option"}, c
    assert c["host"] == socket.gethostname() and c["device"], c
    for d in v["datasets"].values():
        assert d["psearch"]["validation"] == "ok", d
PY

# --shard=auto: Slurm's array (any minimum), a Kubernetes Indexed Job
for id in 5 6 7; do
  check "slurm $id" 0 env SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=5 SLURM_ARRAY_TASK_MAX=7 \
    SLURM_ARRAY_TASK_COUNT=3 $P "${B[@]}" --shard=auto --json slurm$id.json t.bench
  has $ERR "SLURM_ARRAY_TASK_ID"
  [ "$(cases slurm$id.json)" = "$(cases s3-$((id - 4)).json)" ] || fail "task $id of --array=5-7 is not part $((id - 4))/3"
done
check k8s 0 env JOB_COMPLETION_INDEX=0 PSEARCH_SHARD_COUNT=3 $P "${B[@]}" --shard=auto --json k8s.json t.bench
[ "$(cases k8s.json)" = "$(cases s3-1.json)" ] || fail "JOB_COMPLETION_INDEX=0 of 3 is not part 1/3"
check "k8s no count" 2 env -u SLURM_ARRAY_TASK_ID JOB_COMPLETION_INDEX=0 $P "${B[@]}" --shard=auto t.bench
has $ERR "PSEARCH_SHARD_COUNT"
check "auto nothing" 2 env -u SLURM_ARRAY_TASK_ID -u JOB_COMPLETION_INDEX $P "${B[@]}" --shard=auto t.bench
has $ERR "neither SLURM_ARRAY_TASK_ID"

# --balance-from: the parts still cover every case once
for i in 1 2; do
  check "balanced $i" 0 $P "${B[@]}" --shard $i/2 --balance-from full.json --json b$i.json t.bench
done
cases b1.json b2.json > b.cases
same full.cases b.cases
# ... and follow it: one case that took 1000 s is a part of its own
python3 - full.json heavy.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["t.bench:sorted"]["datasets"]["small"]["psearch"]["phase_seconds"]["runs"] = 1000
json.dump(r, open(sys.argv[2], "w"))
PY
check "heavy 1" 0 $P "${B[@]}" --shard 1/2 --balance-from heavy.json --json h1.json t.bench
[ "$(cases h1.json)" = "t.bench:sorted | small" ] || fail "--balance-from: part 1/2 is not the heavy case alone: $(cases h1.json)"
has $ERR "1 of 10 datasets"

# bad values
check "shard 4/3" 2 $P "${B[@]}" --shard 4/3 t.bench
has $ERR "--shard '4/3'"
check "shard 0/3" 2 $P "${B[@]}" --shard 0/3 t.bench
check "balance alone" 2 $P "${B[@]}" --balance-from full.json t.bench
has $ERR "--balance-from is for --shard and --parallel"
echo '{"p": {"datasets": {"d": {"runtimes": "x"}}}}' > bad.json
check "balance bad" 3 $P "${B[@]}" --shard 1/2 --balance-from bad.json t.bench
has $ERR "bad.json"
check "balance missing" 1 $P "${B[@]}" --shard 1/2 --balance-from missing.json t.bench

# merge: the union, each part's context kept
check merge 0 $P merge --json all.json s3-1.json s3-2.json s3-3.json
cases all.json > all.cases
same full.cases all.cases
py parts all.json <<'PY'
import json, sys
for p, v in json.load(open(sys.argv[1])).items():
    parts = v["psearch_context"]["parts"]
    assert "shard" not in v["psearch_context"], p
    names = [d for part in parts for d in part["datasets"]]
    assert sorted(names) == sorted(v["datasets"]), (p, names)
    for part in parts:
        assert part["file"].startswith("s3-") and part["context"]["shard"]["count"] == 3, part
PY
# to stdout; a merged file merges again (its parts are kept, not nested)
check merge-stdout 0 $P merge s3-1.json s3-2.json
cp $OUT m12.json
check merge-again 0 $P merge --json all2.json m12.json s3-3.json
same all.cases <(cases all2.json)
py flat all2.json <<'PY'
import json, sys
for p, v in json.load(open(sys.argv[1])).items():
    for part in v["psearch_context"]["parts"]:
        assert part["file"].startswith("s3-"), part
PY
# futhark bench's JSON (no psearch_context): the merge still records which file held what
printf '{"p": {"datasets": {"d": {"runtimes": [1, 2, 3]}}}}' > fa.json
printf '{"p": {"datasets": {"e": {"runtimes": [4, 5, 6]}}}}' > fb.json
check merge-futhark 0 $P merge --json fab.json fa.json fb.json
py merge-futhark-parts fab.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["p"]
assert set(p["datasets"]) == {"d", "e"}, p
assert p["psearch_context"]["parts"] == [{"file": "fa.json", "datasets": ["d"]}, {"file": "fb.json", "datasets": ["e"]}], p
PY
# a dataset in two inputs: refused, both files named, nothing written
check conflict 3 $P merge --json c.json s3-1.json s3-2.json full.json
has $ERR "full.json: program"
has $ERR "is also in s3-"
[ -e c.json ] && fail "a refused merge wrote its output"
check conflict-same 3 $P merge --json c.json s3-1.json s3-1.json
check merge-bad 3 $P merge --json c.json s3-1.json bad.json
has $ERR "bad.json"
check merge-missing 1 $P merge --json c.json s3-1.json missing.json
check merge-none 2 $P merge --json c.json
check merge-bad-dir 1 $P merge --json nodir/c.json s3-1.json

# compare, plot and export read the merged file
check compare 0 $P compare full.json all.json
has $OUT "t.bench:bench_eytzinger_search"
check plot 0 $P plot full.json all.json -o p.svg
check export 0 $P export --csv - all.json
[ "$(tail -n +2 $OUT | cut -d, -f1-2 | sort -u | wc -l)" = 10 ] || fail "export of the merged file: not 10 datasets: $(head -3 $OUT)"

# -d all: every device, one after another, each program keyed with its
# device (PoCL shows two devices with POCL_DEVICES; skipped elsewhere)
if [ "$(POCL_DEVICES="pthread basic" $P devices 2>/dev/null | grep -ci 'basic-')" -ge 1 ]; then
  export POCL_DEVICES="pthread basic"
  check dall 0 $P bench -d all --device-type=cpu -r 1 --max-runs 1 --no-convergence-phase --json dall.json t.bench
  has $ERR "-d all: device 2 of 2"
  has $OUT "Results for t.bench:bench_copy@p0d1:"
  py dall full.json dall.json <<'PY'
import json, sys
full, dall = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
devs = {}
for p, v in dall.items():
    prog, dev = p.rsplit("@", 1)
    assert prog in full and sorted(v["datasets"]) == sorted(full[prog]["datasets"]), p
    assert all(d["psearch"]["validation"] == "ok" for d in v["datasets"].values()), p
    devs.setdefault(dev, set()).add(v["psearch_context"]["device"])
assert sorted(devs) == ["p0d0", "p0d1"] and all(len(n) == 1 for n in devs.values()), devs
assert devs["p0d0"] != devs["p0d1"], devs
PY
  # one device by index, the JSON as without -d all; and with shards
  check "d 1" 0 $P bench -d 1 --device-type=cpu -r 1 --max-runs 1 --no-convergence-phase --json d1.json t.bench
  same full.cases <(cases d1.json)
  check "dall shard" 0 $P bench -d all --shard 1/2 -r 1 --max-runs 1 --no-convergence-phase --json ds1.json t.bench
  check "dall shard" 0 $P bench -d all --shard 2/2 -r 1 --max-runs 1 --no-convergence-phase --json ds2.json t.bench
  check "dall merge" 0 $P merge --json dsall.json ds1.json ds2.json
  same <(cases dall.json) <(cases dsall.json)
  # a device that does not open: the others' results are written, it is named, exit 1
  for bad in p0d0 p0d1; do
    check "dall $bad fails" 1 env PSEARCH_TEST_DEVICE_FAIL=$bad $P bench -d all --device-type=cpu -r 1 --max-runs 1 \
      --no-convergence-phase --json dfail.json t.bench
    has $ERR "(@$bad, "
    has $ERR "1 of 2 devices did not open"
    py "dall $bad kept" dall.json dfail.json $bad <<'PY'
import json, sys
dall, got, bad = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
want = {p: sorted(v["datasets"]) for p, v in dall.items() if not p.endswith("@" + bad)}
assert {p: sorted(v["datasets"]) for p, v in got.items()} == want, (sorted(got), sorted(want))
PY
  done
  # --parallel: a worker per device at once, each its part of --shard's split;
  # the same cases as the unsharded run, every one validated, keyed by device
  PB=(bench -d all --parallel --device-type=cpu -r 1 --max-runs 1 --no-convergence-phase)
  check parallel 0 $P "${PB[@]}" --json par.json t.bench
  has $ERR "--parallel: 2 workers"
  has $ERR "shard 2/2 (parallel)"
  has $OUT "Results for t.bench:bench_copy@p0d0:"
  has $OUT "Results for t.bench:bench_eytzinger_search@p0d1:"
  # devcases FILE DEV...: the cases of the programs keyed @DEV, the key's device left off
  devcases() {
    python3 - "$@" <<'PY'
import json, sys
out = []
for p, v in json.load(open(sys.argv[1])).items():
    prog, dev = p.rsplit("@", 1)
    if dev in sys.argv[2:]:
        out += [prog + " | " + d for d in v["datasets"]]
print("\n".join(sorted(out)))
PY
  }
  same full.cases <(devcases par.json p0d0 p0d1)
  same <(cases s2-1.json) <(devcases par.json p0d0)
  same <(cases s2-2.json) <(devcases par.json p0d1)
  py "parallel parts" par.json <<'PY'
import json, sys
for p, v in json.load(open(sys.argv[1])).items():
    dev = p.rsplit("@", 1)[1]
    c = v["psearch_context"]
    assert "shard" not in c and len(c["parts"]) == 1, p
    part = c["parts"][0]
    assert part["file"] == "@" + dev and sorted(part["datasets"]) == sorted(v["datasets"]), (p, part["file"])
    assert part["context"]["shard"] == {"index": 1 + (dev == "p0d1"), "count": 2, "from": "parallel"}, part
    # each part keeps its device's identity: a UUID, or its absence said (PoCL 3 reports none)
    i = part["context"]["identity"]
    assert ("uuid" in i) != ("uuid" in i["absent"]) and "board" in i["absent"], i
    assert all(d["psearch"]["validation"] == "ok" for d in v["datasets"].values()), p
PY
  # a worker whose device does not open, or that dies: named, the other's results kept, exit 1
  check "parallel fails" 1 env PSEARCH_TEST_DEVICE_FAIL=p0d1 $P "${PB[@]}" --json pf.json t.bench
  has $ERR "the worker of device 2 of 2 (@p0d1, "
  has $ERR "its datasets are not in the results"
  has $ERR "1 of 2 workers failed"
  same <(cases s2-1.json) <(devcases pf.json p0d0 p0d1)
  check "parallel abort" 1 env PSEARCH_TEST_DEVICE_FAIL=p0d0:abort $P "${PB[@]}" --json pa.json t.bench
  has $ERR "(@p0d0, "
  has $ERR "killed by signal"
  same <(cases s2-2.json) <(devcases pa.json p0d0 p0d1)
  # --dry-run: each worker lists its part, writes nothing, and that is no failure
  check "parallel dry-run" 0 $P "${PB[@]}" --dry-run t.bench
  grep -q "workers failed" $ERR && fail "--parallel --dry-run: a worker that had nothing to write was named"
  # balanced by an earlier run; a bad file refused before any worker starts
  check "parallel balanced" 0 $P "${PB[@]}" --balance-from heavy.json --json pb.json t.bench
  [ "$(devcases pb.json p0d0)" = "t.bench:sorted | small" ] || fail "--parallel --balance-from: device 0 is not the heavy case alone"
  check "parallel balance bad" 3 $P "${PB[@]}" --balance-from bad.json t.bench
  has $ERR "bad.json"
  [ "$(grep -c "workers" $ERR)" = 0 ] || fail "--parallel started workers with a bad --balance-from"
  # stopped (SIGTERM to bench alone): the workers are told, write what they have, exit 130
  PSEARCH_TEST_DELAY=sorted:2000000 $P "${PB[@]}" -e sorted --json pi.json t.bench > pi.out 2> pi.err &
  pid=$!
  for i in $(seq 600); do [ "$(grep -c '^psearch: device: ' pi.err)" = 2 ] && break; sleep 0.1; done
  sleep 1
  kill -TERM $pid
  wait $pid
  rc=$?
  [ $rc = 130 ] || fail "--parallel stopped: exit $rc, not 130"
  has pi.err "interrupted; results of the completed datasets are kept"
  py "parallel stopped" pi.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
cut = {p.rsplit("@", 1)[1] for p, v in r.items() if "Interrupted." in v["datasets"].values()}
assert cut == {"p0d0", "p0d1"}, r
PY
  check "run d all" 2 $P run -d all -e sorted
  has $ERR "-d all and several -d are for bench"
  unset POCL_DEVICES
else
  echo "-d all: skipped (no PoCL to show two devices)"
fi
check "dall c" 2 $P bench --backend=c -d all t.bench
check "parallel alone" 2 $P "${B[@]}" --parallel t.bench
has $ERR "add -d all"
check "parallel c" 2 $P bench --backend=c -d all --parallel t.bench
check "parallel shard" 2 $P bench -d all --parallel --shard 1/2 t.bench
has $ERR "leave out --shard"
check "parallel markdown" 2 $P bench -d all --parallel --markdown m.md t.bench
has $ERR "export --markdown"
check "devices hint" 2 $P bench --devices all t.bench
has $ERR "-d all runs every device"

finish
