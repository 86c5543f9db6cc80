#!/bin/bash
# CLI tests of `psearch export`: each format parsed back by Python and checked
# against the runs of the input files (Google Benchmark's JSON as
# github-action-benchmark and Bencher read it, CSV with awkward names and
# full-precision runtimes, the markdown table's shape), pooling of several
# files, several forms at once into files, the old spellings' hints, and the
# exit codes of the error paths.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
cd "$(dirname "$0")/compare" || exit 1

# Awkward names (comma, quote, pipe, line break), full-precision runtimes that
# round-trip only with 17 digits, a context with a comma and a quote, a failed
# dataset, and a dataset of one run.
python3 - $T/odd.json <<'PY'
import json, sys
json.dump({
  "odd.bench:entry": {
    "datasets": {
      'a "quoted", comma [10]i32': {
        "runtimes": [0, 89, 0, 123456789, 5, 0],
        "psearch": {"runtimes_us": [0.1 + 0.2, 89.10000000000001, 1e-07, 123456789.123, 5.0,
                                    1.2345678901234567e-10]}},
      "pipe|and\nline break": {"runtimes": [7, 9, 8]},
      "single": {"runtimes": [42]},
      "broken": "Validation failed: 3 of 10 elements differ, first at [2]",
    },
    "psearch_context": {"backend": "opencl", "device": 'GPU "X", rev 2',
                        "date": "2026-01-02T03:04:05Z", "host": "benchhost"}},
  "odd.bench:other": {"datasets": {"[5]i32": {"runtimes": [3, 4, 5, 6]}}},
}, open(sys.argv[1], "w"))
PY

# The checks below read the inputs the way results.c does: psearch's
# full-precision runs when there are as many, the integer runtimes otherwise;
# several files pooled in order, a failure in any of them winning.
cat > $T/runs.py <<'PY'
import json
def runs(paths):
    out, ctx = {}, {}
    for path in paths:
        for prog, p in json.load(open(path)).items():
            for k, v in p.get("psearch_context", {}).items():
                ctx.setdefault(prog, {}).setdefault(k, v)
            ctx.setdefault(prog, {})
            for ds, d in p["datasets"].items():
                key = (prog, ds)
                if isinstance(out.get(key), str):
                    continue
                if isinstance(d, str):  # pooled from several files: the error names its file
                    out[key] = d if len(paths) == 1 else path + ": " + d
                    continue
                r = d["runtimes"]
                full = d.get("psearch", {}).get("runtimes_us")
                out[key] = out.get(key, []) + (full if full and len(full) == len(r) else r)
    return out, ctx
PY
export PYTHONPATH=$T

# --- gbench: Google Benchmark's JSON, one iteration entry per dataset ---
check gbench 0 $P export --gbench - old.json
cp $OUT $T/old.gbench.json
py gbench-fields $T/old.gbench.json old.json <<'PY'
import json, statistics, sys
from runs import runs
g = json.load(open(sys.argv[1]))
want, _ = runs(sys.argv[2:])
c = g["context"]
for k, t in [("date", str), ("host_name", str), ("executable", str), ("num_cpus", int),
             ("mhz_per_cpu", int), ("caches", list), ("library_build_type", str)]:
    assert isinstance(c[k], t), (k, c[k])
assert c["executable"] == "psearch" and c["num_cpus"] >= 1, c
assert c["library_build_type"] in ("release", "debug"), c
b = g["benchmarks"]
ran = {k: v for k, v in want.items() if not isinstance(v, str)}
assert [e["name"] for e in b] == ["%s/%s" % k for k in ran], [e["name"] for e in b]
for e, ((prog, ds), r) in zip(b, ran.items()):
    assert e["run_name"] == e["name"] and e["run_type"] == "iteration", e
    assert e["repetitions"] == 1 and e["repetition_index"] == 0 and e["threads"] == 1, e
    assert isinstance(e["iterations"], int) and e["iterations"] == len(r), (e, r)
    m = statistics.fmean(r)
    assert abs(e["real_time"] - m) <= 1e-12 * m and e["cpu_time"] == e["real_time"], (e, m)
    assert e["time_unit"] == "us" and "aggregate_name" not in e, e
    assert isinstance(e["family_index"], int) and isinstance(e["per_family_instance_index"], int), e
    assert e["label"] == "GPU A (opencl)", e
PY
# What the two dashboards take from it: github-action-benchmark (extract.ts,
# tool googlecpp) every entry as {name, value: real_time, unit: time_unit +
# '/iter'}; Bencher (adapter cpp_google) needs context.caches as a list and
# per entry a name of 1 to 1024 bytes, a number real_time and a time unit.
py gbench-dashboards $T/old.gbench.json <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
benches = [{"name": b["name"], "value": b["real_time"], "unit": b["time_unit"] + "/iter"} for b in g["benchmarks"]]
names = [b["name"] for b in benches]
assert len(names) == len(set(names)) == 8, names
assert all(b["unit"] == "us/iter" and b["value"] > 0 for b in benches), benches
assert isinstance(g["context"]["caches"], list)
for b in g["benchmarks"]:
    assert 1 <= len(b["name"].encode()) <= 1024 and isinstance(b["real_time"], (int, float))
    assert b["time_unit"] in ("ns", "us", "ms", "s")
PY

# --aggregates: Google Benchmark's aggregates of N repetitions
check gbench-aggregates 0 $P export --gbench=- --aggregates $T/odd.json
py gbench-aggregate-values $OUT $T/odd.json <<'PY'
import json, statistics, sys
from runs import runs
g = json.load(open(sys.argv[1]))
want, _ = runs(sys.argv[2:])
by = {e["name"]: e for e in g["benchmarks"]}
n = 0
for (prog, ds), r in want.items():
    base = "%s/%s" % (prog, ds)
    if isinstance(r, str):
        assert not any(k.startswith(base) for k in by), base
        continue
    if len(r) == 1:  # one repetition: no aggregates, as Google Benchmark
        e = by[base]; n += 1
        assert e["run_type"] == "iteration" and e["iterations"] == 1 and e["real_time"] == r[0], e
        continue
    m, sd = statistics.fmean(r), statistics.stdev(r)
    for agg, v, unit in [("mean", m, "time"), ("median", statistics.median(r), "time"),
                         ("stddev", sd, "time"), ("cv", sd / m, "percentage")]:
        e = by[base + "_" + agg]; n += 1
        assert e["run_name"] == base and e["run_type"] == "aggregate", e
        assert e["aggregate_name"] == agg and e["aggregate_unit"] == unit, e
        assert e["iterations"] == e["repetitions"] == len(r) and "repetition_index" not in e, e
        assert abs(e["real_time"] - v) <= 1e-9 * abs(v) + 1e-300, (e, v)
        assert e["time_unit"] == "us", e
assert n == len(by) == 4 + 4 + 1 + 4, sorted(by)
PY

# the psearch context: the measurement's date and host, the device as a label
check gbench-context 0 $P export --gbench - $T/odd.json
py gbench-context $OUT <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
assert g["context"]["date"] == "2026-01-02T03:04:05Z" and g["context"]["host_name"] == "benchhost", g["context"]
labels = {b["label"] for b in g["benchmarks"] if b["name"].startswith("odd.bench:entry/")}
assert labels == {'GPU "X", rev 2 (opencl)'}, labels
assert all("label" not in b for b in g["benchmarks"] if b["name"].startswith("odd.bench:other/")), g
PY
# a failed dataset is left out, and named on stderr
has $ERR "odd.bench:entry broken failed, left out: Validation failed"
check gbench-failed 0 $P export --gbench - new-failed.json
has $ERR "s.bench:search [1000]i32 failed, left out: Execution exceeded 10 seconds."
grep -q '"s.bench:search/\[1000\]i32"' $OUT && fail "a failed dataset was exported"

# --- csv: one row per run, exactly the input's runs ---
check csv 0 $P export --csv - $T/odd.json old.json futhark.json
cp $OUT $T/all.csv
py csv-rows $T/all.csv $T/odd.json old.json futhark.json <<'PY'
import csv, sys
from runs import runs
raw = open(sys.argv[1], "rb").read()
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
assert rows[0] == ["program", "dataset", "run", "runtime_us", "backend", "device"], rows[0]
want, ctx = runs(sys.argv[2:])
got = {}
for prog, ds, run, us, backend, device in rows[1:]:
    got.setdefault((prog, ds), []).append(float(us))
    assert int(run) == len(got[(prog, ds)]), (prog, ds, run)
    c = ctx[prog]
    assert backend == c.get("backend", "") and device == c.get("device", ""), (backend, device, c)
ran = {k: v for k, v in want.items() if not isinstance(v, str)}
assert got == ran, (set(got) ^ set(ran), [(k, got.get(k), v) for k, v in ran.items() if got.get(k) != v][:3])
assert len(rows) - 1 == sum(map(len, ran.values()))
assert ('odd.bench:entry', 'a "quoted", comma [10]i32') in got and ("odd.bench:entry", "pipe|and\nline break") in got
# RFC 4180: CRLF after every record; the quoted line break inside a field is LF
assert raw.endswith(b"\r\n") and raw.count(b"\r\n") == len(rows), raw.count(b"\r\n")
assert b'"a ""quoted"", comma [10]i32"' in raw and b'"GPU ""X"", rev 2"' in raw
PY
# pooling files made under different conditions (here the device) is refused, unless asked
check gbench-unlike 2 $P export --gbench - old.json new.json
has $ERR "export: s.bench:search: Device GPU A in old.json, GPU B in new.json"
has $ERR "not pooled into one row: export each file alone, or pool them anyway with --pool"
[ -s $OUT ] && fail "export refused to pool but wrote: $(head -3 $OUT)"
python3 -c "import json, sys; d = json.load(open(sys.argv[1]))
for v in d.values(): v['psearch_context']['validation'] = False
json.dump(d, open(sys.argv[2], 'w'))" new.json $T/nv.json
check gbench-unvalidated 2 $P export --gbench - new.json $T/nv.json
has $ERR "Validation (bench --no-validate) not recorded in new.json, false in $T/nv.json"
# --pool: the same runs through the pooled gbench entries
check gbench-pooled 0 $P export --pool --gbench - old.json new.json
py gbench-pooled $OUT old.json new.json <<'PY'
import json, statistics, sys
from runs import runs
g = json.load(open(sys.argv[1]))
want, _ = runs(sys.argv[2:])
by = {e["name"]: e for e in g["benchmarks"]}
ran = {"%s/%s" % k: v for k, v in want.items() if not isinstance(v, str)}
assert set(by) == set(ran), set(by) ^ set(ran)
for k, r in ran.items():
    assert by[k]["iterations"] == len(r) and abs(by[k]["real_time"] - statistics.fmean(r)) <= 1e-12 * by[k]["real_time"], (k, by[k])
assert by["s.bench:search/[1000]i32"]["iterations"] == 20
PY
has $ERR "s.bench:search: Device GPU A in old.json, GPU B in new.json; their runs are pooled (--pool)"

# --- markdown: a row per program and dataset, eight cells each ---
check markdown 0 $P export --markdown - $T/odd.json new-failed.json
py markdown-table $OUT $T/odd.json new-failed.json <<'PY'
import re, statistics, sys
from runs import runs
want, _ = runs(sys.argv[2:])
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
table = [l for l in lines if l.startswith("|")]
cells = [[c.strip() for c in re.split(r"(?<!\\)\|", l)[1:-1]] for l in table]
assert cells[0] == ["Program", "Dataset", "Mean (μs)", "Median (μs)", "Min (μs)", "Max (μs)", "RSD", "Runs"], cells[0]
assert all(len(c) == 8 for c in cells), [c for c in cells if len(c) != 8]
rows = cells[2:]
assert len(rows) == len(want), (len(rows), len(want))
for row, ((prog, ds), r) in zip(rows, want.items()):
    assert row[0] == prog and row[1] == ds.replace("|", "\\|").replace("\n", " "), (row, prog, ds)
    if isinstance(r, str):
        assert row[2] == "**failed**: " + r and row[7] == "0", row
        continue
    m = statistics.fmean(r)
    for cell, v in zip(row[2:6], [m, statistics.median(r), min(r), max(r)]):
        assert abs(float(cell) - v) <= 5e-4 * v + 5e-7, (row, v)  # four significant digits
    assert abs(float(row[6]) - statistics.pstdev(r) / m) <= 5e-4, row
    assert int(row[7]) == len(r), row
assert any("Device: " in l and 'GPU "X", rev 2 (opencl)' in l for l in lines), lines[:4]
PY

# --- FILE: the same bytes, written whole; stdout stays empty ---
check output-file 0 $P export --gbench $T/out.json old.json
[ -s $OUT ] && fail "--gbench FILE: results also went to stdout"
python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); [x["context"].pop(k) for x in (a, b) for k in ("date", "mhz_per_cpu")]; assert a == b' \
  $T/out.json $T/old.gbench.json || fail "--gbench FILE differs from stdout"
check output-csv 0 $P export --csv $T/out.csv $T/odd.json old.json futhark.json
same $T/out.csv $T/all.csv
# several forms at once: each file as its form alone writes it, one of them on stdout
check output-forms 0 $P export --csv $T/f.csv --markdown - --gbench $T/f.json $T/odd.json old.json futhark.json
same $T/f.csv $T/all.csv; has $OUT "| Program | Dataset |"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))["benchmarks"]' $T/f.json || fail "--gbench beside --csv"
check output-two-stdout 2 $P export --csv - --gbench - old.json
has $ERR "--gbench - and --csv - both want standard output"
check output-unwritable 1 $P export --csv /nonexistent-dir/x.csv old.json
[ -e /nonexistent-dir ] && fail "export created a directory"
check output-one-unwritable 1 $P export --gbench $T/g1.json --csv /nonexistent-dir/x.csv old.json
[ -e $T/g1.json ] && fail "export wrote one form when another could not be written"
mkdir $T/ro && chmod 555 $T/ro
if [ ! -w $T/ro ]; then  # not as root
  check output-readonly 1 $P export --csv $T/ro/x.csv old.json
  [ -z "$(ls -A $T/ro)" ] || fail "export left files in a read-only directory: $(ls -A $T/ro)"
fi

# --- help and errors: usage 2, unreadable 1, malformed 3, nothing to export 1 ---
check help 0 $P export --help; has $OUT "Usage: psearch export"
check help-cmd 0 $P help export; has $OUT "github-action-benchmark"
check no-file 2 $P export --csv -; has $ERR "expected one or more results files"
check no-format 2 $P export old.json; has $ERR "which form? --gbench FILE, --csv FILE or --markdown FILE"
check aggregates-csv 2 $P export --aggregates --csv - old.json; has $ERR "--aggregates goes with --gbench"
check bad-option 2 $P export --mardown=- old.json; has $ERR "did you mean --markdown?"
check no-file-value 2 $P export old.json --csv; has $ERR "option --csv needs a FILE (- for standard output: --csv -)"
# the old spellings answer with the new ones
check old-format 2 $P export --format=csv old.json; has $ERR "unknown option --format: export takes each form with its file: --gbench FILE, --csv FILE or --markdown FILE"
check old-f 2 $P export -f csv old.json; has $ERR "unknown option -f: export takes each form"
check old-output 2 $P export --csv - old.json -o x.csv; has $ERR "unknown option -o: export takes each form"
check old-json 2 $P export --json x.json old.json; has $ERR "export's JSON is Google Benchmark's: --gbench FILE"
check missing 1 $P export --csv - $T/nosuch.json; has $ERR "nosuch.json: cannot open"
printf '{\n  "p": {"datasets": {"d": {"runtimes": [1, 2,]}}}\n}\n' > $T/syntax.json
check syntax 3 $P export --gbench - $T/syntax.json; has $ERR "syntax.json:2:"
printf '[1, 2, 3]\n' > $T/array.json
check not-results 3 $P export --markdown - old.json $T/array.json; has $ERR "not benchmark results"
[ -s $OUT ] && fail "a malformed file still gave output"
printf '{"p": {"datasets": {"d": "Out of memory."}}}' > $T/allfailed.json
check all-failed 1 $P export --gbench - $T/allfailed.json; has $ERR "nothing to export: no dataset ran"
[ -s $OUT ] && fail "nothing to export, yet output"
check all-failed-markdown 0 $P export --markdown - $T/allfailed.json; has $OUT "**failed**: Out of memory."
printf '{}' > $T/empty.json
check no-programs 1 $P export --markdown - $T/empty.json; has $ERR "nothing to export"

finish
