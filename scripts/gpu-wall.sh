#!/bin/bash
# gpu-wall.sh BUNDLE OUTDIR: where the wall time of the default suites goes
# on a GPU host (issue 16's target: at most 2 minutes with an empty cache,
# the non-GPU part at most a quarter). Runs `psearch bench -r 100 -x
# --convergence-max-seconds 3` on the default suites with an empty cache
# under /usr/bin/time -v (wall, user, system seconds, peak memory), with -v
# so that every dataset's phases are logged, then sums the JSON's
# phase_seconds per phase (scripts/phases.py). Commit OUTDIR under
# docs/results/.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/wall}"
run=($P bench -r 100 -x --convergence-max-seconds 3 -v --json wall.json)
if [ -x /usr/bin/time ]; then
  /usr/bin/time -v -o time.txt "${run[@]}" > wall.txt 2> wall.log
  echo "bench: exit $?"
else # the wall time alone, in time -v's words
  t0=$(date +%s.%N)
  "${run[@]}" > wall.txt 2> wall.log
  echo "bench: exit $?"
  python3 -c "import sys; w = float(sys.argv[2]) - float(sys.argv[1]); \
print('Elapsed (wall clock) time (h:mm:ss or m:ss): %d:%05.2f' % (w // 60, w % 60))" "$t0" "$(date +%s.%N)" > time.txt
fi
grep -E "Elapsed|User time|System time|Maximum resident" time.txt
python3 "$root/scripts/phases.py" wall.json time.txt | tee phases.txt
