#!/bin/bash
# `meson install` into a temporary root: the binary, a man page per command
# (each renders with man -l, without groff warnings), the bash, zsh and fish
# completions (bash's and fish's completing a command, an option, an entry
# point and a choice; zsh's parsing), the CI scripts under share/psearch
# finding the installed binary, and the documentation.
BUILD=$1
. "$(dirname "$0")/lib.sh"
ROOT=$T/root
export XDG_CACHE_HOME=$T/cache
check install 0 meson install -C "$BUILD" --no-rebuild --quiet --destdir "$ROOT"
prefix=$(python3 -c "import json, sys
for o in json.load(open(sys.argv[1])):
    if o['name'] == 'prefix': print(o['value'])" "$BUILD/meson-info/intro-buildoptions.json")
P=$ROOT$prefix/bin/psearch SHARE=$ROOT$prefix/share
[ -x "$P" ] || fail "no installed binary at $P"
# a man page for every command psearch --help lists, and for psearch itself
cmds=$("$P" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && $1 != "help" && $1 ~ /^[a-z]+$/ { print $1 }')
[ -n "$cmds" ] || fail "no commands in psearch --help"
for c in "" $cmds; do
  page=$SHARE/man/man1/psearch${c:+-$c}.1
  [ -f "$page" ] || { fail "no man page $page"; continue; }
  groff -man -ww -z "$page" > $T/groff.txt 2>&1; [ -s $T/groff.txt ] && fail "groff warns on $page: $(head -2 $T/groff.txt)"
  if command -v man >/dev/null; then
    check "man-${c:-psearch}" 0 env MANWIDTH=80 man -l "$page"
    has $OUT "psearch${c:+-$c}"
  fi
done
check man-bench-options 0 env MANWIDTH=100 man -l $SHARE/man/man1/psearch-bench.1
has $OUT "--entry-point=NAME"; has $OUT "--tune=NAME=V,..."
# bash completion: a command, an option, an entry point, a choice's words
BC=$SHARE/bash-completion/completions/psearch
[ -f "$BC" ] || fail "no bash completion at $BC"
complete_bash() { bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _psearch; echo "${COMPREPLY[*]}"' _ "$BC" "$@"; }
[ "$(complete_bash psearch be)" = bench ] || fail "bash: psearch be -> '$(complete_bash psearch be)'"
[ "$(complete_bash psearch bench --ru)" = --runs ] || fail "bash: bench --ru -> '$(complete_bash psearch bench --ru)'"
[ "$(complete_bash psearch bench -e radix_sort_p)" = radix_sort_pairs ] || fail "bash: -e radix_sort_p"
[ "$(complete_bash psearch compare --test r)" = rounds ] || fail "bash: compare --test r -> '$(complete_bash psearch compare --test r)'"
complete_bash psearch bench builtin:sea | grep -q 'builtin:search.bench' || fail "bash: builtin suites"
if command -v zsh >/dev/null; then
  zsh -n $SHARE/zsh/site-functions/_psearch || fail "zsh: the completion does not parse"
fi
if command -v fish >/dev/null; then
  fish -n $SHARE/fish/vendor_completions.d/psearch.fish || fail "fish: the completion does not parse"
  fish -c "source $SHARE/fish/vendor_completions.d/psearch.fish; complete -C 'psearch bench --cache='" > $T/fish.txt 2>&1
  grep -q '^--cache=cold' $T/fish.txt || fail "fish: --cache= -> $(head -3 $T/fish.txt)"
fi
# the CI scripts, installed, find the installed binary (not the source tree's, not PATH's)
check gate-help 0 $SHARE/psearch/ci-gate.sh --help; has $OUT "Usage: scripts/ci-gate.sh"
printf -- '==\nentry: bench_copy\nrandom input { [1000]i32 }\n' > $T/tiny.bench
check installed-baseline 0 env PATH=/usr/bin:/bin $SHARE/psearch/ci-baseline.sh --baseline $T/bl --rounds 1 \
  --backend c --suite $T/tiny.bench --runs 3 --max-seconds 0.1
[ -f $T/bl/round-1.json ] || fail "the installed ci-baseline.sh wrote no round"
[ -f $SHARE/doc/psearch/cli.md ] || fail "no docs under share/doc/psearch"
finish
