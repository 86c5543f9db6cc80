#!/bin/bash
# sanitize.sh: every test but the timing gate, built with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan, on PoCL. LeakSanitizer is on; the
# leaks it reports inside the OpenCL stack (ICD loader, PoCL, LLVM) are
# suppressed by test/lsan.supp, psearch's own are not. docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build-asan/build.ninja ]; then
  log=$(mktemp)
  if ! meson setup build-asan -Dtests=enabled -Dtest_hooks=true -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debugoptimized >"$log" 2>&1; then
    tail -n 25 "$log" >&2
    echo "sanitize.sh: configuring build-asan failed (log above); rm -rf build-asan and retry" >&2
    exit 1
  fi
  rm -f "$log"
fi
# intercept_tls_get_addr=0: GCC 12's runtime (Debian 12) takes a dynamic TLS block
# of a dlopen'ed library (PoCL loads each built kernel as one) whose address is
# 16 past a page for a glibc 2.19 header, reads a garbage range from it, and
# LeakSanitizer's tracer dies scanning it ("Tracer caught signal 11" at exit,
# after every test passed; google/sanitizers#1322). Without the interceptor the
# dynamic TLS blocks are not roots: that can only add reports, never hide one.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_odr_violation=0:intercept_tls_get_addr=0
export LSAN_OPTIONS=suppressions=$PWD/test/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
meson test -C build-asan --suite unit --suite fuzz --suite cli --print-errorlogs --timeout-multiplier 3 "$@"
