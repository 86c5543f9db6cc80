#!/bin/sh
# setup.sh: install what psearch needs (Debian 12 packages, when run as root),
# then configure and build it in ./build. Idempotent: fast when all is there.
#
#   scripts/setup.sh            build dependencies + build
#   scripts/setup.sh --tests    also test dependencies (cmocka, PoCL, rsvg-convert, a Python
#                               virtualenv in .venv with numpy and futhark-data)
set -eu
cd "$(dirname "$0")/.."

tests=0
for a in "$@"; do
  case $a in
    --tests) tests=1 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

pkgs="gcc git meson ninja-build pkg-config libcjson-dev libxxhash-dev ocl-icd-opencl-dev
      opencl-headers pocl-opencl-icd clinfo"
[ $tests = 1 ] && pkgs="$pkgs libcmocka-dev python3 python3-venv python3-pip librsvg2-bin"

missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup.sh: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
  else
    echo "setup.sh: missing Debian packages:$missing" >&2
    echo "setup.sh: run as root, or: sudo apt-get install$missing" >&2
    exit 1
  fi
fi

if [ ! -f build/build.ninja ]; then
  meson setup build --buildtype=release >/dev/null
fi
ninja -C build >/dev/null

if [ $tests = 1 ]; then
  if ! .venv/bin/python3 -c "import numpy, futhark_data" 2>/dev/null; then
    echo "setup.sh: making .venv with numpy and futhark-data" >&2
    python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check numpy futhark-data
    meson setup --reconfigure build >/dev/null   # let the tests find .venv
  fi
fi
echo "setup.sh: built build/psearch" >&2
