#!/bin/bash
# gpu-gate-batch.sh: issue 51's eighth target on one GPU in one device call:
# does the A/B gate (ci-gate.sh --against, its default 10 rounds) with bench
# --batch catch a planted 2% slowdown of scan [10000000]i32 in 9 of 10 gates,
# while an identical build stays clean in 10 of 10? scripts/gate-trial.sh --ab
# runs the gates (identical and planted in turn) on a suite of scan and reduce
# (the control, never planted) over one [N]i32; mode "batch" with -- --batch,
# then mode "plain" without it, for contrast, as far as --budget allows.
#
#   scripts/gpu-gate-batch.sh [-o OUTDIR] [--psearch P] [--trials T] [--budget S]
#       [--rounds K] [-n N] [--plant scan:PCT] [--threshold PCT] [--rejudge PCT]
#       [--max-seconds M] [--modes "batch plain"] [--estimate-only] [-- BENCH_ARG...]
#
# Defaults: OUTDIR $OUT (the device call's folder), else ./gpu-gate-batch-out; P
# the bundle's .carry/psearch/bin/psearch (scripts/gpu-bundle.sh, from a build with
# -Dtest_hooks=true: the plant is a test hook; refused without it); T 10 gates of
# each kind a mode; S 240 s of wall time in all, from the start; K 10 (ci-gate.sh's); N 10000000;
# the plant scan:2 (scan or reduce; the other is the control); the gate's
# threshold 2% (ci-gate.sh's); --rejudge 1: each gate's kept rounds judged again
# at 1% (a 2% plant sits on a 2% threshold: 1/1.02 = 0.9804 is not below 0.98;
# docs/ci.md); M 2, the convergence phase's budget per dataset (ci-gate.sh's
# --max-seconds; its own default is 30). BENCH_ARG: to every bench of both modes.
#
# Each mode first runs bench with the gate's options, twice while the cache
# (OUTDIR/cache, both modes': the dataset, the references, the kernels) is
# cold, and times the warm run, what a round costs; prints its estimate (a gate:
# 2 K rounds and the compare; the mode: 2 T gates), then runs gate-trial.sh with
# a deadline, so that no gate starts that would end past the budget (by the
# longest gate so far): a mode cut short reports the gates that ran.
# --estimate-only stops after the estimates. OUTDIR gets machine.txt, gate.bench,
# log.txt (each step's time), MODE/ (gate-trial.sh's folder: each gate's log,
# table and rounds), MODE/judged.json and summary.txt (rewritten after each
# mode): per mode the gates' exit codes, per dataset the verdicts at the gate's
# threshold and at --rejudge, each gate's speedups and p-values, whether the
# plant reached the new side only, the planted entry's batch size, and whether
# the target is met. Exit 0, 1 when a step failed, 2 usage.
set -u
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)
outdir=${OUT:-gpu-gate-batch-out}
P=$root/.carry/psearch/bin/psearch trials=10 budget=240 rounds=10 n=10000000 plant=scan:2 threshold=2 rejudge=1
maxs=2 modes="batch plain" estimate_only=0 extra=()
while [ $# -gt 0 ]; do
  case $1 in
  -o) outdir=$2; shift 2 ;;
  --psearch) P=$2; shift 2 ;;
  --trials) trials=$2; shift 2 ;;
  --budget) budget=$2; shift 2 ;;
  --rounds) rounds=$2; shift 2 ;;
  -n) n=$2; shift 2 ;;
  --plant) plant=$2; shift 2 ;;
  --threshold) threshold=$2; shift 2 ;;
  --rejudge) rejudge=$2; shift 2 ;;
  --max-seconds) maxs=$2; shift 2 ;;
  --modes) modes=$2; shift 2 ;;
  --estimate-only) estimate_only=1; shift ;;
  --) shift; extra=("$@"); break ;;
  -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "gpu-gate-batch.sh: unknown option '$1' (--help)" >&2; exit 2 ;;
  esac
done
for v in "$trials" "$budget" "$rounds" "$n" "$maxs"; do
  case $v in ''|*[!0-9]*) echo "gpu-gate-batch.sh: --trials, --budget, --rounds, -n and --max-seconds take whole numbers" >&2; exit 2 ;; esac
done
for m in $modes; do
  case $m in batch|plain) ;; *) echo "gpu-gate-batch.sh: --modes names batch, plain or both" >&2; exit 2 ;; esac
done
case $plant in scan:[0-9]*|reduce:[0-9]*) ;; *) echo "gpu-gate-batch.sh: --plant is scan:PCT or reduce:PCT" >&2; exit 2 ;; esac
[ -x "$P" ] || { echo "gpu-gate-batch.sh: no psearch at $P (scripts/gpu-bundle.sh, or --psearch)" >&2; exit 2; }
case $P in /*) ;; *) P=$(cd "$(dirname "$P")" && pwd)/$(basename "$P") ;; esac
if [ -d "$(dirname "$P")/../lib" ]; then # the bundle's libraries
  LD_LIBRARY_PATH=$(cd "$(dirname "$P")/../lib" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export LD_LIBRARY_PATH
fi
if ! PSEARCH_TEST_SLOWDOWN=scan:1 "$P" bench --dry-run /dev/null 2>&1 | grep -q 'test hook PSEARCH_TEST_SLOWDOWN'; then
  echo "gpu-gate-batch.sh: $P has no test hooks (build it with -Dtest_hooks=true): the plant would do nothing" >&2
  exit 2
fi
mkdir -p "$outdir" || exit 2
outdir=$(cd "$outdir" && pwd)
start=$(date +%s.%N)
elapsed() { echo "$(date +%s.%N) $start" | awk '{ printf "%.0f", $1 - $2 }'; }
log() { echo "$(date -u +%T) +$(elapsed)s $*" | tee -a "$outdir/log.txt"; }
rc=0
: > "$outdir/log.txt"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "host: $(hostname); CPUs: $(nproc)"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader 2>/dev/null
  echo "psearch: $("$P" --version 2>&1 | head -1) ($P)"
  echo "tree: $(git rev-parse HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with changes)')"
  echo "command: scripts/gpu-gate-batch.sh -o $outdir --psearch $P --trials $trials --budget $budget --rounds $rounds" \
       "-n $n --plant $plant --threshold $threshold --rejudge $rejudge --max-seconds $maxs --modes '$modes'" \
       "-- ${extra[*]}"
  "$P" devices 2>&1
} > "$outdir/machine.txt"
cat > "$outdir/gate.bench" <<B
-- gpu-gate-batch.sh: scan and reduce; the planted gates' new side has $plant
==
entry: scan reduce
random input { [$n]i32 }
B

# one bench as a round of the gate runs it (ci-gate.sh's -r 20, the budget), through the cache; its seconds
bench_secs() { # PART [BENCH_ARG...]
  local part=$1 t0
  shift
  t0=$(date +%s.%N)
  XDG_CACHE_HOME=$outdir/cache PSEARCH_CACHE_MAX=none "$P" bench -r 20 --convergence-max-seconds "$maxs" "$@" \
    --json "$outdir/$part/calibrate.json" "$outdir/gate.bench" >> "$outdir/$part/calibrate.log" 2>&1 || return 1
  echo "$(date +%s.%N) $t0" | awk '{ printf "%.1f", $1 - $2 }'
}

summarize() { # the summary of the modes that ran so far
  python3 - "$outdir" "$threshold" "$rejudge" "$plant" "$trials" > "$outdir/summary.txt" <<'PY'
import json, os, re, sys
out, thr, rej, plant, trials = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], int(sys.argv[5])
pe = plant.split(":")[0]
ctl = "reduce" if pe == "scan" else "scan"
print("%s planted %s%% slower in the planted gates' new side, %s never (the control); A/B gates (ci-gate.sh "
      "--against the same binary); verdicts per dataset at the gate's threshold (%g%%) and at %g%%" % (
          pe, plant.split(":")[1], ctl, thr, rej))
for mode in ("batch", "plain"):
    d = os.path.join(out, mode)
    try:
        judged = json.load(open(os.path.join(d, "judged.json")))
        est = open(os.path.join(d, "estimate.txt")).read().strip()
    except (OSError, ValueError):
        continue
    print("\n== mode %s (%s)\n%s" % (mode, "bench --batch" if mode == "batch" else "bench without --batch", est))
    try:
        print("".join(l for l in open(os.path.join(d, "summary.txt")) if re.match(r"(identical|planted \S+|gate): ", l)),
              end="")
    except OSError:
        pass
    for t in sorted({thr, rej}, reverse=True):
        cell = {}
        for kind in ("identical", "planted"):
            gates = [g for g in judged if g["kind"] == kind]
            for ds in ("scan", "reduce"):
                slow = sum(1 for g in gates if g["judged"].get(str(t), {}).get(ds, {}).get("verdict") == "slower")
                cell[(kind, ds)] = "%d of %d" % (slow, len(gates))
        print("  threshold %g%%: identical gates with %s slower %s, %s slower %s; planted gates with %s slower %s, "
              "%s slower %s" % (t, pe, cell[("identical", pe)], ctl, cell[("identical", ctl)], pe,
                                cell[("planted", pe)], ctl, cell[("planted", ctl)]))
        ident = [g for g in judged if g["kind"] == "identical"]
        plant = [g for g in judged if g["kind"] == "planted"]
        clean = sum(1 for g in ident if all(g["judged"].get(str(t), {}).get(ds, {}).get("verdict") != "slower"
                                            for ds in ("scan", "reduce")))
        caught = sum(1 for g in plant if g["judged"].get(str(t), {}).get(pe, {}).get("verdict") == "slower"
                     and g["judged"].get(str(t), {}).get(ctl, {}).get("verdict") != "slower")
        met = len(ident) >= trials and len(plant) >= trials and clean == len(ident) and caught >= 0.9 * len(plant)
        print("    target (identical clean in all; planted: the planted entry caught, the control clean, 9 in 10): identical clean "
              "%d of %d, planted caught %d of %d: %s" % (clean, len(ident), caught, len(plant),
                                                         "met" if met else "not met" if len(plant) >= trials
                                                         else "not judged (fewer than %d gates a kind ran)" % trials))
    plant = [g for g in judged if g["kind"] == "planted"]
    print("  the plant in the rounds' context: new side of %d of %d planted gates, old side of %d; of identical gates %d" % (
        sum(1 for g in plant if g["hooks"]["new"]), len(plant), sum(1 for g in plant if g["hooks"]["old"]),
        sum(1 for g in judged if g["kind"] == "identical" and (g["hooks"]["new"] or g["hooks"]["old"]))))
    ks = sorted(k for g in judged for k in g["batch"].get(pe, []))
    if ks:
        print("  %s's batch size K (runs a timed call holds): %d to %d, median %d" % (pe, ks[0], ks[-1], ks[len(ks) // 2]))
    print("  each gate: exit code at %g%%; scan and reduce: speedup (old/new), p, verdict at %g%% / %g%%; seconds" % (thr, thr, rej))
    for g in judged:
        cells = []
        for ds in ("scan", "reduce"):
            a, b = g["judged"].get(str(thr), {}).get(ds, {}), g["judged"].get(str(rej), {}).get(ds, {})
            sp, p = a.get("speedup"), a.get("p_value")
            cells.append("%s %s p=%s %s/%s" % (ds, "-" if sp is None else "%.4fx" % sp, "-" if p is None else "%.2g" % p,
                                               a.get("verdict", "-"), b.get("verdict", "-")))
        print("    %-9s %2d exit %s  %s  %s  %ss" % (g["kind"], g["k"], g["exit"], cells[0], cells[1], g["seconds"]))
PY
}

# judge PART: each kept gate's rounds judged again by compare at both thresholds, into PART/judged.json
judge() {
  local d=$outdir/$1 line kind k ex secs t args
  : > "$d/judged.lines"
  while read -r line; do
    read -r kind k _ ex _ <<<"$line"
    secs=$(echo "$line" | grep -oE '[0-9]+s$' | tr -d s)
    for t in "$threshold" "$rejudge"; do
      args=()
      for ((i = 1; i <= rounds; i++)); do
        [ -f "$d/$kind-$k/old-$i.json" ] && [ -f "$d/$kind-$k/new-$i.json" ] &&
          args+=(--old "$d/$kind-$k/old-$i.json" --new "$d/$kind-$k/new-$i.json")
      done
      [ ${#args[@]} -gt 0 ] && "$P" compare --threshold "$t" --json "$d/$kind-$k/judged-$t.json" "${args[@]}" \
        > /dev/null 2>&1
    done
    echo "$kind $k $ex $secs" >> "$d/judged.lines"
  done < "$d/trials.txt"
  python3 - "$d" "$threshold" "$rejudge" > "$d/judged.json" <<'PY'
import json, os, sys
d, ts = sys.argv[1], sys.argv[2:]
gates = []
for line in open(os.path.join(d, "judged.lines")):
    kind, k, ex, secs = line.split()
    g = {"kind": kind, "k": int(k), "exit": int(ex), "seconds": secs, "judged": {}, "hooks": {}, "batch": {}}
    for side in ("old", "new"):  # the hooks each side's rounds ran with, and each entry's batch size
        hooks = set()
        for i in range(1, 100):
            try:
                r = json.load(open(os.path.join(d, "%s-%s" % (kind, k), "%s-%d.json" % (side, i))))
            except (OSError, ValueError):
                break
            for prog, v in r.items():
                if not isinstance(v, dict):
                    continue
                hooks.update("%s=%s" % kv for kv in v.get("psearch_context", {}).get("test_hooks", {}).items())
                for ds in v.get("datasets", {}).values():
                    b = ds.get("psearch", {}).get("batch") if isinstance(ds, dict) else None
                    if b:
                        g["batch"].setdefault(prog.split(":")[-1], []).append(b)
        g["hooks"][side] = sorted(hooks)
    for t in ts:
        try:
            j = json.load(open(os.path.join(d, "%s-%s" % (kind, k), "judged-%s.json" % t)))
        except (OSError, ValueError):
            continue
        key = str(float(t))
        g["judged"][key] = {r["program"].split(":")[-1]: {"speedup": r.get("speedup"), "p_value": r.get("p_value"),
                                                           "verdict": r.get("verdict")} for r in j["results"]}
    gates.append(g)
json.dump(gates, sys.stdout, indent=1)
PY
}

part() { # MODE [BENCH_ARG...]: calibrate, estimate, and run the gates within the budget
  local name=$1 cold='' warm gate est left
  shift
  mkdir -p "$outdir/$name"
  log "mode $name: calibrating (bench with the gate's options $*)"
  if [ ! -d "$outdir/cache" ]; then
    cold=$(bench_secs "$name" "$@") || { log "mode $name: bench failed ($name/calibrate.log)"; rc=1; return; }
    cold="${cold}s cold (the cache filled), "
  fi
  warm=$(bench_secs "$name" "$@") || { log "mode $name: bench failed ($name/calibrate.log)"; rc=1; return; }
  gate=$(echo "$warm $rounds" | awk '{ printf "%.0f", 2 * $2 * $1 + 2 }')
  est=$(echo "$gate $trials" | awk '{ printf "%.0f", 2 * $2 * $1 }')
  left=$(echo "$budget $(elapsed)" | awk '{ printf "%.0f", $1 - $2 - 5 }')
  printf 'bench: %s%ss warm; a gate: 2 x %s rounds + compare = ~%ss; %s identical + %s planted gates: ~%ss; ' \
    "$cold" "$warm" "$rounds" "$gate" "$trials" "$trials" "$est" > "$outdir/$name/estimate.txt"
  printf '%ss of the budget left: ~%s gates fit (an estimate from one bench)\n' "$left" \
    "$(( left > 0 ? left / gate : 0 ))" >> "$outdir/$name/estimate.txt"
  log "mode $name: $(cat "$outdir/$name/estimate.txt")"
  [ $estimate_only = 1 ] && return
  log "mode $name: gate-trial.sh, deadline in ${left}s"
  "$root/scripts/gate-trial.sh" -o "$outdir/$name" --psearch "$P" --ab --rounds "$rounds" --trials "$trials" \
    --plant "$plant" --threshold "$threshold" --max-seconds "$maxs" --suite "$outdir/gate.bench" --keep-rounds \
    --cache "$outdir/cache" \
    --deadline "$(echo "$start $budget" | awk '{ printf "%.0f", $1 + $2 - 5 }')" --expect "$gate" -- "$@" \
    > "$outdir/$name/gate-trial.out" 2>&1 || { log "mode $name: gate-trial.sh failed (gate-trial.out)"; rc=1; }
  judge "$name"
  log "mode $name: done: $(head -2 "$outdir/$name/summary.txt" | tr '\n' ';')"
}

for m in $modes; do
  case $m in
  batch) part batch --batch "${extra[@]}" ;;
  plain) part plain "${extra[@]}" ;;
  esac
  summarize
done
rm -rf "$outdir/cache"
[ $estimate_only = 1 ] && { cat "$outdir"/*/estimate.txt; exit $rc; }
cat "$outdir/summary.txt"
log "done (exit $rc)"
exit $rc
