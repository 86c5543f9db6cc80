#!/bin/bash
# ci-gate.sh: the performance-regression gate a CI job calls (docs/ci.md).
# Runs a suite with --json, compares the results with a stored baseline, prints
# the markdown table (also appended to $GITHUB_STEP_SUMMARY when set), and
# exits with psearch compare's code: 0 no significant regression, 4 a
# significant regression, 1 a dataset failed or nothing to compare, 2 usage,
# 3 a results file is not results JSON.
set -u

usage() {
  cat <<'U'
Usage: scripts/ci-gate.sh --baseline FILE [OPTIONS]
  --baseline FILE    baseline results (made by scripts/ci-baseline.sh)
  --suite SUITE      suite to run (default: the built-in default suites); repeatable
  --backend NAME     opencl (default) or c
  --device D         OpenCL device (index or name substring)
  --runs N           minimum runs per dataset (default 20)
  --threshold PCT    minimum change that counts, percent (default 2)
  --alpha A          significance level (default 0.01)
  --results FILE     where to keep the new results (default: a temporary file)
  --markdown FILE    also write the markdown table to FILE
  --psearch PATH     the psearch binary (default: build/psearch, else on PATH)
  -e ENTRY           only this entry point; repeatable
U
}

baseline= results= markdown= backend= device= runs=20 threshold=2 alpha=0.01 psearch=
suites=() entries=()
while [ $# -gt 0 ]; do
  case $1 in
    --baseline) baseline=$2; shift 2 ;;
    --suite) suites+=("$2"); shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --threshold) threshold=$2; shift 2 ;;
    --alpha) alpha=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --markdown) markdown=$2; shift 2 ;;
    --psearch) psearch=$2; shift 2 ;;
    -e) entries+=(-e "$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "ci-gate.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[ -n "$baseline" ] || { echo "ci-gate.sh: --baseline FILE is required" >&2; exit 2; }
if [ ! -f "$baseline" ]; then
  echo "ci-gate.sh: no baseline at $baseline; make one deliberately with scripts/ci-baseline.sh" >&2
  exit 2
fi
if [ -z "$psearch" ]; then
  here=$(cd "$(dirname "$0")/.." && pwd)
  if [ -x "$here/build/psearch" ]; then psearch=$here/build/psearch; else psearch=psearch; fi
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -n "$results" ] || results=$tmp/new.json

args=(bench -r "$runs" --json "$results" "${entries[@]}")
[ -n "$backend" ] && args+=(--backend "$backend")
[ -n "$device" ] && args+=(--device "$device")
"$psearch" "${args[@]}" "${suites[@]}" >&2
bench_rc=$?
if [ ! -f "$results" ]; then
  echo "ci-gate.sh: psearch bench wrote no results (exit $bench_rc)" >&2
  exit 1
fi

"$psearch" compare --format markdown --threshold "$threshold" --alpha "$alpha" \
  "$baseline" "$results" > "$tmp/table.md"
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
esac
exit $rc
