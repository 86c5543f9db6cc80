#!/bin/bash
# gpu-pairs.sh: one device call (a few minutes) for issue 51's third target,
# "pairs of any key type with 32- and 64-bit values, as CUB offers":
# radix_sort_pairs on [N] keys and values (default N 33554431) of the types
#   i32/i32 (the figure on record), i64/i32, u64/u64, f32/i64
# beside CUB's SortPairs on the same files, and argsort and radix_sort on the
# i32 keys (the 4-byte payload path, to hold against the records).
#
#   scripts/gpu-pairs.sh [-o OUTDIR] [--runs R] [-n N]
#
# Each dataset is `psearch dataset -g '[N]K' -g '[N]V'` (uniform over the
# types' default bounds: the whole integer range, floats in [0, 1)), one file
# read by psearch (`input @`) and by CUB (cub_anchor --pairs, built from
# scripts/anchors/cub_anchor.cu by nvcc -O3 -arch=$CUDA_ARCH, default sm_90,
# in the background while psearch runs; CUDA events, 50 runs after 5).
# psearch's sides, each `bench -r R -x --no-convergence-phase`: "default"
# (the shapes psearch chooses) and "wg384" (--tune sort_wg=384: os_pass in
# groups of 384, its keys a work-item as many as local memory allows: the
# other shape to weigh for 8-byte keys or values).
#
# Needs the bundle .carry/psearch (scripts/gpu-bundle.sh) and nvcc on the
# device host; without nvcc the CUB column says "-". OUTDIR (default $OUT,
# else ./gpu-pairs-out) gets machine.txt, pairs.bench, SIDE.json / SIDE.txt /
# SIDE.err, cub.txt, nvcc.log, log.txt and summary.txt (each dataset: each
# side's mean and span in µs, CUB's event mean, the default span over CUB's).
# summary.txt is rewritten after each step. Exit 0, or 1 when a step failed
# (the others still ran).
set -u
cd "$(dirname "$0")/.." || exit 1
outdir=${OUT:-gpu-pairs-out}
runs=20
n=33554431
while [ $# -gt 0 ]; do
  case $1 in
  -o) outdir=$2; shift 2 ;;
  --runs) runs=$2; shift 2 ;;
  -n) n=$2; shift 2 ;;
  *) echo "usage: scripts/gpu-pairs.sh [-o OUTDIR] [--runs R] [-n N]" >&2; exit 2 ;;
  esac
done
. scripts/gpu-lib.sh
gpu_setup gpu-pairs.sh "$outdir"
gpu_machine "scripts/gpu-pairs.sh -o $outdir --runs $runs -n $n"

pairs="i32/i32 i64/i32 u64/u64 f32/i64"
log "datasets: [$n] keys and values: $pairs"
for kv in $pairs; do
  "$P" dataset -g "[$n]${kv%/*}" -g "[$n]${kv#*/}" -o "$T/${kv/\//-}.in" || { rc=1; log "dataset $kv failed"; }
done
"$P" dataset -g "[$n]i32" -o "$T/i32.in" || { rc=1; log "dataset i32 failed"; }
{
  echo "-- gpu-pairs.sh: radix_sort_pairs on [$n] keys and values of their own types"
  echo "=="
  echo "entry: radix_sort_pairs"
  for kv in $pairs; do echo "\"$kv\" input @ ${kv/\//-}.in"; done
  echo "=="
  echo "entry: radix_sort argsort"
  echo "\"i32\" input @ i32.in"
} >"$T/pairs.bench"
cp "$T/pairs.bench" "$outdir/pairs.bench"

summarize() { # the summary of what has run so far
  # shellcheck disable=SC2086 # the pairs are words
  python3 - "$outdir" $pairs >"$outdir/summary.txt" <<'PY'
import json, os, re, sys
out, pairs = sys.argv[1], sys.argv[2:]
sides = ["default", "wg384"]
res = {}
for s in sides:
    try:
        j = json.load(open(os.path.join(out, s + ".json")))
    except (OSError, ValueError):
        continue
    for key, v in j.items():
        entry = key.split(":")[-1]
        for ds, d in v.get("datasets", {}).items():
            p = d.get("psearch", {}) if isinstance(d, dict) else {}
            res[(s, entry, ds)] = (p.get("mean_us"), p.get("kernel_span_us_mean"), p.get("validation"))
cub = {}
try:
    for line in open(os.path.join(out, "cub.txt")):
        m = re.match(r"cub SortPairs (\S+)\s+mean\s+([0-9.]+)", line)
        if m:
            cub[m.group(1)] = float(m.group(2))
except OSError:
    pass
f = lambda x: "-" if x is None else "%.1f" % x
print("[N] keys/values, µs: each side's wall mean / span (bench -x), its validation; CUB's SortPairs event")
print("mean on the same file; span/CUB: the default span over CUB's.")
print("\nradix_sort_pairs")
print("%-9s %19s %19s %9s %9s" % ("pairs", "default mean/span", "wg384 mean/span", "CUB", "span/CUB"))
for kv in pairs:
    cells = []
    for s in sides:
        m, sp, v = res.get((s, "radix_sort_pairs", kv), (None, None, None))
        cells.append("%s/%s%s" % (f(m), f(sp), "" if v in (None, "ok") else " (%s)" % v))
    sp, c = res.get(("default", "radix_sort_pairs", kv), (None, None, None))[1], cub.get(kv)
    print("%-9s %19s %19s %9s %9s" % (kv, cells[0], cells[1], f(c), "%.3fx" % (sp / c) if sp and c else "-"))
print("\nthe 4-byte payload path, [N]i32 keys (hold against the records)")
for entry in ("radix_sort", "argsort"):
    cells = []
    for s in sides:
        m, sp, v = res.get((s, entry, "i32"), (None, None, None))
        cells.append("%s/%s%s" % (f(m), f(sp), "" if v in (None, "ok") else " (%s)" % v))
    print("%-10s %19s %19s" % (entry, cells[0], cells[1]))
PY
}

side() { # NAME [BENCH_ARG...]
  local name=$1
  shift
  log "psearch side $name"
  "$P" bench -r "$runs" -x --no-convergence-phase "$@" --json "$outdir/$name.json" "$T/pairs.bench" \
    >"$outdir/$name.txt" 2>"$outdir/$name.err" || { r=$?; rc=1; log "bench $name: exit $r ($name.err)"; }
}
side default
summarize
if [ -n "$nvpid" ]; then
  log "waiting for nvcc"
  if wait "$nvpid"; then
    for kv in $pairs; do
      log "CUB on $kv"
      "$T/cub_anchor" --pairs "$T/${kv/\//-}.in" "$kv" >>"$outdir/cub.txt" 2>>"$outdir/cub.err" || { rc=1; log "cub $kv failed"; }
    done
  else
    rc=1
    log "nvcc failed (nvcc.log)"
  fi
fi
summarize
side wg384 --tune sort_wg=384
log "summary"
summarize || rc=1

cat "$outdir/summary.txt"
log "done (exit $rc)"
exit $rc
