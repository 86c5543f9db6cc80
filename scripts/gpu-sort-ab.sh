#!/bin/bash
# gpu-sort-ab.sh BUNDLE OUTDIR OLD_PSEARCH: the sorts' last figures beside an
# older build, as the final calls of docs/performance.md's sort sections ran
# them: into OUTDIR/ab, radix_sort and argsort [N]i32 and radix_sort_pairs
# [N]i32 [N]i32 (N is $N, default 33554431) by this build (BUNDLE/psearch)
# and by OLD_PSEARCH in turn, two rounds (new, old, new, old), bench -r 50 -x,
# each round's JSON and text and ab.txt (the kernel times); into OUTDIR/ptx,
# regs.txt: ptxas -v on the driver's PTX of os_pass and os_hist as this build
# makes them (NVIDIA only: where ptxas is missing, the build's programs only).
set -u
B=$(cd "${1:-.carry/psearch}" && pwd)
O=$(mkdir -p "${2:-/tmp/results}" && cd "${2:-/tmp/results}" && pwd)
OLD=$3
n=${N:-33554431}
P=$B/psearch
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
mkdir -p "$O/ab" "$O/ptx"
cd "$O/ab" || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort argsort\nrandom input { [%s]i32 }\n==\nentry: radix_sort_pairs\nrandom input { [%s]i32 [%s]i32 }\n' \
  "$n" "$n" "$n" > ab.bench
for round in 1 2; do
  for b in new old; do
    bin=$P; [ $b = old ] && bin=$OLD
    $bin bench -r 50 -x --no-convergence-phase ab.bench --json "$b$round.json" > "$b$round.txt" 2>&1
    echo "== $b ($($bin --version)) round $round: $(grep -o 'kernel time [0-9.]*' $b$round.txt | tr '\n' ' ')"
  done
done | tee ab.txt
cd "$O/ptx" || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '-- k\n==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n' > k.bench
$P bench -r 2 k.bench > k.txt 2>&1
for f in "$XDG_CACHE_HOME"/psearch/kernels/*.bin; do
  [ -e "$f" ] || continue
  tail -c +21 "$f" | tr -d '\000' > k.ptx
  grep -q "\.entry os_pass" k.ptx || continue
  echo "$(grep -c minnctapersm k.ptx) .minnctapersm lines"
  [ -x "$PTXAS" ] && "$PTXAS" -v -arch=sm_90 k.ptx -o /dev/null 2>&1 |
    grep -A3 "entry function .os_pass\|entry function .os_hist" | grep -E "entry|registers|spill"
done > regs.txt
rm -f k.ptx k.bench
cat regs.txt
