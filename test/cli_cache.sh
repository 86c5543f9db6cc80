#!/bin/bash
# CLI tests of the caches: the dataset cache key (two suites sharing a name),
# stale temporaries of dead writers, the size cap with least-recently-used
# eviction, `psearch cache`, and concurrent benches sharing one fresh cache.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
FAST="-r 3 --max-runs 3 --no-convergence-phase"

# elements FILE PROGRAM DATASET: the element count bench recorded
elements() {
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]]['datasets'][sys.argv[3]]['psearch']['elements'])" "$@"
}

# --- the key is what a case generates, not its name ---
export XDG_CACHE_HOME=$T/c1
printf '==\nentry: bench_copy\n"x" random input { [100]i32 }\n"y" random input { [50]i32 }\n' > $T/a.bench
printf '==\nentry: bench_copy\n"x" random input { [200]i32 }\n"y" random sorted input { [50]i32 }\n' > $T/b.bench
check same-name-a 0 $P bench $FAST --backend=c $T/a.bench --json $T/a.json
check same-name-b 0 $P bench $FAST --backend=c -v $T/b.bench --json $T/b.json
[ "$(elements $T/a.json $T/a.bench:bench_copy x)" = 100 ] || fail "suite a: x is not [100]"
[ "$(elements $T/b.json $T/b.bench:bench_copy x)" = 200 ] || fail "suite b got suite a's cached x (same name, other size)"
grep -q "x: dataset cache hit" $ERR && fail "suite b's x was a cache hit"
grep -q "y: dataset cache hit" $ERR && fail "suite b's sorted y was served unsorted y"
check same-name-b-again 0 $P bench $FAST --backend=c -v $T/b.bench
has $ERR "x: dataset cache hit"
has $ERR "y: dataset cache hit"

# --- entries with the same answer share one reference: the second is a cache hit ---
export XDG_CACHE_HOME=$T/c5
printf '==\nentry: sorted radix_sort bench_copy\nrandom input { [3000]i32 }\n' > $T/share.bench
check share-reference 0 $P bench $FAST --backend=c -v $T/share.bench
has $ERR "radix_sort: the reference (stable_sort) from the cache"
grep -q "sorted: the reference" $ERR && fail "the first sort found a reference in an empty cache"
grep -q "bench_copy: the reference" $ERR && fail "bench_copy shared the sorts' reference"

# --- stale temporaries: a dead writer's are removed, a live one's kept ---
export XDG_CACHE_HOME=$T/c2
mkdir -p $T/c2/psearch/data $T/c2/psearch/kernels
dead=$(sh -c 'echo $$')           # a pid that has exited
sleep 300 & live=$!
head -c 100000 /dev/zero > $T/c2/psearch/data/00000000000000aa.in.tmp.$dead.AbCdEf
head -c 1000 /dev/zero > $T/c2/psearch/data/00000000000000bb.in.tmp.$live.AbCdEf
head -c 1000 /dev/zero > $T/c2/psearch/kernels/00000000000000cc.bin.tmp.$live.XyZ123
touch -d '2 days ago' $T/c2/psearch/kernels/00000000000000cc.bin.tmp.$live.XyZ123
check cache-show-stale 0 $P cache
has $OUT "$T/c2/psearch (cap 4.0 GiB)"
has $OUT "stale temporary files: 2"
check stale-removed 0 $P bench $FAST --backend=c -e bench_copy $T/a.bench
[ -e $T/c2/psearch/data/00000000000000aa.in.tmp.$dead.AbCdEf ] && fail "a dead writer's temporary was kept"
[ -e $T/c2/psearch/kernels/00000000000000cc.bin.tmp.$live.XyZ123 ] && fail "a 2-day-old temporary was kept"
[ -e $T/c2/psearch/data/00000000000000bb.in.tmp.$live.AbCdEf ] || fail "a live writer's temporary was removed"
kill $live 2>/dev/null; wait $live 2>/dev/null

# --- psearch cache: text, JSON, --clean, errors ---
check cache-json 0 $P cache --json -
python3 -c "
import json,sys; d=json.load(open('$OUT'))
assert d['path'] == '$T/c2/psearch', d
assert d['areas']['data']['entries'] == 2 and d['areas']['data']['bytes'] > 4 * 150, d
assert d['max_bytes'] == 4 << 30, d
" || fail "cache --json -"
check cache-clean 0 $P cache --clean --json -
python3 -c "
import json; d=json.load(open('$OUT'))
assert d['areas']['data']['entries'] == 0 and d['removed_files'] >= 4, d
" || fail "cache --clean"
check cache-bad-cap 2 env PSEARCH_CACHE_MAX=lots $P cache; has $ERR "PSEARCH_CACHE_MAX: 'lots' is not a size"
check cache-bad-cap-bench 2 env PSEARCH_CACHE_MAX=12Q $P bench --backend=c $T/a.bench
check cache-both 2 $P cache --clean --trim
check cache-no-home 1 env -u XDG_CACHE_HOME HOME=relative $P cache
check cache-none-cap 0 env PSEARCH_CACHE_MAX=none $P cache; has $OUT "(no size cap)"
for cap in 3:3 2k:2048 5M:5242880 7g:7516192768 2T:2199023255552; do  # each suffix, either case
  check cache-cap-${cap%%:*} 0 env PSEARCH_CACHE_MAX=${cap%%:*} $P cache --json -
  python3 -c "import json; d = json.load(open('$OUT')); assert d['max_bytes'] == ${cap#*:}, d" || fail "cap ${cap%%:*}"
done
check cache-cap-overflow 2 env PSEARCH_CACHE_MAX=99999999999T $P cache; has $ERR "'99999999999T' is not a size"

# --- the cap: least recently used entries go first ---
export XDG_CACHE_HOME=$T/c3
for n in a b c d; do printf '==\nentry: bench_copy\n"%s" random input { [100000]i%s }\n' $n 32 > $T/$n.bench; done
sed -i 's/i32/u32/' $T/b.bench; sed -i 's/i32/i64/' $T/c.bench; sed -i 's/i32/f32/' $T/d.bench
export PSEARCH_CACHE_MAX=1000K     # room for two of the 400 KB datasets (c is 800 KB)
check cap-a 0 $P bench $FAST --backend=c $T/a.bench
check cap-b 0 $P bench $FAST --backend=c $T/b.bench
check cap-a-used 0 $P bench $FAST --backend=c -v $T/a.bench; has $ERR "a: dataset cache hit"
check cap-d 0 $P bench $FAST --backend=c $T/d.bench           # over the cap: b (least recently used) goes
check cap-after 0 $P cache --json -
python3 -c "
import json; d=json.load(open('$OUT'))
assert d['areas']['data']['entries'] == 2 and d['areas']['data']['bytes'] <= 1000 * 1024, d
" || fail "cache over its cap: $(cat $OUT)"
check cap-a-kept 0 $P bench $FAST --backend=c -v $T/a.bench; has $ERR "a: dataset cache hit"
check cap-b-evicted 0 $P bench $FAST --backend=c -v $T/b.bench; has $ERR "b: dataset cache miss"
check cap-big 0 $P bench $FAST --backend=c -v $T/c.bench      # larger than what is left: others go
check cap-big-kept 0 $P bench $FAST --backend=c -v $T/c.bench; has $ERR "c: dataset cache hit"
# a dataset larger than the cap itself is used uncached, said once, and evicts nothing
printf '==\nentry: bench_copy\n"e" random input { [300000]i32 }\n' > $T/e.bench
check cap-over 0 $P bench $FAST --backend=c $T/e.bench
has $ERR "e: 1.1 MiB, more than the dataset cache's cap of 1.0 MiB (PSEARCH_CACHE_MAX): used uncached"
[ "$(grep -c "more than the dataset cache's cap" $ERR)" = 1 ] || fail "cap-over: not said once"
check cap-over-again 0 $P bench $FAST --backend=c -v $T/e.bench; has $ERR "e: dataset cache miss"
check cap-over-c-kept 0 $P bench $FAST --backend=c -v $T/c.bench; has $ERR "c: dataset cache hit"
# a run whose own data exceeds the cap keeps it (no thrash), warns, and a later run trims
export XDG_CACHE_HOME=$T/c5 PSEARCH_CACHE_MAX=500K
printf '==\nentry: bench_copy\n"x" random input { [100000]i32 }\n"y" random input { [100000]u32 }\n' > $T/xy.bench
check working-set 0 $P bench $FAST --backend=c $T/xy.bench
has $ERR "more than the cap of"
check working-set-kept 0 $P cache --json -
python3 -c "
import json; d=json.load(open('$OUT')); assert d['areas']['data']['entries'] == 2, d
" || fail "a run evicted its own working set"
check trim 0 $P cache --trim --json -
python3 -c "
import json; d=json.load(open('$OUT')); assert d['areas']['data']['entries'] == 1 and d['removed_files'] == 2, d
" || fail "cache --trim did not trim to the cap: $(cat $OUT)"
unset PSEARCH_CACHE_MAX

# --- four concurrent benches on one fresh cache (datasets, references, kernels) ---
export XDG_CACHE_HOME=$T/c4
cat > $T/con.bench <<'S'
==
entry: sorted bench_copy
random input { [20000]i32 }
random input { [3000]i64 }
S
# Under scripts/sanitize.sh, LeakSanitizer's exit-time tracer has crashed
# (signal 11 inside the sanitizer, after a correct run) when four processes
# and their PoCL threads share two cores; these runs exercise the cache's
# locking, and their code paths are leak-checked by the runs above.
pids=()
for k in 1 2 3 4; do
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    $P bench $FAST $T/con.bench --json $T/con$k.json >$T/con$k.out 2>&1 & pids+=($!)
done
for k in 1 2 3 4; do
  wait ${pids[$((k - 1))]} || fail "concurrent bench $k failed: $(grep -v warning $T/con$k.out | tail -8)"
  python3 -c "
import json; d=json.load(open('$T/con$k.json'))
v=[r['psearch']['validation'] for p in d.values() for r in p['datasets'].values()]
assert v == ['ok'] * 4, v
" || fail "concurrent bench $k: not all validated"
done
ls -R $T/c4 | grep -q '\.tmp\.' && fail "concurrent benches left temporaries"

finish
