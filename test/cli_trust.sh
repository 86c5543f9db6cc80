#!/bin/bash
# CLI tests of issue 49's "nothing lost" and "inputs of real size" items
# (docs/reliability.md): signals during bench, a dataset name twice for one
# entry, a suite's BOM, allocation failures in the readers and merge (through
# test/failalloc.c), what the results readers refuse, the statistics they
# report from a sampled file, and many names.
PSEARCH=$1
SHIM=${2:-}
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
[ -n "$SHIM" ] && SHIM=$(cd "$(dirname "$SHIM")" && pwd)/$(basename "$SHIM") # meson may give it relative
export XDG_CACHE_HOME=$T/cache
FAST="--backend=c -r 3 --max-runs 3 --no-convergence-phase"
cd $T

# ---- C11: one dataset name in two blocks of one entry: refused with both lines
cat > twice.bench <<'S'
==
entry: bench_copy sorted
"x" input { [3i32, 4i32] }
==
entry: bench_copy
"y" input { [1i32] }
"x" input { [5i32] }
S
check dup-across-blocks 3 $P bench $FAST twice.bench --json twice.json
has $ERR "twice.bench:7: dataset x of entry bench_copy is also at twice.bench:3"
[ -e twice.json ] && fail "dup-across-blocks: a JSON was written"
# the same name for different entries, in different blocks, is fine
cat > apart.bench <<'S'
==
entry: bench_copy
"x" input { [3i32, 4i32] }
==
entry: sorted
"x" input { [1i32, 2i32] }
S
check dup-other-entry 0 $P bench $FAST apart.bench
printf -- '==\nentry: bench_copy bench_copy\n"x" input { [1i32] }\n' > twice-entry.bench
check dup-entry-one-line 3 $P bench $FAST twice-entry.bench
has $ERR "twice-entry.bench:2: entry point bench_copy named twice"

# ---- E: a suite that starts with a UTF-8 byte-order mark reads as without it
printf '\xef\xbb\xbf==\nentry: bench_copy\n"b" input { [1i32] }\n' > bom.bench
check suite-bom 0 $P bench $FAST bom.bench
has $OUT "b:"

# ---- C10: SIGHUP is SIGTERM's twin: the completed datasets are written
cat > hup.bench <<'S'
==
entry: sorted
"first" input { [3, 2, 1] }
random input { [2000000]i64 }
S
# bench starts with SIGHUP at its default (env --default-signal): under nohup
# it would inherit it ignored and, as it should, keep ignoring it. A bench that
# has not stopped 60 s after the signal is killed and the check fails.
signal_test() { # NAME SIGNAL
  rm -f sig.json
  env --default-signal=HUP $P bench --backend=c -r 100000 --no-convergence-phase hup.bench --json sig.json >sig.out 2>&1 &
  local pid=$! rc
  for i in $(seq 100); do grep -qs '^first:.*μs' sig.out && break; sleep 0.1; done
  sleep 0.5
  kill -$2 $pid
  for i in $(seq 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "$1: bench still running 60 s after SIG$2"; }
  wait $pid
  rc=$?
  [ $rc = 130 ] || fail "$1: exit $rc, expected 130"
  python3 -c "
import json; d = json.load(open('sig.json'))['hup.bench:sorted']['datasets']
assert isinstance(d['first'], dict) and d['[2000000]i64'] == 'Interrupted.', d
" || fail "$1: no JSON of the completed datasets"
  ls | grep -q 'tmp\.' && fail "$1: temporary files left"
}
signal_test SIGHUP HUP

# SIGPIPE: standard output closed early (`bench ... | head -1`): the run goes
# on and --json is written. The pipe's reader is gone before bench starts, so
# that every write fails (SIGPIPE at its default, as a shell leaves it).
cat > pipe.bench <<'S'
==
entry: bench_copy
"a" input { [1i32] }
"b" input { [2i32] }
"c" input { [3i32] }
S
closed_pipe() {
  python3 -c 'import os, subprocess, sys
r, w = os.pipe(); os.close(r)
rc = subprocess.call(sys.argv[1:], stdout=w)
sys.exit(128 - rc if rc < 0 else rc)' "$@"
}
closed_pipe $P bench $FAST pipe.bench --json pipe.json 2>pipe.err
rc=$?
[ $rc = 0 ] || fail "sigpipe: exit $rc, expected 0"
python3 -c "
import json; d = json.load(open('pipe.json'))['pipe.bench:bench_copy']['datasets']
assert sorted(d) == ['a', 'b', 'c'] and all(isinstance(v, dict) for v in d.values()), d
" || fail "sigpipe: the JSON lacks datasets"
has pipe.err "standard output failed (Broken pipe)"
# --json - on a closed standard output: the JSON cannot go anywhere: exit 1, said
closed_pipe $P bench $FAST pipe.bench --json - 2>pipe.err
rc=$?
[ $rc = 1 ] || fail "sigpipe --json -: exit $rc, expected 1"
has pipe.err "--json"

# ---- A2: one results file, one mean. A file whose runtimes are a sample of
# its runs (bench keeps at most 5000): every reader reports the statistics
# bench printed, over every run, never those of the sample
python3 - <<'PY'
import json
def ds(runs, sample, mean, median, sd, lo, hi):
    return {"runtimes": [round(x) for x in sample], "bytes": {},
            "psearch": {"runtimes_us": sample, "runs": runs, "runs_recorded": len(sample),
                        "mean_us": mean, "median_us": median, "stddev_us": sd,
                        "min_us": lo, "max_us": hi, "q1_us": 36.5, "q3_us": 37.5}}
sample = [37.0, 37.5, 36.5, 80.0, 37.0, 36.0, 38.0, 37.0, 90.0, 37.0]
ctx = {"backend": "c", "device": "host CPU (sequential c backend)"}
json.dump({"s.bench:bench_copy": {"datasets": {"d": ds(26506, sample, 37.05, 37.0, 2.5, 30.0, 5000.0)},
                                  "psearch_context": ctx}}, open("sampled.json", "w"))
json.dump({"s.bench:bench_copy": {"datasets": {"d": ds(26000, sample, 74.1, 74.0, 5.0, 60.0, 9000.0)},
                                  "psearch_context": ctx}}, open("sampled2.json", "w"))
PY
# the per-run test: the stored means and every run's count, not the sample's
check stored-compare 0 $P compare --test mann-whitney --json cmp.json sampled.json sampled2.json
py stored-compare-json cmp.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["old_mean_us"] == 37.05 and r["new_mean_us"] == 74.1, r
assert r["old_runs"] == 26506 and r["new_runs"] == 26000, r
assert abs(r["speedup"] - 0.5) < 1e-12, r
PY
has $OUT "37.0μs ->       74.1μs"
# one invocation a side (the default test): the stored medians (the sample's is 37.0 on both)
check stored-compare-rounds 0 $P compare --json cmp.json sampled.json sampled2.json
py stored-compare-rounds-json cmp.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert abs(r["old_mean_us"] - 37.0) < 1e-9 and abs(r["new_mean_us"] - 74.0) < 1e-9, r
assert r["verdict"] == "untestable" and r["rounds"] == 1, r
PY
check stored-export 0 $P export --gbench g.json --markdown md.txt sampled.json
py stored-export-gbench g.json <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))["benchmarks"]
b = [x for x in g if x["name"].endswith("_mean")][0]
assert b["real_time"] == 37.05 and b["iterations"] == 26506, b
it = [x for x in g if x["run_type"] == "iteration"]  # the recorded sample of the runs, each a repetition
assert len(it) == 10 and it[0]["repetitions"] == 10 and it[-1]["repetition_index"] == 9, it[0]
PY
has md.txt "| 37.05 | 37.00 | 30.00 | 5000 | 0.067 | 26506 |"
check stored-export-aggregates 0 $P export --gbench g.json --aggregates sampled.json
py stored-export-aggregates g.json <<'PY'
import json, math, sys
by = {b["aggregate_name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"]}
assert by["mean"]["real_time"] == 37.05 and by["median"]["real_time"] == 37.0, by
sd = 2.5 * math.sqrt(26506 / 26505)  # the sample standard deviation of every run
assert abs(by["stddev"]["real_time"] - sd) < 1e-9 and by["mean"]["iterations"] == 26506, by
PY
check stored-plot 0 $P plot sampled.json sampled2.json -o p.svg
has p.svg "26506 runs, mean 37.0 µs, median 37.0 µs, quartiles 36.5 µs to 37.5 µs"
has p.svg "mean 74.1 µs"
# a sampled file that lacks the statistics of its runs is not results
python3 -c "
import json; d = json.load(open('sampled.json')); del d['s.bench:bench_copy']['datasets']['d']['psearch']['mean_us']
json.dump(d, open('nomean.json', 'w'))"
check stored-missing 3 $P compare nomean.json sampled.json
has $ERR "psearch.runs says 26506 runs"
# end to end: bench's own file with more runs than it keeps
printf -- '==\nentry: bench_copy\n"one" input { [1i32] }\n' > many.bench
check many-runs 0 $P bench --backend=c -r 6000 --max-runs 6000 --no-convergence-phase many.bench --json many.json
check many-runs-export 0 $P export --gbench g.json many.json
py many-runs-same-mean many.json g.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["many.bench:bench_copy"]["datasets"]["one"]
b = [x for x in json.load(open(sys.argv[2]))["benchmarks"] if x["name"].endswith("_mean")][0]
assert d["psearch"]["runs"] == 6000 and len(d["runtimes"]) == 5000, d["psearch"]["runs"]
assert b["iterations"] == 6000 and b["real_time"] == d["psearch"]["mean_us"], (b, d["psearch"]["mean_us"])
PY
# a futhark bench file of more runs than psearch keeps: its statistics are of
# every run (the median and quartiles exact), the CSV has every run
python3 -c "
import json, random
random.seed(5)
json.dump({'p': {'datasets': {'d': {'runtimes': [round(random.lognormvariate(3, 0.5), 3) for _ in range(7001)]}}}},
          open('r7k.json', 'w'))"
check foreign-many-runs 0 $P export --gbench g.json --aggregates --csv r7k.csv r7k.json
py foreign-many-runs-stats g.json r7k.json r7k.csv <<'PY'
import json, statistics, sys
r = json.load(open(sys.argv[2]))["p"]["datasets"]["d"]["runtimes"]
by = {b["aggregate_name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"]}
assert by["median"]["real_time"] == statistics.median(r) and by["mean"]["iterations"] == 7001, by
assert abs(by["mean"]["real_time"] - statistics.fmean(r)) < 1e-9 and abs(by["stddev"]["real_time"] - statistics.stdev(r)) < 1e-9, by
assert len(open(sys.argv[3]).read().splitlines()) == 7002
PY
check foreign-many-runs-plot 0 $P plot r7k.json -o r7k.svg
py foreign-many-runs-quartiles r7k.json r7k.svg <<'PY'
import json, sys
s = sorted(json.load(open(sys.argv[1]))["p"]["datasets"]["d"]["runtimes"])
def q(p):
    pos = p * (len(s) - 1); i = int(pos)
    return s[i] + (pos - i) * (s[i + 1] - s[i])
us = lambda v: "%.*f µs" % (0 if v >= 99.95 else 1 if v >= 9.995 else 2, v)  # plotgroup_us
want = "7001 runs, mean %s, median %s, quartiles %s to %s" % (us(sum(s) / len(s)), us(q(0.5)), us(q(0.25)), us(q(0.75)))
assert want in open(sys.argv[2]).read(), want
PY

# ---- E: what the results readers refuse
py refuse-files <<'PY'
import json
w = lambda name, text: open(name, "w").write(text)
w("nul.json", '{"p": {"datasets": {"a\\u0000b": {"runtimes": [1]}}}}')
w("huge.json", '{"p": {"datasets": {"d": {"runtimes": [1.7976931348623157e308, 1]}}}}')
w("dupkey.json", '{"p": {"datasets": {"d": {"runtimes": [1], "runtimes": [2]}}}}')
w("dupkey2.json", '{"p": {"datasets": {"d": {"runtimes": [1]}}, "psearch_context": {"backend": "c", "backend": "opencl"}}}')
w("ok.json", '{"p": {"datasets": {"d": {"runtimes": [1, 2]}}}}')
w("esc.json", json.dumps({"p\u001b[2J": {"datasets": {"d\u001b]0;pwned\u0007": {"runtimes": [1, 2, 3, 4, 5, 6]},
                                                  "f": "failed \u001b[31mred"}}}))
w("esc2.json", json.dumps({"p\u001b[2J": {"datasets": {"d\u001b]0;pwned\u0007": {"runtimes": [2, 3, 4, 5, 6, 7]},
                                                   "f": "failed \u001b[31mred"}}}))
PY
for cmd in "compare nul.json ok.json" "export --csv - nul.json" "plot nul.json -o x.svg" "merge nul.json"; do
  check "nul: $cmd" 3 $P $cmd; has $ERR "NUL"
done
for cmd in "compare huge.json ok.json" "export --csv - huge.json" "plot huge.json -o x.svg"; do
  check "huge: $cmd" 3 $P $cmd; has $ERR "huge.json"
done
for f in dupkey dupkey2; do
  for cmd in "compare $f.json ok.json" "export --csv - $f.json" "merge $f.json"; do
    check "$f: $cmd" 3 $P $cmd; has $ERR "$f.json:1:"; has $ERR "duplicate key"
  done
done
check esc-compare 0 $P compare esc.json esc2.json
grep -q $'\x1b' $OUT $ERR && fail "compare: an escape character reached the terminal"
has $OUT 'p\x1b[2J'
printf '{"p": {"datasets": {"d\\u001b[2J": {"runtimes": [1]}, "d\\u001b[2J": {"runtimes": [2]}}}}' > escdup.json
check esc-duplicate-key 3 $P compare escdup.json escdup.json
grep -q $'\x1b' $ERR && fail "duplicate key: an escape character reached the terminal"
has $ERR 'duplicate key "d\x1b[2J"'
check esc-export 0 $P export --csv /dev/null esc.json
grep -q $'\x1b' $ERR && fail "export: an escape character reached the terminal"
has $ERR 'failed \x1b[31mred'

# ---- C9: out of memory at every allocation of merge, compare, export and
# plot (test/failalloc.c fails the N-th one): either the whole output, or
# "out of memory" (exit 1) and no output at all; never exit 0 with a part,
# never "JSON syntax error" or exit 3. Not under ASan (whose malloc comes first).
cat > m1.json <<'J'
{"t.bench:a": {"datasets": {"x": {"runtimes": [10, 11, 12], "bytes": {}, "psearch": {"runtimes_us": [10.0, 11.0, 12.0]}}},
               "psearch_context": {"backend": "c", "shard": {"index": 1, "count": 2}, "date": "2026-01-02T03:04:05Z",
                                   "host": "h"}},
 "t.bench:b": {"datasets": {"y": "Interrupted.", "z": {"runtimes": [5, 6, 7]}}}}
J
cat > m2.json <<'J'
{"t.bench:a": {"datasets": {"w": {"runtimes": [20, 21, 22]}}, "psearch_context": {"backend": "c"}},
 "t.bench:c": {"datasets": {"v": {"runtimes": [1, 2, 3, 4, 5, 6]}}}}
J
sweep() { # NAME OUTFILE CMD...: CMD run with each of its allocations failing in turn
  local name=$1 out=$2 n total rc step bad=0
  shift 2
  rm -f "$out"; "$@" > want.out 2>/dev/null < "${SWEEP_IN:-/dev/null}"; cp "$out" want.file 2>/dev/null
  rm -f count.txt
  FAILALLOC=0 FAILALLOC_COUNT=count.txt LD_PRELOAD=$SHIM "$@" >/dev/null 2>&1 < "${SWEEP_IN:-/dev/null}"
  [ -s count.txt ] || { fail "$name: the allocation shim $SHIM did not load"; return; }
  total=$(cat count.txt); step=$(( total / 150 + 1 ))
  for n in $(seq 1 $step $total); do
    rm -f "$out"
    FAILALLOC=$n LD_PRELOAD=$SHIM "$@" > got.out 2> got.err < "${SWEEP_IN:-/dev/null}"
    rc=$?
    if [ $rc = 0 ]; then
      cmp -s got.out want.out && { [ "$out" = - ] || cmp -s "$out" want.file; } && continue
      fail "$name: allocation $n of $total failed, exit 0 with a different output"
    elif [ $rc = 1 ]; then
      grep -qE "out of memory|Cannot allocate memory" got.err && [ ! -e "$out" -o "$out" = - ] && continue
      fail "$name: allocation $n of $total failed, exit 1 without 'out of memory' or with an output"
    else
      fail "$name: allocation $n of $total failed, exit $rc"
    fi
    sed 's/^/  stderr: /' got.err | head -3
    bad=$((bad + 1)); [ $bad -ge 3 ] && break
  done
  checks=$((checks + 1))
}
if [ -n "$SHIM" ] && ! ldd $P | grep -q libasan; then
  sweep oom-merge m.json $P merge --json m.json m1.json m2.json
  sweep oom-compare - $P compare m1.json m1.json
  sweep oom-export e.csv $P export --csv e.csv --markdown - m1.json m2.json
  sweep oom-export-gbench - $P export --gbench - --aggregates m1.json
  sweep oom-plot p.svg $P plot m1.json m2.json -o p.svg
  printf '[1i32, 2i32, 3i32]\n[[1.5f32], [2.5f32]]\n' > vals.txt
  SWEEP_IN=vals.txt sweep oom-dataset d.in $P dataset --binary -o d.in
  # bench: a dataset whose results the JSON cannot take is failed, said in its
  # place, or the JSON is not written; never exit 0 with a dataset missing
  printf -- '==\nentry: bench_copy\n"a" input { [1i32] }\n"b" input { [2i32] }\n' > two.bench
  rm -f count.txt
  FAILALLOC=0 FAILALLOC_COUNT=count.txt LD_PRELOAD=$SHIM $P bench $FAST two.bench --json two.json >/dev/null 2>&1
  [ -s count.txt ] || fail "oom-bench: the allocation shim $SHIM did not load"
  total=$(cat count.txt 2>/dev/null || echo 0); f0=$fails
  for n in $(seq 1 $(( total / 150 + 1 )) $total); do
    rm -f two.json
    FAILALLOC=$n LD_PRELOAD=$SHIM $P bench $FAST two.bench --json two.json > got.out 2> got.err
    rc=$?
    verdict=$(python3 -c "
import json, sys
# what every record has (some keys come and go with the runs: autocorrelation, rse_target)
DS = {'runtimes', 'bytes', 'psearch'}
PS = {'runtimes_us', 'runs', 'stopped', 'converged', 'mean_us', 'median_us', 'q1_us', 'q3_us', 'outliers_low',
      'outliers_high', 'outliers_high_preempted', 'runs_preempted', 'stddev_us', 'rsd', 'min_us', 'max_us', 'rse',
      'ci95_us', 'elements', 'validation', 'phase_seconds', 'host_seconds'}
CTX = {'backend', 'device', 'psearch_version', 'psearch_commit', 'date', 'host', 'runs', 'max_runs',
       'convergence_phase', 'convergence_max_seconds', 'cache', 'interleave', 'discard_throttled', 'kernel_time',
       'tuning'}
whole = lambda v: isinstance(v, dict) and DS <= set(v) and PS <= set(v['psearch']) and len(v['psearch']['phase_seconds']) == 5
try: p = json.load(open('two.json'))['two.bench:bench_copy']
except FileNotFoundError: print('none'); sys.exit()
d = p['datasets']
print('lacking' if sorted(d) != ['a', 'b'] or not CTX <= set(p['psearch_context']) else
      'full' if all(whole(v) for v in d.values()) else
      'said' if all(whole(v) or isinstance(v, str) for v in d.values()) else 'lacking')")
    case $rc:$verdict in
      0:full) grep -q "out of memory" got.err && fail "oom-bench: allocation $n: exit 0 after 'out of memory'" ;;
      1:full|1:said|1:none) grep -qE "out of memory|Cannot allocate memory|cannot start" got.err ||
        fail "oom-bench: allocation $n: exit 1 unexplained" ;;
      *) fail "oom-bench: allocation $n of $total failed: exit $rc, JSON $verdict"; sed 's/^/  stderr: /' got.err | tail -3 ;;
    esac
    [ $((fails - f0)) -ge 3 ] && break
  done
  checks=$((checks + 1))
else
  echo "note: allocation failures not tested (no shim, or an ASan build)"
fi

# ---- D13: many names, each looked up by hash: 20,000 datasets in one
# program, 20,000 programs, and a suite of 20,000 cases read back by every
# reader (timing in the slow suite: slow_names.sh)
python3 - <<'PY'
import json
n = 20000
one = {"p": {"datasets": {"[%d]i32" % i: {"runtimes": [i % 7 + 1, i % 5 + 2]} for i in range(n)}}}
many = {"s.bench:e%d" % i: {"datasets": {"d": {"runtimes": [1, 2]}}} for i in range(n)}
json.dump(one, open("one.json", "w")); json.dump(many, open("many.json", "w"))
half = {"p": {"datasets": dict(list(one["p"]["datasets"].items())[n // 2:])}}
rest = {"p": {"datasets": dict(list(one["p"]["datasets"].items())[:n // 2])}}
json.dump(half, open("half1.json", "w")); json.dump(rest, open("half2.json", "w"))
open("cases.bench", "w").write("==\nentry: bench_copy\n" + "".join('"c%d" input { [1i32] }\n' % i for i in range(n)))
PY
check names-compare 0 $P compare --json c.json one.json one.json
py names-compare-rows c.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["summary"]["datasets"] == 20000 and len({r["dataset"] for r in d["results"]}) == 20000
# each dataset against itself, found by its name: [i]i32's runs are i % 7 + 1 and i % 5 + 2
for r in d["results"]:
    i = int(r["dataset"][1:-4])
    assert r["old_mean_us"] == r["new_mean_us"] == (i % 7 + 1 + i % 5 + 2) / 2, r
PY
check names-compare-programs 0 $P compare many.json many.json
has $OUT "20000 datasets"
check names-merge 0 $P merge --json mm.json half1.json half2.json
py names-merge-all mm.json <<'PY'
import json, sys
assert len(json.load(open(sys.argv[1]))["p"]["datasets"]) == 20000
PY
check names-merge-conflict 3 $P merge --json mm.json half1.json one.json
check names-export 0 $P export --markdown - many.json
[ "$(grep -c '^| s.bench:e' $OUT)" = 20000 ] || fail "names-export: not 20000 rows"
check names-plot 0 $P plot one.json one.json -o names.svg
[ "$(grep -c 'runs, mean' names.svg)" = 40000 ] || fail "names-plot: not two boxes in each of 20000 panels"
check names-suite 2 $P bench $FAST -e sorted cases.bench; has $ERR "-e sorted: no block of the suites given runs it"

finish
