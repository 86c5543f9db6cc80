#!/bin/bash
# corpus.sh: the fuzz corpora's archives (test/fuzz/corpus/TARGET.tar.xz, one
# file per input at the archive's top level; docs/reliability.md).
#
#   scripts/corpus.sh unpack ARCHIVE DIR   DIR becomes the archive's inputs and
#                                          nothing else (made afresh)
#   scripts/corpus.sh pack DIR ARCHIVE     ARCHIVE becomes DIR's files: names
#                                          sorted, mtime, owner and mode fixed,
#                                          xz -9 in one thread, so that the
#                                          same files give the same bytes
#
# pack takes regular files only: DIR holding anything else (a link, a
# subdirectory, a name starting with '.') is refused, so an archive never holds
# a link. unpack runs GNU tar with its defaults, which keep every member inside
# DIR. Needs GNU tar and xz (xz-utils). Exit codes: 0 done, 1 a step failed,
# 2 usage.
set -euo pipefail

usage() {
  sed -n '4,10p' "$0" >&2
  exit 2
}

[ $# = 3 ] || usage
case $1 in
  unpack)
    rm -rf "$3"
    mkdir -p "$3"
    tar -xJf "$2" -C "$3" --no-same-owner --no-same-permissions
    ;;
  pack)
    odd=$(find "$2" -mindepth 1 \( ! -type f -o -name '.*' \) -print | head -n 3)
    if [ -n "$odd" ]; then
      echo "corpus.sh: $2 holds more than regular files, e.g.:" >&2
      echo "$odd" >&2
      exit 1
    fi
    tmp=$3.tmp.$$
    trap 'rm -f "$tmp"' EXIT
    find "$2" -mindepth 1 -maxdepth 1 -type f -printf '%P\0' | LC_ALL=C sort -z |
      tar -C "$2" --null --verbatim-files-from -T - -cf - --format=gnu --mtime=@0 \
        --owner=0 --group=0 --numeric-owner --mode=u=rw,go=r |
      xz -9 -T1 -c > "$tmp"
    mv "$tmp" "$3"
    ;;
  *) usage ;;
esac
