#!/bin/bash
# gpu-variants.sh BUNDLE OUTDIR NAME=TUNE@SUITE...: a development call's A/B
# runs of the sorts in one call. For each argument in order (name one twice to
# run it again later, ABAB), psearch bench -r 30 -x on SUITE with
# PSEARCH_TEST_TUNE=TUNE (empty: the defaults), into OUTDIR/NAME.json and
# NAME.txt; prints NAME, the tune, the kernel time and its per-kernel split
# and, for each program that run built, the registers, spills and local memory
# of os_pass and os_hist that ptxas gives its PTX (NVIDIA only). SUITE: s radix_sort [N]i32, f
# radix_sort [N]f32, a argsort [N]i32, p radix_sort_pairs [N]i32 [N]i32, l
# radix_sort [N]i64, d radix_sort [N]f64, g argsort [N]i64, h radix_sort
# [N]i16, b radix_sort [N]u8; N
# is $N, default 33554431; S, A, P the same with keys (and values) in
# [0, N), as the peers' anchors make them (their top byte is 0 or 1). Ends
# with each validation verdict's count and a table: each run's kernel time
# and its kernels' (µs).
#   scripts/gpu-variants.sh .carry/psearch $OUT/r base=@s g3=OS_MIN_GROUPS=3@s base=@s
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/results}"
shift 2 2>/dev/null
n=${N:-33554431}
K=$XDG_CACHE_HOME/psearch/kernels
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
printf -- '==\nentry: radix_sort\nrandom input { [%s]i32 }\n' "$n" > s.bench
printf -- '==\nentry: radix_sort\nrandom input { [%s]f32 }\n' "$n" > f.bench
printf -- '==\nentry: argsort\nrandom input { [%s]i32 }\n' "$n" > a.bench
printf -- '==\nentry: radix_sort_pairs\nrandom input { [%s]i32 [%s]i32 }\n' "$n" "$n" > p.bench
printf -- '==\nentry: radix_sort\nrandom input { [%s]i64 }\n' "$n" > l.bench
printf -- '==\nentry: radix_sort\nrandom input { [%s]f64 }\n' "$n" > d.bench
printf -- '==\nentry: argsort\nrandom input { [%s]i64 }\n' "$n" > g.bench
printf -- '==\nentry: radix_sort\nrandom input { [%s]i16 }\n' "$n" > h.bench
printf -- '==\nentry: radix_sort\nrandom input { [%s]u8 }\n' "$n" > b.bench
case " $* " in *@[SAP]\ *)
  $P dataset --i32-bounds=0:$((n - 1)) -n "$n" -o lo.in && $P dataset --i32-bounds=0:$((n - 1)) -n "$n" -n "$n" -o lo2.in || exit 1
  printf -- '==\nentry: radix_sort\ninput @ lo.in\n' > S.bench
  printf -- '==\nentry: argsort\ninput @ lo.in\n' > A.bench
  printf -- '==\nentry: radix_sort_pairs\ninput @ lo2.in\n' > P.bench ;;
esac
for arg in "$@"; do
  name=${arg%%=*} rest=${arg#*=}
  tune=${rest%@*} suite=${rest##*@}
  if [ "$name" = "$arg" ] || [ "$suite" = "$rest" ] || [ ! -f "$suite.bench" ]; then
    echo "gpu-variants.sh: '$arg' is not NAME=TUNE@SUITE (SUITE: s, f, a, p, l, d, g, h, b, S, A or P)" >&2
    exit 2
  fi
  out=$name; k=2
  while [ -e "$out.json" ]; do out=$name-$k; k=$((k + 1)); done
  ls "$K" 2>/dev/null | sort > before.lst
  PSEARCH_TEST_TUNE="$tune" $P bench -r 30 -x --no-convergence-phase "$suite.bench" --json "$out.json" > "$out.txt" 2>&1
  echo "== $out [$tune]: $(grep -o 'kernel time .*' "$out.txt" | head -1)"
  ls "$K" 2>/dev/null | sort | comm -13 before.lst - | while read -r f; do
    tail -c +21 "$K/$f" | tr -d '\000' > k.ptx
    grep -q "\.entry os_pass" k.ptx && [ -x "$PTXAS" ] || continue
    "$PTXAS" -v -arch=sm_90 k.ptx -o /dev/null > ptxas.txt 2>&1
    for kn in os_pass os_hist; do
      echo "   $kn: $(grep -c minnctapersm k.ptx) .minnctapersm; $(grep -A3 "'$kn'" ptxas.txt |
        grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers\|[0-9]* bytes smem" | tr '\n' ' ')"
    done
  done
done
rm -f before.lst k.ptx ptxas.txt
grep -h '"validation"' ./*.json | sort | uniq -c
# each run's kernel time and its kernels' (µs), from the JSON
python3 - "$@" <<'PY'
import json, os
seen = {}
for arg in __import__('sys').argv[1:]:
    name = arg.split('=', 1)[0]
    k = seen[name] = seen.get(name, 0) + 1
    f = name + ('' if k == 1 else '-%d' % k) + '.json'
    if not os.path.exists(f):
        continue
    for bench in json.load(open(f)).values():
        for ds in bench['datasets'].values():
            ps = ds['psearch']
            split = ', '.join('%s %.1f' % kv for kv in ps.get('kernels_us_mean', {}).items())
            print('%-20s %8.1f  span %8.1f  %s' % (f[:-5], ps['kernel_us_mean'], ps.get('kernel_span_us_mean', 0), split))
PY
