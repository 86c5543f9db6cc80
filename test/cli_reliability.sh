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

# replacing an output keeps its mode; a hard-linked output is replaced (the other name keeps
# the old contents), with a warning
echo old > m.json; chmod 600 m.json
check mode-json 0 $P bench $FAST --backend=c sub/rel.bench --json m.json
[ "$(stat -c %a m.json)" = 600 ] || fail "--json over a 0600 file left mode $(stat -c %a m.json)"
echo old > m.in; chmod 640 m.in
check mode-dataset 0 $P dataset -g '[3]i32' -o m.in
[ "$(stat -c %a m.in)" = 640 ] || fail "dataset -o over a 0640 file left mode $(stat -c %a m.in)"
echo old > h1.in; ln h1.in h2.in
check hard-link 0 $P dataset -g '[3]i32' -o h1.in
has $ERR "h1.in had 2 links"
[ "$(cat h2.in)" = old ] || fail "hard-link: the other name changed"
cmp -s h1.in m.in || fail "hard-link: h1.in is not the new data"

# a SIGKILLed dataset -o leaves its temporary (NAME.tmp.HOST.PID.XXXXXX); the next write of
# that target removes it, and any of this host's whose writer is gone, or another host's
# over a day old; a live writer's, another host's young one and other targets' stay
H=$(hostname | head -c 63 | tr -c 'A-Za-z0-9_\n-' '-' | tr -d '\n')
mkfifo k.fifo
exec 4<>k.fifo
$P dataset --text -o k.in < k.fifo 2>$ERR &
pid=$!
for i in $(seq 100); do ls | grep -q '^k\.in\.tmp\.' && break; sleep 0.1; done
ls | grep -qE "^k\.in\.tmp\.$H\.$pid\.[A-Za-z0-9]{6}\$" || fail "temporary name lacks host and pid: $(ls | grep tmp)"
kill -KILL $pid; wait $pid 2>/dev/null
exec 4>&-
dead=$(sh -c 'echo $$')
sleep 300 & live=$!
touch k.in.tmp.$H.$dead.AbCdEf k.in.tmp.$H.$live.AbCdEf k.in.tmp.other-host.$dead.AbCdEf other.in.tmp.$H.$dead.AbCdEf
touch -d '2 days ago' k.in.tmp.far-host.$live.XyZ123
check reap 0 $P dataset -g '[3]i32' -o k.in
[ "$(ls | grep '^k\.in\.tmp\.' | LC_ALL=C sort | tr '\n' ' ')" = "$(printf '%s\n' k.in.tmp.$H.$live.AbCdEf k.in.tmp.other-host.$dead.AbCdEf | LC_ALL=C sort | tr '\n' ' ')" ] ||
  fail "reaping beside k.in left: $(ls | grep '^k\.in\.tmp\.' | tr '\n' ' ')"
[ -e other.in.tmp.$H.$dead.AbCdEf ] || fail "reaping removed another target's temporary"
kill $live; wait $live 2>/dev/null
rm -f k.in.tmp.* other.in.tmp.*

# file content never quoted into errors (a suite may name any file): a character class instead
printf -- '==\nentry: bench_copy\ninput @ /proc/self/environ\n' > environ.bench
env -i PSEARCH_PLANTED_TOKEN=hunter2 $P bench $FAST --backend=c environ.bench --json environ.json >$OUT 2>$ERR
grep -l 'PSEARCH_PLANTED\|hunter2' $OUT $ERR && fail "an input file's content was quoted"
has $ERR "environ.bench:3: input @ /proc/self/environ: not in the data format"
printf 'ePSEARCH_PLANTED_TOKEN=hunter2\n' > environ.txt  # passes the header check (e: empty()), fails as a value
printf -- '==\nentry: bench_copy\ninput @ environ.txt\n' > environ.bench
check environ-file 1 $P bench $FAST --backend=c environ.bench --json environ.json
grep -l 'PSEARCH_PLANTED\|hunter2' environ.json $OUT $ERR && fail "an input file's content was quoted"
has environ.json "environ.txt:1:1: a word (letters, digits, '_', '.') is not a value"

# ICDs that are there but do not load (an address-space limit, a broken install): said so
mkdir -p icd && echo /nonexistent/libpsearch-no-such-icd.so > icd/broken.icd
OCL_ICD_VENDORS=$T/icd OCL_ICD_FILENAMES= check icd-not-loaded 1 $P bench $FAST sub/rel.bench
has $ERR "found 1 ICD in $T/icd but none loaded"
has $ERR "libpsearch-no-such-icd.so: cannot open shared object file"

# no OpenCL platform: a clear message, exit 1
OCL_ICD_VENDORS=$T/no-icd OCL_ICD_FILENAMES= check no-icd 1 $P bench $FAST sub/rel.bench
has $ERR "no OpenCL platform found"

# bench's peak memory: a device's result is digested as it streams to the host, never held
# whole beside the device's copy. [8388607]i32 (32 MiB) searched gives 64 MiB of i64: on PoCL
# the host holds the input and the device's input and output (device memory is host memory
# there), 4x the dataset over a tiny run's peak; with the whole result downloaded it was 6x.
# Not under the sanitizers (their shadow memory scales with what is touched).
if [ -x /usr/bin/time ] && [ -z "${ASAN_OPTIONS:-}" ]; then
  printf -- '==\nentry: bench_binary_search\nrandom sorted input { [1000]i32 }\n' > rss1.bench
  printf -- '==\nentry: bench_binary_search\nrandom sorted input { [8388607]i32 }\n' > rss8.bench
  $P bench $FAST rss1.bench >/dev/null 2>&1; $P bench $FAST rss8.bench >/dev/null 2>&1 # caches warm
  small=$(/usr/bin/time -f %M $P bench $FAST rss1.bench 2>&1 >/dev/null | tail -1)
  big=$(/usr/bin/time -f %M $P bench $FAST rss8.bench 2>&1 >/dev/null | tail -1)
  [ $(((big - small) / 1024)) -le 160 ] || fail "peak memory: $(((big - small) / 1024)) MiB over a tiny run for a 32 MiB dataset (at most 5x)"
fi

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
