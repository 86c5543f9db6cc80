#!/bin/bash
# Your own kernels (docs/own-kernels.md), on the default OpenCL device (PoCL
# in CI): the three examples validate; an off-by-one variant of each fails
# validation with the index and both values; bad declarations stop bench
# before any device work with FILE:LINE and exit 3; a build error shows the
# compiler's log with the user's file and line; a kernel that hangs fails its
# dataset, not the run; a tuning sweep names the fastest and records every
# combination; compare refuses a changed source unless asked; `new kernel`
# writes a skeleton that runs. Tiny datasets, few runs: seconds.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
EX=$ROOT/examples
export XDG_CACHE_HOME=$T/cache
FEW="-r 3 --max-runs 3 --no-convergence-phase"
cd "$T" || exit 1

# --- the examples validate; the sweep names the fastest; -x gives GB/s; identity in the JSON ---
check examples 0 $P bench $EX/binary-search/binary_search.bench $EX/scan/scan.bench $EX/filter/filter.bench \
  -e naive_lower_bound -e rts_scan -e two_pass_filter $FEW --format human -x --json $T/ex.json
has $OUT "Results for $EX/binary-search/binary_search.bench:naive_lower_bound[WG=64]:"
has $OUT "Results for $EX/binary-search/binary_search.bench:naive_lower_bound[WG=256]:"
has $OUT "Summary for search ([n]i64) on sorted [1000]i32:"
grep -qE "^  naive_lower_bound\[WG=(64|256)\] ran \(median" $OUT || fail "the summary names no fastest combination: $(grep -A2 Summary $OUT | head -3)"
grep -q "GB/s (.*% of copy bandwidth)" $OUT || fail "-x shows no GB/s for a user kernel"
py ex-json $T/ex.json "$EX" <<'PY'
import json, sys
d, ex = json.load(open(sys.argv[1])), sys.argv[2]
progs = {k.split(":", 1)[1]: v for k, v in d.items()}
assert set(progs) == {"naive_lower_bound[WG=64]", "naive_lower_bound[WG=256]", "rts_scan", "two_pass_filter"}, sorted(progs)
for name, p in progs.items():
    c = p["psearch_context"]
    u = c["user_kernel"]
    assert c["kernel_source"] == u["source_xxh64"] and u["source_xxh64"].startswith("xxh64:"), c
    assert u["declaration"].startswith("/* psearch:") and u["declaration"].endswith("*/"), u["declaration"][:40]
    assert u["path"].startswith(ex) and u["path"].endswith(".cl"), u["path"]
    for ds, r in p["datasets"].items():
        assert isinstance(r, dict) and r["psearch"]["validation"] == "ok", (name, ds, r)
        assert "min_bytes" in r["psearch"], r["psearch"]  # bytes: gives -x its GB/s
for wg in (64, 256):  # every combination recorded, with its values and options
    u = progs["naive_lower_bound[WG=%d]" % wg]["psearch_context"]["user_kernel"]
    assert u["params"] == {"WG": wg} and "-DWG=%d" % wg in u["build_options"], u
    for r in progs["naive_lower_bound[WG=%d]" % wg]["datasets"].values():
        assert r["psearch"]["tuning"] == {"WG": wg}, r["psearch"]["tuning"]
assert progs["rts_scan"]["psearch_context"]["user_kernel"]["params"] == {"WG": 256, "ITEMS": 8}
PY

# --- an off-by-one variant of each fails validation, with the index and both values ---
mkdir -p $T/wrong
wrong() { # NAME FILE SED: the example FILE with SED applied, which must change it
  sed "$3" $EX/$2 > $T/wrong/$(basename $2)
  cmp -s $EX/$2 $T/wrong/$(basename $2) && fail "wrong-$1: the sed changed nothing"
}
wrong search binary-search/binary_search.cl 's/out\[i\] = lo;/out[i] = lo + 1;/'
wrong scan scan/scan.cl 's/out\[i\] = (T)(carry + inc);/out[i] = (T)(carry + inc - x);/'
wrong filter filter/filter.cl 's/out\[before + at - 1\] = x;/out[before + at] = x;/'
cat > $T/wrong/wrong.bench <<'EOF'
-- kernels: binary_search.cl scan.cl filter.cl
==
entry: naive_lower_bound
random sorted input { [500]i32 }
==
entry: rts_scan two_pass_filter
random input { [600]i32 }
EOF
check wrong 1 $P bench $T/wrong/wrong.bench $FEW --json $T/wrong.json
for e in "naive_lower_bound\[WG=64\] sorted \[500\]i32" "rts_scan \[600\]i32" "two_pass_filter \[600\]i32"; do
  grep -A1 "^psearch: $e: result does not match the reference:" $ERR | grep -qE "Value #0 index \[[0-9]+\]: expected -?[0-9]+i(32|64), got -?[0-9]+i(32|64)" \
    || fail "wrong: no index and values for $e: $(grep -A1 "$e" $ERR | head -2)"
done
py wrong-json $T/wrong.json <<'PY'
import json, sys
for k, p in json.load(open(sys.argv[1])).items():
    for ds, r in p["datasets"].items():
        assert isinstance(r, str) and "does not match the reference" in r, (k, ds, r)
PY

# --- bad declarations: FILE:LINE, the fix, exit 3, before any device work ---
bad() { # NAME WANT_TEXT: a.cl (from stdin) declared, run by a suite
  cat > $T/a.cl
  printf -- '-- kernels: a.cl\n==\nentry: mine\nrandom sorted input { [10]i32 }\n' > $T/a.bench
  check bad-$1 3 $P bench $T/a.bench -r 1; has $ERR "$2"
}
DECL='entry: mine\nanswer: bench_binary_search_random\ninput xs: [n]i32 sorted\ninput keys: [n]i32 = random_keys(xs)\noutput out: [n]i64\n'
bad undeclared "a.cl:7: 'WGG' is not declared" < <(printf "/* psearch:\n${DECL}launch k(xs, n, keys, n, out) global n local WGG\n*/\n")
bad did-you-mean "(did you mean 'WG'?)" < <(printf "/* psearch:\n${DECL}param WG = 64\nlaunch k(xs, n, keys, n, out) global n local WGG\n*/\n")
bad no-global "a.cl:7: launch k: expected 'global SIZE'" < <(printf "/* psearch:\n${DECL}launch k(xs, n, keys, n, out) globl n\n*/\n")
bad expression "a.cl:7: launch global: expected a number, a name or '(' at the end" < <(printf "/* psearch:\n${DECL}launch k(xs, n, keys, n, out) global n / (2 - 2) +\n*/\n")
bad answer "a.cl:3: answer: no built-in entry 'bench_binary_serch_random' (did you mean 'bench_binary_search_random'?" < <(printf "/* psearch:\nentry: mine\nanswer: bench_binary_serch_random\ninput xs: [n]i32\noutput out: [n]i64\nlaunch k(xs, out) global n\n*/\n")
bad no-answer "a.cl:1: mine: no 'answer:'" < <(printf "/* psearch:\nentry: mine\ninput xs: [n]i32\noutput out: [n]i64\nlaunch k(xs, out) global n\n*/\n")
bad answer-inputs "a.cl:3: answer: binary_search takes [n]t (sorted) [m]t" < <(printf "/* psearch:\nentry: mine\nanswer: binary_search\ninput xs: [n]i32\noutput out: [n]i64\nlaunch k(xs, out) global n\n*/\n")
bad unclosed-for "a.cl:7: for: no 'end' closes this loop" < <(printf "/* psearch:\n${DECL}for i in 0..4\nlaunch k(xs, n, keys, n, out) global n\n*/\n")
bad loopvar-outside "a.cl:8: 'i' is not declared" < <(printf "/* psearch:\n${DECL}scratch s: [n / 0]i32\nlaunch k(xs, n, keys, i, out) global n\n*/\n")
bad statement "a.cl:7: unknown statement 'lanch' (did you mean 'launch'?)" < <(printf "/* psearch:\n${DECL}lanch k(xs) global n\n*/\n")
bad buffer-expr "a.cl:7: launch k: argument 1: 'xs' is a buffer: pass it alone" < <(printf "/* psearch:\n${DECL}launch k(xs + 1, n, keys, n, out) global n\n*/\n")
bad param-twice "a.cl:7: param WG: the value 64 is given twice" < <(printf "/* psearch:\n${DECL}param WG = 64, 64\nlaunch k(xs, n, keys, n, out) global n\n*/\n")
bad big-number "is not an integer of at most 19 digits" < <(printf "/* psearch:\n${DECL}launch k(xs, n, keys, n, out) global 99999999999999999999\n*/\n")
bad count "a.cl:7: 'nothing' is not declared" < <(printf "/* psearch:\n${DECL}output cnt: [n]i32 count nothing\nlaunch k(xs, n, keys, n, out) global n\n*/\n")
bad unclosed "a.cl:1: the declaration is not closed by '*/'" < <(printf "/* psearch:\n${DECL}")
bad none "a.cl: no declaration" < <(printf "__kernel void k(void) {}\n")
bad taken "a.cl:1: entry: psearch has an entry named bench_copy" < <(printf "/* psearch:\nentry: bench_copy\nanswer: none\ninput xs: [n]i32\noutput out: [n]i32\nlaunch k(xs, out) global n\n*/\n")
PAIRS='output ok: [n]t\noutput ov: [n]t\nlaunch k(ks, vs, ok, ov, n) global 1\n'
bad pairs-value-type "a.cl:3: answer: radix_sort_pairs does not take every element type the declaration's inputs may have" \
  < <(printf "/* psearch:\nentry: mine\nanswer: radix_sort_pairs\ntypes: i16 i32\ninput ks: [n]t\ninput vs: [n]t\n${PAIRS}*/\n")
bad pairs-flags "a.cl:3: answer: radix_sort_pairs takes [n]t [n]v" \
  < <(printf "/* psearch:\nentry: mine\nanswer: radix_sort_pairs\ntypes: i32\ninput ks: [n]t\ninput vs: [n]bool\n${PAIRS}*/\n")
rm -f $T/a.cl
check bad-missing-file 3 $P bench $T/a.bench -r 1; has $ERR "a.bench:1: kernels: "
# the suite check still runs on a user kernel's inputs
printf "/* psearch:\n${DECL}launch k(xs, n, keys, n, out) global n\n*/\n" > $T/a.cl
printf -- '-- kernels: a.cl\n==\nentry: mine\nrandom input { [10]i32 }\n' > $T/unsorted.bench
check bad-unsorted 3 $P bench $T/unsorted.bench -r 1; has $ERR "unsorted.bench:4: mine needs a sorted array"

# --- --tune pins a user param; a value it does not declare is refused; the host backends say why not ---
check tune-pin-bad 2 $P bench $EX/binary-search/binary_search.bench --tune WG=100 -r 1
has $ERR "--tune WG=100: naive_lower_bound declares WG = 64, 256 ($EX/binary-search/binary_search.cl:9)"
check tune-name-bad 2 $P bench $EX/binary-search/binary_search.bench --tune WGG=1 -r 1
has $ERR "--tune: no entry point takes 'WGG' (did you mean 'WG'?)"
check param-hint 2 $P bench --param WG=64; has $ERR "--tune NAME=V pins a parameter, a user kernel's param as psearch's own"
check list-suite 0 $P list --tuning --suite $EX/binary-search/binary_search.bench
has $OUT "naive_lower_bound[WG=256]"; has $OUT "naive_lower_bound's values: 64, 256"
check host-backend 1 $P bench $EX/binary-search/binary_search.bench --backend=c -e naive_lower_bound -r 1
has $ERR "naive_lower_bound[WG=64] is a user kernel: it runs on an OpenCL device (--backend=opencl)"

# --- sizes held against the device before allocating; a count beyond its output fails the dataset ---
cat > $T/limits.cl <<'EOF'
/* psearch:
entry: too_big
answer: bench_copy
input xs: [n]i32
output out: [n]i32
scratch big: [2**40]i32
launch copy_it(xs, out, n) global n
*/
/* psearch:
entry: too_wide
answer: bench_copy
input xs: [n]i32
output out: [n]i32
launch copy_it(xs, out, n) global n local 1000000
*/
/* psearch:
entry: two_lengths
answer: none
input xs: [n]i32
input ys: [n]i32
output out: [n]i32
launch copy_it(xs, out, n) global n
*/
/* psearch:
entry: overcount
answer: filter
input xs: [n]i32
output out: [n]i32 count kept
scratch kept: [1]u32 zeroed
launch count_all(kept, n) global 1
*/
__kernel void copy_it(__global const int *xs, __global int *out, long n)
{
  long i = get_global_id(0);
  if (i < n)
    out[i] = xs[i];
}
__kernel void count_all(__global uint *kept, long n)
{
  kept[0] = (uint)n + 5;
}
EOF
printf -- '-- kernels: limits.cl\n==\nentry: too_big too_wide overcount\nrandom input { [100]i32 }\n==\nentry: two_lengths\nrandom input { [100]i32 [50]i32 }\n' > $T/limits.bench
check limits 1 $P bench $T/limits.bench $FEW
has $ERR "limits.cl:6: big: 1099511627776 elements, more than the device's largest allocation"
has $ERR "limits.cl:14: launch copy_it: local 1000000: the device's work-groups hold 1 to"
has $ERR "limits.cl:28: output out: its count kept[0] is 105, outside 0..100"
has $ERR "two_lengths [100]i32 [50]i32: input ys has 50 elements, but [n] is 100 (the length of an input before it)"

# --- a build error: the compiler's log names the user's file and line; the dataset fails, not the run ---
cat > $T/broken.cl <<'EOF'
/* psearch:
entry: broken
answer: bench_copy
input xs: [n]i32
output out: [n]i32
launch copy_it(xs, out, n) global n
*/
__kernel void copy_it(__global const int *xs, __global int *out, long n)
{
  long i = get_global_id(0);
  if (i < n)
    out[i] = xs[i] + undeclared_thing;
}
EOF
printf -- '-- kernels: broken.cl\n==\nentry: broken bench_copy\nrandom input { [100]i32 }\n' > $T/broken.bench
check build-error 1 $P bench $T/broken.bench $FEW
has $ERR "psearch: build log of broken.cl"  # the suite named relative to the current directory, $T
grep -q "broken.cl:12:.*undeclared_thing" $ERR || fail "the build log does not name broken.cl:12: $(grep -m2 undeclared $ERR)"
has $ERR "broken.cl:6: launch copy_it: OpenCL: building broken.cl failed"
grep -q "^\[100\]i32: .*RSD" $OUT || fail "bench_copy did not run after the failed build: $(tail -3 $OUT)"

# --- answer: none is timed and marked unvalidated; a hanging kernel fails its dataset, not the run ---
cat > $T/odd.cl <<'EOF'
/* psearch:
entry: timed_only
answer: none
input xs: [n]i32
output out: [n]i32
launch copy_it(xs, out, n) global n
*/
/* psearch:
entry: hangs
answer: bench_copy
input xs: [n]i32
output out: [n]i32
timeout: 1
launch spin(xs, out, n) global n
*/
__kernel void copy_it(__global const int *xs, __global int *out, long n)
{
  long i = get_global_id(0);
  if (i < n)
    out[i] = xs[i];
}
__kernel void spin(__global const int *xs, __global volatile int *out, long n)
{
  while (out[0] == 0)
    out[1] = 0;
}
EOF
printf -- '-- kernels: odd.cl\n==\nentry: timed_only hangs\nrandom input { [100]i32 }\n' > $T/odd.bench
check odd 1 $P bench $T/odd.bench $FEW --json $T/odd.json
has $OUT "unvalidated: no answer checks it (answer: none)"
has $ERR "hangs [100]i32: hangs: the trial run before the timed ones (timeout: 1 s): timed out"
py odd-json $T/odd.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = next(v for k, v in d.items() if k.endswith(":timed_only"))
r = t["datasets"]["[100]i32"]
assert r["psearch"]["validation"] == "unvalidated", r["psearch"]["validation"]
assert t["psearch_context"]["user_kernel"]["answer"] == "none"
h = next(v for k, v in d.items() if k.endswith(":hangs"))
assert "timed out" in h["datasets"]["[100]i32"], h
PY

# --- compare: a changed source is not the same program, unless asked ---
mkdir -p $T/cmp && cp $EX/binary-search/binary_search.cl $T/cmp/
printf -- '-- kernels: binary_search.cl\n==\nentry: naive_lower_bound\nrandom sorted input { [300]i32 }\n' > $T/cmp/s.bench
check cmp-old 0 $P bench $T/cmp/s.bench $FEW --tune WG=64 --json $T/old.json
echo "/* a changed comment */" >> $T/cmp/binary_search.cl
check cmp-new 0 $P bench $T/cmp/s.bench $FEW --tune WG=64 --json $T/new.json
check compare-changed 1 $P compare $T/old.json $T/new.json
has $OUT "Not the same program: cmp/s.bench:naive_lower_bound[WG=64]: its kernel's source changed (xxh64:"
has $OUT "(compare --allow-changed-source compares them)"
check compare-allowed 0 $P compare --allow-changed-source $T/old.json $T/new.json
has $OUT "The user kernel's source (its XXH64) changed: xxh64:"
has $OUT "sorted [300]i32:"
check compare-same 0 $P compare $T/new.json $T/new.json
grep -q "source" $OUT && fail "the same source named as changed: $(grep source $OUT)"

# --- new kernel: a skeleton that validates, and its mistakes ---
mkdir -p $T/new
check new 0 $P new kernel my_search --like bench_binary_search_random -C $T/new
has $OUT "my_search.bench runs my_search beside bench_binary_search_random"
has $T/new/my_search.cl "answer: bench_binary_search_random"
has $T/new/my_search.cl "input keys: [n]t = random_keys(xs)"
check new-runs 0 $P bench $T/new/my_search.bench $FEW -e my_search --tune WG=64 --json $T/newrun.json
py new-json $T/newrun.json <<'PY'
import json, sys
(p,) = json.load(open(sys.argv[1])).values()
assert all(r["psearch"]["validation"] == "ok" for r in p["datasets"].values()), p["datasets"]
PY
# keys and values of one type t answer radix_sort_pairs ([n]t [n]v): the types t may take are v's too
check new-pairs 0 $P new kernel my_pairs --like radix_sort_pairs -C $T/new
has $T/new/my_pairs.cl "types: i32 i64 u32 u64 f32 f64"; has $T/new/my_pairs.cl "output out2: [n]t"
cat > $T/new/my_pairs.cl <<'CL'
/* psearch:
entry: my_pairs
answer: radix_sort_pairs
types: i32 i64
input ks: [n]t
input vs: [n]t
output ok: [n]t
output ov: [n]t
launch my_pairs(ks, vs, ok, ov, n) global 1
*/
__kernel void my_pairs(__global const T *ks, __global const T *vs, __global T *ok, __global T *ov, long n)
{
  if (get_global_id(0) != 0)
    return;
  for (long i = 0; i < n; i++) { /* insertion: stable */
    T k = ks[i], v = vs[i];
    long j = i;
    for (; j > 0 && ok[j - 1] > k; j--) {
      ok[j] = ok[j - 1];
      ov[j] = ov[j - 1];
    }
    ok[j] = k;
    ov[j] = v;
  }
}
CL
printf -- '-- kernels: my_pairs.cl\n==\nentry: my_pairs radix_sort_pairs\nrandom input { [300]i64 [300]i64 }\nrandom input { [300]i32 in 0..9 [300]i32 }\n' > $T/new/my_pairs.bench
check new-pairs-runs 0 $P bench $T/new/my_pairs.bench $FEW --json $T/pairsrun.json
py new-pairs-json $T/pairsrun.json <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))
assert len(runs) == 2 and all(r["psearch"]["validation"] == "ok" for p in runs.values() for r in p["datasets"].values()), runs
PY
# [n]bool flags (the second type v of segmented_scan, bool alone) in a user kernel's row
cat > $T/new/my_segscan.cl <<'CL'
/* psearch:
entry: my_segscan
answer: segmented_scan
types: i32 u32
input xs: [n]t
input fs: [n]bool
output out: [n]t
launch my_segscan(xs, fs, out, n) global 1
*/
__kernel void my_segscan(__global const T *xs, __global const uchar *fs, __global T *out, long n)
{
  U s = 0;
  if (get_global_id(0) != 0)
    return;
  for (long i = 0; i < n; i++) {
    s = fs[i] ? (U)xs[i] : s + (U)xs[i];
    out[i] = (T)s;
  }
}
CL
printf -- '-- kernels: my_segscan.cl\n==\nentry: my_segscan\nrandom input { [300]u32 [300]bool }\n' > $T/new/my_segscan.bench
check new-flags-runs 0 $P bench $T/new/my_segscan.bench $FEW --json $T/segrun.json
py new-flags-json $T/segrun.json <<'PY'
import json, sys
(p,) = json.load(open(sys.argv[1])).values()
assert all(r["psearch"]["validation"] == "ok" for r in p["datasets"].values()), p["datasets"]
PY
check new-exists 1 $P new kernel my_search --like bench_binary_search_random -C $T/new; has $ERR "my_search.cl exists (--force overwrites it)"
check new-filter 0 $P new kernel my_filter --like filter -C $T/new
has $T/new/my_filter.cl "output out: [n]i32 count kept"
check new-like 2 $P new kernel x --like bench_cpy; has $ERR "--like bench_cpy: no built-in entry"
check new-name 2 $P new kernel 9x --like filter; has $ERR "a name is letters, digits and _"
check new-what 2 $P new thing x --like filter; has $ERR "new: expected 'kernel NAME'"

finish
