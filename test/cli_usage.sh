#!/bin/bash
# A new user's mistakes fail fast, with the fix in the message (the daily-use
# issue): misspelled commands, options and entry points; other tools'
# options; ambiguous abbreviations; suites checked whole before any device
# work, with FILE:LINE; bad values named as typed; binary refused on a terminal.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
export XDG_CACHE_HOME=$T/cache
ROOT=$(cd "$(dirname "$0")/.." && pwd)

# --- commands and options ---
check command-typo 2 $P bnech; has $ERR "unknown command 'bnech' (did you mean 'bench'?)"
[ "$(wc -l < $ERR)" -le 2 ] || fail "a typo printed a usage dump: $(wc -l < $ERR) lines"
check help-typo 2 $P help comapre; has $ERR "did you mean 'compare'?"
check option-typo 2 $P compare --strct a b; has $ERR "unknown option --strct (did you mean --strict?)"
check gbench-repetitions 2 $P bench --benchmark_repetitions=5; has $ERR "unknown option --benchmark_repetitions: exactly N runs: -r N --exact"
check gbench-filter 2 $P bench --benchmark_filter=x; has $ERR "-e NAME, a glob: -e 'bench_*search*'"
check export-json 2 $P bench --export-json x.json; has $ERR "psearch writes JSON with --json FILE"
check ambiguous 2 $P bench --no x.bench; has $ERR "ambiguous option --no: it could be --no-convergence-phase, --no-validate, --no-cache"
check value-as-typed 2 $P dataset -n abc; has $ERR "option -n: 'abc' is not an integer"
check value-abbrev 2 $P bench --conv 3x; has $ERR "option --conv: '3x' is not a number"
check backend-choice 2 $P run -e sorted --backend=cuda; has $ERR "option --backend: 'cuda' is not c, opencl or multicore"
check run-positional-entry 2 $P run radix_sort; has $ERR "run: the entry point goes after -e: psearch run -e radix_sort"
check run-positional 2 $P run nonsense; has $ERR "run: unexpected argument 'nonsense'"

# --- one driver: every command's help, mistakes and their wording are the same ---
# (for each command: a long option of its own, misspelt, and the suggestion)
while read -r cmd typo want; do
  check help-$cmd 0 $P $cmd --help; cp $OUT $T/help-long
  has $OUT "Usage: psearch $cmd"; has $OUT "Options:"; has $OUT "  -h, --help"
  check help-cmd-$cmd 0 $P help $cmd; same $OUT $T/help-long
  check help-short-$cmd 0 $P $cmd -h; same $OUT $T/help-long
  check typo-$cmd 2 $P $cmd --$typo; has $ERR "unknown option --$typo (did you mean --$want?)"
  has $ERR "Try 'psearch help $cmd'."
  [ -s $OUT ] && fail "$cmd --$typo wrote to stdout"
  check short-$cmd 2 $P $cmd -@; has $ERR "unknown option -@"; has $ERR "Try 'psearch help $cmd'."
done <<'CMDS'
bench extendd extended
cache cleen clean
compare stirct strict
dataset sortd sorted
devices jsn json
export gbnch gbench
list jsno json
merge jsn json
new forse force
plot sweeep sweep
run binary-outptu binary-output
CMDS
check help-wins 0 $P compare --strict --help; has $OUT "Usage: psearch compare"
check help-abbrev 0 $P plot --he; has $OUT "Usage: psearch plot"
check no-value 2 $P bench --runs; has $ERR "option --runs needs a value (N)"
check flag-value 2 $P cache --clean=yes; has $ERR "option --clean takes no value"
check list-unexpected 2 $P list extra; has $ERR "list: unexpected argument 'extra'"; has $ERR "Try 'psearch help list'."
check list-too-many 2 $P plot a b c d e f g h i; has $ERR "plot: at most 8 RESULTS.json arguments"

# --- one spelling for machine-readable output: --json/--markdown/--csv FILE, - for stdout ---
check list-json-bare 2 $P list --json; has $ERR "option --json needs a FILE (- for standard output: --json -)"
check cache-json-option 2 $P cache --json --clean
has $ERR "option --json: '--clean' looks like an option, not a FILE (- is standard output: --json -)"
check list-json-stdout 0 $P list --json -
py list-json-stdout $OUT <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d, list) and any(e["name"] == "bench_copy" for e in d), d[:1]
PY
check list-json-file 0 $P list --json $T/list.json; has $OUT "bench_copy"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' $T/list.json || fail "list --json FILE"
check merge-old-o 2 $P merge -o all.json a.json; has $ERR "unknown option -o: merge writes the merged results with --json FILE"
check merge-old-output 2 $P merge --output=all.json a.json; has $ERR "unknown option --output: merge writes"

# --- -e: a name that exists, in a suite given ---
check e-typo 2 $P bench -e bench_binary_serch $ROOT/datasets/quick.bench
has $ERR "-e bench_binary_serch: no such entry point (did you mean bench_binary_search?)"
[ -s $OUT ] && fail "-e typo printed results: $(head -3 $OUT)"
check e-not-in-suite 2 $P bench -e reduce $ROOT/datasets/quick.bench
has $ERR "-e reduce: no block of the suites given runs it"

# --- suites: checked whole, before any device work, FILE:LINE and the fix ---
printf -- '-- typo\n==\nentry: bench_copy bench_binary_serch\nrandom input { [10]i32 }\n' > $T/t1.bench
check suite-entry-typo 3 $P bench $T/t1.bench
has $ERR "t1.bench:3: unknown entry point 'bench_binary_serch' (did you mean 'bench_binary_search'?"
printf '==\nentry: bench_copy\nrandom input { [10]i32 }\nrandom input { [1000]i33 }\n' > $T/t2.bench
check suite-bad-type 3 $P bench $T/t2.bench
has $ERR "t2.bench:4: random input: '[1000]i33' is not a type ([N]i32) or a value"
grep -q "device:" $ERR && fail "the device was opened before the suite was checked"
[ -s $OUT ] && fail "a bad suite printed results"
printf '==\nentry: bench_eytzinger_search\nrandom sorted input { [1000]i32 }\n' > $T/t3.bench
check suite-needs-eytzinger 3 $P bench $T/t3.bench
has $ERR "t3.bench:3: bench_eytzinger_search needs an Eytzinger array: write 'random eytzinger input { ... }'"
printf '==\nentry: bench_binary_search\nrandom input { [1000]i32 }\n' > $T/t4.bench
check suite-needs-sorted 3 $P bench $T/t4.bench
has $ERR "t4.bench:3: bench_binary_search needs a sorted array: write 'random sorted input { ... }'"
printf '==\nentry: reduce\n"floats" random input { [10]f32 }\n' > $T/t5.bench
check suite-signature 3 $P bench $T/t5.bench
has $ERR "t5.bench:3: dataset floats for reduce: Error: entry point arguments have invalid types."
printf '==\nentry: bench_binary_search bench_eytzinger_search\nrandom sorted input { [100]i32 }\nrandom eytzinger input { [100]i32 }\n' > $T/t6.bench
check suite-mixed-layouts 3 $P bench $T/t6.bench
has $ERR "needs"

# --- binary output refused on a terminal (the fix named), as dataset does ---
if command -v script >/dev/null; then
  script -qec "echo '[1,2]' | $P run -e sorted -b" /dev/null > $T/pty.txt 2>&1
  has $T/pty.txt "run: refusing to write binary data to a terminal"
fi
echo '[3,1,2]' | $P run -e sorted -b --backend=c > $T/bin.out 2>$ERR || fail "run -b into a file"
[ "$(head -c 1 $T/bin.out)" = b ] || fail "run -b did not write binary"

# --- outputs: checked at startup; --json - leaves stdout to the JSON ---
printf '==\nentry: bench_copy\ninput { [1, 2, 3] }\n' > $T/j.bench
check json-bad-dir 1 $P bench --json=/nonexistent-dir/x.json $T/j.bench
has $ERR "--json: /nonexistent-dir/x.json: cannot write there"
[ -s $OUT ] && fail "bench ran before finding its --json unwritable"
check json-is-dir 1 $P bench --json=$T $T/j.bench; has $ERR "is a directory"
check json-stdout 0 $P bench -r 3 --no-convergence-phase --backend=c --json - $T/j.bench
py json-stdout-parses $OUT <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert list(d) and all("datasets" in p for p in d.values()), d
PY
has $ERR "Results for $T/j.bench:bench_copy:"

# --- psearch list fits 100 columns ---
check list 0 $P list
py list-width $OUT <<'PY'
import sys
w = max(len(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8"))
assert w <= 100, w
PY
has $OUT "bench_copy"

# --- plot: speedup labels of long names stay distinct ---
for side in old new; do
  python3 - $T/$side.json $side <<'PY'
import json, sys
f = 1.0 if sys.argv[2] == "old" else 1.3
ds = {"sorted [33554431]i32": {"runtimes": [int(100 * f) + k for k in range(10)]}}
json.dump({"a/long/path/to/a/suite/file/search.bench:bench_binary_search_random_with_a_long_name_one": {"datasets": ds},
           "a/long/path/to/a/suite/file/search.bench:bench_binary_search_random_with_a_long_name_two": {"datasets": ds}},
          open(sys.argv[1], "w"))
PY
done
check plot-labels 0 $P plot $T/old.json $T/new.json -o $T/p.svg
py plot-labels-distinct $T/p.svg <<'PY'
import sys, xml.etree.ElementTree as E
texts = ["".join(t.itertext()) for t in E.parse(sys.argv[1]).getroot().iter("{http://www.w3.org/2000/svg}text")]
bars = [t for t in texts if t.endswith(" [33554431]i32")]  # the speedup bars' labels
assert len(bars) == 2 and bars[0] != bars[1], bars
assert all(len(b) <= 62 for b in bars), bars
PY

finish
