# gpu-setup.sh BUNDLE OUTDIR, sourced by the gpu-*.sh figure scripts (after they
# set `here`, their own folder): B (the bundle scripts/gpu-bundle.sh made,
# default .carry/psearch), P (its psearch), O (OUTDIR, created), a fresh
# XDG_CACHE_HOME (no dataset, reference or kernel of an earlier call reused),
# then into O, where machine.txt records the machine's state (also printed).
B=$(cd "${1:-.carry/psearch}" && pwd)
O=$(mkdir -p "$2" && cd "$2" && pwd)
P=$B/psearch
export XDG_CACHE_HOME=$(mktemp -d)
cd "$O" || exit 1
bash "$here/machine.sh" "$P" > machine.txt 2>&1
cat machine.txt
