#!/bin/bash
# gpu-skew.sh: one device call (about 3 minutes, under 300 s) for the first
# target of issue 51, "sort on every distribution": radix_sort, argsort and
# radix_sort_pairs on [N]i32 keys (default 33554431) of seven distributions,
# and CUB's SortKeys and SortPairs on the same files in the same call.
#
#   scripts/gpu-skew.sh [-o OUTDIR] [--runs R] [-n N] [--side NAME 'BENCH_ARGS']...
#
# Distributions (psearch dataset, seed 1; the pairs' values a second uniform
# array, seed 1000, appended to each keys file):
#   uniform   the whole i32 range            few4   in 0..15 (--i32-bounds=0:15)
#   few8      in 0..255                      equal  all keys 7 (--i32-bounds=7:7)
#   zipf      Zipf(1.2) over 0..2^31-1 (--zipf 1.2: 0 the most frequent)
#   sorted    ascending (--sorted)           reversed  descending (--reversed)
# psearch's sides, each `bench -r R -x --no-convergence-phase` over every
# entry and distribution: "new" (the defaults: a pass
# whose digit is constant copies, two in a row do nothing), "rank-all"
# (--tune sort_skip_constant=0: every pass ranks, the sort as it was), and
# "hist4" (--tune sort_hist_parts=4: os_hist's counts in 4 copies, against a
# hot digit's atomics); each --side NAME 'ARGS' replaces those two by a side
# of its own (e.g. --side hot1 '--tune sort_peers_hot=1'); CUB after "new": cub_anchor --file on each
# distribution's file (scripts/anchors/cub_anchor.cu, built by nvcc -O3
# -arch=$CUDA_ARCH, default sm_90, in the background while psearch runs;
# CUDA events, 50 runs after 5). summary.txt is rewritten after each step, so
# a call cut short keeps what ran.
#
# Needs the bundle .carry/psearch (scripts/gpu-bundle.sh: psearch and its
# libraries) and nvcc on the device host; without nvcc the CUB rows are
# skipped with a note. OUTDIR: default $OUT (the device call's folder), else
# ./gpu-skew-out; it gets machine.txt, SIDE.json / SIDE.txt / SIDE.err for
# each side, cub.txt, nvcc.log, log.txt and summary.txt (each entry and
# distribution: each side's mean and span in us, CUB's event mean, the span
# over CUB's, and each distribution's span over uniform's). Exit 0, or 1 when
# a step failed (the others still ran).
set -u
cd "$(dirname "$0")/.." || exit 1
outdir=${OUT:-gpu-skew-out}
runs=20
n=33554431
names=(rank-all hist4) sargs=('--tune sort_skip_constant=0' '--tune sort_hist_parts=4') given=0
while [ $# -gt 0 ]; do
  case $1 in
  -o) outdir=$2; shift 2 ;;
  --runs) runs=$2; shift 2 ;;
  -n) n=$2; shift 2 ;;
  --side)
    [ $given = 1 ] || names=() sargs=()
    given=1 names+=("$2") sargs+=("$3"); shift 3 ;;
  *) echo "usage: scripts/gpu-skew.sh [-o OUTDIR] [--runs R] [-n N] [--side NAME 'BENCH_ARGS']..." >&2; exit 2 ;;
  esac
done
. scripts/gpu-lib.sh
gpu_setup gpu-skew.sh "$outdir"
gpu_machine "scripts/gpu-skew.sh -o $outdir --runs $runs -n $n$(for i in "${!names[@]}"; do printf " --side %s '%s'" "${names[$i]}" "${sargs[$i]}"; done)"

dists="uniform few4 few8 equal zipf sorted reversed"
dopts() {
  case $1 in
  uniform) echo "" ;;
  few4) echo "--i32-bounds=0:15" ;;
  few8) echo "--i32-bounds=0:255" ;;
  equal) echo "--i32-bounds=7:7" ;;
  zipf) echo "--i32-bounds=0:2147483647 --zipf 1.2" ;;
  sorted) echo "--sorted" ;;
  reversed) echo "--reversed" ;;
  esac
}
log "datasets: [$n]i32 x 7 distributions"
"$P" dataset --seed 1000 -n "$n" -o "$T/values.in" || rc=1
for d in $dists; do
  # shellcheck disable=SC2046 # the options are words
  "$P" dataset $(dopts $d) -n "$n" -o "$T/$d.in" || { rc=1; log "dataset $d failed"; }
  cat "$T/$d.in" "$T/values.in" >"$T/$d-pairs.in"
done
{
  echo "-- gpu-skew.sh: [$n]i32 keys of seven distributions"
  echo "=="
  echo "entry: radix_sort argsort"
  for d in $dists; do echo "\"$d\" input @ $d.in"; done
  echo "=="
  echo "entry: radix_sort_pairs"
  for d in $dists; do echo "\"$d\" input @ $d-pairs.in"; done
} >"$T/skew.bench"
cp "$T/skew.bench" "$outdir/skew.bench"

summarize() { # the summary of what has run so far
  python3 - "$outdir" "new ${names[*]}" $dists >"$outdir/summary.txt" <<'PY'
import json, os, re, sys
out, sides, dists = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
res = {}
for s in sides:
    try:
        j = json.load(open(os.path.join(out, s + ".json")))
    except (OSError, ValueError):
        continue
    for key, v in j.items():
        entry = key.split(":")[-1]
        for ds, d in v.get("datasets", {}).items():
            if isinstance(d, dict):
                p = d.get("psearch", {})
                res[(s, entry, ds)] = (p.get("mean_us"), p.get("kernel_span_us_mean"))
            else:
                res[(s, entry, ds)] = (None, None)
cub = {}
try:
    for line in open(os.path.join(out, "cub.txt")):
        m = re.match(r"cub (SortKeys|SortPairs) (\S+)\s+mean\s+([0-9.]+)", line)
        if m:
            cub[(m.group(1), m.group(2))] = float(m.group(3))
except OSError:
    pass
f = lambda x: "-" if x is None else "%.1f" % x
print("[N]i32, µs: each side's wall mean / span (bench -x); CUB's event mean on the same file;")
print("span/CUB: the new span over CUB's; /uniform: the new span over uniform's.")
for entry, peer in (("radix_sort", "SortKeys"), ("argsort", None), ("radix_sort_pairs", "SortPairs")):
    print("\n%s (peer: %s)" % (entry, peer or "none"))
    print("%-9s " % "keys" + " ".join("%17s" % (s + (" mean/span" if s == "new" else "")) for s in sides)
          + " %9s %9s %9s" % ("CUB", "span/CUB", "/uniform"))
    base = res.get(("new", entry, "uniform"), (None, None))[1]
    for d in dists:
        cells = []
        for s in sides:
            m, sp = res.get((s, entry, d), (None, None))
            cells.append("%s/%s" % (f(m), f(sp)))
        c = cub.get((peer, d)) if peer else None
        sp = res.get(("new", entry, d), (None, None))[1]
        r = "%.3fx" % (sp / c) if sp and c else "-"
        u = "%.3fx" % (sp / base) if sp and base else "-"
        print("%-9s " % d + " ".join("%17s" % x for x in cells) + " %9s %9s %9s" % (f(c), r, u))
PY
}

side() { # NAME [BENCH_ARG...]
  local name=$1
  shift
  log "psearch side $name"
  "$P" bench -r "$runs" -x --no-convergence-phase "$@" --json "$outdir/$name.json" "$T/skew.bench" \
    >"$outdir/$name.txt" 2>"$outdir/$name.err" || { r=$?; rc=1; log "bench $name: exit $r ($name.err)"; }
}
side new
summarize
cub() {
  log "waiting for nvcc"
  if wait "$nvpid"; then
    for d in $dists; do
      log "CUB on $d"
      "$T/cub_anchor" --file "$T/$d-pairs.in" "$d" >>"$outdir/cub.txt" 2>>"$outdir/cub.err" || { rc=1; log "cub $d failed"; }
    done
  else
    rc=1
    log "nvcc failed (nvcc.log)"
  fi
}
[ -z "$nvpid" ] || cub
for i in "${!names[@]}"; do
  summarize
  # shellcheck disable=SC2086 # a side's arguments are words
  side "${names[$i]}" ${sargs[$i]}
done
log "summary"
summarize || rc=1

cat "$outdir/summary.txt"
log "done (exit $rc)"
exit $rc
