#!/bin/bash
# gate-trial.sh: how often the stored-baseline gate (docs/ci.md) passes an
# identical build and catches a planted slowdown, on this machine: makes a
# baseline with ci-baseline.sh, then runs ci-gate.sh against it TRIALS times
# with the same build, and TRIALS times more with PSEARCH_TEST_SLOWDOWN
# planted when --plant is given (a build with -Dtest_hooks=true), and tallies
# the gate's exit codes. Every gate's markdown table and log is kept in OUTDIR.
#
#   scripts/gate-trial.sh -o OUTDIR [--psearch P] [--trials N] [--rounds K]
#       [--plant ENTRY:PCT] [GATE_OPTION...] [-- BENCH_ARG...]
#
# GATE_OPTION  --suite, -e, --runs, --threshold, --backend, ... as ci-gate.sh and
#              ci-baseline.sh take them (both get them).
# Prints, and writes to OUTDIR/summary.txt: "identical: 10 of 10 passed (exit 0)",
# "planted ENTRY:PCT: 9 of 10 caught (exit 4)", each trial's exit code and the
# geometric mean speedup of its table. Exit 0, 2 usage.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out='' psearch=$here/../build/psearch trials=10 rounds=5 plant='' gopts=() extra=()
while [ $# -gt 0 ]; do
  case $1 in
    -o) out=$2; shift 2 ;;
    --psearch) psearch=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --plant) plant=$2; shift 2 ;;
    --) shift; extra=(-- "$@"); break ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) gopts+=("$1" "$2"); shift 2 ;;
    *) echo "gate-trial.sh: unexpected '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "gate-trial.sh: -o OUTDIR is required" >&2; exit 2; }
mkdir -p "$out" || exit 2
export XDG_CACHE_HOME=$out/cache PSEARCH_CACHE_MAX=none
{ date -u +%FT%TZ; nproc; "$psearch" --version; "$psearch" devices 2>/dev/null | head -3; } > "$out/machine.txt"
"$here/ci-baseline.sh" --psearch "$psearch" --baseline "$out/baseline" --rounds "$rounds" "${gopts[@]}" \
  "${extra[@]}" > "$out/baseline.log" 2>&1 || { echo "gate-trial.sh: ci-baseline.sh failed (baseline.log)" >&2; exit 1; }
trial() { # trial NAME K [ENV...]: one gate, its exit code and geomean appended to the tally
  local name=$1 k=$2; shift 2
  env "$@" "$here/ci-gate.sh" --psearch "$psearch" --baseline "$out/baseline" "${gopts[@]}" \
    --markdown "$out/$name-$k.md" "${extra[@]}" > "$out/$name-$k.log" 2>&1
  local rc=$? g
  g=$(grep -o 'geometric mean speedup [*]*[0-9.]*x' "$out/$name-$k.md" 2>/dev/null | head -1 | tr -d '*')
  echo "$name $k exit $rc ${g:-}" | tee -a "$out/trials.txt"
}
: > "$out/trials.txt"
for ((k = 1; k <= trials; k++)); do trial identical $k; done
[ -n "$plant" ] && for ((k = 1; k <= trials; k++)); do trial planted $k PSEARCH_TEST_SLOWDOWN="$plant"; done
{
  echo "identical: $(grep -c '^identical .* exit 0' "$out/trials.txt") of $trials passed (exit 0)"
  [ -n "$plant" ] && echo "planted $plant: $(grep -c '^planted .* exit 4' "$out/trials.txt") of $trials caught (exit 4)"
  cat "$out/trials.txt"
} | tee "$out/summary.txt"
rm -rf "$out/cache"
