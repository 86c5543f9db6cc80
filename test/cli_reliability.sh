#!/bin/bash
# CLI tests of the bad-input and fault cases of docs/reliability.md that the
# other CLI tests do not already cover (each case there names its test).
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
export XDG_CACHE_HOME=$T/cache
FAST="-r 3 --max-runs 3 --no-convergence-phase"
cd $T

# a dataset larger than the device can hold fails alone, with the reason in the JSON
cat > big.bench <<'S'
==
entry: bench_copy
"big" random input { [100000]i32 }
"small" random input { [10]i32 }
S
PSEARCH_TEST_MAX_ALLOC=4000 $P bench $FAST big.bench --json big.json >$OUT 2>$ERR
[ $? = 1 ] || fail "too-large: expected exit 1"
has $OUT "exceeds the device's largest allocation (4000 bytes)"
grep -E '^small: +[ 0-9]+μs' $OUT >/dev/null || fail "too-large: the dataset after it did not run"
python3 -c "
import json; d = json.load(open('big.json'))['big.bench:bench_copy']['datasets']
assert 'largest allocation' in d['big'] and isinstance(d['small'], dict), d
" || fail "too-large: JSON lacks the error string or the other dataset"

# a fault that breaks the device's context in one dataset (PSEARCH_TEST_FAULT:
# the queue released, so every later command fails, as NVIDIA's do after one
# broke its context): that dataset fails with the driver's error, the context
# is made anew, and every later dataset, of other entries and of the next case,
# runs and validates
cat > fault.bench <<'S'
==
entry: bench_copy reduce scan
"one" random input { [100000]i32 }
"two" random input { [5000]i32 }
S
PSEARCH_TEST_FAULT=reduce $P bench $FAST fault.bench --json fault.json >$OUT 2>$ERR
[ $? = 1 ] || fail "fault: expected exit 1"
has $ERR "the device's context no longer works"
python3 -c "
import json; r = json.load(open('fault.json'))
for e in ('bench_copy', 'reduce', 'scan'):
    for c in ('one', 'two'):
        d = r['fault.bench:' + e]['datasets'][c]
        if e == 'reduce':
            assert isinstance(d, str) and 'CL_INVALID_COMMAND_QUEUE' in d, (e, c, d)
        else:
            assert isinstance(d, dict) and d['psearch']['validation'] == 'ok' and len(d['runtimes']) == 3, (e, c, d)
" || fail "fault: the failed dataset's error or the later datasets' validated results missing"

# suites: duplicate names, unknown types, paths relative to the suite
printf -- '==\nentry: bench_copy\n"x" input { [3i32] }\n"x" input { [4i32] }\n' > dup.bench
check duplicate-name 3 $P bench $FAST dup.bench; has $ERR "dup.bench:4: multiple datasets with name x"
printf -- '==\nentry: bench_copy\nrandom input { [3]q32 }\n' > type.bench
check unknown-type 3 $P bench $FAST type.bench; has $ERR "type.bench:3: random input: '[3]q32' is not a type ([N]i32) or a value"
mkdir -p sub && printf '[1i32, 2i32]' > sub/d.txt && printf -- '==\nentry: bench_copy\ninput @ d.txt\n' > sub/rel.bench
check relative-input 0 $P bench $FAST sub/rel.bench; has $OUT "d.txt:"

# more values than an entry point can take: refused with the count, none dropped unseen
for i in $(seq 17); do echo '[1i32, 2i32]'; done > v17.txt
printf -- '==\nentry: bench_copy\ninput @ v17.txt\n' > v17f.bench
check values-17-file 1 $P bench $FAST v17f.bench; has $OUT "v17.txt: more than 16 values (an entry point takes at most 16 inputs)"
printf -- '==\nentry: bench_copy\ninput { %s }\n' "$(cat v17.txt | tr '\n' ' ')" > v17i.bench
check values-17-inline 3 $P bench $FAST v17i.bench; has $ERR "v17i.bench:3: #0"; has $ERR "more than 16 values"
$P run -e sorted --backend=c < v17.txt >$OUT 2>$ERR; rc=$?
[ $rc = 3 ] || fail "run with 17 values: exit $rc, expected 3"; has $ERR "standard input: more than 16 values"
head -16 v17.txt > v16.txt; printf -- '==\nentry: bench_copy\ninput @ v16.txt\n' > v16.bench
check values-16 1 $P bench $FAST v16.bench; has $OUT "Provided input of types: [2]i32"

# a suite that is not UTF-8 (its names would go into the JSON): refused at its line
printf -- '==\nentry: bench_copy\n"na\xffme" input { [1, 2] }\n' > nonutf8.bench
check suite-not-utf8 3 $P bench $FAST nonutf8.bench; has $ERR "nonutf8.bench:3: not UTF-8 (byte 0xff)"
cp sub/rel.bench "r$(printf '\xff').bench"
check suite-path-not-utf8 3 $P bench $FAST "r$(printf '\xff').bench"; has $ERR "the suite's path is not UTF-8"

# options out of range and sizes past 64 bits
check n-overflow 2 $P dataset -n 99999999999999999999999; has $ERR "is not an integer in [0, 9223372036854775807]"
check runs-overflow 2 $P bench -r 99999999999999999999 big.bench
check shape-overflow 2 $P dataset -g '[4294967296][4294967296]i32'; has $ERR "array size overflows"

# outputs: an unwritable path and a full disk fail with exit 1 and keep nothing
check json-nodir 1 $P bench $FAST sub/rel.bench --json /nonexistent-dir/x.json; has $ERR "--json: /nonexistent-dir/x.json: cannot write there: No such file or directory"; [ -s $OUT ] && fail "json-nodir: ran before failing"
if [ -w /dev/full ]; then
  check json-full 1 $P bench $FAST sub/rel.bench --json /dev/full; has $ERR "No space left on device"
fi
ls | grep -q 'tmp\.' && fail "temporary files left behind"

# no OpenCL platform: a clear message, exit 1
OCL_ICD_VENDORS=$T/no-icd OCL_ICD_FILENAMES= check no-icd 1 $P bench $FAST sub/rel.bench
has $ERR "no OpenCL platform found"

# SIGTERM during bench: like Ctrl-C, a valid JSON with what completed
cat > term.bench <<'S'
==
entry: sorted
"first" input { [3, 2, 1] }
random input { [2000000]i64 }
S
$P bench -r 1000 --no-convergence-phase term.bench --json term.json >term.out 2>&1 &
pid=$!
for i in $(seq 100); do grep -q '^first:.*μs' term.out && break; sleep 0.1; done
sleep 1
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "SIGTERM: exit $rc, expected 130"
python3 -c "
import json; d = json.load(open('term.json'))['term.bench:sorted']['datasets']
assert isinstance(d['first'], dict) and d['[2000000]i64'] == 'Interrupted.', d
" || fail "JSON after SIGTERM"
ls | grep -q 'tmp\.' && fail "temporary files left after SIGTERM"

# SIGTERM while dataset -o waits for its input: the old file stays whole, the
# temporary goes, and the exit is the signal's (128 + 15)
echo old > kept.in
mkfifo in.fifo
exec 3<>in.fifo # a writer that never writes: dataset blocks on its read
$P dataset --text -o kept.in < in.fifo 2>$ERR &
pid=$!
for i in $(seq 100); do ls | grep -q '^kept\.in\.tmp\.' && break; sleep 0.1; done
ls | grep -q '^kept\.in\.tmp\.' || fail "dataset -o: no temporary while waiting"
kill -TERM $pid
wait $pid
rc=$?
exec 3>&-
[ $rc = 143 ] || fail "dataset -o SIGTERM: exit $rc, expected 143"
[ "$(cat kept.in)" = old ] || fail "dataset -o SIGTERM: the old file changed"
ls | grep -q 'tmp\.' && fail "dataset -o SIGTERM: temporary left behind"

finish
