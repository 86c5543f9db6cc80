#!/bin/bash
# gpu-gate-batch.sh: the A/B regression gate on kernels of tens of
# microseconds, with and without bench --batch (issue 51, target 8): TRIALS
# times `ci-gate.sh --against P --psearch P` (the same build on both sides:
# it must pass, exit 0) and TRIALS times with the new side's scan planted
# PCT% slower (PSEARCH_TEST_SLOWDOWN through a wrapper, so the old side runs
# unplanted: it must be caught, exit 4), on scan and reduce [N]i32 (reduce is
# the control: never flagged). ci-gate's default rounds (6 a side, ABBA).
#
#   scripts/gpu-gate-batch.sh -o OUTDIR --psearch P [--trials N] [--plant scan:PCT]
#       [-n N] [--max-seconds S] [--modes "batch plain"]
#
# P must be built with -Dtest_hooks=true (the planted slowdown). Defaults:
# 5 trials, scan:2, n = 10000000, --max-seconds 2 (ci-gate's convergence
# budget per dataset), modes "batch plain" (`-- --batch`, then no bench
# argument). OUTDIR gets g.bench, machine.txt, MODE-identical-K.{md,log},
# MODE-planted-K.{md,log}, trials.txt and summary.txt ("batch identical: 5 of
# 5 passed", "batch planted scan:2: 5 of 5 caught", the time each part took).
# Exit 0, 1 when a part could not run, 2 usage.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out='' P='' trials=5 plant=scan:2 n=10000000 maxs=2 modes="batch plain"
while [ $# -gt 0 ]; do
  case $1 in
    -o) out=$2; shift 2 ;;
    --psearch) P=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --plant) plant=$2; shift 2 ;;
    -n) n=$2; shift 2 ;;
    --max-seconds) maxs=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    *) echo "usage: scripts/gpu-gate-batch.sh -o OUTDIR --psearch P [--trials N] [--plant scan:PCT] [-n N] [--max-seconds S] [--modes M]" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] && [ -x "$P" ] || { echo "gpu-gate-batch.sh: -o OUTDIR and --psearch P (a test-hooks build) are required" >&2; exit 2; }
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd) P=$(cd "$(dirname "$P")" && pwd)/$(basename "$P")
export XDG_CACHE_HOME=$out/cache PSEARCH_CACHE_MAX=none
printf '==\nentry: scan reduce\nrandom input { [%s]i32 }\n' "$n" >"$out/g.bench"
printf '#!/bin/sh\nPSEARCH_TEST_SLOWDOWN=%s exec %s "$@"\n' "$plant" "$P" >"$out/planted-psearch"
chmod +x "$out/planted-psearch"
{ date -u +%FT%TZ; nproc; "$P" --version; "$P" devices 2>/dev/null | head -3
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
  echo "command: scripts/gpu-gate-batch.sh -o $out --psearch $P --trials $trials --plant $plant -n $n --max-seconds $maxs --modes '$modes'"
} >"$out/machine.txt"
rc=0
: >"$out/trials.txt"
trial() { # MODE NAME K NEW_PSEARCH [BENCH_ARG...]
  local mode=$1 name=$2 k=$3 new=$4 r g
  shift 4
  "$here/ci-gate.sh" --against "$P" --psearch "$new" --suite "$out/g.bench" --max-seconds "$maxs" \
    --markdown "$out/$mode-$name-$k.md" "$@" >"$out/$mode-$name-$k.log" 2>&1
  r=$?
  g=$(grep -o 'geometric mean speedup [*]*[0-9.]*x' "$out/$mode-$name-$k.md" 2>/dev/null | head -1 | tr -d '*')
  echo "$mode $name $k exit $r ${g:-}" | tee -a "$out/trials.txt"
}
"$P" bench -r 3 --max-runs 3 --no-convergence-phase "$out/g.bench" >/dev/null 2>"$out/warm.log" || rc=1 # kernels built once
for mode in $modes; do
  case $mode in batch) args=(-- --batch) ;; plain) args=() ;; *) echo "unknown mode $mode" >&2; exit 2 ;; esac
  t0=$SECONDS
  for ((k = 1; k <= trials; k++)); do trial "$mode" identical "$k" "$P" "${args[@]}"; done
  for ((k = 1; k <= trials; k++)); do trial "$mode" planted "$k" "$out/planted-psearch" "${args[@]}"; done
  echo "$mode took $((SECONDS - t0)) s" >>"$out/times.txt"
done
{
  for mode in $modes; do
    echo "$mode identical: $(grep -c "^$mode identical .* exit 0" "$out/trials.txt") of $trials passed (exit 0)"
    echo "$mode planted $plant: $(grep -c "^$mode planted .* exit 4" "$out/trials.txt") of $trials caught (exit 4)"
  done
  cat "$out/times.txt" "$out/trials.txt"
} | tee "$out/summary.txt"
rm -rf "$out/cache"
exit $rc
