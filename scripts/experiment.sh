#!/bin/bash
# experiment.sh: one measurement call, as docs/results.md's records are made: the
# machine, optional kernel tests, psearch and the builds it is set against in
# interleaved rounds, the peers in the same call, psearch compare over the
# rounds, a summary, and every file it wrote in one archive.
#
#   scripts/experiment.sh -o OUTDIR [--psearch P] [--base OLD_P] [--build NAME=P]...
#       [--tune NAME=TUNE]... [--rounds K] [--runs R] [--peers LIST] [--sizes N,M]
#       [--test NAME[:FILTER]]... [--max-runs N] [--keep] SUITE... [-- BENCH_ARG...]
#
# -o OUTDIR      created, and refused when it holds anything. Name it as the record
#                will be named (DATE-MACHINE-WHAT): it is the archive's top folder.
# --psearch P    the build measured, "new" (default: the bundle .carry/psearch/psearch
#                of scripts/gpu-bundle.sh where it is, else build/psearch).
# --base OLD_P   another build set against it, "base" (the same as --build base=OLD_P).
# --build NAME=P another build, named NAME; repeatable.
# --tune NAME=T  "new" again with `bench --tune T` (tuning parameters of the kernels,
#                `psearch list --tuning`: "sort_wg=512,sort_items=12"), named NAME;
#                repeatable.
# --rounds K     rounds (default 3). Each round runs every side once, in the order
#                given (new, then the others): new base new base ... (ABAB). With
#                3 rounds or more, compare tests the rounds' medians (the noise is the
#                spread between invocations); with fewer, it sees only the runs.
# --runs R       bench's -r (default 50). Every bench is `bench -r R -x
#                --no-convergence-phase BENCH_ARG... SUITE... --json ROUND.json`.
# --peers LIST   comma-separated, run once a round (the anchors before psearch's
#                sides, peers:LIB after them), each skipped with a note where its
#                toolchain is missing:
#                  cub    scripts/anchors/cub_anchor.cu: CUB and thrust, CUDA events
#                         (the bundle's anchors/cub_anchor, else built here by nvcc
#                         -arch=$CUDA_ARCH, default native)
#                  torch  scripts/anchors/torch_anchor.py: torch, and CuPy when it is
#                         there, CUDA events
#                  numpy  scripts/anchors/np_anchor.py: numpy on this CPU, host clock
#                  peers:LIB[+LIB...]  scripts/peers.py --libs LIB,...: the library
#                         peers on psearch's own datasets of the SUITEs, timed as
#                         psearch times itself, merged with that round's "new"
#                         results (plot --bars draws them side by side)
#                  cupy   short for peers:cupy
# --sizes N,M    the anchors' sizes (default 33554431,10000000: the sorts, scans and
#                searches at N, reduce, filter and histogram at M; np_anchor: its
#                arrays at N, M random keys searched).
# --test NAME[:FILTER]  the kernel test test_NAME of the same build first (the
#                bundle's bin/, else build/test/), its fast grids, only the tests
#                FILTER names (a cmocka pattern) when given; repeatable.
# --max-runs N   at most N runs a dataset, in bench and in peers.py (default theirs,
#                100000): short kernels fill bench's 0.5 s with thousands of runs,
#                and every run is in the JSON.
# --keep         also leave the raw files beside the archive.
# SUITE          as bench takes it (builtin:NAME or a file; files are copied in).
# -- BENCH_ARG   passed to every bench (-e ENTRY, --device-type=cpu, --no-validate...).
#
# OUTDIR ends with summary.txt (the machine; each side's mean and span per dataset
# and round; the peers' lines; the tests; compare of each other side against "new"),
# machine.txt (date, CPUs, GPU and driver, each build's version, the OpenCL
# platforms and devices, the tree's commit, the command) and record.tar.xz (all of
# it: every round's JSON, text and stderr, the peers' logs, the tests' logs, the
# suites with their kernel files). A fresh XDG_CACHE_HOME holds the call's
# datasets, references and kernels, so nothing of an earlier call is reused; it
# is removed at the end.
#
# Exit codes: 0 done (a slower verdict is in the summary, not the exit code), 1 a
# bench or a test failed (the rest still ran), 2 usage.
#
#   scripts/experiment.sh -o $OUT/2026-12-01-h200-scan --base .carry/base/psearch \
#       --peers cub,torch --test cost builtin:cost.bench -- -e scan -e reduce
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARGV=("$@")
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit "$1"; }
die() { echo "experiment.sh: $*" >&2; exit 2; }

out='' psearch='' rounds=3 runs=50 peers='' sizes=33554431,10000000 keep=0
names=(new) bins=() tunes=("") tests=() suites=() bargs=() maxr=()
while [ $# -gt 0 ]; do
  case $1 in
    -o) out=${2:-}; shift 2 ;;
    --psearch) psearch=${2:-}; shift 2 ;;
    --base) names+=(base); bins+=("${2:-}"); tunes+=(""); shift 2 ;;
    --build) [[ ${2:-} == ?*=?* ]] || die "--build takes NAME=PSEARCH"
             names+=("${2%%=*}"); bins+=("${2#*=}"); tunes+=(""); shift 2 ;;
    --tune) [[ ${2:-} == ?*=* ]] || die "--tune takes NAME=TUNE"
            names+=("${2%%=*}"); bins+=(""); tunes+=("${2#*=}"); shift 2 ;;
    --rounds) rounds=${2:-}; shift 2 ;;
    --runs) runs=${2:-}; shift 2 ;;
    --peers) peers=${2:-}; shift 2 ;;
    --sizes) sizes=${2:-}; shift 2 ;;
    --test) tests+=("${2:-}"); shift 2 ;;
    --max-runs) maxr=(--max-runs "${2:-}"); shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) usage 0 ;;
    --) shift; bargs=("$@"); break ;;
    -*) die "unknown option $1 (--help)" ;;
    *) suites+=("$1"); shift ;;
  esac
done
[ -n "$out" ] || die "-o OUTDIR is required (--help)"
[ ${#suites[@]} -gt 0 ] || die "no SUITE given (--help)"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "--rounds takes a positive integer"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs takes a positive integer"
[[ $sizes =~ ^[0-9]+,[0-9]+$ ]] || die "--sizes takes N,M"
N=${sizes%,*} M=${sizes#*,}
if [ -z "$psearch" ]; then
  psearch=$ROOT/build/psearch
  [ -x "$ROOT/.carry/psearch/psearch" ] && psearch=$ROOT/.carry/psearch/psearch
fi
abs() { (cd "$(dirname "$1")" 2>/dev/null && echo "$(pwd)/$(basename "$1")"); }
psearch=$(abs "$psearch"); [ -x "$psearch" ] || die "no psearch at $psearch"
for i in "${!bins[@]}"; do
  [ -z "${bins[$i]}" ] && { bins[$i]=$psearch; continue; }
  b=$(abs "${bins[$i]}"); [ -x "$b" ] || die "no psearch at ${bins[$i]}"; bins[$i]=$b
done
bins=("$psearch" "${bins[@]}")
for n in "${names[@]}"; do [[ $n =~ ^[A-Za-z0-9_.-]+$ ]] || die "a side's name is letters, digits, . _ -: '$n'"; done
[ "$(printf '%s\n' "${names[@]}" | sort | uniq -d)" = "" ] || die "two sides have one name"
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then die "$out is not empty"; fi
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
# where the build's kernel tests are: a bundle's bin/ or a build directory's test/
bdir=$(dirname "$psearch")
if [ -d "$bdir/bin" ]; then tdir=$bdir/bin; export LD_LIBRARY_PATH=$bdir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
else tdir=$bdir/test; fi
py=python3
"$ROOT/.venv/bin/python3" -c "import numpy" 2>/dev/null && py=$ROOT/.venv/bin/python3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME=$work/cache PSEARCH_CACHE_MAX=${PSEARCH_CACHE_MAX:-none}
mkdir -p "$out/rounds" "$out/peers" "$out/tests" "$out/suites"
rc=0
log() { echo "experiment.sh: $*"; }
# tuned TUNE: bench's arguments for a side's tuning (none where TUNE is empty)
tuned() { [ -n "$1" ] && printf '%s\n' --tune "$1"; }

# the machine, the builds, the tree, the command
{
  bash "$ROOT/scripts/machine.sh" "$psearch"
  for i in "${!names[@]}"; do
    echo "side ${names[$i]}: ${bins[$i]} ($("${bins[$i]}" --version 2>&1))${tunes[$i]:+ with --tune ${tunes[$i]}}"
  done
  if git -C "$ROOT" rev-parse HEAD >/dev/null 2>&1; then
    echo "tree: $(git -C "$ROOT" rev-parse HEAD) ($(git -C "$ROOT" status --porcelain --untracked-files=no | wc -l) files changed)"
  fi
  printf 'command: scripts/experiment.sh'; printf ' %q' "${ARGV[@]}"; echo
} > "$out/machine.txt" 2>&1
head -5 "$out/machine.txt"
# each suite file in a folder of its own (SUITE-K), with the kernel files its
# "-- kernels:" lines name (relative to the suite), so the record rebuilds it
k=0
for s in "${suites[@]}"; do
  [ -f "$s" ] || continue
  k=$((k + 1)) d="$out/suites/$k-$(basename "$s" .bench)"
  mkdir -p "$d" && cp "$s" "$d/"
  sed -n '/^[[:space:]]*==/q; s/^[[:space:]]*--[[:space:]]*kernels:[[:space:]]*//p' "$s" | tr ' \t' '\n\n' |
    while read -r f; do [ -n "$f" ] && cp "$(dirname "$s")/$f" "$d/"; done
done

# the kernel tests of the same build
for t in "${tests[@]}"; do
  name=${t%%:*} filter=${t#*:}; [ "$filter" = "$t" ] && filter=
  f=$out/tests/$name${filter:+-$filter}.log
  if [ ! -x "$tdir/test_$name" ]; then
    echo "$t: not run (no $tdir/test_$name)" | tee -a "$out/tests.txt"; continue
  fi
  timeout "${TEST_TIMEOUT:-600}" "$tdir/test_$name" fast ${filter:+"$filter"} > "$f" 2>&1
  trc=$?; [ $trc = 0 ] || rc=1
  echo "$t: exit $trc ($(grep -c '^\[       OK \]' "$f") passed)" | tee -a "$out/tests.txt"
done

# the peers: each a line in peers/skipped.txt where its toolchain is missing
cub='' why=''
peer_ready() {  # PEER: 0 when it can run here, else 1 with the reason in $why
  case $1 in
    cub)
      nvidia-smi -L 2>/dev/null | grep -q '^GPU' || { why="no NVIDIA GPU (nvidia-smi -L)"; return 1; }
      if [ -x "$bdir/anchors/cub_anchor" ]; then cub=$bdir/anchors/cub_anchor
      elif command -v nvcc >/dev/null && nvcc -O3 -arch="${CUDA_ARCH:-native}" -o "$work/cub_anchor" \
          "$ROOT/scripts/anchors/cub_anchor.cu" > "$out/peers/cub-build.log" 2>&1; then cub=$work/cub_anchor
      else why="no anchors/cub_anchor beside psearch, and no nvcc to build it (or it failed: peers/cub-build.log)"; return 1
      fi ;;
    torch)
      python3 -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null ||
        { why="python3 has no torch with a CUDA device"; return 1; } ;;
    numpy)
      "$py" -c "import numpy" 2>/dev/null || { why="no numpy for $py"; return 1; } ;;
    peers:*)
      for lib in $(echo "${1#peers:}" | tr '+' ' '); do
        "$py" -c "import numpy, $lib" 2>/dev/null || { why="no $lib (or numpy) for $py"; return 1; }
      done ;;
    *) why="not a peer this script knows (--help)"; return 1 ;;
  esac
}
plist=()
for p in $(echo "$peers" | tr ',' ' '); do
  [ "$p" = cupy ] && p=peers:cupy
  if peer_ready "$p"; then plist+=("$p"); else echo "$p: skipped: $why" | tee -a "$out/peers/skipped.txt"; fi
done
run_peer() {  # PEER ROUND
  local f=$out/peers/${1//[:+]/-}-$2
  case $1 in
    cub) timeout 300 "$cub" "$N" "$M" > "$f.txt" 2>&1 ;;
    torch) timeout 300 python3 "$ROOT/scripts/anchors/torch_anchor.py" "$N" "$M" > "$f.txt" 2>&1 ;;
    numpy) timeout 600 "$py" "$ROOT/scripts/anchors/np_anchor.py" "$f.json" "$N" "$M" > "$f.txt" 2>&1 ;;
    peers:*) "$py" "$ROOT/scripts/peers.py" --psearch "$psearch" --libs "$(echo "${1#peers:}" | tr '+' ',')" "${maxr[@]}" \
               --merge "$out/rounds/new-$2.json" -o "$f.json" "${suites[@]}" > "$f.txt" 2>&1 ;;
  esac || log "peer $1, round $2: exit $? ($f.txt)"
}

# the rounds: the peers that time themselves apart, then every side in turn
for ((k = 1; k <= rounds; k++)); do
  for p in "${plist[@]}"; do [[ $p == peers:* ]] || { log "round $k: $p"; run_peer "$p" "$k"; }; done
  for i in "${!names[@]}"; do
    f=$out/rounds/${names[$i]}-$k
    log "round $k: ${names[$i]}"
    mapfile -t targs < <(tuned "${tunes[$i]}")
    "${bins[$i]}" bench -r "$runs" -x --no-convergence-phase "${maxr[@]}" "${bargs[@]}" "${targs[@]}" \
      "${suites[@]}" --json "$f.json" > "$f.txt" 2> "$f.err"
    brc=$?; [ $brc = 0 ] || { rc=1; log "bench of ${names[$i]}, round $k: exit $brc ($f.err)"; }
  done
  for p in "${plist[@]}"; do [[ $p == peers:* ]] && { log "round $k: $p"; run_peer "$p" "$k"; }; done
done

# compare: each other side (old) against new, over the rounds
for i in "${!names[@]}"; do
  [ "$i" = 0 ] && continue
  olds=() news=()
  for ((k = 1; k <= rounds; k++)); do
    [ -f "$out/rounds/${names[$i]}-$k.json" ] && olds+=(--old "$out/rounds/${names[$i]}-$k.json")
    [ -f "$out/rounds/new-$k.json" ] && news+=(--new "$out/rounds/new-$k.json")
  done
  [ ${#olds[@]} -gt 0 ] && [ ${#news[@]} -gt 0 ] || continue
  "$psearch" compare "${olds[@]}" "${news[@]}" > "$out/compare-${names[$i]}.txt" 2>&1
  echo "exit $?" >> "$out/compare-${names[$i]}.txt"
done

# the summary, from the JSON
python3 - "$out" "$rounds" "${names[@]}" > "$out/summary.txt" <<'PY'
import glob, json, os, re, sys
out, rounds, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
m = open(os.path.join(out, "machine.txt")).read().splitlines()
print("\n".join(m[:4]))
print("\n".join(l for l in m if l.startswith(("side ", "tree:", "command:"))))
print()
rows, order = {}, []
for name in names:
    for k in range(1, rounds + 1):
        f = os.path.join(out, "rounds", "%s-%d.json" % (name, k))
        if not os.path.exists(f):
            continue
        for prog, b in json.load(open(f)).items():
            for ds, v in b.get("datasets", {}).items():
                key = (prog, ds)
                if key not in rows:
                    rows[key] = {}
                    order.append(key)
                ps = v.get("psearch", {}) if isinstance(v, dict) else {}
                rows[key].setdefault(name, []).append(
                    (ps.get("mean_us"), ps.get("kernel_span_us_mean"), ps.get("validation", "") if ps else str(v)))
fmt = lambda xs: " ".join("-" if x is None else "%.1f" % x for x in xs)
mean = lambda xs: sum(x for x in xs if x is not None) / max(1, len([x for x in xs if x is not None]))
print("Each side's mean wall µs and span µs (bench -x), round by round | over the rounds:")
for key in order:
    print("%s %s" % key)
    for name in names:
        r = rows[key].get(name)
        if not r:
            continue
        ms, sp, val = [x[0] for x in r], [x[1] for x in r], sorted(set(x[2] for x in r))
        print("  %-12s mean %s | %.1f   span %s | %s   %s" % (name, fmt(ms), mean(ms), fmt(sp),
              "-" if all(x is None for x in sp) else "%.1f" % mean(sp), ",".join(val)))
peers = sorted(glob.glob(os.path.join(out, "peers", "*.txt")))
if peers:
    print("\nPeers (their own timing; µs):")
    for f in peers:
        print("== %s" % os.path.basename(f))
        shown = False
        for line in open(f, errors="replace"):
            if re.search(r" mean | us \(|skipped|^(CUB|torch) ", line):
                print("  " + line.rstrip())
                shown = True
        if not shown:
            print("  (no timings: %s)" % open(f, errors="replace").read().strip()[-200:])
for f in ["tests.txt"] + sorted(os.path.basename(p) for p in glob.glob(os.path.join(out, "compare-*.txt"))):
    p = os.path.join(out, f)
    if os.path.exists(p):
        print("\n== %s" % f)
        print(open(p, errors="replace").read().rstrip())
PY
[ $? = 0 ] || rc=1

# every file in one archive named as OUTDIR, then only the summary, machine and archive
name=$(basename "$out")
tar -C "$(dirname "$out")" --exclude="$name/record.tar.xz" -cf - "$name" | xz -9 > "$work/record.tar.xz" && mv "$work/record.tar.xz" "$out/"
if [ $keep = 0 ]; then
  rm -rf "$out/rounds" "$out/peers" "$out/tests" "$out/suites" "$out"/compare-*.txt "$out/tests.txt"
fi
cat "$out/summary.txt"
log "$out: summary.txt, machine.txt, record.tar.xz ($(du -k "$out/record.tar.xz" | cut -f1) KiB)"
exit $rc
