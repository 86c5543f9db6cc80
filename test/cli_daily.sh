#!/bin/bash
# Daily use of bench (issue 50): the output a person reads (results, then a
# digest of at most 5 lines, the summary in a pipe too, --headline=median,
# lines aligned across blocks), honest plans (earlier runs' times, the cost
# model, the status line's elapsed time and ETA, --dry-run), and the
# conventions users bring (--warmup, --exact, --markdown -). Uses the test
# hook PSEARCH_TEST_DELAY (src/core/hook.h).
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
export XDG_CACHE_HOME=$T/cache

cat > $T/a.bench <<'S'
==
entry: bench_copy sorted
random input { [3000]i32 }
"a much longer dataset name" input { [3, 1, 2] }
==
entry: bench_binary_search
random sorted input { [2000]i32 }
S

# --- the output: results, a digest of at most 5 lines, the summary in a pipe ---
# a sawtooth of 1x to 10x 2 ms: every dataset noisy, said once at the end
PSEARCH_TEST_DELAY=bench_copy:2000:0:10 $P bench -r 10 --max-runs 10 --no-convergence-phase --backend=c \
  -e bench_copy $T/a.bench >$OUT 2>$ERR || fail "noisy bench failed: $(head -3 $ERR)"
has $ERR "2 of 2 datasets noisy (RSD > 0.25; most: bench_copy "
[ "$(grep -c 'warning: .*noisy\|RSD [0-9.]*: the runs spread' $ERR)" = 1 ] || fail "noise said more than once: $(cat $ERR)"
py digest-lines $ERR <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
# after the plan: the digest alone (the hook's and the backend's notes come first)
after = lines[[i for i, l in enumerate(lines) if "plan:" in l][0] + 1:]
assert 1 <= len(after) <= 5, after
PY
# -v: each dataset's warning beside its line, and the digest still
PSEARCH_TEST_DELAY=bench_copy:2000:0:10 $P bench -v -r 10 --max-runs 10 --no-convergence-phase --backend=c \
  -e bench_copy $T/a.bench >$OUT 2>$ERR || fail "noisy bench -v failed"
grep -qE 'bench_copy (sorted \[3000\]i32|a much longer dataset name): RSD [0-9.]+: the runs spread' $ERR \
  || fail "-v does not say each noisy dataset: $(grep RSD $ERR | head -3)"
grep -q "each dataset with -v" $ERR && fail "the digest points at -v when -v was given"

# lines aligned across blocks: the results' columns line up in futhark's format (a pipe)
check aligned 0 $P bench -r 3 --max-runs 3 --no-convergence-phase --backend=c $T/a.bench
py aligned $OUT <<'PY'
import re, sys
cols = {l.index("μs") for l in open(sys.argv[1]).read().splitlines() if re.search(r"μs \(RSD", l)}
assert len(cols) == 1, cols
PY

# --headline=median: the median is each line's figure (a sawtooth of 11 runs: mean and median tens of µs apart)
PSEARCH_TEST_DELAY=bench_copy:500:0:10 check headline 0 $P bench -r 11 --exact --backend=c -e bench_copy \
  --headline=median --json $T/h.json $T/a.bench
has $OUT "Reporting median runtime of exactly 11 runs for each dataset."
py headline $OUT $T/h.json <<'PY'
import json, re, statistics, sys
text = open(sys.argv[1]).read()
d = list(json.load(open(sys.argv[2])).values())[0]["datasets"]
for name, ds in d.items():
    m = re.search(re.escape(name) + r": +(\d+)μs", text)
    med = statistics.median(ds["psearch"]["runtimes_us"])
    assert abs(ds["psearch"]["mean_us"] - med) > 5, (name, med, ds["psearch"]["mean_us"])  # the check can tell them apart
    assert m and abs(int(m.group(1)) - med) <= 1, (name, m and m.group(1), med, ds["psearch"]["mean_us"])
PY

# --- conventions: --exact, --warmup, --markdown - ---
check exact 0 $P bench -r 4 --exact --backend=c -e bench_copy --json $T/e.json $T/a.bench
py exact $T/e.json <<'PY'
import json, sys
d = list(json.load(open(sys.argv[1])).values())[0]["datasets"]
assert all(ds["psearch"]["runs"] == 4 for ds in d.values()), {k: v["psearch"]["runs"] for k, v in d.items()}
PY
# --warmup 6: six discarded calls of 100 ms before each dataset's 1 run (a lower bound: holds on a busy host)
t0=$(date +%s.%N)
PSEARCH_TEST_DELAY=bench_copy:100000 $P bench -r 1 --exact --warmup 6 --backend=c -e bench_copy $T/a.bench \
  >$OUT 2>$ERR || fail "--warmup 6 failed"
t1=$(date +%s.%N)
python3 -c "import sys; sys.exit(0 if $t1 - $t0 >= 1.4 else 1)" || fail "--warmup 6: two datasets in $(echo "$t1 - $t0" | bc) s, under 7 calls of 100 ms each"
check warmup-0 0 $P bench -r 2 --exact --warmup 0 --backend=c -e bench_copy $T/a.bench
check warmup-bad 2 $P bench --warmup x $T/a.bench
# --markdown -: the markdown alone on standard output, the report on standard error
check markdown-stdout 0 $P bench -r 3 --exact --backend=c --markdown - $T/a.bench
grep -q "Results for" $OUT && fail "--markdown -: the report on standard output"
has $OUT "### psearch bench: fastest first"
has $ERR "Results for"

# --- the plan: the cost model first, then earlier runs' times; --dry-run ---
export XDG_CACHE_HOME=$T/cache2
check dry-run 0 $P bench --dry-run -r 3 --exact --backend=c $T/a.bench
has $OUT "a much longer dataset name"
has $OUT "3000 elements"
has $OUT "5 datasets: about "
has $OUT "cost model"
grep -q "Results for" $OUT && fail "--dry-run measured"
check plan-cold 0 $P bench -r 3 --exact --backend=c $T/a.bench
has $ERR "from the cost model at"
check plan-warm 0 $P bench -r 3 --exact --backend=c $T/a.bench
has $ERR "(from earlier runs' times)"
check dry-run-warm 0 $P bench --dry-run -r 3 --exact --backend=c $T/a.bench
has $OUT "earlier run"
# other options are another plan: the cost model again
check plan-other 0 $P bench --dry-run -r 4 --exact --backend=c $T/a.bench
grep -q "earlier run" $OUT && fail "an earlier run's time used for other options"
# --no-cache: neither read nor stored
check plan-no-cache 0 $P bench --dry-run --no-cache -r 3 --exact --backend=c $T/a.bench
grep -q "earlier run" $OUT && fail "--no-cache read the plan's times"

# --- -e globs, did-you-mean, --exclude-case that excludes nothing ---
check glob 0 $P bench --dry-run --backend=c -e 'bench_*search*' -e 'bench_c?py' $T/a.bench
has $OUT ":bench_binary_search"; has $OUT ":bench_copy"
grep -q ':sorted$' $OUT && fail "-e 'bench_*search*' ran sorted"
check glob-typo 2 $P bench --dry-run --backend=c -e 'bench_*serch*' $T/a.bench
has $ERR "-e bench_*serch*: the pattern matches no entry point (did you mean bench_*search*?)"
check glob-none 2 $P bench --dry-run --backend=c -e 'zzz*' $T/a.bench
has $ERR "-e zzz*: the pattern matches no entry point ('psearch list'"
check run-typo 2 $P run -e bench_cpy; has $ERR "no entry point 'bench_cpy' (did you mean bench_copy?)"
check exclude-nothing 0 $P bench --dry-run --backend=c --exclude-case sortd $T/a.bench
has $ERR "--exclude-case sortd: no case of the suites has this tag, so it excludes nothing (did you mean sorted?)"
check exclude-something 0 $P bench --dry-run --backend=c --exclude-case sorted $T/a.bench
grep -q "excludes nothing" $ERR && fail "--exclude-case sorted warned though it excludes a case"

# --- program names from the suite's path: the same however it is written ---
mkdir -p $T/w/sub && cp $T/a.bench $T/w/gate.bench
( cd $T/w && $P bench -r 2 --exact --backend=c -e bench_copy ./gate.bench --json a.json >/dev/null 2>&1 &&
  $P bench -r 2 --exact --backend=c -e bench_copy "$T/w/sub/../gate.bench" --json b.json >/dev/null 2>&1 ) \
  || fail "bench from $T/w failed"
py same-names $T/w/a.json $T/w/b.json <<'PY'
import json, sys
a, b = (sorted(json.load(open(f))) for f in sys.argv[1:3])
assert a == b == ["gate.bench:bench_copy"], (a, b)
PY
# from outside the suite's directory the path is as given: compare names the near miss by its entry point
mkdir -p $T/p/q/r/s
( cd $T/p/q/r/s && $P bench -r 2 --exact --backend=c -e bench_copy ../../../../w/gate.bench --json $T/w/c.json \
  >/dev/null 2>&1 ) || fail "bench from $T/p/q/r/s failed"
check compare-near 1 $P compare --old $T/w/a.json --new $T/w/c.json
has $ERR "no dataset ran in both"
has $ERR "near: 'gate.bench:bench_copy' in the first, '../../../../w/gate.bench:bench_copy' in the second"

# --- list: each entry's inputs as a suite writes them, with the layout its first needs ---
check list 0 $P list
grep -A1 '^bench_eytzinger_search ' $OUT | grep -q '^    \[n\]t eytzinger -> \[n\]i64: ' || fail "list: no '[n]t eytzinger' for bench_eytzinger_search"
grep -A1 '^bench_binary_search ' $OUT | grep -q '^    \[n\]t sorted -> ' || fail "list: no '[n]t sorted' for bench_binary_search"
check list-json 0 $P list --json -
py list-layout $OUT <<'PY'
import json, sys
d = {e["name"]: e for e in json.load(open(sys.argv[1]))}
assert d["bench_eytzinger_search"]["layout"] == "eytzinger" and d["bench_binary_search"]["layout"] == "sorted", d["bench_copy"]
assert d["bench_copy"]["layout"] is None
PY

finish
