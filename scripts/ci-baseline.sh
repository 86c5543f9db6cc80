#!/bin/bash
# ci-baseline.sh: refresh the gate's baseline, deliberately (docs/ci.md).
# Runs the suite, refuses to store results with a failed dataset, shows how the
# new baseline differs from the old one (if any), then replaces it atomically.
set -u

usage() {
  cat <<'U'
Usage: scripts/ci-baseline.sh --baseline FILE [OPTIONS]
  --baseline FILE    where the baseline lives (replaced)
  --suite SUITE      suite to run (default: the built-in default suites); repeatable
  --backend NAME     opencl (default) or c
  --device D         OpenCL device (index or name substring)
  --runs N           minimum runs per dataset (default 20)
  --max-seconds S    convergence-phase budget per dataset (default 30)
  --psearch PATH     the psearch binary (default: build/psearch, else on PATH)
  -e ENTRY           only this entry point; repeatable
U
}

baseline= backend= device= runs=20 maxs=30 psearch=
suites=() entries=()
while [ $# -gt 0 ]; do
  case $1 in
    --baseline) baseline=$2; shift 2 ;;
    --suite) suites+=("$2"); shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --max-seconds) maxs=$2; shift 2 ;;
    --psearch) psearch=$2; shift 2 ;;
    -e) entries+=(-e "$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "ci-baseline.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[ -n "$baseline" ] || { echo "ci-baseline.sh: --baseline FILE is required" >&2; exit 2; }
if [ -z "$psearch" ]; then
  here=$(cd "$(dirname "$0")/.." && pwd)
  if [ -x "$here/build/psearch" ]; then psearch=$here/build/psearch; else psearch=psearch; fi
fi
mkdir -p "$(dirname "$baseline")" || exit 1
new="$baseline.new.$$"
trap 'rm -f "$new"' EXIT

args=(bench -r "$runs" --convergence-max-seconds "$maxs" --json "$new" "${entries[@]}")
[ -n "$backend" ] && args+=(--backend "$backend")
[ -n "$device" ] && args+=(--device "$device")
if ! "$psearch" "${args[@]}" "${suites[@]}" >&2; then
  echo "ci-baseline.sh: psearch bench failed; the baseline at $baseline is unchanged" >&2
  exit 1
fi
if [ -f "$baseline" ]; then
  echo "ci-baseline.sh: replacing $baseline; the new baseline against the old:" >&2
  "$psearch" compare "$baseline" "$new" >&2
fi
mv "$new" "$baseline" || exit 1
echo "ci-baseline.sh: wrote $baseline" >&2
