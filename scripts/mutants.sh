#!/bin/bash
# mutants.sh: mutation testing. Applies each mutation of scripts/mutants.txt
# (or only those named) to a scratch copy of the working tree, builds it,
# runs the tests the mutation names, and restores the file. A mutation the
# tests catch is killed; one they pass is a survivor, which means a test is
# missing. A mutation whose text is not found (or found more than once) is
# reported: the list has drifted from the code and must be fixed.
#
#   scripts/mutants.sh [-k] [NAME...]     (-k: keep the scratch copy)
#
# Last line: "N killed, N survived". Exit 0 only with no survivor, no
# mutation that failed to apply and no mutant that failed to build.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
keep=0
[ "${1:-}" = -k ] && { keep=1; shift; }
list=$root/scripts/mutants.txt
scratch=$(mktemp -d)
[ $keep = 1 ] || trap 'rm -rf "$scratch"' EXIT

# the working tree as it is (uncommitted changes included), without builds
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | (cd "$scratch" && tar xf -)
# and the tests' virtualenv (scripts/setup.sh --tests), without which cli_peers skips and kills nothing
[ -d "$root/.venv" ] && ln -s "$root/.venv" "$scratch/.venv"
cd "$scratch" || exit 1
if ! meson setup build -Dtests=enabled -Dtest_hooks=true --buildtype=release >setup.log 2>&1 || ! ninja -C build >>setup.log 2>&1; then
  tail -20 setup.log >&2
  echo "mutants.sh: the unmutated tree does not build" >&2
  exit 1
fi
export XDG_CACHE_HOME=$scratch/cache

# mutations as NAME<TAB>FILE<TAB>TESTS lines; apply/restore through python
python3 - "$list" "$@" > mutations.tsv <<'PY' || exit 1
import sys
blocks, cur = [], None
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if not line.strip() or line.lstrip().startswith("#"):
        continue
    if line.startswith("[") and line.endswith("]"):
        cur = {"name": line[1:-1]}
        blocks.append(cur)
        continue
    k, _, v = line.partition(" = ")
    cur[k.strip()] = v
want = set(sys.argv[2:])
for b in blocks:
    if want and b["name"] not in want:
        continue
    print("\t".join([b["name"], b["file"], b["tests"]]))
missing = want - {b["name"] for b in blocks}
if missing:
    sys.exit("mutants.sh: no mutation named " + ", ".join(sorted(missing)))
PY

apply() { # NAME: mutate the scratch file; exit status 2 when the text is not found exactly once
  python3 - "$list" "$1" <<'PY'
import sys
name, blocks, cur = sys.argv[2], {}, None
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("[") and line.endswith("]"):
        cur = blocks.setdefault(line[1:-1], {})
    elif cur is not None and " = " in line and not line.lstrip().startswith("#"):
        k, _, v = line.partition(" = ")
        cur[k.strip()] = v.replace("\\n", "\n")
b = blocks[name]
text = open(b["file"]).read()
n = text.count(b["from"])
if n != 1:
    print("found %d times: %s" % (n, b["from"]))
    sys.exit(2)
open(b["file"], "w").write(text.replace(b["from"], b["to"]))
PY
}

killed=0 survived=0 broken=0
survivors=()
while IFS=$'\t' read -r -u 3 name file tests; do
  cp "$file" "$file.orig"
  msg=$(apply "$name")
  rc=$?
  if [ $rc != 0 ]; then
    echo "NOT APPLIED  $name ($file): $msg"
    broken=$((broken + 1))
    rm -f "$file.orig"
    continue
  fi
  start=$(date +%s)
  if ! ninja -C build >build.log 2>&1; then
    echo "NO BUILD     $name: the mutant does not compile (fix the mutation)"
    broken=$((broken + 1))
  elif meson test -C build --no-rebuild $tests >test.log 2>&1; then
    echo "SURVIVED     $name ($file; tests: $tests)"
    survived=$((survived + 1))
    survivors+=("$name")
  else
    by=$(grep -oE '^ *[0-9]+/[0-9]+ [^ ]+ / [^ ]+ +(FAIL|TIMEOUT)' test.log | awk '{print $4}' | paste -sd, -)
    echo "killed       $name by ${by:-the tests} ($(( $(date +%s) - start )) s)"
    killed=$((killed + 1))
  fi
  mv "$file.orig" "$file"
  touch "$file" # newer than the mutant's objects: the next build compiles the original again
done 3< mutations.tsv
ninja -C build >/dev/null 2>&1   # leave the scratch build unmutated

[ ${#survivors[@]} -gt 0 ] && echo "survivors: ${survivors[*]}"
[ $broken -gt 0 ] && echo "$broken mutations did not apply or did not build"
echo "$killed killed, $survived survived"
[ $survived = 0 ] && [ $broken = 0 ]
