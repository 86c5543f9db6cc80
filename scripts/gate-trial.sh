#!/bin/bash
# gate-trial.sh: how often the regression gate (docs/ci.md) passes an
# identical build and catches a planted slowdown, on this machine. Stored
# baseline (the default): makes a baseline with ci-baseline.sh and runs
# ci-gate.sh --baseline against it; A/B (--ab): runs ci-gate.sh --against the
# same binary, no baseline. TRIALS gates with the same build and, with --plant,
# TRIALS more whose new side has PSEARCH_TEST_SLOWDOWN=ENTRY:PCT planted (a
# build with -Dtest_hooks=true), taken in turn (identical 1, planted 1,
# identical 2, ...) so that the machine's drift, or a call cut short, hits both
# alike; tallies the gates' exit codes. Every gate's markdown table and log is
# kept in OUTDIR.
#
#   scripts/gate-trial.sh -o OUTDIR [--psearch P] [--trials N] [--rounds K] [--ab]
#       [--plant ENTRY:PCT] [--deadline EPOCH [--expect S]] [--keep-rounds] [--cache DIR]
#       [GATE_OPTION...] [-- BENCH_ARG...]
#
# --rounds K     rounds a side (default 5 with a baseline; with --ab ci-gate.sh's, 10)
# --deadline T   start no gate that would end after T (seconds since the epoch), as
#                the longest gate so far took (before the first, --expect S, default 0);
#                the tallies say how many ran
# --keep-rounds  keep each gate's rounds (bench's JSON) in OUTDIR/NAME-K/
# --cache DIR    the cache of datasets, references and kernels to use, and keep
#                (default: OUTDIR/cache, removed at the end)
# GATE_OPTION    --suite, -e, --runs, --max-seconds, --backend, --device as ci-gate.sh
#                and ci-baseline.sh take them (both get them); --threshold, --alpha
#                (the gate's only)
# -- BENCH_ARG   to every bench of the baseline and the gates (--batch, --max-runs N)
# Prints, and writes to OUTDIR/summary.txt after each gate: "identical: 10 of 10
# passed (exit 0)", "planted ENTRY:PCT: 9 of 10 caught (exit 4)", then each gate's
# name, exit code, geometric mean speedup (its table's) and seconds. Exit 0, 1
# when the baseline could not be made, 2 usage.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out='' psearch=$here/../build/psearch trials=10 rounds='' plant='' ab=0 deadline='' keep=0 cache='' expect=0 longest=0
gopts=() only_gate=() extra=()
while [ $# -gt 0 ]; do
  case $1 in
    -o) out=$2; shift 2 ;;
    --psearch) psearch=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --plant) plant=$2; shift 2 ;;
    --ab) ab=1; shift ;;
    --deadline) deadline=$2; shift 2 ;;
    --expect) expect=$2; shift 2 ;;
    --keep-rounds) keep=1; shift ;;
    --cache) cache=$2; shift 2 ;;
    --threshold|--alpha) only_gate+=("$1" "$2"); shift 2 ;;
    --) shift; extra=(-- "$@"); break ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) gopts+=("$1" "$2"); shift 2 ;;
    *) echo "gate-trial.sh: unexpected '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "gate-trial.sh: -o OUTDIR is required" >&2; exit 2; }
case $trials in ''|*[!0-9]*) echo "gate-trial.sh: --trials must be a number" >&2; exit 2 ;; esac
case $deadline in *[!0-9]*) echo "gate-trial.sh: --deadline must be seconds since the epoch" >&2; exit 2 ;; esac
case $expect in ''|*[!0-9]*) echo "gate-trial.sh: --expect must be whole seconds" >&2; exit 2 ;; esac
case $plant in ''|?*:[0-9]*) ;; *) echo "gate-trial.sh: --plant must be ENTRY:PCT" >&2; exit 2 ;; esac
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
case $psearch in /*) ;; */*) psearch=$(cd "$(dirname "$psearch")" && pwd)/$(basename "$psearch") ;; esac
export XDG_CACHE_HOME=${cache:-$out/cache} PSEARCH_CACHE_MAX=none
{ date -u +%FT%TZ; nproc; "$psearch" --version; "$psearch" devices 2>/dev/null | head -3; } > "$out/machine.txt"
side=(--baseline "$out/baseline")
if [ $ab = 1 ]; then
  side=(--against "$psearch")
  [ -n "$rounds" ] && side+=(--rounds "$rounds")
else
  "$here/ci-baseline.sh" --psearch "$psearch" --baseline "$out/baseline" --rounds "${rounds:-5}" "${gopts[@]}" \
    "${extra[@]}" > "$out/baseline.log" 2>&1 || { echo "gate-trial.sh: ci-baseline.sh failed (baseline.log)" >&2; exit 1; }
fi
if [ -n "$plant" ]; then # the planted build: this psearch with the hook set, for the new side only
  printf '#!/bin/bash\nPSEARCH_TEST_SLOWDOWN=%q exec %q "$@"\n' "$plant" "$psearch" > "$out/planted-psearch"
  chmod +x "$out/planted-psearch"
fi
unrun() { # NAME: " (N of TRIALS not run: --deadline)" when some of NAME's gates did not run
  local ran
  ran=$(grep -c "^$1 " "$out/trials.txt")
  [ "$ran" -lt "$trials" ] && echo " ($((trials - ran)) of $trials not run: --deadline)"
}
summary() { # the tallies so far into summary.txt
  {
    echo "identical: $(grep -c '^identical .* exit 0 ' "$out/trials.txt") of" \
         "$(grep -c '^identical ' "$out/trials.txt") passed (exit 0)$(unrun identical)"
    [ -n "$plant" ] && echo "planted $plant: $(grep -c '^planted .* exit 4 ' "$out/trials.txt") of" \
         "$(grep -c '^planted ' "$out/trials.txt") caught (exit 4)$(unrun planted)"
    echo "gate: ci-gate.sh ${side[*]} ${gopts[*]} ${only_gate[*]} ${extra[*]}" | tr -s ' '
    cat "$out/trials.txt"
  } > "$out/summary.txt"
}
trial() { # trial NAME K PSEARCH: one gate, its exit code, geomean and seconds appended to the tally
  local name=$1 k=$2 p=$3 t0 rc g secs keepopt=()
  [ $keep = 1 ] && keepopt=(--keep "$out/$name-$k")
  t0=$(date +%s)
  "$here/ci-gate.sh" --psearch "$p" "${side[@]}" "${gopts[@]}" "${only_gate[@]}" "${keepopt[@]}" \
    --markdown "$out/$name-$k.md" "${extra[@]}" > "$out/$name-$k.log" 2>&1
  rc=$?
  secs=$(($(date +%s) - t0))
  [ "$secs" -gt "$longest" ] && longest=$secs
  g=$(grep -o 'geometric mean speedup [*]*[0-9.]*x' "$out/$name-$k.md" 2>/dev/null | head -1 | tr -d '*')
  echo "$name $k exit $rc ${g:-no table} ${secs}s" | tee -a "$out/trials.txt"
  summary
}
fits() { # a gate started now ends by the deadline, as the longest so far (or --expect) took
  [ -z "$deadline" ] || [ $(($(date +%s) + ($(wc -l < "$out/trials.txt") > 0 ? longest : expect))) -le "$deadline" ]
}
: > "$out/trials.txt"
for ((k = 1; k <= trials; k++)); do
  fits || break
  trial identical $k "$psearch"
  [ -n "$plant" ] || continue
  fits || break
  trial planted $k "$out/planted-psearch"
done
summary
cat "$out/summary.txt"
[ -n "$cache" ] || rm -rf "$out/cache"
