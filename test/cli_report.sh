#!/bin/bash
# What bench reports means what it says: exact run counts, the warm-up left
# out, microseconds in text and JSON, the printed mean/RSD/min/max computed
# from the very runtimes in the JSON, runtimes = rounded runtimes_us, the mean
# consistent with wall time, test hooks recorded, and a terminal measuring
# what a pipe measures. Uses the test hook PSEARCH_TEST_DELAY (src/hook.h).
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
export XDG_CACHE_HOME=$T/cache

cat > $T/s.bench <<'S'
==
entry: bench_copy sorted
random input { [2000]i32 }
"tiny" input { [3, 1, 2] }
random input { [30000]u16 }
S

# --- a dataset slower than the minimum time: exactly -r runs, warm-up excluded ---
# every timed call of bench_copy takes 100 ms more, its first call (the warm-up) 400 ms:
# 6 runs = 0.6 s >= the 0.5 s minimum, so exactly 6 runs are reported.
t0=$(date +%s.%N)
PSEARCH_TEST_DELAY=bench_copy:100000:400000 $P bench -r 6 --no-convergence-phase -e bench_copy \
  --backend=c $T/s.bench --json $T/d.json >$OUT 2>$ERR
rc=$?
t1=$(date +%s.%N)
[ $rc = 0 ] || fail "delayed bench: exit $rc: $(head -3 $ERR)"
has $ERR "test hook PSEARCH_TEST_DELAY=bench_copy:100000:400000 is set"
py delayed-runs $T/d.json "$T/s.bench" "$t0" "$t1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))[sys.argv[2] + ":bench_copy"]
wall = float(sys.argv[4]) - float(sys.argv[3])
assert d["psearch_context"]["test_hooks"] == {"PSEARCH_TEST_DELAY": "bench_copy:100000:400000"}, d["psearch_context"]
total_runs = 0
for name, r in d["datasets"].items():
    us = r["psearch"]["runtimes_us"]
    assert len(us) == 6 and len(r["runtimes"]) == 6, (name, len(us))   # exactly -r runs
    assert all(100000 <= x < 150000 for x in us), (name, us)           # µs, the warm-up left out
    assert r["runtimes"] == [int(x + 0.5) for x in us], name
    total_runs += 7                                                     # + the warm-up each
# wall time covers every call: 3 datasets x (0.4 + 6 x 0.1) s, plus start-up
mean = sum(sum(r["psearch"]["runtimes_us"]) for r in d["datasets"].values()) / 18
assert 3 * (0.4 + 0.6) <= wall < 3 * (0.4 + 0.6) + 20, wall
assert 0.5 < (wall - 3 * 0.3) / total_runs / (mean / 1e6) < 3, (wall, mean)
print("ok")
PY

# --- the printed line is computed from the JSON's runtimes ---
check lines 0 $P bench -r 20 --max-runs 5000 --no-convergence-phase $T/s.bench --json $T/r.json
py printed-statistics $T/r.json "$T/s.bench" $OUT <<'PY'
import json, math, re, sys
d = json.load(open(sys.argv[1]))
prog = None
seen = 0
for line in open(sys.argv[3]):
    m = re.match(r"Results for (.*):\n", line)
    if m:
        prog = d[m.group(1)]
        continue
    m = re.match(r"(.+?): +(\d+)μs \(RSD: (\d+\.\d{3}); min: +(-?\d+)%; max: +\+(\d+)%\)$", line)
    if not m:
        continue
    r = prog["datasets"][m.group(1)]
    x = r["psearch"]["runtimes_us"]
    n = len(x)
    mean = sum(x) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in x) / n)          # population sd, as futhark
    assert abs(int(m.group(2)) - mean) <= 0.5 + 1e-9, (line, mean)
    assert abs(float(m.group(3)) - sd / mean) <= 0.0005 + 1e-12, (line, sd / mean)
    assert abs(int(m.group(4)) - (min(x) / mean - 1) * 100) <= 0.5 + 1e-9, (line, min(x))
    assert abs(int(m.group(5)) - (max(x) / mean - 1) * 100) <= 0.5 + 1e-9, (line, max(x))
    p = r["psearch"]
    assert abs(p["mean_us"] - mean) < 1e-6 * mean and abs(p["rsd"] - sd / mean) < 1e-9, p
    assert p["runs"] == n >= 20 and "runs_recorded" not in p
    assert r["runtimes"] == [int(v + 0.5) for v in x]
    # quartiles interpolated as numpy's default, and Tukey's fences at 1.5 IQR
    sx = sorted(x)
    q = lambda f: sx[int(f * (n - 1))] + (f * (n - 1) - int(f * (n - 1))) * (sx[min(int(f * (n - 1)) + 1, n - 1)] - sx[int(f * (n - 1))])
    q1, q3 = q(0.25), q(0.75)
    assert abs(p["q1_us"] - q1) < 1e-9 * q1 and abs(p["q3_us"] - q3) < 1e-9 * q3, (p["q1_us"], q1, p["q3_us"], q3)
    assert p["outliers_low"] == sum(v < q1 - 1.5 * (q3 - q1) for v in x), p["outliers_low"]
    assert p["outliers_high"] == sum(v > q3 + 1.5 * (q3 - q1) for v in x), p["outliers_high"]
    seen += 1
assert seen == 6, seen
print("ok")
PY
python3 -c "import json, sys; c = list(json.load(open(sys.argv[1])).values())[0]['psearch_context']; assert c['test_hooks'] == {} and c['validation'] is True and c['kernels'] == 'embedded' and c['tuning'] == {}, c" $T/r.json \
  || fail "the conditions of a plain run are not recorded as none (test_hooks {}, validated, embedded kernels, no tuning)"

# --- the progress line is drawn on a clock (at most ~10 a second), not every run ---
printf '==\nentry: bench_copy\nrandom input { [100000]i32 }\n' > $T/t.bench
BENCH="$P bench --backend=c -r 1 --max-runs 100000000 --no-convergence-phase $T/t.bench"
if command -v script >/dev/null; then
  script -qec "$BENCH --json $T/tty.json" /dev/null > $T/tty.out 2>&1 || fail "bench on a terminal"
  grep -q $'\r' $T/tty.out || fail "no progress line drawn on the terminal"
  draws=$(grep -o $'\033\\[K' $T/tty.out | wc -l)   # each redraw clears the line
  py progress-on-a-clock $T/tty.json "$draws" <<'PY'
import json, sys
d = list(json.load(open(sys.argv[1])).values())[0]["datasets"]["[100000]i32"]["psearch"]
draws, runs, wall = int(sys.argv[2]), d["runs"], d["phase_seconds"]["runs"]
# at most one redraw per 0.1 s of the runs (plus the first and the last), and far fewer than the runs
assert 2 <= draws <= 10 * wall + 3 and draws < runs / 5, (draws, runs, wall)
PY
fi

# --- units, formats, and what a line cannot say goes to stderr ---
printf '==\nentry: to_btree bench_copy\n"small" input { [1, 2, 3, 4, 5, 6, 7, 8] }\nrandom sorted input { [3000]i32 }\n' > $T/u.bench
check futhark-shape 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --device-type=cpu $T/u.bench --json $T/u.json
has $OUT "Device: "
grep -qE '^small: +[ 0-9]+μs \(RSD' $OUT || fail "futhark's line shape in a pipe: $(grep small $OUT)"
grep -q "no GPU found" $ERR && fail "CPU fallback warned about with --device-type=cpu"
has $ERR "to_btree small: no kernel launched: the runs timed an empty call"
py no-kernel $T/u.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = [v for k, v in d.items() if k.endswith(":to_btree")][0]["datasets"]["small"]["psearch"]
assert p["kernel_launches"] == 0, p
q = [v for k, v in d.items() if k.endswith(":bench_copy")][0]["datasets"]["small"]["psearch"]
assert q["kernel_launches"] == 1, q
# one command a run: its span is its event time (each run's span ends at its sync)
assert q["kernel_us_mean"] > 0 and abs(q["kernel_span_us_mean"] - q["kernel_us_mean"]) < 1e-3, q
PY
# --kernel-time: every run's kernel time beside its wall time, no more than it, each
# outlier given one cause; the host backends have no events and say so
check kernel-time 0 $P bench -r 30 --max-runs 30 --no-convergence-phase --device-type=cpu -x \
  --kernel-time -e bench_copy $T/u.bench --json $T/kt.json
grep -qE 'kernels per run: median [0-9.]+.s, RSD [0-9.]+' $OUT || fail "-x: no per-run kernel time: $(grep runs $OUT | head -1)"
py kernel-time $T/kt.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = [v for k, v in d.items() if k.endswith(":bench_copy")][0]
assert p["psearch_context"]["kernel_time"] is True
for name, r in p["datasets"].items():
    q = r["psearch"]
    wall, ker = q["runtimes_us"], q["kernel_runtimes_us"]
    assert len(ker) == len(wall) == 30, (name, len(ker), len(wall))
    assert all(0 < k <= w * 1.02 + 1 for k, w in zip(ker, wall)), (name, list(zip(ker, wall)))
    assert q["outliers_high"] == q["outliers_high_kernels"] + q["outliers_high_host"] + q["outliers_high_preempted"], q
    assert q["outliers_low"] == q["outliers_low_kernels"] + q["outliers_low_host"], q
    ks = sorted(ker)
    assert abs(q["kernel_median_us"] - (ks[14] + ks[15]) / 2) < 1e-6, (q["kernel_median_us"], ks[14:16])
PY
# the grouped B+ tree search runs its own kernels (the plain search gives the same answers)
printf '==\nentry: bench_btree_search_random_grouped\nrandom sorted input { [3000]i32 }\n' > $T/grp.bench
check grouped-kernels 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --device-type=cpu $T/grp.bench --json $T/grp.json
py grouped-kernels $T/grp.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
q = list(list(d.values())[0]["datasets"].values())[0]["psearch"]
assert q["validation"] == "ok", q["validation"]
assert sorted(q["kernels_us_mean"]) == ["btree_bucket", "btree_bucket_scan", "btree_scatter", "btree_search_grouped"], q["kernels_us_mean"]
# four kernels a run: the span (first start to last end) holds the gaps between them
assert q["kernel_span_us_mean"] > q["kernel_us_mean"] > 0, q
PY
# a fill in the run (histogram zeroes its bins) is timed beside the kernel, as no launch
printf '==\nentry: histogram\nrandom input { [3000]i32 }\n' > $T/fill.bench
check fill-timed 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --device-type=cpu $T/fill.bench --json $T/fill.json
py fill-timed $T/fill.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
q = list(list(d.values())[0]["datasets"].values())[0]["psearch"]
assert sorted(q["kernels_us_mean"]) == ["clEnqueueFillBuffer", "hist256"], q["kernels_us_mean"]
assert q["kernel_launches"] == 1, q["kernel_launches"]
assert abs(sum(q["kernels_us_mean"].values()) - q["kernel_us_mean"]) < 1e-3, q
assert q["kernel_span_us_mean"] > q["kernel_us_mean"], q
PY
check kernel-time-host 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --backend=c --kernel-time -e bench_copy $T/u.bench --json $T/kc.json
has $ERR "--kernel-time: a host backend has no profiling events"
grep -q kernel_runtimes_us $T/kc.json && fail "--kernel-time on the c backend: kernel times recorded"
grep -q kernel_runtimes_us $T/u.json && fail "kernel times recorded without --kernel-time"
check human 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --format=human $T/u.bench
grep -qE '^small: +[0-9.]+ (ns|µs) \(RSD: [0-9.]+; .*no kernel launched' $OUT || fail "human line: $(grep small $OUT)"
grep -qE '^sorted \[3000\]i32: +[0-9]+\.[0-9]+ (µs|ms) \(RSD' $OUT || fail "human units: $(grep sorted $OUT)"
if command -v script >/dev/null; then # a terminal gets the human format, unless told
  script -qec "$P bench -r 3 --max-runs 3 --no-convergence-phase -e bench_copy $T/u.bench" /dev/null > $T/tty2.txt 2>&1
  grep -qE 'small: +[0-9.]+ (ns|µs|ms) \(RSD' $T/tty2.txt || fail "no human format on a terminal"
  script -qec "$P bench -r 3 --max-runs 3 --no-convergence-phase -e bench_copy --format=futhark $T/u.bench" /dev/null > $T/tty3.txt 2>&1
  grep -qE 'small: +[0-9]+μs \(RSD' $T/tty3.txt || fail "--format=futhark on a terminal"
fi
check default-device 0 $P bench -r 3 --max-runs 3 --no-convergence-phase -e bench_copy $T/u.bench
if ! grep -q "\[gpu\]" <($P devices 2>/dev/null); then has $ERR "no GPU found: running on"; fi

# noise and non-convergence are said (a sawtooth of 1x to 10x the delay: spread and drifting,
# of milliseconds, so that a loaded host's preemptions do not break its autocorrelation)
PSEARCH_TEST_DELAY=bench_copy:2000:0:10 $P bench -r 10 --convergence-max-seconds 0.3 -e bench_copy \
  --backend=c $T/u.bench --json $T/n.json >$OUT 2>$ERR || fail "noisy bench failed"
has $ERR "bench_copy small: did not converge in 0.3 s: RSE"
# noise goes to the end-of-run digest, one line for every dataset; each dataset's with -v
grep -qE '[12] of 2 datasets noisy \(RSD > 0.25; most: bench_copy ' $ERR || fail "no digest of the noise: $(grep noisy $ERR)"
has $ERR "their means are noise; read the medians (-x, or --headline=median); each dataset with -v"
grep -q "bench_copy small: RSD" $ERR && fail "a noisy dataset warned about beside its line without -v"
[ "$(grep -c 'noisy' $ERR)" = 1 ] || fail "the digest's noise line is not one line: $(grep noisy $ERR)"
py not-converged $T/n.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
prog = list(d.values())[0]
p = prog["datasets"]["small"]["psearch"]
assert p["converged"] is False and p["stopped"] == "budget" and p["rse"] > p["rse_target"], p
c = prog["psearch_context"]
assert c["convergence_max_seconds"] == 0.3 and c["max_runs"] == 100000, c
PY

# --max-runs caps a tiny dataset; the JSON records an even sample of at most 5000 runs
check max-runs 0 $P bench -r 10 --max-runs 20000 --no-convergence-phase --backend=c -e bench_copy $T/u.bench --json $T/m.json
py max-runs $T/m.json <<'PY'
import json, sys
p = list(json.load(open(sys.argv[1])).values())[0]["datasets"]["small"]
s = p["psearch"]
assert s["runs"] == 20000 and s["runs_recorded"] == 5000, s["runs"]
assert len(p["runtimes"]) == len(s["runtimes_us"]) == 5000
assert min(s["runtimes_us"]) >= s["min_us"] and max(s["runtimes_us"]) <= s["max_us"]
PY
check max-runs-below 2 $P bench -r 10 --max-runs 5 $T/u.bench; has $ERR "--max-runs 5 is below -r 10"

# the plan up front; on a terminal, a status line with [k/N]
check plan 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --backend=c $T/u.bench
has $ERR "plan: 4 datasets, each exactly 3 runs: about "
if command -v script >/dev/null; then
  script -qec "$P bench -r 3 --max-runs 3 --no-convergence-phase --backend=c $T/u.bench" /dev/null > $T/tty4.txt 2>&1
  grep -qE '\[4/4 [0-9]+:[0-9]{2} ~[0-9]+:[0-9]{2} left\] sorted \[3000\]i32:' $T/tty4.txt || fail "no status line with the elapsed time and the ETA"
fi
# the default suites on a CPU: warned about before they start
check default-on-cpu 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --backend=c -e bench_copy
has $ERR "the default suites run the seeds' full sizes"
has $ERR "builtin:quick.bench is the small version"

# a failed dataset is said on stderr too
PSEARCH_TEST_CORRUPT_RESULT=bench_copy $P bench -r 3 --max-runs 3 --no-convergence-phase -e bench_copy $T/u.bench >$OUT 2>$ERR
has $ERR "bench_copy small: result does not match the reference"

# --- the summary: entries that compute the same thing, fastest first, by their
# medians; only a ratio whose bootstrap interval clears 1 + 2% ranks an entry
# slower, anything closer is "indistinguishable" ---
cat > $T/g.bench <<'S'
==
entry: scan scan_rts reduce
random input { [5000]i32 }
==
entry: bench_binary_search bench_btree_search
random sorted input { [4000]i32 }
==
entry: bench_eytzinger_search
random eytzinger input { [4000]i32 }
==
entry: sorted radix_sort
random input { [3000]i32 }
S
PSEARCH_TEST_DELAY=scan:3000 $P bench -r 5 --no-convergence-phase --backend=c --format=human $T/g.bench \
  --json $T/g.json --markdown $T/g.md >$OUT 2>$ERR || fail "summary bench: $(head -3 $ERR)"
py summary $T/g.json $OUT $T/g.md <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
med = {}
for prog, v in d.items():
    for ds, r in v["datasets"].items():
        med[(prog.rsplit(":", 1)[1], ds)] = r["psearch"]["median_us"]
text = open(sys.argv[2]).read()
groups = re.findall(r"\nSummary for (.*):\n  (\S+)(?: \((.*?)\))? ran \(median .*\)\n((?:    .*\n)*)", text)
assert [g[0] for g in groups] == ["cost ([n]t) on [5000]i32", "search ([n]i64) on [4000]i32",
                                  "sort ([n]t) on [3000]i32"], groups
# the scans: scan was made 3 ms slower, resolved; reduce has another output and is not in the group
g = groups[0]
assert g[1] == "scan_rts" and "reduce" not in g[3], g
m = re.search(r"([0-9.]+)x \[([0-9.]+), ([0-9.]+)\] faster than scan(; .*)?\n", g[3])
r, lo, hi = (float(x) for x in m.groups()[:3])
want = med[("scan", "[5000]i32")] / med[("scan_rts", "[5000]i32")]
assert abs(r - want) <= 0.006 * want + 0.005 and lo <= r <= hi and lo > 1.02, (r, lo, hi, want)
# the searches: sorted and Eytzinger layouts of the same data side by side, by median
g = groups[1]
rows = [(g[1], g[2])] + re.findall(r"(?:faster than|indistinguishable from) (\S+) \((\w+ \[4000\]i32)", g[3])
assert sorted(rows) == sorted([("bench_binary_search", "sorted [4000]i32"), ("bench_btree_search", "sorted [4000]i32"),
                               ("bench_eytzinger_search", "eytzinger [4000]i32")]), rows
m = [med[e] for e in rows]
assert m == sorted(m), m
# the same code twice (the c backend of both sorts): never ranked faster
g = groups[2]
assert re.fullmatch(r"    indistinguishable from (sorted|radix_sort) \(1\.0\dx \[[0-9.]+, [0-9.]+\](; .*)?\)\n", g[3]), g
# the markdown: the same groups, one row per entry, the first the fastest
md = open(sys.argv[3]).read()
assert md.startswith("### psearch bench: fastest first\n"), md[:80]
assert "**cost ([n]t) on [5000]i32**" in md and "**search ([n]i64) on [4000]i32**" in md, md
assert re.search(r"^\| scan_rts \| \[5000\]i32 \| [0-9.]+ .s \| 1\.00x \[1\.00, 1\.00\] \| fastest(; noisy \(RSD [0-9.]+\))? \|$", md, re.M), md
assert re.search(r"^\| scan \| \[5000\]i32 \| [0-9.]+ .s \| [0-9.]+x \[[0-9.]+, [0-9.]+\] \| slower(; noisy \(RSD [0-9.]+\))? \|$", md, re.M), md
assert re.search(r"^\| (sorted|radix_sort) \| \[3000\]i32 \| .* \| indistinguishable(; noisy \(RSD [0-9.]+\))?(; fewer than 10 runs: under 10% not judged)? \|$", md, re.M), md
assert len(re.findall(r"^\| (?!entry \|)(?!---)", md, re.M)) == 7, md
PY
# a noisy dataset is marked in the summary itself
PSEARCH_TEST_DELAY=sorted:200:0:10 $P bench -r 20 --max-runs 20 --no-convergence-phase --backend=c --format=human \
  -e sorted -e radix_sort $T/g.bench >$OUT 2>$ERR || fail "noisy summary bench: $(head -3 $ERR)"
grep -qE '^  (sorted ran|    indistinguishable from sorted|.*faster than sorted).*noisy \(RSD [0-9.]+\)' $OUT \
  || fail "the noisy dataset is not marked in the summary: $(grep -A3 'Summary for sort' $OUT)"
# in a pipe (futhark's format) the summary follows the results on standard output
check summary-pipe 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --backend=c -e scan -e scan_rts $T/g.bench
has $OUT "Summary for cost ([n]t) on [5000]i32:"
sed -n '/^Summary for/,$p' $OUT | grep -q 'Results for' && fail "the summary is not after the results in a pipe"
check summary-stdout 2 $P bench --json - --markdown - $T/g.bench
has $ERR "--json - and --markdown - both want standard output"
check summary-nodir 1 $P bench -r 3 --backend=c --markdown $T/no/such/s.md $T/g.bench
has $ERR "--markdown: $T/no/such/s.md"
[ -s $OUT ] && fail "--markdown into a missing directory: ran anyway"
# a dataset that failed validation is left out of the summary
PSEARCH_TEST_CORRUPT_RESULT=bench_btree_search $P bench -r 3 --max-runs 3 --no-convergence-phase --format=human \
  --device-type=cpu -e bench_binary_search -e bench_btree_search -e bench_eytzinger_search $T/g.bench >$OUT 2>$ERR
has $OUT "Summary for search ([n]i64) on [4000]i32"
sed -n '/^Summary for/,$p' $OUT | grep -q bench_btree_search && fail "a failed dataset ranked in the summary"

# off a terminal, a line on stderr every 30 s during a long dataset (the hook shortens it to 0.2 s)
PSEARCH_TEST_LOG_SECONDS=0.2 PSEARCH_TEST_DELAY=bench_copy:100000 $P bench -r 10 --no-convergence-phase \
  --backend=c -e bench_copy $T/u.bench >$OUT 2>$ERR || fail "log lines: bench failed"
n=$(grep -cE '^psearch: \[1/2 [0-9]+:[0-9]{2} ~[0-9]+:[0-9]{2} left\] bench_copy small: [0-9]+ s, [0-9]+ runs$' $ERR)
[ "$n" -ge 3 ] && [ "$n" -le 7 ] || fail "progress lines off a terminal: $n in about 1 s at one per 0.2 s"
grep -q "\[1/2 " $OUT && fail "progress lines on stdout"
PSEARCH_TEST_DELAY=bench_copy:100000 $P bench -r 10 --no-convergence-phase --backend=c -e bench_copy \
  $T/u.bench >$OUT 2>$ERR || fail "log lines: bench failed"
grep -q "\[1/2 " $ERR && fail "a progress line before 30 s: $(grep '\[1/2 ' $ERR | head -1)"

# --- the sorts' minimum bytes (GB/s in -x) are what `psearch list` says they are ---
cat > $T/sorts.bench <<'S'
==
entry: radix_sort argsort
random input { [1001]i32 }
random input { [1001]i64 }
==
entry: radix_sort_pairs
random input { [1001]i32 [1001]i32 }
random input { [1001]i64 [1001]i32 }
random input { [1001]u8 [1001]f64 }
S
$P bench -r 3 --max-runs 3 --no-convergence-phase --backend=c $T/sorts.bench --json $T/sorts.json >$OUT 2>$ERR \
  || fail "sorts' bytes: bench failed: $(head -3 $ERR)"
py sorts-min-bytes $T/sorts.json "$T/sorts.bench" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = {  # n = 1001; the formulas of `psearch list`'s BYTES column
    ("radix_sort", "[1001]i32"): 2 * 1001 * 4, ("radix_sort", "[1001]i64"): 2 * 1001 * 8,
    ("argsort", "[1001]i32"): 1001 * 4 + 8 * 1001, ("argsort", "[1001]i64"): 1001 * 8 + 8 * 1001,
    ("radix_sort_pairs", "[1001]i32 [1001]i32"): 4 * 1001 * 4,
    ("radix_sort_pairs", "[1001]i64 [1001]i32"): 2 * 1001 * 8 + 2 * 1001 * 4,
    ("radix_sort_pairs", "[1001]u8 [1001]f64"): 2 * 1001 * 1 + 2 * 1001 * 8,
}
for (entry, name), b in want.items():
    r = d[sys.argv[2] + ":" + entry]["datasets"][name]["psearch"]
    assert r["validation"] == "ok" and r["elements"] == 1001, (entry, name, r.get("validation"))
    assert r["min_bytes"] == b, (entry, name, r["min_bytes"], b)
PY
$P list >$OUT 2>$ERR || fail "list failed"
grep -E '^argsort +O\(n w / 8\) +O\(w / 8 log n\) +n sizeof\(t\) \+ 8 n$' $OUT >/dev/null || fail "list: argsort's bytes"
grep -E '^radix_sort_pairs +.* 2 n sizeof\(t\) \+ 2 n sizeof\(v\)$' $OUT >/dev/null || fail "list: radix_sort_pairs' bytes"

finish
