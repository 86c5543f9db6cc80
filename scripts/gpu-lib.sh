# gpu-lib.sh: what the device scripts that run psearch beside CUB share
# (gpu-pairs.sh, gpu-skew.sh); sourced, not run.
#
#   gpu_setup NAME OUTDIR
#   gpu_machine COMMAND
#
# checks the bundle of scripts/gpu-bundle.sh (.carry/psearch, exit 2 without
# it) and sets P (its psearch) and LD_LIBRARY_PATH; makes OUTDIR and sets
# outdir to its absolute path; T, a scratch folder removed on exit, with
# XDG_CACHE_HOME in it (nothing of an earlier call reused); rc=0; log MSG
# (timestamped, to OUTDIR/log.txt too); starts building CUB's anchor into
# $T/cub_anchor with nvcc in the background (nvpid its pid, empty without
# nvcc; its log OUTDIR/nvcc.log). gpu_machine writes OUTDIR/machine.txt, the
# COMMAND the caller was run as among it (after gpu_setup: $outdir absolute).

gpu_setup() {
  local name=$1
  B=$(pwd)/.carry/psearch
  P=$B/bin/psearch
  [ -x "$P" ] || { echo "$name: no bundle at $B (scripts/gpu-bundle.sh)" >&2; exit 2; }
  export LD_LIBRARY_PATH=$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  mkdir -p "$2" || exit 2
  outdir=$(cd "$2" && pwd)
  T=$(mktemp -d)
  trap 'rm -rf "$T"' EXIT
  export XDG_CACHE_HOME=$T/cache
  rc=0
  start=$(date +%s)
  log() { echo "$(date -u +%T) +$(($(date +%s) - start))s $*" | tee -a "$outdir/log.txt"; }
  nvpid=
  if command -v nvcc >/dev/null; then
    nvcc -O3 -arch="${CUDA_ARCH:-sm_90}" -o "$T/cub_anchor" scripts/anchors/cub_anchor.cu >"$outdir/nvcc.log" 2>&1 &
    nvpid=$!
  else
    echo "no nvcc on this host: no CUB rows" >"$outdir/nvcc.log"
  fi
}

gpu_machine() {
  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(hostname); CPUs: $(nproc)"
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader 2>/dev/null
    echo "psearch: $("$P" --version 2>&1 | head -1)"
    echo "tree: $(git rev-parse HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with changes)')"
    echo "command: $1"
    "$P" devices 2>&1
  } >"$outdir/machine.txt"
}
