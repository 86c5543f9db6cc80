#!/bin/sh
# setup.sh: install what psearch needs (Debian 12 packages, when run as root),
# then configure and build it in ./build. Idempotent: fast when all is there.
#
#   scripts/setup.sh            build dependencies + build (tests: only if cmocka is there)
#   scripts/setup.sh --tests    also test dependencies (cmocka, PoCL, rsvg-convert, a Python
#                               virtualenv in .venv with numpy and futhark-data); the tests
#                               are then required (meson -Dtests=enabled)
#
# Exit codes: 0 built, 1 a step failed (its own error is printed), 2 usage.
set -eu
cd "$(dirname "$0")/.."

tests=0 reconf=0
for a in "$@"; do
  case $a in
    --tests) tests=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# step HINT CMD...: run CMD with its output in a log; on failure show the tool's
# own last lines and a one-line hint, then exit 1. Nothing is hidden on failure.
step() {
  hint=$1
  shift
  if ! "$@" >"$log" 2>&1; then
    echo "setup.sh: '$*' failed; its last lines:" >&2
    tail -n 25 "$log" | sed 's/^/  | /' >&2
    echo "setup.sh: hint: $hint" >&2
    exit 1
  fi
}

pkgs="gcc git meson ninja-build pkg-config libcjson-dev libxxhash-dev ocl-icd-opencl-dev
      opencl-headers pocl-opencl-icd clinfo"
[ $tests = 1 ] && pkgs="$pkgs libcmocka-dev python3 python3-venv python3-pip librsvg2-bin bsdutils groff-base man-db zsh fish time xz-utils"

missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup.sh: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    step "check the network and the apt sources (/etc/apt/sources.list)" apt-get update -qq
    step "install them by hand to see apt's full output: apt-get install$missing" \
      apt-get install -y -qq --no-install-recommends $missing
  else
    echo "setup.sh: missing Debian packages:$missing" >&2
    echo "setup.sh: run as root, or: sudo apt-get install$missing" >&2
    exit 1
  fi
fi

if [ $tests = 1 ]; then
  if ! .venv/bin/python3 -c "import numpy, futhark_data" 2>/dev/null; then
    echo "setup.sh: making .venv with numpy and futhark-data" >&2
    step "the interop test needs PyPI access; see docs/reliability.md" python3 -m venv .venv
    step "the interop test needs PyPI access (numpy, futhark-data)" \
      .venv/bin/pip install -q --disable-pip-version-check numpy futhark-data
    reconf=1   # configure again, so that the tests find .venv
  fi
  topt="-Dtests=enabled -Dtest_hooks=true" hooks=true
else
  topt=-Dtest_hooks=false hooks=false # a release build: no test hook (src/core/hook.h)
fi

# option_of NAME: the value build/ is configured with ("" when unknown)
option_of() {
  python3 -c 'import json, sys
for o in json.load(open("build/meson-info/intro-buildoptions.json")):
    if o["name"] == sys.argv[1]:
        print(str(o["value"]).lower())' "$1" 2>/dev/null
}

hint="the full log is build/meson-logs/meson-log.txt; 'rm -rf build' and run scripts/setup.sh again after fixing it"
if [ -f build/meson-private/coredata.dat ] && { [ $reconf = 1 ] || [ ! -f build/build.ninja ]; }; then
  step "$hint" meson setup --reconfigure build $topt
elif [ ! -f build/build.ninja ]; then
  step "$hint" meson setup build --buildtype=release $topt
elif [ "$(option_of test_hooks)" != "$hooks" ] || { [ $tests = 1 ] && [ "$(option_of tests)" != enabled ]; }; then
  step "$hint" meson configure build $topt
fi
step "a compiler error above is a bug: please report it with the log" ninja -C build
echo "setup.sh: built build/psearch" >&2
