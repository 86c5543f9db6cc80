#!/bin/bash
# CLI tests of `psearch export`: each format parsed back by Python and checked
# against the runs of the input files (Google Benchmark's JSON as its
# compare.py reads it, Bencher's and github-action-benchmark's JSON against
# their documented schemas, CSV with awkward names and
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

# --- gbench: Google Benchmark's JSON of N repetitions: each run an iteration entry, then the aggregates ---
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
b = list(g["benchmarks"])
for (prog, ds), r in want.items():
    if isinstance(r, str):
        continue
    name = "%s/%s" % (prog, ds)
    for k, v in enumerate(r):  # one repetition a run, in run order
        e = b.pop(0)
        assert e["name"] == e["run_name"] == name and e["run_type"] == "iteration", (e, name)
        assert e["repetitions"] == len(r) and e["repetition_index"] == k and e["iterations"] == 1, e
        assert e["real_time"] == v and e["cpu_time"] == v and e["time_unit"] == "us" and e["threads"] == 1, (e, v)
        assert "aggregate_name" not in e and e["label"] == "GPU A (opencl)", e
        assert isinstance(e["family_index"], int) and isinstance(e["per_family_instance_index"], int), e
    for agg in ("mean", "median", "stddev", "cv") if len(r) > 1 else ():
        e = b.pop(0)
        assert e["name"] == name + "_" + agg and e["run_type"] == "aggregate" and e["repetitions"] == len(r), e
    m = [e for e in g["benchmarks"] if e["name"] == name + "_mean"][0]
    assert abs(m["real_time"] - statistics.fmean(r)) <= 1e-12 * m["real_time"], (m, r)
assert b == [], b
PY
# What Google Benchmark's tools/compare.py needs (tools/gbench/report.py and
# util.py): entries it may compare have time_unit, real_time and cpu_time;
# util.sort_benchmark_results orders by family_index, per_family_instance_index,
# aggregates last, repetition_index, which must keep each dataset's entries
# together and in order; partition_benchmarks pairs entries by name, and
# calc_utest runs the U test on the real_time and cpu_time of the iteration
# entries of a name once both sides have UTEST_MIN_REPETITIONS (2) of them.
cp $T/old.gbench.json $T/a.gbench.json
check gbench-new 0 $P export --gbench $T/b.gbench.json new.json
py gbench-compare-py $T/a.gbench.json $T/b.gbench.json <<'PY'
import json, sys
def sort(result):  # gbench/util.py's sort_benchmark_results
    b = result["benchmarks"]
    b = sorted(b, key=lambda x: x.get("repetition_index", -1))
    b = sorted(b, key=lambda x: 1 if x.get("run_type") == "aggregate" else 0)
    b = sorted(b, key=lambda x: x.get("per_family_instance_index", -1))
    return sorted(b, key=lambda x: x.get("family_index", -1))
a, b = (json.load(open(f)) for f in sys.argv[1:])
for side in (a, b):
    assert sort(side) == side["benchmarks"], "compare.py would reorder the entries"
    assert all("time_unit" in x and "real_time" in x and "cpu_time" in x for x in side["benchmarks"])
names = lambda side: [x["name"] for x in side["benchmarks"]]
common = [n for n in dict.fromkeys(names(a)) if n in names(b)]
iters = lambda side, n: [x["real_time"] for x in side["benchmarks"] if x["name"] == n and x["run_type"] == "iteration"]
tested = [n for n in common if min(len(iters(a, n)), len(iters(b, n))) >= 2]
assert "s.bench:search/[1000]i32" in tested and len(iters(a, "s.bench:search/[1000]i32")) == 10, tested
assert "s.bench:copy/few_mean" in common, common
PY
# and where Google Benchmark's tools are at hand (GBENCH_COMPARE: its
# tools/compare.py, run by GBENCH_PYTHON or python3 with scipy), compare.py itself prints its U-test rows
if [ -n "${GBENCH_COMPARE:-}" ]; then
  check gbench-compare-py-run 0 "${GBENCH_PYTHON:-python3}" "$GBENCH_COMPARE" --no-color benchmarks $T/a.gbench.json $T/b.gbench.json
  has $OUT "s.bench:search/[1000]i32_pvalue"
  has $OUT "U Test, Repetitions: 10 vs 10"
fi

# --- Bencher Metric Format: {name: {"latency": {value, lower_value, upper_value}}} in ns ---
check bmf 0 $P export --bmf - old.json $T/odd.json
py bmf-schema $OUT old.json $T/odd.json <<'PY'
import json, statistics, sys
from runs import runs
g = json.load(open(sys.argv[1]))
want, _ = runs(sys.argv[2:])
ran = {"%s/%s" % k: v for k, v in want.items() if not isinstance(v, str)}
# Bencher's schema (bencher.dev, "How to track custom benchmarks"): an object of benchmark
# names (1 to 1024 bytes), each an object of measures; latency is in nanoseconds, its value
# a number, lower_value and upper_value optional numbers
assert isinstance(g, dict) and list(g) == list(ran), (list(g), list(ran))
for name, r in ran.items():
    assert 1 <= len(name.encode()) <= 1024 and list(g[name]) == ["latency"], g[name]
    lat = g[name]["latency"]
    assert set(lat) == {"value", "lower_value", "upper_value"}, lat
    assert all(isinstance(v, (int, float)) for v in lat.values()), lat
    m = statistics.fmean(r) * 1000
    assert abs(lat["value"] - m) <= 1e-9 * abs(m) + 1e-9, (lat, m)
    assert lat["lower_value"] <= lat["value"] <= lat["upper_value"], lat
    if len(set(r)) > 1:
        assert lat["lower_value"] < lat["value"] < lat["upper_value"], lat  # the 95% interval of the mean
PY

# --- github-action-benchmark's customSmallerIsBetter: [{name, unit, value, range, extra}] ---
check gab 0 $P export --gab - old.json
py gab-schema $OUT old.json <<'PY'
import json, statistics, sys
from runs import runs
g = json.load(open(sys.argv[1]))
want, _ = runs(sys.argv[2:])
ran = {"%s/%s" % k: v for k, v in want.items() if not isinstance(v, str)}
# extract.ts's BenchmarkResult: name, value and unit required, range and extra optional strings
assert isinstance(g, list) and [e["name"] for e in g] == list(ran), g
for e in g:
    assert set(e) <= {"name", "value", "unit", "range", "extra"}, e
    assert isinstance(e["name"], str) and isinstance(e["value"], (int, float)) and e["unit"] == "µs", e
    assert isinstance(e["range"], str) and e["range"].startswith("± ") and isinstance(e["extra"], str), e
    r = ran[e["name"]]
    assert abs(e["value"] - statistics.fmean(r)) <= 1e-9 * e["value"], (e, r)
    assert e["extra"].startswith("%d runs; median " % len(r)) and e["extra"].endswith("GPU A (opencl)"), e
PY
check gab-old-spelling 2 $P export --format=gab old.json; has $ERR "--bmf FILE, --gab FILE"

# --aggregates: only Google Benchmark's aggregates of N repetitions (--benchmark_report_aggregates_only)
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
ran = {"%s/%s" % k: v for k, v in want.items() if not isinstance(v, str)}
for k, r in ran.items():
    it = [e["real_time"] for e in g["benchmarks"] if e["name"] == k]
    assert it == r, (k, it, r)
    m = [e for e in g["benchmarks"] if e["name"] == k + "_mean"]
    assert len(r) < 2 or abs(m[0]["real_time"] - statistics.fmean(r)) <= 1e-12 * m[0]["real_time"], (k, m)
assert len([e for e in g["benchmarks"] if e["name"] == "s.bench:search/[1000]i32"]) == 20
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
check no-format 2 $P export old.json; has $ERR "which form? --gbench FILE, --bmf FILE, --gab FILE, --csv FILE or --markdown FILE"
check aggregates-csv 2 $P export --aggregates --csv - old.json; has $ERR "--aggregates goes with --gbench"
check bad-option 2 $P export --mardown=- old.json; has $ERR "did you mean --markdown?"
check no-file-value 2 $P export old.json --csv; has $ERR "option --csv needs a FILE (- for standard output: --csv -)"
# the old spellings answer with the new ones
check old-format 2 $P export --format=csv old.json; has $ERR "unknown option --format: export takes each form with its file: --gbench FILE, --bmf FILE, --gab FILE, --csv FILE or --markdown FILE"
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
