#!/bin/bash
# gpu-gate.sh BUNDLE OUTDIR [N] [SECONDS]: the gate's timing self-test on a
# GPU (docs/ci.md): N (default 10) runs of scripts/ci-gate.sh --against the
# same binary (an identical build: every dataset must come out '~'), then one
# run against a build whose `scan` is 5% slower (PSEARCH_TEST_SLOWDOWN: only
# scan may come out slower). All with the defaults (6 ABBA rounds, 2%
# threshold, alpha 0.01) on builtin:cost.bench -e scan -e reduce, --runs 20
# --max-seconds 2. Stops starting identical runs after SECONDS (default 480).
# Writes OUTDIR/NAME.json (compare's JSON of each run), NAME.md and gate.txt.
# GATE_SUITE, GATE_ENTRIES and GATE_SLOW override the suite, the entries and
# the slowed entry (a quick check of this script on a CPU device).
set -u
B=$(cd "${1:-.carry/psearch}" && pwd)
O=$(mkdir -p "${2:-/tmp/gate}" && cd "${2:-/tmp/gate}" && pwd)
N=${3:-10}
budget=${4:-480}
here=$(cd "$(dirname "$0")" && pwd)
export XDG_CACHE_HOME=$(mktemp -d)
P=$B/psearch
cat > $O/slow5 <<S
#!/bin/sh
PSEARCH_TEST_SLOWDOWN=${GATE_SLOW:-scan}:5 exec $P "\$@"
S
chmod +x $O/slow5
ARGS=(--suite ${GATE_SUITE:-builtin:cost.bench} --runs 20 --max-seconds 2)
for e in ${GATE_ENTRIES:-scan reduce}; do ARGS+=(-e $e); done
start=$(date +%s)
one() { # NAME NEW [extra]: one gate run, its compare JSON kept
  local name=$1 new=$2 keep
  keep=$(mktemp -d)
  local t0=$(date +%s)
  $here/ci-gate.sh "${ARGS[@]}" --against $P --psearch $new --keep $keep > $O/$name.md 2> $O/$name.err
  local rc=$?
  $P compare --strict --format json $(ls $keep/old-*.json | sed 's/^/--old /') \
    $(ls $keep/new-*.json | sed 's/^/--new /') > $O/$name.json 2>/dev/null
  rm -rf $keep
  python3 - $O/$name.json $rc $(( $(date +%s) - t0 )) $name <<'PY' | tee -a $O/gate.txt
import json, sys
d = json.load(open(sys.argv[1]))
rows = ", ".join("%s %s %.4fx p=%s %s" % (r["program"].split(":")[1], r["dataset"], r["speedup"],
                 "%.2g" % r["p_value"] if r["p_value"] is not None else "-", r["verdict"]) for r in d["results"])
print("%s: exit %s, %s s: %s" % (sys.argv[4], sys.argv[2], sys.argv[3], rows))
PY
}
: > $O/gate.txt
for ((k = 1; k <= N; k++)); do
  if [ $(( $(date +%s) - start )) -gt "$budget" ]; then
    echo "gpu-gate.sh: time budget spent after $((k - 1)) identical runs" | tee -a $O/gate.txt
    break
  fi
  one identical-$k $P
done
one planted-${GATE_SLOW:-scan}-5pct $O/slow5
