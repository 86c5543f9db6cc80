#!/bin/bash
# wide-mutants.sh: the mutants of the sort's 64-bit counts (sort_wide) that
# only a device with memory for 2^32 keys can kill: each narrows a count back
# to 32 bits (a digit's offset, a run's place, the look-back words' counts) or
# keeps the host from choosing (or building) the wide kernels past 2^32 - 1 keys. On this
# machine their test, test_radix's past_2_32, skips (scripts/mutants.sh would
# call them survivors), so they live here, in two steps:
#
#   scripts/wide-mutants.sh build [DIR]   here: DIR/test_radix.NAME for each
#                                         mutant (default .carry/psearch/mut)
#   scripts/wide-mutants.sh run [DIR]     on the GPU: each binary's past_2_32;
#                                         "killed" when it fails, as it must
#
# Last line of run: "N killed, N survived".
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
dir=${2:-$root/.carry/psearch/mut}

# NAME|FILE|FROM|TO: FROM occurs once in FILE
mutants() {
  cat <<'EOF'
offsets32|cl/onesweep.cl|  gcount o = (gcount)group_scan(sh, (uint)(c >> 8), &total) << 8;|  uint o = group_scan(sh, (uint)(c >> 8), &total) << 8;
places32|cl/onesweep.cl|    gb[l] = off[(shift >> 3) * RADIX + l] + pre - dstart[l];|    gb[l] = (uint)(off[(shift >> 3) * RADIX + l] + pre - dstart[l]);
lbcounts32|cl/onesweep.cl|#define LB_B 38|#define LB_B 32
kernelnarrow|src/entries/radix.c|c->wide ? " -DWIDE" : "",|"",
hostnarrow|src/entries/radix.c|entry_param(j, "sort_wide", n > UINT32_MAX)|entry_param(j, "sort_wide", n > 2 * (uint64_t)UINT32_MAX)
EOF
}

case "$mode" in
build)
  mkdir -p "$dir" || exit 1
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  (cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | (cd "$scratch" && tar xf -)
  cd "$scratch" || exit 1
  meson setup b -Dtests=enabled -Dtest_hooks=true --buildtype=release > setup.log 2>&1 || { tail setup.log; exit 1; }
  while IFS='|' read -r name file from to; do
    cp "$file" "$file.orig"
    python3 - "$file" "$from" "$to" <<'PY' || exit 1
import sys
p, a, b = sys.argv[1:]
s = open(p).read()
if s.count(a) != 1:
    sys.exit("%s: %r occurs %d times" % (p, a, s.count(a)))
open(p, "w").write(s.replace(a, b))
PY
    ninja -C b test/test_radix > build.log 2>&1 || { tail build.log; exit 1; }
    cp b/test/test_radix "$dir/test_radix.$name"
    mv "$file.orig" "$file"
    echo "built $dir/test_radix.$name"
  done < <(mutants)
  ;;
run)
  killed=0 survived=0
  while IFS='|' read -r name _; do
    if "$dir/test_radix.$name" fast past_2_32 > "$dir/$name.log" 2>&1; then
      echo "$name: SURVIVED (past_2_32 passed)"; survived=$((survived + 1))
    elif grep -q "SKIPPED" "$dir/$name.log"; then
      echo "$name: not judged (past_2_32 skipped: no device with the memory)"; survived=$((survived + 1))
    else
      echo "$name: killed: $(grep -m1 -E 'differ|ERROR|error' "$dir/$name.log")"; killed=$((killed + 1))
    fi
  done < <(mutants)
  echo "$killed killed, $survived survived"
  ;;
*)
  echo "usage: $0 build|run [DIR]" >&2
  exit 2
  ;;
esac
