#!/bin/bash
# CLI tests of `psearch compare`: golden outputs in every format (hand-made
# results files in test/compare/), Futhark-only input, the exit codes of the
# gate, sorting, and malformed input.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
cd "$(dirname "$0")/compare" || exit 1
# One invocation a side is judged only when asked: the per-run test is what
# these goldens and exit codes pin (the default judges rounds, below).
MW=--test=mann-whitney

# golden outputs (paths as given appear in the notes); the regression exits 4
check text 4 $P compare $MW old.json new.json; same $OUT text.golden
has $ERR "1 of the datasets have too few runs"
has $ERR "--test=mann-whitney: each side is one invocation of bench"

# by default, one invocation a side shows the ratios and judges nothing: exit 0,
# 5 with --strict, and the caveat in the text and in the markdown a PR shows;
# the columns say what they hold, and no geometric mean is bolded
check single-default 0 $P compare old.json new.json
has $OUT "NOT JUDGED: one invocation a side"; has $OUT "0 slower, 0 faster, 0 unchanged, 6 not judged"
has $ERR "one invocation a side: ratios shown, nothing judged"
grep -qE 'slower|faster' <(grep -E '^  ' $OUT) && fail "one invocation a side judged: $(grep -E '^  ' $OUT | head -3)"
check single-strict 5 $P compare --strict old.json new.json
check single-markdown 0 $P compare --markdown - --old-name main --new-name "this change" old.json new.json
has $OUT "### psearch compare: main → this change"
has $OUT "**NOT JUDGED: one invocation a side"
has $OUT "| Program | Dataset | Old (μs) | New (μs) | Speedup | p | Verdict |"
has $OUT "Old and New: the geometric mean of each side's round medians"
grep -q '\*\*0\.' $OUT && fail "a geometric mean bolded with nothing significant: $(grep -n 'geometric' $OUT)"
has $OUT "geometric mean speedup 0.942x over 6 datasets (no change significant)"
check markdown 4 $P compare $MW --markdown - old.json new.json; same $OUT markdown.golden
has $ERR "s.bench:search"   # the text table, moved to stderr by the markdown on stdout
check json 4 $P compare $MW --json=- old.json new.json; same $OUT json.golden
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["summary"]["slower"] == 1 and d["exit_code"] == 4' $OUT \
  || fail "json output does not parse or disagrees"
# the forms into files, the text table on stdout, both files whole
check forms-files 4 $P compare $MW --markdown $T/c.md --json $T/c.json old.json new.json
same $T/c.md markdown.golden; same $T/c.json json.golden; has $OUT "s.bench:search"
check forms-both-stdout 2 $P compare --markdown - --json - old.json new.json
has $ERR "--json - and --markdown - both want standard output"
check forms-unwritable 1 $P compare --json /nonexistent-dir/c.json old.json new.json
has $ERR "compare: --json: /nonexistent-dir/c.json"

# a change of the conditions of measurement is a note (times not comparable): a cold
# run against a hot one; the same file against itself, or a key one side lacks, says nothing
for mode in hot cold; do
  python3 -c "import json, sys; d = json.load(open('old.json'))
for v in d.values(): v['psearch_context']['cache'] = sys.argv[1]; v['psearch_context']['kernel_time'] = False
json.dump(d, open(sys.argv[2], 'w'))" $mode $T/$mode.json
done
check cold-vs-hot 0 $P compare $T/hot.json $T/cold.json
has $OUT "Cache mode (bench --cache) changed: hot in $T/hot.json, cold in $T/cold.json"
grep -qE "^(Device|Kernel time|Backend).* changed" $OUT && fail "conditions that agree named: $(head -3 $OUT)"
check same-conditions 0 $P compare old.json $T/hot.json
grep -q " changed: " $OUT && fail "a condition one side lacks was named: $(head -3 $OUT)"
# two devices of one name (two H200s): their UUIDs differ, which is named; equal
# UUIDs, or a UUID one side lacks (an older file, a driver that reports none), say nothing
for u in 3f9a2b1c-0d4e-5f60-7182-93a4b5c6d7e8 00c0ffee-0d4e-5f60-7182-93a4b5c6d7e8; do
  python3 -c "import json, sys; d = json.load(open('old.json'))
for v in d.values(): v['psearch_context']['device'] = 'NVIDIA H200'; v['psearch_context']['identity'] = {'uuid': sys.argv[1], 'absent': []}
json.dump(d, open(sys.argv[2], 'w'))" $u $T/uuid-$u.json
done
check uuid-changed 0 $P compare $T/uuid-3f9a2b1c-0d4e-5f60-7182-93a4b5c6d7e8.json $T/uuid-00c0ffee-0d4e-5f60-7182-93a4b5c6d7e8.json
has $OUT "Device UUID (another device, whatever its name) changed: 3f9a2b1c-0d4e-5f60-7182-93a4b5c6d7e8 in"
grep -q "^Device changed" $OUT && fail "the equal device names were named: $(grep changed $OUT)"
check uuid-same 0 $P compare $T/uuid-00c0ffee-0d4e-5f60-7182-93a4b5c6d7e8.json $T/uuid-00c0ffee-0d4e-5f60-7182-93a4b5c6d7e8.json
grep -q "UUID.* changed" $OUT && fail "an equal UUID was named: $(grep changed $OUT)"
python3 -c "import json, sys; d = json.load(open(sys.argv[1]))
for v in d.values(): v['psearch_context']['identity'] = {'absent': ['uuid']}
json.dump(d, open(sys.argv[2], 'w'))" $T/uuid-00c0ffee-0d4e-5f60-7182-93a4b5c6d7e8.json $T/uuid-none.json
check uuid-one-side 0 $P compare $T/uuid-none.json $T/uuid-00c0ffee-0d4e-5f60-7182-93a4b5c6d7e8.json
grep -q "UUID.* changed" $OUT && fail "a UUID one side lacks was named: $(grep changed $OUT)"
# a condition recorded on one side only is named when it is not the default (an older
# file records nothing): unvalidated runs, other kernel sources, tuning, a test hook;
# in the text, in the markdown a pull request shows, and in the plot
python3 -c "import json, sys; d = json.load(open('old.json'))
for v in d.values():
    c = v['psearch_context']; c['validation'] = False; c['kernels'] = '/home/x/k'; c['tuning'] = {'sort_wg': 512}
    c['test_hooks'] = {'PSEARCH_TEST_SLOWDOWN': 'scan:5'}
json.dump(d, open(sys.argv[1], 'w'))" $T/odd.json
check one-side-conditions 0 $P compare --markdown $T/odd.md old.json $T/odd.json
has $OUT "Validation (bench --no-validate) changed: not recorded in old.json, false in $T/odd.json"
has $OUT "Kernel sources (bench --kernels) changed: not recorded in old.json, /home/x/k in $T/odd.json"
has $OUT 'Tuning parameters (bench --tune) changed: not recorded in old.json, {"sort_wg":512} in'
has $OUT 'Test hooks changed: not recorded in old.json, {"PSEARCH_TEST_SLOWDOWN":"scan:5"} in'
has $T/odd.md "- Validation (bench --no-validate) changed: not recorded in old.json, false in"
python3 -c "import json, sys; d = json.load(open('old.json'))
for v in d.values():
    c = v['psearch_context']; c['validation'] = True; c['kernels'] = 'embedded'; c['tuning'] = {}; c['test_hooks'] = {}
json.dump(d, open(sys.argv[1], 'w'))" $T/plain.json
check defaults-unnamed 0 $P compare old.json $T/plain.json
grep -q " changed: " $OUT && fail "a default condition one side records was named: $(grep changed $OUT)"
check plot-conditions 0 $P plot old.json $T/odd.json -o $T/odd.svg
grep -q "conditions differ: Validation (bench --no-validate): not recorded in old.json, false in $T/odd.json" $T/odd.svg \
  || fail "plot does not name the unvalidated side: $(grep -o 'conditions differ[^<]*' $T/odd.svg)"

# datasets in natural order: [1000] before [1000000]
check natural-order 4 $P compare $MW old.json new.json
[ "$(sed -n '/^s.bench:search$/,/^$/p' $OUT | grep -oE '^  \[[0-9]+\]i32' | tr -d ' ' | paste -sd' ')" = "[1000]i32 [1000000]i32" ] \
  || fail "datasets not in natural order: $(sed -n '/^s.bench:search$/,/^$/p' $OUT)"

# plain futhark bench JSON reads the same (integer runtimes, bytes {})
check futhark-input 4 $P compare $MW futhark.json new.json
has $OUT "0.91x"

# no change, improvements only: exit 0
check unchanged 0 $P compare $MW old.json old.json
has $OUT "0 slower, 0 faster"
check improvement 0 $P compare $MW old.json faster.json
has $OUT "0 slower, 1 faster"

# a larger threshold hides the 10% slowdown; the futhark rule also tests 'few'
check threshold 0 $P compare $MW --threshold 15% old.json new.json
check futhark-rule 4 $P compare --test futhark old.json new.json
grep -E '^  few: .* slower$' $OUT >/dev/null || fail "futhark rule: 'few' is not slower"
has $OUT "futhark benchcmp's rule, alpha 0.01, threshold 1%"

# compare fails open without --strict, and says so plainly; --strict fails with 5
printf '{"p": {"datasets": {"d": {"runtimes": [100, 101, 99]}, "e": {"runtimes": [5,5,5,5,5,5]}}}}' > $T/few-old.json
printf '{"p": {"datasets": {"d": {"runtimes": [200, 202, 198]}}}}' > $T/few-new.json
check few-2x 0 $P compare $MW $T/few-old.json $T/few-new.json
has $OUT "1 dataset NOT JUDGED (too few runs for the test to reach alpha); 1 program or dataset missing on one side"
has $OUT "--strict makes this exit 5"
check few-2x-strict 5 $P compare $MW --strict $T/few-old.json $T/few-new.json
check strict-untestable 5 $P compare $MW --strict old.json old.json
check strict-regression 4 $P compare $MW --strict old.json new.json   # a regression still says 4
check strict-json 5 $P compare $MW --strict --json - $T/few-old.json $T/few-new.json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=d["summary"]; assert s["untestable"] == 1 and s["missing"] == 1 and d["exit_code"] == 5 and d["strict"], d' $OUT \
  || fail "strict JSON summary"

# a dataset that ran in OLD and failed in NEW fails the gate with 1
check newly-failed 1 $P compare old.json new-failed.json
has $OUT "Failed in new-failed.json: program s.bench:search dataset [1000]i32: Execution exceeded 10 seconds."

# a dataset that failed on both sides, or only in OLD (fixed), fails nothing
check failed-both 0 $P compare new-failed.json new-failed.json; has $OUT "Failed in new-failed.json: program s.bench:search dataset [1000]i32"
printf '{"p": {"datasets": {"d": "Execution exceeded 10 seconds.", "e": {"runtimes": [10, 11, 10, 11, 10, 11]}}}}' > $T/fixed-old.json
printf '{"p": {"datasets": {"d": {"runtimes": [5, 6, 5, 6, 5, 6]}, "e": {"runtimes": [10, 11, 10, 11, 10, 11]}}}}' > $T/fixed-new.json
check fixed 0 $P compare $T/fixed-old.json $T/fixed-new.json; has $OUT "Failed in $T/fixed-old.json: program p dataset d: Execution exceeded 10 seconds."

# rounds: a dataset that failed in one round of NEW fails the gate, and the note names that file
printf '{"p": {"datasets": {"d": "Execution exceeded 10 seconds."}}}' > $T/round-failed.json
check round-failed 1 $P compare --old $T/fixed-new.json --old $T/fixed-new.json --new $T/fixed-new.json --new $T/round-failed.json
has $OUT "Failed in $T/fixed-new.json (+1 more): program p dataset d: $T/round-failed.json: Execution exceeded 10 seconds."

# sorting programs: search has the regression, so it comes first by significant
check sort-significant 4 $P compare $MW --sort-by significant old.json new.json
[ "$(grep -m1 '^s\.bench' $OUT)" = "s.bench:search" ] || fail "--sort-by significant: search not first"
check sort-best 4 $P compare $MW --sort-by significant --order best-first old.json new.json
[ "$(grep -m1 '^s\.bench' $OUT)" = "s.bench:copy" ] || fail "--order best-first: copy not first"

# the geometric means as sort keys: a is 1.11x on its one significant dataset but 0.50x on
# one too short to judge; b is unchanged. Over the significant ones a is ahead, over all behind.
python3 - $T/go.json $T/gn.json <<'PY'
import json, sys
def ds(base, n): return {"runtimes": [base + i % 3 for i in range(n)]}
old = {"a": {"datasets": {"d1": ds(100, 10), "d2": ds(100, 2)}}, "b": {"datasets": {"d1": ds(100, 10)}}}
new = {"a": {"datasets": {"d1": ds(90, 10), "d2": ds(200, 2)}}, "b": {"datasets": {"d1": ds(100, 10)}}}
json.dump(old, open(sys.argv[1], "w")); json.dump(new, open(sys.argv[2], "w"))
PY
for k in "geomean-significant worst-first b a" "geomean-significant best-first a b" \
         "geomean-all worst-first a b" "geomean-all best-first b a"; do
  set -- $k
  check sort-$1-$2 0 $P compare $MW --sort-by $1 --order $2 $T/go.json $T/gn.json
  [ "$(grep -E '^[ab]$' $OUT | tr '\n' ' ')" = "$3 $4 " ] || fail "--sort-by $1 --order $2: $(grep -E '^[ab]$' $OUT | tr '\n' ' ')"
done

# errors: usage 2, unreadable 1, malformed 3 with positions
check one-file 2 $P compare old.json
check three-files 2 $P compare old.json new.json old.json
check old-format 2 $P compare -f json old.json new.json
has $ERR "unknown option -f: compare writes markdown with --markdown FILE and JSON with --json FILE"
check old-format-long 2 $P compare --format=markdown old.json new.json
has $ERR "unknown option --format: compare writes markdown with --markdown FILE"
check bad-alpha 2 $P compare --alpha 0 old.json new.json
check bad-threshold 2 $P compare --threshold -3 old.json new.json
check missing-file 1 $P compare old.json $T/nosuch.json; has $ERR "nosuch.json: cannot open"
printf '{\n  "p": {"datasets": {"d": {"runtimes": [1, 2,]}}}\n}\n' > $T/syntax.json
check syntax 3 $P compare old.json $T/syntax.json; has $ERR "syntax.json:2:"
printf '[1, 2, 3]\n' > $T/array.json
check not-results 3 $P compare $T/array.json old.json; has $ERR "the top level is not an object of programs"
printf '{"p": {"datasets": {"d": {"runtimes": ["fast"]}}}}' > $T/schema.json
check schema 3 $P compare $T/schema.json old.json
has $ERR 'program "p" dataset "d": "runtimes" is not a non-empty array of non-negative numbers'
printf '{"p": {"nodatasets": 1}}' > $T/nods.json
check no-datasets 3 $P compare $T/nods.json old.json; has $ERR 'program "p": no "datasets" object'
printf '{"p": {"datasets": {"d": {"runtimes": [1]}}}} trailing' > $T/trail.json
check trailing 3 $P compare $T/trail.json old.json; has $ERR "text after the JSON value"
: > $T/empty.json
check empty 3 $P compare $T/empty.json old.json; has $ERR "empty file"
printf '{"p": {"datasets": {"d": {"runtimes": [1,2,3,4,5]}}}}' > $T/other.json
check nothing-common 1 $P compare $T/other.json old.json; has $ERR "no dataset ran in both"

# plot: valid SVG, deterministic, the expected elements
check plot 0 $P plot old.json new.json -o $T/p.svg
check plot-stdout 0 $P plot old.json new.json
same $OUT $T/p.svg
python3 - $T/p.svg > $T/svg.txt 2>&1 <<'PY' || fail "plot SVG: $(cat $T/svg.txt)"
import sys, xml.etree.ElementTree as E
ns = {"s": "http://www.w3.org/2000/svg"}
root = E.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
# the files named once, in the legend; one suite heading; one panel per problem, layouts
# together ("sorted [33554431]i32" is the problem [33554431]i32), each with its time axis
assert texts.count("old.json") == 1 and texts.count("new.json") == 1, texts
assert texts.count("s.bench") == 1, texts
titles = [t for t in texts if t.split("  (")[0] in ("[1000]i32", "[1000000]i32", "[33554431]i32", "gone", "noisy", "few", "x", "added")]
assert len(titles) == 8 and "[1000000]i32  (fastest first)" in titles and "[1000]i32" in titles, titles
assert texts.count("runtime (µs, log scale)") == 8, texts
# a box group (tooltip) per dataset and file that ran: 8 in old, 8 in new
groups = [g.find("s:title", ns).text for g in root.iter("{http://www.w3.org/2000/svg}g")]
assert len(groups) == 16, groups
assert any("new.json: s.bench:search [1000]i32: 10 runs, mean 110 µs, median 110 µs" in g for g in groups), groups
# fastest first within a panel: copy (300 µs) above search (2000 µs) on [1000000]i32, each
# named once for its two files' rows, the medians printed right
i = texts.index("[1000000]i32  (fastest first)")
assert texts[i + 1:i + 4] == ["copy", "300 µs", "300 µs"] and texts[i + 4:i + 7] == ["search", "2000 µs", "2010 µs"], texts[i:i + 8]
# the speedup bars: the ratios of the medians, one invocation a side, so none
# coloured as significant and every one marked '?' (not judged), as compare does
rects = [r.get("fill") for r in root.iter("{http://www.w3.org/2000/svg}rect")]
assert rects.count("#D55E00") == 0 and rects.count("#009E73") == 0, rects
marks = [t for t in texts if t.endswith("x ?") or t.endswith("x *")]
assert marks and all(t.endswith(" ?") for t in marks), marks
assert "0.91x ?" in texts and "1.20x ?" in texts, texts
assert any("not judged" in t for t in texts), texts
print("ok")
PY
# the panel's test options are gone, with what to use instead
check plot-threshold 2 $P plot -t 15 old.json new.json; has $ERR "plot judges nothing"
check plot-alpha 2 $P plot --alpha 1e-12 old.json new.json; has $ERR "psearch compare judges rounds"
# a percentage is written as compare takes it, with or without its sign
check compare-threshold-pct 0 $P compare $MW -t 15% old.json new.json
check compare-threshold-plain 0 $P compare $MW --threshold=15 old.json new.json
check compare-threshold-sign-only 2 $P compare -t % old.json new.json; has $ERR "option -t: '%' is not a percentage"
# long names of 2-byte characters are cut on character boundaries (the SVG stays UTF-8),
# and a dataset that failed in every file still gets its panel
python3 - $T/u1.json $T/u2.json <<'PY'
import json, sys
name, ds = "é" * 120, "ü" * 50 + "x" + "ö" * 50 + "z"  # each cut point falls inside a character
for f in sys.argv[1:]:
    json.dump({name: {"datasets": {ds: {"runtimes": [10, 11, 12]}, "dead": "Execution exceeded 10 seconds."}}},
              open(f, "w", encoding="utf-8"), ensure_ascii=False)
PY
check plot-utf8 0 $P plot $T/u1.json $T/u2.json -o $T/u.svg
py plot-utf8-svg $T/u.svg <<'PY'
import sys, xml.etree.ElementTree as E
texts = ["".join(t.itertext()) for t in E.parse(sys.argv[1]).getroot().iter("{http://www.w3.org/2000/svg}text")]
cut = [t for t in texts if "..." in t]
assert not any("\ufffd" in t for t in texts), texts  # valid names: nothing cut inside a character
assert any(t.startswith("é") and "...é" in t for t in cut), cut      # the entry's label: its middle dropped
assert any(t.startswith("ü") and "...ö" in t and t.endswith("öz") for t in cut), cut  # the panel's title, too
assert "dead" in texts and any(t.startswith("failed: Execution exceeded") for t in texts), texts  # failed: said
PY
# a speedup label of entry and dataset over 300 bytes, which was cut inside a character
python3 - $T/v1.json <<'PY'
import json, sys
json.dump({"x" + "é" * 120: {"datasets": {"ü" * 80: {"runtimes": [10, 11, 12]}}}},
          open(sys.argv[1], "w", encoding="utf-8"), ensure_ascii=False)
PY
check plot-long-label 0 $P plot $T/v1.json $T/v1.json -o $T/v.svg
# a results file that is not UTF-8 is refused where it goes wrong (RFC 8259: JSON is UTF-8)
printf '{"p\xff\xfeq": {"datasets": {"d": {"runtimes": [1, 2, 3]}}}}' > $T/raw.json
check raw-bytes 3 $P compare $T/raw.json $T/raw.json; has $ERR "raw.json:1:4: not UTF-8 (byte 0xff); JSON text must be UTF-8"
printf '{"p": {"datasets": {"e\xed\xa0\x80": {"runtimes": [1, 2, 3]}}}}' > $T/surrogate.json
check raw-surrogate 3 $P plot $T/surrogate.json; has $ERR "surrogate.json:1:23: not UTF-8 (byte 0xed)"
# a file name that is not UTF-8, and a title past svg_text's 1024 bytes that ends inside a
# character (a path of 4 folders of 127 two-byte characters): the SVG stays well-formed
cp $T/v1.json "$T/r$(printf '\xff').json"
check plot-raw-path 0 $P plot "$T/r$(printf '\xff').json" $T/v1.json -o $T/rawpath.svg
# (with and without one ASCII byte in front, so that in one of the two the cut splits a character)
d=$(python3 -c "print('é' * 127)")
for pad in "" a; do
  mkdir -p "$T/$pad$d/$d/$d/$d"; cp $T/v1.json "$T/$pad$d/$d/$d/$d/é.json"
  check plot-long-path$pad 0 $P plot "$T/$pad$d/$d/$d/$d/é.json" $T/v1.json -o $T/longpath$pad.svg
done
py plot-well-formed $T/v.svg $T/rawpath.svg $T/longpath.svg $T/longpatha.svg <<'PY'
import sys, xml.etree.ElementTree as E
def texts(f): return ["".join(t.itertext()) for t in E.parse(f).getroot().iter("{http://www.w3.org/2000/svg}text")]
for f in sys.argv[1:]:
    E.fromstring(open(f, "rb").read())  # raises on a byte that is not UTF-8
long = texts(sys.argv[1])
assert any(t.startswith("xé") and t.endswith("ü") and "..." in t for t in long), long
assert not any("\ufffd" in t for t in long), long  # the label was cut between characters
assert any(t.startswith("Speedup of") and "r\ufffd.json" in t for t in texts(sys.argv[2])), texts(sys.argv[2])
for f in sys.argv[3:]:
    title = [t for t in texts(f) if t.startswith("Speedup of")]
    assert len(title) == 1 and len(title[0].encode()) > 1000 and title[0].endswith("é"), title  # cut between characters
PY
check plot-one 0 $P plot futhark.json -o $T/one.svg
grep -q "Speedup of" $T/one.svg && fail "one file: speedup panel drawn"
if command -v rsvg-convert >/dev/null; then  # render it, as a browser would
  rsvg-convert $T/p.svg -o $T/p.png || fail "rsvg-convert cannot render the plot"
  [ "$(head -c 8 $T/p.png | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] || fail "render is not a PNG"
fi
# plot --sweep: a line per program over the sizes in its dataset names
python3 - $T/sweep.json <<'PY'
import json, sys
ctx = {"backend": "opencl", "device": "d", "device_cache_bytes": 16384}
d = {"s:bench_copy": {"psearch_context": ctx, "datasets": {
        "[1024]i32": {"runtimes": [1024, 1024, 1024]},   # 1000 ns per element
        "[4096]i32": {"runtimes": [2048, 2048]}}},       # 500
     "datasets/s.bench:reduce": {"psearch_context": ctx, "datasets": {
        "[1024]i32": {"runtimes": [2048]}, "[16384]i32": {"runtimes": [4096]},
        "[4096]i32": {"runtimes": [4096]}, "tiny": {"runtimes": [5]}, "[65536]i32": "Execution exceeded 1 seconds."}},
     "s:peer/numpy:copy": {"datasets": {"[1024]i32": {"runtimes": [512]}, "[4096]i32": {"runtimes": [1024]}}},
     "s:one": {"datasets": {"[10]i32": {"runtimes": [1]}}},
     "s:zero": {"datasets": {"[1]i32": {"runtimes": [0]}, "[2]i32": {"runtimes": [0, 0]}}}}
json.dump(d, open(sys.argv[1], "w"))
PY
check plot-sweep 0 $P plot --sweep $T/sweep.json -o $T/sweep.svg
python3 - $T/sweep.svg > $T/svg.txt 2>&1 <<'PY' || fail "plot --sweep SVG: $(cat $T/svg.txt)"
import sys, xml.etree.ElementTree as E
S = "{http://www.w3.org/2000/svg}"
root = E.parse(sys.argv[1]).getroot()
texts = ["".join(t.itertext()) for t in root.iter(S + "text")]
# a suite file's path is left out of its entries' labels (too long for the legend)
assert "s:bench_copy [*]i32 (roofline)" in texts and "reduce [*]i32" in texts, texts
assert not any(t.startswith("s:one") or t.startswith("s:zero") for t in texts), texts  # one size, or 0 µs: no line
assert "nan" not in open(sys.argv[1]).read().lower()
assert any(t.startswith("cache the driver reports") for t in texts), texts
dots = [(float(c.get("cx")), float(c.get("cy")), c.get("fill")) for c in root.iter(S + "circle")]
assert len(dots) == 2 * (2 + 3 + 2), dots                             # 7 points in each of 2 panels
# a peer's line is dashed, in the plot and in the legend; psearch's entries' are not
lines = list(root.iter(S + "line"))
dashed = [l for l in lines if l.get("stroke-dasharray")]
assert len(dashed) == 2 * 1 + 1, len(dashed)                          # one segment a panel, one legend sample
assert "s:peer/numpy:copy [*]i32" in texts, texts
dots = [d for d in dots if d[2] != dashed[0].get("stroke")]           # the checks below: the copy and reduce
copy = [d for d in dots if d[2] == "#000000"]
assert len(copy) == 4, copy
top, bottom = copy[:2], copy[2:]
assert top[0][0] < top[1][0] and top[0][1] < top[1][1], top           # 1000 then 500 ns: the line falls
assert bottom[0][1] > bottom[1][1], bottom                            # throughput rises
# log axes: 1000 -> 500 ns (one octave) spans as many pixels as the reduce's 2000 -> 1000
red = [d for d in dots if d[2] != "#000000"][:3]
assert abs((top[1][1] - top[0][1]) - (red[1][1] - red[0][1])) < 0.02, (top, red)
print("ok")
PY
printf '{"p": {"datasets": {"a": {"runtimes": [1]}, "[5]i32": {"runtimes": [2]}}}}' > $T/nosweep.json
check plot-sweep-none 3 $P plot --sweep $T/nosweep.json; has $ERR "nothing to sweep"
check plot-sweep-old 0 $P plot --sweep old.json -o $T/old-sweep.svg   # s.bench:search at 1000 and 1000000
# plot --bars: each dataset's entries against a baseline entry, on a log scale
python3 - $T/bars.json <<'PY'
import json, sys
r = lambda us: {"runtimes": [us] * 3}
d = {"s:bench_copy": {"datasets": {"d1": r(100)}},
     "s:a": {"datasets": {"d1": r(200), "d2": r(10)}},
     "s:b": {"datasets": {"d1": r(50), "d2": "Execution exceeded 1 seconds."}},
     "s:z": {"datasets": {"d1": {"runtimes": [0]}}}}
json.dump(d, open(sys.argv[1], "w"))
PY
check plot-bars 0 $P plot --bars $T/bars.json -o $T/bars.svg
check plot-bars-a 0 $P plot --bars --baseline a $T/bars.json -o $T/bars-a.svg
python3 - $T/bars.svg $T/bars-a.svg > $T/svg.txt 2>&1 <<'PY' || fail "plot --bars SVG: $(cat $T/svg.txt)"
import sys, xml.etree.ElementTree as E
S = "{http://www.w3.org/2000/svg}"
def load(path):
    root = E.parse(path).getroot()
    texts = ["".join(t.itertext()) for t in root.iter(S + "text")]
    bars = [(float(q.get("x")), float(q.get("width"))) for q in root.iter(S + "rect") if float(q.get("width")) < 900]
    return texts, bars
texts, bars = load(sys.argv[1])
# each group fastest first, its ratio and mean printed; d2 has no copy (b failed there);
# 0 µs has no bar; the baseline's name in bold
i = texts.index("d1  ·  s")
assert texts[i + 1:i + 7] == ["b", "0.50x  (50.0 µs)", "bench_copy", "1.00x  (100 µs)", "a", "2.00x  (200 µs)"], texts
assert "10.0 µs (no bench_copy here)" in texts, texts
assert "z" not in texts and "nan" not in open(sys.argv[1]).read().lower(), texts
assert sum(t == "a" for t in texts) == 2 and sum(t == "b" for t in texts) == 1, texts
assert "1/2x" in texts and "2x" in texts and not any("0.5x" == t or "0.25x" == t for t in texts), texts  # readable ticks
one = [b for b in bars if b[1] > 0]
b05, a2 = one[0], one[1]                                        # 2x right of 1x, 0.5x left of it: equal lengths
assert abs(a2[1] - b05[1]) < 0.02 and b05[0] + b05[1] - a2[0] < 0.02, (a2, b05)
texts, bars = load(sys.argv[2])
assert "0.50x  (100 µs)" in texts and "0.25x  (50.0 µs)" in texts and "1/4x" in texts, texts
print("ok")
PY
# an unknown baseline is an error, with the entry meant
check plot-bars-typo 2 $P plot --bars --baseline bench_cpy $T/bars.json -o $T/typo.svg
has $ERR "unknown --baseline 'bench_cpy' (did you mean 'bench_copy'?)"
[ -e $T/typo.svg ] && fail "plot-bars-typo wrote a chart"
# layouts of one problem share a group: eytzinger [n] beside sorted [n], against the copy
python3 - $T/layouts.json <<'PY'
import json, sys
r = lambda us: {"runtimes": [us] * 3}
json.dump({"s.bench:bench_copy": {"datasets": {"sorted [1000]i32": r(10)}},
           "s.bench:bench_binary_search": {"datasets": {"sorted [1000]i32": r(80)}},
           "s.bench:bench_eytzinger_search": {"datasets": {"eytzinger [1000]i32": r(40)}}}, open(sys.argv[1], "w"))
PY
check plot-bars-layouts 0 $P plot --bars $T/layouts.json -o $T/layouts.svg
check plot-box-layouts 0 $P plot $T/layouts.json -o $T/layouts-box.svg
py plot-layouts-grouped $T/layouts.svg $T/layouts-box.svg <<'PY'
import sys, xml.etree.ElementTree as E
texts = lambda f: ["".join(t.itertext()) for t in E.parse(f).getroot().iter("{http://www.w3.org/2000/svg}text")]
t = texts(sys.argv[1])
i = t.index("[1000]i32  ·  s.bench")
assert t[i + 1:i + 7] == ["bench_copy · sorted", "1.00x  (10.0 µs)", "bench_eytzinger_search · eytzinger",
                          "4.00x  (40.0 µs)", "bench_binary_search · sorted", "8.00x  (80.0 µs)"], t
assert not any(x.startswith("eytzinger [1000]i32") for x in t), t  # no group of its own
t = texts(sys.argv[2])
i = t.index("[1000]i32  (fastest first)")
assert t[i + 1::2][:3] == ["bench_copy · sorted", "bench_eytzinger_search · eytzinger", "bench_binary_search · sorted"], t
# a log axis: the medians 10, 40 and 80 µs, the first step two octaves, the second one
med = [float(l.get("x1")) for l in E.parse(sys.argv[2]).getroot().iter("{http://www.w3.org/2000/svg}line")
       if l.get("stroke-width") == "2.50"]
assert len(med) == 3 and abs((med[1] - med[0]) - 2 * (med[2] - med[1])) < 0.05, med
PY
# the box plot's axis is set by the whiskers: one run 1000x slower is counted at its edge
python3 - $T/outlier.json <<'PY'
import json, sys
json.dump({"s:a": {"datasets": {"d": {"runtimes": [100 + k % 7 for k in range(40)] + [100000]}}}}, open(sys.argv[1], "w"))
PY
check plot-outlier 0 $P plot $T/outlier.json -o $T/outlier.svg
py plot-outlier-axis $T/outlier.svg <<'PY'
import sys, xml.etree.ElementTree as E
t = ["".join(x.itertext()) for x in E.parse(sys.argv[1]).getroot().iter("{http://www.w3.org/2000/svg}text")]
ticks = [float(x) for x in t if x.replace(".", "").isdigit()]
assert ticks and max(ticks) < 200, ticks   # the axis stays near 100 µs
assert "+1" in t and "103 µs" in t, t      # the run beyond it counted; the median printed
PY
check plot-bars-two 2 $P plot --bars old.json new.json; has $ERR "--bars draws one results file"
check plot-bars-sweep 2 $P plot --bars --sweep old.json; has $ERR "choose one"
check plot-none 2 $P plot
# SVG to a terminal is refused, as dataset refuses binary (needs a pseudo-terminal: python's pty)
python3 - "$P" old.json > $T/pty.txt 2>&1 <<'PY'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "plot", sys.argv[2]])
out = b""
while True:
    try:
        d = os.read(fd, 4096)
    except OSError:  # EIO once the child has closed the terminal
        break
    if not d:
        break
    out += d
_, st = os.waitpid(pid, 0)
print("rc", os.WEXITSTATUS(st), out.decode(errors="replace"))
PY
has $T/pty.txt "rc 2 "
has $T/pty.txt "refusing to write SVG to a terminal"
grep -q "<svg" $T/pty.txt && fail "plot wrote SVG to a terminal"
check plot-bad 3 $P plot $T/array.json; has $ERR "array.json: not benchmark results"
check plot-unwritable 1 $P plot old.json -o /nonexistent-dir/p.svg
[ -e /nonexistent-dir ] && fail "plot created a directory"

echo "$checks checks, $fails failed"
[ "$fails" = 0 ]
