#!/bin/bash
# ci-baseline.sh: refresh the gate's baseline, deliberately (docs/ci.md).
# Runs the suite K times (rounds: separate invocations of bench), refuses to
# store results with a failed dataset, shows how the new baseline differs from
# the old one (if any), then replaces it whole. A baseline is a directory of
# rounds, round-1.json ... round-K.json: the gate runs as many rounds of the
# new build and tests the rounds, so that the noise it weighs is the drift
# between invocations, which one invocation a side cannot show.
set -u

usage() {
  cat <<'U'
Usage: scripts/ci-baseline.sh --baseline DIR [OPTIONS]
  --baseline DIR     where the baseline's rounds live (replaced whole)
  --rounds K         invocations of bench (default 5; the gate's test needs at least 3)
  --suite SUITE      suite to run (default: the built-in default suites); repeatable
  --backend NAME     opencl (default) or c
  --device D         OpenCL device (index or name substring)
  --runs N           minimum runs per dataset (default 20)
  --max-seconds S    convergence-phase budget per dataset (default 30)
  --psearch PATH     the psearch binary (default: build/psearch in the sources, bin/psearch
                     beside an installed share/psearch, else on PATH)
  -e ENTRY           only this entry point; repeatable
  -- BENCH_ARG...    passed to every bench (--batch, --max-runs N, --tune T, ...); give
                     the baseline and the gate the same ones
U
}

baseline= backend= device= runs=20 maxs=30 psearch= rounds=5
suites=() entries=() extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --baseline) baseline=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --suite) suites+=("$2"); shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --max-seconds) maxs=$2; shift 2 ;;
    --psearch) psearch=$2; shift 2 ;;
    -e) entries+=(-e "$2"); shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) usage; exit 0 ;;
    *) echo "ci-baseline.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[ -n "$baseline" ] || { echo "ci-baseline.sh: --baseline DIR is required" >&2; exit 2; }
case $rounds in ''|*[!0-9]*|0) echo "ci-baseline.sh: --rounds must be a positive integer" >&2; exit 2 ;; esac
if [ -e "$baseline" ] && [ ! -d "$baseline" ]; then
  echo "ci-baseline.sh: $baseline is a file: a baseline is a directory of rounds now (one invocation" \
       "cannot be judged); give a directory, and remove the file when the new baseline is made" >&2
  exit 2
fi
if [ -z "$psearch" ]; then # the source tree's build, the installed binary beside share/psearch, or PATH's
  here=$(cd "$(dirname "$0")" && pwd)
  if [ -x "$here/../build/psearch" ]; then psearch=$here/../build/psearch
  elif [ -x "$here/../../bin/psearch" ]; then psearch=$here/../../bin/psearch
  else psearch=psearch; fi
fi
baseline=${baseline%/}
mkdir -p "$(dirname "$baseline")" || exit 1
new="$baseline.new.$$"
rm -rf "$new"
mkdir "$new" || exit 1
trap 'rm -rf "$new" "$baseline.old.$$"' EXIT

args=(bench -r "$runs" --convergence-max-seconds "$maxs" "${entries[@]}" "${extra[@]}")
[ -n "$backend" ] && args+=(--backend "$backend")
[ -n "$device" ] && args+=(--device "$device")
for ((k = 1; k <= rounds; k++)); do
  echo "ci-baseline.sh: round $k of $rounds" >&2
  if ! "$psearch" "${args[@]}" --json "$new/round-$k.json" "${suites[@]}" >&2; then
    echo "ci-baseline.sh: psearch bench failed; the baseline at $baseline is unchanged" >&2
    exit 1
  fi
done
if [ -d "$baseline" ] && ls "$baseline"/round-*.json >/dev/null 2>&1; then
  echo "ci-baseline.sh: replacing $baseline; the new baseline against the old:" >&2
  olds=() news=()
  for f in "$baseline"/round-*.json; do olds+=(--old "$f"); done
  for f in "$new"/round-*.json; do news+=(--new "$f"); done
  "$psearch" compare --old-name "the old baseline" --new-name "the new baseline" "${olds[@]}" "${news[@]}" >&2
fi
if [ -d "$baseline" ]; then
  mv "$baseline" "$baseline.old.$$" || exit 1
fi
mv "$new" "$baseline" || exit 1
echo "ci-baseline.sh: wrote $rounds rounds to $baseline" >&2
