#!/bin/bash
# CLI tests of the caches: the dataset cache key (two suites sharing a name),
# stale temporaries of dead writers, the size cap with least-recently-used
# eviction, `psearch cache`, and concurrent benches sharing one fresh cache.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
FAST="-r 3 --max-runs 3 --no-convergence-phase"

# elements FILE PROGRAM DATASET: the element count bench recorded
# host_tag: this host's name as temporary files record it (ofile.h)
host_tag() {
  hostname | head -c 63 | tr -c 'A-Za-z0-9_\n-' '-' | tr -d '\n'
}

# mode FILE: its permission bits in octal
mode() {
  stat -c %a "$1"
}

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

# --- stale temporaries (NAME.tmp.HOST.PID.XXXXXX): a dead writer's of this host are removed,
# a live one's kept, another host's only when over a day old ---
export XDG_CACHE_HOME=$T/c2
mkdir -p -m 0700 $T/c2/psearch $T/c2/psearch/data $T/c2/psearch/kernels
dead=$(sh -c 'echo $$')           # a pid that has exited
sleep 300 & live=$!
H=$(host_tag)
head -c 100000 /dev/zero > $T/c2/psearch/data/00000000000000aa.in.tmp.$H.$dead.AbCdEf
head -c 1000 /dev/zero > $T/c2/psearch/data/00000000000000bb.in.tmp.$H.$live.AbCdEf
head -c 1000 /dev/zero > $T/c2/psearch/data/00000000000000dd.in.tmp.other-host.$dead.AbCdEf
head -c 1000 /dev/zero > $T/c2/psearch/kernels/00000000000000cc.bin.tmp.$H.$live.XyZ123
touch -d '2 days ago' $T/c2/psearch/kernels/00000000000000cc.bin.tmp.$H.$live.XyZ123
check cache-show-stale 0 $P cache
has $OUT "$T/c2/psearch (cap 4.0 GiB)"
has $OUT "stale temporary files: 2"
check stale-removed 0 $P bench $FAST --backend=c -e bench_copy $T/a.bench
[ -e $T/c2/psearch/data/00000000000000aa.in.tmp.$H.$dead.AbCdEf ] && fail "a dead writer's temporary was kept"
[ -e $T/c2/psearch/kernels/00000000000000cc.bin.tmp.$H.$live.XyZ123 ] && fail "a 2-day-old temporary was kept"
[ -e $T/c2/psearch/data/00000000000000bb.in.tmp.$H.$live.AbCdEf ] || fail "a live writer's temporary was removed"
[ -e $T/c2/psearch/data/00000000000000dd.in.tmp.other-host.$dead.AbCdEf ] || fail "another host's young temporary was removed (its pid says nothing here)"
kill $live 2>/dev/null; wait $live 2>/dev/null

# --- psearch cache: text, JSON, --clean, errors ---
rm $T/c2/psearch/data/00000000000000dd.in.tmp.other-host.$dead.AbCdEf
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

# --- the caches are the user's alone (docs/reliability.md, "The caches' trust model") ---
printf '==\nentry: bench_copy\n"s" random sorted input { [1000]i32 }\n' > $T/s.bench
printf '==\nentry: bench_copy\n"s" random sorted input { [10]i32 }\n' > $T/s10.bench
# a fresh cache is made private: the root and its areas 0700, the secret 0600
export XDG_CACHE_HOME=$T/u1
check private-fresh 0 $P bench $FAST --backend=c $T/s.bench
[ "$(mode $T/u1/psearch)/$(mode $T/u1/psearch/data)/$(mode $T/u1/psearch/ref)" = 700/700/700 ] ||
  fail "a fresh cache is not private: $(ls -la $T/u1/psearch)"
[ "$(mode $T/u1/psearch/secret 2>/dev/null)" = 600 ] || fail "no private secret in the cache root"
# a root others can write: not used, said once, bench runs uncached
mkdir -p $T/u2/psearch && chmod 0777 $T/u2/psearch
check shared-root 0 env XDG_CACHE_HOME=$T/u2 $P bench $FAST --backend=c $T/s.bench --json $T/u2.json
[ "$(grep -c 'cache:.*not used' $ERR)" = 1 ] || { fail "shared-root: not said once"; sed 's/^/  stderr: /' $ERR | head -5; }
has $ERR "$T/u2/psearch is writable by others"
[ -z "$(ls -A $T/u2/psearch)" ] || fail "a root others can write was used: $(ls -A $T/u2/psearch)"
[ "$(elements $T/u2.json $T/s.bench:bench_copy s)" = 1000 ] || fail "shared-root: the dataset"
mkdir $T/u2/psearch/data && touch $T/u2/psearch/data/00000000000000aa.in
check shared-root-cache 1 env XDG_CACHE_HOME=$T/u2 $P cache --clean; has $ERR "is writable by others"
[ -e $T/u2/psearch/data/00000000000000aa.in ] || fail "cache --clean worked in a root others can write"
# an area its group can write: that area is not used, the others are
mkdir -p -m 0700 $T/u3/psearch && mkdir -p $T/u3/psearch/data && chmod 0770 $T/u3/psearch/data
check group-area 0 env XDG_CACHE_HOME=$T/u3 $P bench $FAST --backend=c $T/s.bench
[ "$(grep -c 'cache:.*not used' $ERR)" = 1 ] || fail "group-area: not said once"
has $ERR "$T/u3/psearch/data is writable by its group"
[ -z "$(ls -A $T/u3/psearch/data)" ] || fail "an area its group can write was used"
[ -n "$(ls -A $T/u3/psearch/ref)" ] || fail "group-area: the reference area was not used"
if [ "$(id -u)" = 0 ]; then # another user's root and area (the CI runs as root: chown)
  mkdir -p $T/u4/psearch && chown nobody $T/u4/psearch && chmod 0755 $T/u4/psearch
  check other-owner 0 env XDG_CACHE_HOME=$T/u4 $P bench $FAST --backend=c $T/s.bench
  has $ERR "$T/u4/psearch is owned by uid $(id -u nobody), not by you (uid 0)"
  [ -z "$(ls -A $T/u4/psearch)" ] || fail "another user's cache root was used"
  mkdir -p -m 0700 $T/u5/psearch && mkdir -m 0700 $T/u5/psearch/data && chown nobody $T/u5/psearch/data
  check other-owner-area 0 env XDG_CACHE_HOME=$T/u5 $P bench $FAST --backend=c $T/s.bench
  [ -z "$(ls -A $T/u5/psearch/data)" ] || fail "another user's area was used"
fi
# links planted at an entry's, its sidecar's and a reference's names, to private files
# outside the cache: never followed (neither read, written nor removed), replaced
export XDG_CACHE_HOME=$T/u6
check link-first 0 $P bench $FAST --backend=c $T/s.bench
D=$T/u6/psearch/data
key=$(cd $D && ls | grep '\.in$'); ref=$(cd $T/u6/psearch/ref && ls | grep '\.bin$')
rm $D/$key $D/$key.xxh $T/u6/psearch/ref/$ref
for k in 1 2 3; do echo "private $k" > $T/private$k; chmod 600 $T/private$k; done
ln -s $T/private1 $D/$key; ln -s $T/private2 $D/$key.xxh; ln -s $T/private3 $T/u6/psearch/ref/$ref
check link-at-key 0 $P bench $FAST --backend=c $T/s.bench --json $T/u6.json
for k in 1 2 3; do
  [ "$(cat $T/private$k)" = "private $k" ] || fail "link-at-key: private file $k was overwritten"
  [ "$(mode $T/private$k)" = 600 ] || fail "link-at-key: private file $k changed mode to $(mode $T/private$k)"
done
[ "$(elements $T/u6.json $T/s.bench:bench_copy s)" = 1000 ] || fail "link-at-key: the dataset"
[ "$(grep -c 'symbolic link' $ERR)" = 1 ] || { fail "link-at-key: not said once"; sed 's/^/  stderr: /' $ERR | head -5; }
[ -L $D/$key ] && fail "link-at-key: the link is still there"
# an area that is a link to a directory outside: never walked (cache --clean, eviction)
mkdir -p -m 0700 $T/u7/psearch $T/outside
for f in 00000000000000aa.in 00000000000000aa.in.xxh 00000000000000bb.bin 00000000000000cc.in.tmp.$(host_tag).$dead.AbCdEf; do
  echo keep > $T/outside/$f
done
ln -s $T/outside $T/u7/psearch/data
check area-link-clean 0 env XDG_CACHE_HOME=$T/u7 $P cache --clean
[ "$(ls $T/outside | wc -l)" = 4 ] || fail "cache --clean removed files outside the cache through a linked area"
has $ERR "$T/u7/psearch/data is a symbolic link"
check area-link-evict 0 env XDG_CACHE_HOME=$T/u7 PSEARCH_CACHE_MAX=1 $P bench $FAST --backend=c $T/s.bench
[ "$(ls $T/outside | wc -l)" = 4 ] || fail "eviction removed files outside the cache through a linked area"
[ "$(grep -c 'cache:.*not used' $ERR)" = 1 ] || fail "area-link-evict: not said once"
# a dataset forged at a key: [10]i32 with its sidecar, copied to the name of [1000]i32 (item 8)
export XDG_CACHE_HOME=$T/u8
check forge-10 0 $P bench $FAST --backend=c $T/s10.bench
k10=$(cd $T/u8/psearch/data && ls | grep '\.in$')
check forge-1000 0 $P bench $FAST --backend=c $T/s.bench
k1000=$(cd $T/u8/psearch/data && ls | grep '\.in$' | grep -v $k10)
cp $T/u8/psearch/data/$k10 $T/u8/psearch/data/$k1000; cp $T/u8/psearch/data/$k10.xxh $T/u8/psearch/data/$k1000.xxh
check forged 0 $P bench $FAST --backend=c -v $T/s.bench --json $T/u8.json
[ "$(elements $T/u8.json $T/s.bench:bench_copy s)" = 1000 ] || fail "a forged dataset was measured as the suite's"
has $ERR "s: dataset cache miss"
# a reference digest copied to another input's name: not the reference of that input
r10=$(cd $T/u8/psearch/ref && ls -tr | grep '\.bin$' | head -1); r1000=$(cd $T/u8/psearch/ref && ls -tr | grep '\.bin$' | tail -1)
cp $T/u8/psearch/ref/$r10 $T/u8/psearch/ref/$r1000
check forged-ref 0 $P bench $FAST --backend=c -v $T/s.bench
grep -q "the reference (.*) from the cache" $ERR && fail "a reference copied to another input's name was used"
# a cache copied from elsewhere (another secret): its entries are not trusted
mkdir -p -m 0700 $T/u9/psearch && cp -r $T/u8/psearch/data $T/u9/psearch/ && chmod 0700 $T/u9/psearch/data
check copied-cache 0 env XDG_CACHE_HOME=$T/u9 $P bench $FAST --backend=c -v $T/s.bench
has $ERR "s: dataset cache miss"
# a secret others can read: not used
chmod 0644 $T/u8/psearch/secret
check secret-readable 0 $P bench $FAST --backend=c -v $T/s.bench
has $ERR "$T/u8/psearch/secret is not a private file"; has $ERR "the cache is not used"
grep -q "dataset cache hit" $ERR && fail "a cache with a readable secret was used"
chmod 0600 $T/u8/psearch/secret
# an entry whose sidecar cannot be written (a full disk; here a directory in its place) is removed
rm $T/u8/psearch/data/$k1000*; mkdir $T/u8/psearch/data/$k1000.xxh
check sidecar-fails 0 $P bench $FAST --backend=c $T/s.bench
has $ERR "dataset cache:"
[ -e $T/u8/psearch/data/$k1000 ] && fail "an entry whose sidecar failed was kept"

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
