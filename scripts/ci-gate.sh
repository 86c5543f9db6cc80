#!/bin/bash
# ci-gate.sh: the performance-regression gate a CI job calls (docs/ci.md).
# Runs the new build in rounds (separate invocations of bench) and tests them
# against a stored baseline's rounds (--baseline DIR, made by ci-baseline.sh),
# or runs the old and the new psearch build in alternating ABBA rounds
# (--against); either way psearch compare's rounds test (a t-test of the
# rounds' median ratios), so the noise it weighs is the drift between
# invocations, which one invocation a side cannot show. Prints the markdown table
# (also appended to $GITHUB_STEP_SUMMARY when set), and exits with psearch
# compare --strict's code: 0 no significant regression, 4 a significant
# regression, 5 a dataset could not be judged (too few rounds or runs) or is
# missing on a side, 1 a dataset or bench failed or nothing to compare,
# 2 usage, 3 a results file is not results JSON.
set -u

usage() {
  cat <<'U'
Usage: scripts/ci-gate.sh (--baseline DIR | --against OLD_PSEARCH) [OPTIONS]
  --baseline DIR     the baseline's rounds (made by scripts/ci-baseline.sh)
  --against PATH     the old build's psearch: run old and new alternately
  --rounds K         rounds of bench per side (default: as many as the baseline has,
                     10 with --against; the rounds test needs at least 3)
  --suite SUITE      suite to run (default: the built-in default suites); repeatable
  --backend NAME     opencl (default) or c
  --device D         OpenCL device (index or name substring)
  --runs N           minimum runs per dataset (default 20)
  --max-seconds S    convergence-phase budget per dataset (default 30)
  --threshold PCT    minimum change that counts, percent (default 2)
  --alpha A          significance level (default 0.01)
  --results FILE     where to keep the new results (one round; default: a temporary file)
  --keep DIR         keep every round's results in DIR (old-K.json, new-K.json)
  --markdown FILE    also write the markdown table to FILE
  --psearch PATH     the psearch binary (default: build/psearch in the sources, bin/psearch
                     beside an installed share/psearch, else on PATH)
  -e ENTRY           only this entry point; repeatable
  -- BENCH_ARG...    passed to every bench (--batch, --max-runs N, --tune T, ...); give
                     the baseline and the gate the same ones
U
}

baseline= against= rounds= results= markdown= backend= device= runs=20 maxs=30 threshold=2 alpha=0.01 psearch= keep=
suites=() entries=() extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --baseline) baseline=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --suite) suites+=("$2"); shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --max-seconds) maxs=$2; shift 2 ;;
    --threshold) threshold=$2; shift 2 ;;
    --alpha) alpha=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --markdown) markdown=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --psearch) psearch=$2; shift 2 ;;
    -e) entries+=(-e "$2"); shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) usage; exit 0 ;;
    *) echo "ci-gate.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$baseline" ] && [ -z "$against" ]; then
  echo "ci-gate.sh: --baseline FILE or --against OLD_PSEARCH is required" >&2; exit 2
fi
if [ -n "$baseline" ] && [ -n "$against" ]; then
  echo "ci-gate.sh: --baseline and --against exclude each other" >&2; exit 2
fi
baseline=${baseline%/} bfiles=()
if [ -n "$baseline" ] && [ ! -e "$baseline" ]; then
  echo "ci-gate.sh: no baseline at $baseline; make one deliberately with scripts/ci-baseline.sh" >&2
  exit 2
elif [ -n "$baseline" ] && [ -d "$baseline" ]; then
  bfiles=("$baseline"/round-*.json)
  [ -f "${bfiles[0]}" ] || { echo "ci-gate.sh: no rounds (round-K.json) in $baseline" >&2; exit 2; }
elif [ -n "$baseline" ] && [ -f "$baseline" ]; then
  bfiles=("$baseline")
  echo "ci-gate.sh: $baseline is one invocation, which cannot be judged; remake the baseline as" \
       "rounds: scripts/ci-baseline.sh --baseline DIR" >&2
fi
[ -n "$rounds" ] || { [ -n "$against" ] && rounds=10 || rounds=${#bfiles[@]}; }
case $rounds in ''|*[!0-9]*|0) echo "ci-gate.sh: --rounds must be a positive integer" >&2; exit 2 ;; esac
if [ -z "$psearch" ]; then # the source tree's build, the installed binary beside share/psearch, or PATH's
  here=$(cd "$(dirname "$0")" && pwd)
  if [ -x "$here/../build/psearch" ]; then psearch=$here/../build/psearch
  elif [ -x "$here/../../bin/psearch" ]; then psearch=$here/../../bin/psearch
  else psearch=psearch; fi
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$keep" ]; then
  mkdir -p "$keep" || exit 2
  rmdir "$tmp"
  tmp=$(cd "$keep" && pwd)
  trap - EXIT
fi
[ -n "$results" ] || results=$tmp/new.json

args=(bench -r "$runs" --convergence-max-seconds "$maxs" "${entries[@]}" "${extra[@]}")
[ -n "$backend" ] && args+=(--backend "$backend")
[ -n "$device" ] && args+=(--device "$device")
bench_rc=0
olds=() news=() names=()
if [ -n "$baseline" ]; then
  for f in "${bfiles[@]}"; do olds+=(--old "$f"); done
  names=(--old-name "baseline ($baseline)" --new-name "this build")
else
  names=(--old-name "old build ($against)" --new-name "new build ($psearch)")
fi
run_old() {
  echo "ci-gate.sh: round $i of $rounds: old ($against)" >&2
  "$against" "${args[@]}" --json "$tmp/old-$i.json" "${suites[@]}" >&2 || bench_rc=$?
  [ -f "$tmp/old-$i.json" ] && olds+=(--old "$tmp/old-$i.json")
}
run_new() {
  local out=$tmp/new-$i.json
  [ "$rounds" = 1 ] && out=$results
  [ -n "$against" ] && echo "ci-gate.sh: round $i of $rounds: new ($psearch)" >&2
  "$psearch" "${args[@]}" --json "$out" "${suites[@]}" >&2 || bench_rc=$?
  [ -f "$out" ] && news+=(--new "$out")
}
# A/B rounds in ABBA order (old new, new old, ...), which cancels a linear drift
for ((i = 1; i <= rounds; i++)); do
  if [ -z "$against" ]; then
    run_new
  elif [ $((i % 2)) = 1 ]; then
    run_old; run_new
  else
    run_new; run_old
  fi
done
if [ "${#olds[@]}" = 0 ] || [ "${#news[@]}" = 0 ] || [ "$bench_rc" = 130 ]; then
  echo "ci-gate.sh: psearch bench wrote no results (exit $bench_rc)" >&2
  exit 1
fi

: > "$tmp/table.md"
"$psearch" compare --strict --markdown "$tmp/table.md" --threshold "$threshold" --alpha "$alpha" \
  "${names[@]}" "${olds[@]}" "${news[@]}" > /dev/null
rc=$?
cat "$tmp/table.md"
[ -n "$markdown" ] && cp "$tmp/table.md" "$markdown"
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && cat "$tmp/table.md" >> "$GITHUB_STEP_SUMMARY"
if [ "$rc" = 0 ] && [ "$bench_rc" != 0 ]; then
  echo "ci-gate.sh: psearch bench failed (exit $bench_rc)" >&2
  rc=1
fi
case $rc in
  0) echo "ci-gate.sh: no significant regression" >&2 ;;
  4) echo "ci-gate.sh: significant regression (see the table)" >&2 ;;
  5) echo "ci-gate.sh: a dataset could not be judged or is missing on a side (see the table)" >&2 ;;
esac
exit $rc
