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
check lines 0 $P bench -r 20 --no-convergence-phase $T/s.bench --json $T/r.json
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
    assert p["runs"] == n >= 20
    assert r["runtimes"] == [int(v + 0.5) for v in x]
    seen += 1
assert seen == 6, seen
print("ok")
PY
grep -q '"test_hooks"' $T/r.json && fail "test_hooks recorded with no hook set"

# --- a terminal measures what a pipe measures (the progress line is drawn on a clock) ---
printf '==\nentry: bench_copy\nrandom input { [100000]i32 }\n' > $T/t.bench
runs() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(len(list(d.values())[0]['datasets']['[100000]i32']['runtimes']))" "$1"; }
BENCH="$P bench --backend=c -r 1 --no-convergence-phase $T/t.bench"
tty=0 pipe=0
for k in 1 2 3; do   # interleaved; the best of three each, against a busy machine
  script -qec "$BENCH --json $T/tty.json" /dev/null > $T/tty.out 2>&1 || fail "bench on a terminal"
  $BENCH --json $T/pipe.json > $T/pipe.out 2>&1 || fail "bench in a pipe"
  a=$(runs $T/tty.json); b=$(runs $T/pipe.json)
  [ "$a" -gt "$tty" ] && tty=$a
  [ "$b" -gt "$pipe" ] && pipe=$b
done
grep -q $'\r' $T/tty.out || fail "no progress line drawn on the terminal"
echo "  runs in 0.5 s: terminal $tty, pipe $pipe"
python3 -c "import sys; t, p = int(sys.argv[1]), int(sys.argv[2]); sys.exit(not (p > 100 and t >= 0.6 * p))" $tty $pipe \
  || fail "terminal got $tty runs against $pipe in a pipe"
[ "$(grep -o $'\r' $T/tty.out | wc -l)" -le 15 ] || fail "progress redrawn more than ~10 times a second: $(grep -o $'\r' $T/tty.out | wc -l)"

finish
