#!/bin/bash
# fuzz.sh [SECONDS] [TARGET...]: build the libFuzzer targets with clang, ASan
# and UBSan in build-fuzz, run each for SECONDS (default 600) on a copy of its
# kept corpus (test/fuzz/corpus/TARGET.tar.xz, unpacked into
# build-fuzz/kept-TARGET), merge what grew into the kept corpus (only inputs
# that add coverage, of the sizes below) and pack it back into the archive
# (scripts/corpus.sh: the same inputs give the same bytes, so an unchanged
# corpus leaves the archive unchanged). Crashes land in
# build-fuzz/crashes/TARGET. Logs: build-fuzz/fuzz-TARGET.log. docs/reliability.md.
# The readers of results files (results, merge, export) take inputs of up to
# 64 KiB, a realistic results file; the others 4 KiB.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(data_text data_binary suite results udecl merge export)
if [ ! -d build-fuzz ]; then
  CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debugoptimized >/dev/null
fi
ninja -C build-fuzz $(printf 'test/fuzz_%s ' "${targets[@]}") >/dev/null
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in "${targets[@]}"; do
  archive=test/fuzz/corpus/$t.tar.xz kept=build-fuzz/kept-$t
  work=build-fuzz/corpus-$t crash=build-fuzz/crashes/$t
  case $t in results|merge|export) len=65536 ;; *) len=4096 ;; esac
  if [ -f "$archive" ]; then
    scripts/corpus.sh unpack "$archive" "$kept"
  else
    rm -rf "$kept" && mkdir -p "$kept"   # a new target: its corpus starts empty
  fi
  mkdir -p "$work" "$crash"
  cp -n "$kept"/* "$work/" 2>/dev/null || true
  echo "fuzz.sh: $t for ${secs}s" >&2
  build-fuzz/test/fuzz_$t -max_total_time="$secs" -max_len=$len -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$crash/" -print_final_stats=1 "$work" > build-fuzz/fuzz-$t.log 2>&1 || {
    echo "fuzz.sh: $t found a problem: $(ls "$crash")" >&2
    tail -30 build-fuzz/fuzz-$t.log >&2
    exit 1
  }
  grep -E "stat::number_of_executed_units|stat::new_units_added|cov:" build-fuzz/fuzz-$t.log | tail -3 >&2
  build-fuzz/test/fuzz_$t -merge=1 -max_len=$len "$kept" "$work" >> build-fuzz/fuzz-$t.log 2>&1
  scripts/corpus.sh pack "$kept" "$archive"
  echo "fuzz.sh: $t corpus: $(ls "$kept" | wc -l) files, $archive $(stat -c %s "$archive") bytes" >&2
done
