#!/bin/bash
# gpu-issue51.sh: issue 51's table in one device call: every row beside its
# peer, by the scripts that make each part, one after another within a budget.
#
#   scripts/gpu-issue51.sh [-o OUTDIR] [--budget S] [--parts LIST] [-n N] [-m M] [--runs R]
#
# Parts (LIST: comma-separated, default main,skew,pairs,gate), in this order,
# each bounded by what is left of the budget S (default 570 s of wall time,
# from the start):
#   main   scripts/experiment.sh --rounds 3 --runs R --max-runs 300 --peers cub,torch
#          --tune portable=ptx=0: radix_sort and argsort over [N]i32 and
#          radix_sort_pairs over [N]i32 keys and values; bench_copy, bench_gather, bench_btree_search_random,
#          bench_sorted_keys_search and to_eytzinger over a sorted [N]i32;
#          reduce, scan, segmented_scan and segmented_reduce over [M]i32 ([M]bool
#          flags). CUB, thrust, torch and CuPy in the same call (skipped with a
#          note where their toolchain is missing). Then `bench -x --batch` of
#          reduce and scan over [M]i32 (the batch mean beside the span).
#   skew   scripts/gpu-skew.sh --runs R -n N: the sorts on seven key distributions
#          beside CUB's SortKeys and SortPairs on the same files.
#   pairs  scripts/gpu-pairs.sh --runs R -n N: radix_sort_pairs of four key/value
#          types beside CUB's SortPairs on the same files.
#   gate   scripts/gpu-gate-batch.sh --threshold 1 --modes batch --budget (what is
#          left): the A/B gate with --batch, an identical build against scan
#          planted 2% slower; needs the bundle's bin/psearch-hooks (a build with
#          -Dtest_hooks=true), skipped with a note without it.
# Defaults: OUTDIR $OUT (the device call's folder), else ./gpu-issue51-out; N
# 33554431, M 10000000, R 20 (skew and pairs: R / 2). The bundle: .carry/psearch
# (scripts/gpu-bundle.sh). A part starts only with at least 30 s left; one cut
# by the budget keeps what it wrote (each script rewrites its summary as it
# goes).
#
# OUTDIR gets PART/ (each part's own files), log.txt (each part's start,
# exit code and seconds) and summary.txt (each part's summary in turn,
# rewritten after each part). Exit 0 when every part ran and exited 0, 1
# otherwise, 2 usage. A trial on a CPU (PoCL, small sizes, no peers):
#   scripts/gpu-issue51.sh -o /tmp/t51 -n 100003 -m 100003 --runs 4 --parts main,skew,pairs
set -u
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit "$1"; }
die() { echo "gpu-issue51.sh: $*" >&2; exit 2; }

outdir=${OUT:-gpu-issue51-out} budget=570 parts=main,skew,pairs,gate n=33554431 m=10000000 runs=20
while [ $# -gt 0 ]; do
  case $1 in
    -o) outdir=${2:-}; shift 2 ;;
    --budget) budget=${2:-}; shift 2 ;;
    --parts) parts=${2:-}; shift 2 ;;
    -n) n=${2:-}; shift 2 ;;
    -m) m=${2:-}; shift 2 ;;
    --runs) runs=${2:-}; shift 2 ;;
    -h|--help) usage 0 ;;
    *) die "unknown argument $1 (--help)" ;;
  esac
done
for v in "$budget" "$n" "$m" "$runs"; do [[ $v =~ ^[1-9][0-9]*$ ]] || die "'$v' is not a positive integer"; done
for p in ${parts//,/ }; do
  case $p in main|skew|pairs|gate) ;; *) die "no part '$p' (main, skew, pairs, gate)" ;; esac
done
P=$root/.carry/psearch/psearch
[ -x "$P" ] || P=$root/build/psearch
[ -x "$P" ] || die "no psearch: the bundle (scripts/gpu-bundle.sh) or build/psearch"
mkdir -p "$outdir" || exit 2
outdir=$(cd "$outdir" && pwd)
start=$(date +%s) rc=0
left() { echo $((budget - ($(date +%s) - start))); }
log() { echo "$(date +%T) +$(($(date +%s) - start))s $*" | tee -a "$outdir/log.txt"; }
# summarize: summary.txt from each part's summary, in the order run
summarize() {
  for p in ${parts//,/ }; do
    [ -d "$outdir/$p" ] || continue
    echo "== $p"
    f=$(find "$outdir/$p" -maxdepth 2 -name summary.txt | head -1)
    if [ -n "$f" ]; then cat "$f"; else echo "(no summary: see $p/ and log.txt)"; fi
    echo
  done > "$outdir/summary.txt"
}

# part_main: the experiment's suite, the rounds with the peers, then the batch means
part_main() {
  local o=$outdir/main suite=$outdir/main-issue51.bench
  cat > "$suite" <<EOF
-- issue 51's rows (scripts/gpu-issue51.sh)
==
entry: radix_sort argsort
random input { [$n]i32 }
==
entry: radix_sort_pairs
random input { [$n]i32 [$n]i32 }
==
entry: bench_copy bench_gather bench_btree_search_random bench_sorted_keys_search to_eytzinger
random sorted input { [$n]i32 }
==
entry: reduce scan
random input { [$m]i32 }
==
entry: segmented_scan segmented_reduce
random input { [$m]i32 [$m]bool }
EOF
  timeout $(($(left) - 20)) scripts/experiment.sh -o "$o" --psearch "$P" --tune portable=ptx=0 --rounds 3 \
    --runs "$runs" --max-runs 300 --peers cub,torch --sizes "$n,$m" "$suite" > "$outdir/main.log" 2>&1 || return 1
  timeout 60 "$P" bench -r 100 -x --batch --max-runs 3000 -e reduce -e scan --json "$o/batch.json" "$suite" \
    > "$o/batch.txt" 2>&1 || return 1
  { echo; echo "bench -x --batch, reduce and scan over [$m]i32:"; sed -n '/^Results for/,$p' "$o/batch.txt"; } \
    >> "$o/summary.txt"
}

part_skew() { timeout $(($(left) - 10)) scripts/gpu-skew.sh -o "$outdir/skew" --runs $(( (runs + 1) / 2 )) -n "$n"; }
part_pairs() { timeout $(($(left) - 10)) scripts/gpu-pairs.sh -o "$outdir/pairs" --runs $(( (runs + 1) / 2 )) -n "$n"; }
part_gate() {
  local h=$root/.carry/psearch/bin/psearch-hooks
  if [ ! -x "$h" ]; then
    mkdir -p "$outdir/gate"
    echo "no $h (a build with -Dtest_hooks=true): the gate part is skipped" | tee "$outdir/gate/summary.txt"
    return 1
  fi
  scripts/gpu-gate-batch.sh -o "$outdir/gate" --psearch "$h" --threshold 1 --modes batch --budget $(($(left) - 10))
}

"$P" --version > "$outdir/version.txt" 2>&1
for p in ${parts//,/ }; do
  if [ "$(left)" -lt 30 ]; then
    log "$p: skipped, $(left) s of the budget left"
    rc=1
    continue
  fi
  log "$p: start ($(left) s left)"
  t0=$(date +%s)
  "part_$p" > "$outdir/$p.out" 2>&1
  r=$?
  log "$p: exit $r after $(($(date +%s) - t0)) s"
  [ $r -eq 0 ] || rc=1
  summarize
done
summarize
log "done (exit $rc)"
exit $rc
