#!/bin/bash
# CLI tests of issue 49's "nothing lost" and "inputs of real size" items
# (docs/reliability.md): signals during bench, a dataset name twice for one
# entry, a suite's BOM, allocation failures in the readers and merge (through
# test/failalloc.c), what the results readers refuse, the statistics they
# report from a sampled file, and many names.
PSEARCH=$1
FAILALLOC=${2:-}
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
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
signal_test() { # NAME SIGNAL
  rm -f sig.json
  $P bench --backend=c -r 100000 --no-convergence-phase hup.bench --json sig.json >sig.out 2>&1 &
  local pid=$! rc
  for i in $(seq 100); do grep -q '^first:.*μs' sig.out && break; sleep 0.1; done
  sleep 0.5
  kill -$2 $pid
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

finish
