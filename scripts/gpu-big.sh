#!/bin/bash
# gpu-big.sh: issue 52's call on one H200, within BUDGET seconds (default 440:
# the device tool's 480 less a margin), from the bundle of scripts/gpu-bundle.sh
# (BUNDLE, default .carry/psearch: bin/psearch, lib/, anchors/cub_sort_big).
# Writes under $OUT/gpu-big (OUT: the device tool's folder, else ./gpu-big-out):
#
#   machine.txt     GPU, driver, psearch's version and devices
#   cub.txt         CUB SortKeys of [2^31 + 5] and [2^32 + 3] i32 (CUB=0: not run; CUDA events,
#                   1 warm-up, 3 runs; checked in order, same sum and xor)
#   TIER.{txt,err,json,bench,rc}  one psearch bench a tier (-r 3 --max-runs 3
#                   --no-convergence-phase, validated, -v): the default suites'
#                   entries of one 1-D [n]i32 input, at 2^25 (all of them, for
#                   the ratios), 2^31 + 5 and 2^32 + 3
#   skipped.txt     what did not run, and why
#   summary.txt     each entry's mean at the three sizes, its ratio to its 2^25
#                   mean beside n's (64x, 128x), and CUB's
#
# The tiers run in order of the issue's "Done when" (its command's entries at
# both sizes first, then the sorts at 2^32 + 3, then 2^25, whose kernels are
# mostly built by then, then the searches past 2^31), each only when the seconds
# left cover its estimate (the
# estimates are a guess from the issue's 2^31 call: 11 s to generate 8 GiB,
# 5-9 s to validate an entry); each is also cut off by `timeout` at what is
# left. TIERS (default r31 r32 w32 a31 n25 s31 e31 s32) names the tiers to run;
# c32 is issue 52's command at 2^32 + 3 in one bench (r32 and w32 hold its
# entries). Left out of the big tiers, said in skipped.txt: radix_sort_1bit,
# argsort, filter_scan and the grouped B+ tree search at 2^32 + 3 (their max_n,
# psearch list); the searches of random keys (their references search 2^31
# random keys on the host: minutes). a31 is argsort at 2^31 + 5 (its reference
# sequential, four streaming passes).
#
#   scripts/gpu-bundle.sh && <device tool> run --carry .carry 'scripts/gpu-big.sh'
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=$(cd "${BUNDLE:-$ROOT/.carry/psearch}" && pwd) || exit 1
P=$B/bin/psearch
export LD_LIBRARY_PATH=$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
O=${OUT:-$PWD/gpu-big-out}/gpu-big
BUDGET=${BUDGET:-440}
START=$(date +%s)
mkdir -p "$O" || exit 1
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export XDG_CACHE_HOME=$W/cache # nothing of an earlier call reused
N25=${N25:-33554432}
N31=${N31:-2147483653} # 2^31 + 5
N32=${N32:-4294967299} # 2^32 + 3 (N25, N31, N32 set smaller: a trial of the script on any device)
TIERS=" ${TIERS:-r31 r32 w32 a31 n25 s31 e31 s32} "
left() { echo $((BUDGET - ($(date +%s) - START))); }
say() { echo "[$(($(date +%s) - START)) s] $*" | tee -a "$O/log.txt"; }

{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
  nproc; free -g | sed -n 2p
  $P --version
  $P devices
} > "$O/machine.txt" 2>&1

# CUB SortKeys at the big sizes (CUB=0: not): the bundle's build, else nvcc's here
cub=$B/anchors/cub_sort_big
if [ "${CUB:-1}" != 0 ] && [ ! -x "$cub" ] && command -v nvcc > /dev/null; then
  say "building the CUB anchor"
  nvcc -O3 -arch=sm_90 -o "$W/cub_sort_big" "$ROOT/scripts/anchors/cub_sort_big.cu" > "$O/cub-build.log" 2>&1 &&
    cub=$W/cub_sort_big
fi
if [ "${CUB:-1}" = 0 ]; then
  echo "CUB: not run (CUB=0)" >> "$O/skipped.txt"
elif [ -x "$cub" ]; then
  for n in $N31 $N32; do
    say "CUB SortKeys [$n]i32"
    timeout 90 "$cub" $n 3 >> "$O/cub.txt" 2>&1 || echo "cub_sort_big $n: exit $?" >> "$O/cub.txt"
  done
else
  echo "CUB: no anchors/cub_sort_big in the bundle and no nvcc here" | tee -a "$O/skipped.txt"
fi

# tier NAME EST_SECONDS BLOCK...: one bench of the blocks ("KIND N ENTRY..."),
# when EST_SECONDS are left; cut off at what is left less 10 s
tier() {
  local name=$1 est=$2 t0 rc
  shift 2
  case "$TIERS" in *" $name "*) ;; *) return ;; esac
  if [ "$(left)" -lt "$est" ]; then
    echo "$name: not run: about $est s needed, $(left) s left ($*)" | tee -a "$O/skipped.txt"
    return
  fi
  : > "$O/$name.bench"
  for blk in "$@"; do
    set -- $blk
    printf '==\nentry: %s\nrandom %sinput { [%s]i32 }\n' "${*:3}" "$([ "$1" = random ] || echo "$1 ")" "$2" \
      >> "$O/$name.bench"
  done
  say "$name: bench (at most $(($(left) - 10)) s)"
  t0=$(date +%s)
  timeout $(($(left) - 10)) $P bench -r 3 --max-runs 3 --no-convergence-phase -v \
    --json "$O/$name.json" "$O/$name.bench" > "$O/$name.txt" 2> "$O/$name.err"
  rc=$?
  echo "$rc" > "$O/$name.rc"
  say "$name: exit $rc after $(($(date +%s) - t0)) s"
}

# the issue's command's entries first, then the rest of the cost and sorting
# families (one dataset a tier: generated once)
CORE="bench_copy reduce scan filter"
COST="argmax scan_exclusive scan_max scan_rts histogram scan_hillis_steele red scan_blelloch"
SEARCH_KEYS="bench_sorted_keys_search bench_binary_search bench_btree_search bench_nary4_search bench_nary16_search bench_nary64_search to_btree to_eytzinger"
SEARCH_RANDOM="bench_binary_search_random bench_btree_search_random bench_btree_search_random_grouped bench_nary16_search_random"
tier r31 150 "random $N31 $CORE radix_sort $COST filter_scan radix_sort_1bit sorted"
tier r32 150 "random $N32 $CORE $COST"
tier w32 120 "random $N32 radix_sort sorted" "random $N25 radix_sort"
tier c32 120 "random $N32 $CORE radix_sort"
tier a31 120 "random $N31 argsort"
tier n25 90 "random $N25 $CORE radix_sort $COST filter_scan radix_sort_1bit sorted argsort" \
  "sorted $N25 $SEARCH_KEYS $SEARCH_RANDOM" "eytzinger $N25 bench_eytzinger_search bench_eytzinger_search_random"
tier s31 90 "sorted $N31 $SEARCH_KEYS"
tier e31 60 "eytzinger $N31 bench_eytzinger_search"
tier s32 150 "sorted $N32 bench_sorted_keys_search bench_binary_search bench_btree_search to_btree to_eytzinger"
{
  echo "not in the big tiers: radix_sort_1bit argsort filter_scan at $N32 (max_n 2^32 - 1)"
  echo "not in the big tiers: $SEARCH_RANDOM bench_eytzinger_search_random (references of 2^31 random keys on the host)"
  echo "not in the big tiers: bench_btree_search_random_grouped at $N32 (max_n 2^32 - 1)"
} >> "$O/skipped.txt"

# the means side by side
python3 - "$O" $N25 $N31 $N32 > "$O/summary.txt" 2>&1 <<'PY'
import glob, json, os, re, sys
o, sizes = sys.argv[1], sys.argv[2:]
mean, failed = {}, []
for f in sorted(glob.glob(os.path.join(o, "*.json"))):
    try:
        r = json.load(open(f))
    except (OSError, ValueError) as err:
        print("%s: unreadable (%s)" % (f, err))
        continue
    for prog, v in r.items():
        entry = prog.split(":")[-1]
        for d, res in v.get("datasets", {}).items():
            m = re.search(r"\[(\d+)\]", d)
            if not isinstance(res, dict):  # a failed dataset: its error
                failed.append("%s %s: %s" % (entry, d, res))
                continue
            t = res.get("runtimes") or []
            if m and t:
                mean[(entry, m.group(1))] = sum(t) / len(t)
entries = sorted({e for e, _ in mean}, key=lambda e: -mean.get((e, sizes[0]), 0))
print("%-36s %12s %14s %14s %9s %9s" % ("entry (mean us)", "2^25", "2^31+5", "2^32+3", "x(2^31)", "x(2^32)"))
for e in entries:
    a = [mean.get((e, s)) for s in sizes]
    cell = lambda x: "%.0f" % x if x else "-"
    ratio = lambda x: "%.1fx" % (x / a[0]) if x and a[0] else "-"
    print("%-36s %12s %14s %14s %9s %9s" % (e, cell(a[0]), cell(a[1]), cell(a[2]), ratio(a[1]), ratio(a[2])))
print("n ratios: %.1fx and %.1fx" % (int(sizes[1]) / int(sizes[0]), int(sizes[2]) / int(sizes[0])))
print("\n== failed datasets: %d" % len(failed))
print("\n".join(failed))
for f in ("cub.txt", "skipped.txt"):
    p = os.path.join(o, f)
    if os.path.exists(p):
        print("\n== " + f)
        print(open(p).read().rstrip())
for f in sorted(glob.glob(os.path.join(o, "*.rc"))):
    print("%s: bench exit %s" % (os.path.basename(f)[:-3], open(f).read().strip()))
PY
cat "$O/summary.txt"
say "done"
# The device tool brings back at most 8 files: under its $OUT the folder goes
# back as one archive, gpu-big.tar.xz, with summary.txt beside it.
if [ -n "${OUT:-}" ]; then
  tar -C "$(dirname "$O")" -cJf "$O.tar.xz" gpu-big && find "$O" -mindepth 1 ! -name summary.txt -delete
fi
